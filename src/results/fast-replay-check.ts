/**
 * A replay report checked by hand-written code before zod sees it, as
 * fast-results-check.ts does for results files: the published session reports
 * are 4.5 MB of screens, and zod took about 0.2 s of `termprobe site`'s
 * page-making thread over them. The same rules as replay-report-schema.ts (the
 * one statement of the format); it only answers yes or no, and a report it
 * refuses goes to zod, whose message is the one given. It must never accept
 * what zod refuses: fast-replay-check.test.ts mutates a real report and checks
 * both agree.
 */
import { looksLikeValidScreen } from './fast-results-check.js';
import { isInt, isObj, isStr, onlyKeys, optInt, optStr } from './json-guards.js';

const TOP = new Set(['schema', 'tool', 'session', 'targets', 'pairs']);
const TOOL = new Set(['name', 'version']);
const SESSION = new Set(['file', 'name', 'cols', 'rows', 'command', 'term', 'bytes']);
const TARGET = new Set(['target', 'terminal', 'status', 'note', 'state', 'resizesIgnored', 'bytes']);
const STATUS = new Set<unknown>(['ok', 'not-sized', 'unavailable', 'failed']);
const STATE = new Set(['cursor', 'screen', 'note']);
const CURSOR = new Set(['row', 'col']);
const PAIR = new Set(['a', 'b', 'same', 'cursor', 'rects', 'cells', 'compared']);
const PAIR_CURSOR = new Set(['a', 'b']);
const RECT = new Set(['top', 'left', 'bottom', 'right']);
const COMPARED = new Set<unknown>(['cells', 'text', 'cursor']);

const cursor = (c: unknown) => c === null || (isObj(c) && onlyKeys(c, CURSOR) && isInt(c['row']) && isInt(c['col']));
const rect = (r: unknown) => isObj(r) && onlyKeys(r, RECT) && isInt(r['top']) && isInt(r['left']) && isInt(r['bottom']) && isInt(r['right']);

function target(t: unknown): boolean {
  if (!isObj(t) || !onlyKeys(t, TARGET) || !isStr(t['target']) || !optStr(t['terminal']) || !STATUS.has(t['status']) || !optStr(t['note'])) return false;
  if (!optInt(t['resizesIgnored']) || !optInt(t['bytes'])) return false;
  const s = t['state'];
  if (s === undefined) return true;
  return isObj(s) && onlyKeys(s, STATE) && 'cursor' in s && cursor(s['cursor']) && (s['screen'] === undefined || looksLikeValidScreen(s['screen'])) && optStr(s['note']);
}

function pair(p: unknown): boolean {
  if (!isObj(p) || !onlyKeys(p, PAIR) || !isStr(p['a']) || !isStr(p['b']) || typeof p['same'] !== 'boolean') return false;
  const c = p['cursor'];
  if (c !== undefined && !(isObj(c) && onlyKeys(c, PAIR_CURSOR) && 'a' in c && 'b' in c && cursor(c['a']) && cursor(c['b']))) return false;
  return Array.isArray(p['rects']) && p['rects'].every(rect) && isInt(p['cells']) && p['cells'] >= 0 && COMPARED.has(p['compared']);
}

export function looksLikeValidReplayReport(data: unknown, schemaId: string): boolean {
  if (!isObj(data) || !onlyKeys(data, TOP) || data['schema'] !== schemaId) return false;
  const tool = data['tool'];
  if (!isObj(tool) || !onlyKeys(tool, TOOL) || tool['name'] !== 'termprobe' || !isStr(tool['version'])) return false;
  const s = data['session'];
  if (!isObj(s) || !onlyKeys(s, SESSION) || !isStr(s['file']) || !isStr(s['name']) || !optStr(s['command']) || !optStr(s['term'])) return false;
  if (!isInt(s['cols']) || s['cols'] < 1 || !isInt(s['rows']) || s['rows'] < 1 || !isInt(s['bytes']) || s['bytes'] < 0) return false;
  return Array.isArray(data['targets']) && data['targets'].every(target) && Array.isArray(data['pairs']) && data['pairs'].every(pair);
}
