/**
 * A results file checked by hand-written code before zod sees it: the same
 * rules as results-schema.ts (which stays the one statement of the format, and
 * the JSON Schema's source), in plain loops. zod's first parse in a process
 * costs about 250 ms over the 28 published files (its schemas compile and warm
 * up); this takes a few milliseconds. It only answers yes or no: a file it
 * refuses goes to zod, whose message names the field, so messages are zod's.
 * It must never accept what zod refuses: fast-results-check.test.ts mutates
 * real files field by field and checks both agree.
 */
import { COLOR_NAMES, RESULTS_SCHEMA_ID } from './results-constants.js';
import { PICTURE_PATH } from './picture-path.js';
import { isInt, isNum, isObj, isStr, onlyKeys, optStr, type Rec } from './json-guards.js';

const COLOR_NAME_SET = new Set<unknown>(COLOR_NAMES);

/** A record of strings (z.record(z.string(), z.string())). */
function stringRecord(v: unknown): boolean {
  if (!isObj(v)) return false;
  for (const k in v) if (!isStr(v[k])) return false;
  return true;
}

function color(v: unknown): boolean {
  return COLOR_NAME_SET.has(v) || (isInt(v) && v >= 16 && v <= 255) || (isStr(v) && /^#[0-9a-f]{6}$/.test(v));
}

const STYLE_FLAGS = ['bold', 'dim', 'italic', 'underline', 'blink', 'reverse', 'invisible', 'strikethrough', 'overline'] as const;
const STYLE_KEYS = new Set<string>([...STYLE_FLAGS, 'underlineStyle', 'underlineColor', 'fg', 'bg']);
const UNDERLINE_STYLES = new Set<unknown>(['double', 'curly', 'dotted', 'dashed']);

function style(s: unknown): boolean {
  if (!isObj(s) || !onlyKeys(s, STYLE_KEYS)) return false;
  for (const f of STYLE_FLAGS) if (s[f] !== undefined && s[f] !== true) return false;
  if (s['underlineStyle'] !== undefined && !UNDERLINE_STYLES.has(s['underlineStyle'])) return false;
  for (const c of ['underlineColor', 'fg', 'bg'] as const) if (s[c] !== undefined && !color(s[c])) return false;
  return true;
}

/** The style fields a read may say it could not tell (results-schema.ts STYLE_FIELDS). */
const STYLE_FIELD_SET = new Set<unknown>(['bold', 'dim', 'italic', 'underline', 'underlineStyle', 'underlineColor', 'blink', 'reverse', 'invisible', 'strikethrough', 'overline', 'fg', 'bg']);
const styleFields = (v: unknown) => Array.isArray(v) && v.every((f) => STYLE_FIELD_SET.has(f));

const CELL_KEYS = new Set(['t', 'w', 's', 'u']);
function cell(c: unknown): boolean {
  return isObj(c) && onlyKeys(c, CELL_KEYS) && isStr(c['t']) && c['t'].length <= 64 && isInt(c['w']) && c['w'] >= 0 && c['w'] <= 2 && (c['s'] === undefined || style(c['s'])) && (c['u'] === undefined || styleFields(c['u']));
}

const VIA = new Set<unknown>(['hosted', 'capture-pane', 'hardcopy', 'decrqcra', 'remote-control', 'adapter', 'selection', 'at-spi', 'conpty-output', 'host-view', 'outer-screen', 'pixels']);
const SCREEN_KEYS = new Set(['via', 'styles', 'region', 'text', 'cells', 'untold', 'cursor']);
const SCREEN_CURSOR_KEYS = new Set(['shape', 'blink']);
const CURSOR_SHAPES = new Set<unknown>(['block', 'underline', 'bar', 'hidden']);
const REGION_KEYS = new Set(['top', 'left', 'bottom', 'right']);

/** A screen answer (results-schema.ts screenAnswerSchema); the replay report's check uses it too. */
export function looksLikeValidScreen(s: unknown): boolean {
  if (!isObj(s) || !onlyKeys(s, SCREEN_KEYS) || !VIA.has(s['via'])) return false;
  if (s['styles'] !== undefined && s['styles'] !== 'pixels') return false;
  const cur = s['cursor'];
  if (cur !== undefined && !(isObj(cur) && onlyKeys(cur, SCREEN_CURSOR_KEYS) && CURSOR_SHAPES.has(cur['shape']) && (cur['blink'] === undefined || typeof cur['blink'] === 'boolean'))) return false;
  const r = s['region'];
  if (!isObj(r) || !onlyKeys(r, REGION_KEYS) || !isInt(r['top']) || !isInt(r['left']) || !isInt(r['bottom']) || !isInt(r['right'])) return false;
  if (!Array.isArray(s['text']) || !s['text'].every(isStr)) return false;
  const cells = s['cells'];
  if (cells !== undefined && !(Array.isArray(cells) && cells.every((row) => Array.isArray(row) && row.every(cell)))) return false;
  const untold = s['untold'];
  return untold === undefined || styleFields(untold);
}

const REPLY_KEYS = new Set(['query', 'value', 'raw', 'source']);
function reply(r: unknown): boolean {
  return isObj(r) && onlyKeys(r, REPLY_KEYS) && isStr(r['query']) && optStr(r['value']) && optStr(r['raw']) && (r['source'] === undefined || r['source'] === 'host');
}

const CURSOR_KEYS = new Set(['row', 'col', 'via', 'raw']);
const intOrNull = (v: unknown) => v === null || isInt(v);
function cursor(c: unknown): boolean {
  return isObj(c) && onlyKeys(c, CURSOR_KEYS) && intOrNull(c['row']) && intOrNull(c['col']) && c['via'] === 'cpr' && isStr(c['raw']);
}

const PICTURE_KEYS = new Set(['path', 'width', 'height']);
function picture(p: unknown): boolean {
  return isObj(p) && onlyKeys(p, PICTURE_KEYS) && isStr(p['path']) && p['path'].length <= 300 && PICTURE_PATH.test(p['path']) && isInt(p['width']) && p['width'] >= 1 && p['width'] <= 10_000 && isInt(p['height']) && p['height'] >= 1 && p['height'] <= 10_000;
}

const STATUS = new Set<unknown>(['ok', 'no-reply', 'partial', 'skipped', 'error', 'crashed', 'hung']);
const PROBE_KEYS = new Set(['id', 'status', 'note', 'cursor', 'replies', 'screen', 'unexpected', 'evidence', 'elapsedMs', 'picture']);

/** One probe entry by the rules of probeResultSchema (exported for the test that holds the two together). */
export function looksLikeValidProbeResult(p: unknown): boolean {
  if (!isObj(p) || !onlyKeys(p, PROBE_KEYS) || !isStr(p['id']) || !STATUS.has(p['status']) || !optStr(p['note'])) return false;
  if (p['cursor'] !== undefined && !cursor(p['cursor'])) return false;
  if (!Array.isArray(p['replies']) || !p['replies'].every(reply)) return false;
  if (p['screen'] !== undefined && !looksLikeValidScreen(p['screen'])) return false;
  if (p['unexpected'] !== undefined && !(Array.isArray(p['unexpected']) && p['unexpected'].every(isStr))) return false;
  if (p['evidence'] !== undefined && !stringRecord(p['evidence'])) return false;
  if (p['elapsedMs'] !== undefined && !(isNum(p['elapsedMs']) && p['elapsedMs'] >= 0)) return false;
  return p['picture'] === undefined || picture(p['picture']);
}

const IDENTIFIED_BY = new Set<unknown>(['package', 'xtversion', 'da2', 'env', 'dpkg', 'command', 'unknown']);
const IDENTITY_KEYS = new Set(['name', 'version', 'identifiedBy', 'chain', 'outer']);
const CHAIN_KEYS = new Set(['xtversion', 'da2', 'da1', 'env', 'package', 'dpkg', 'command']);
const OUTER_KEYS = new Set(['name', 'version', 'identifiedBy']);

function identity(i: unknown): boolean {
  if (!isObj(i) || !onlyKeys(i, IDENTITY_KEYS) || !isStr(i['name']) || !isStr(i['version']) || !IDENTIFIED_BY.has(i['identifiedBy'])) return false;
  const c = i['chain'];
  if (!isObj(c) || !onlyKeys(c, CHAIN_KEYS)) return false;
  for (const k of ['xtversion', 'da2', 'da1', 'package', 'dpkg', 'command']) if (!optStr(c[k])) return false;
  if (c['env'] !== undefined && !stringRecord(c['env'])) return false;
  const o = i['outer'];
  return o === undefined || (isObj(o) && onlyKeys(o, OUTER_KEYS) && isStr(o['name']) && optStr(o['version']) && isStr(o['identifiedBy']));
}

const TOP_KEYS = new Set(['schema', 'tool', 'corpus', 'target', 'settings', 'run', 'probes']);
const TOOL_KEYS = new Set(['name', 'version']);
const CORPUS_KEYS = new Set(['hash', 'probes']);
const TARGET_KEYS = new Set(['id', 'identity', 'engine']);
const ENGINE_KEYS = new Set(['name', 'version', 'source']);
const SETTINGS_KEYS = new Set(['cols', 'rows', 'term', 'unicode', 'modes', 'options', 'pixels']);

const isHex = (v: unknown) => isStr(v) && /^#[0-9a-f]{6}$/.test(v);
const COLOUR_KEYS = new Set<string>(['default', ...COLOR_NAMES]);
/** z.partialRecord(colourKey, hex). */
const colourMap = (v: unknown) => isObj(v) && Object.keys(v).every((k) => COLOUR_KEYS.has(k) && isHex(v[k]));
const PALETTE_INDEX = /^(1[6-9]|[2-9][0-9]|1[0-9]{2}|2[0-4][0-9]|25[0-5])$/;
const PIXEL_KEYS = new Set(['cell', 'font', 'fg', 'bg', 'palette', 'bold', 'dim', 'invisibleHidesLines', 'italic', 'blink', 'cursorBlink', 'blinkUnpoked', 'untold', 'notes', 'sheet']);
const PIXEL_CELL_KEYS = new Set(['width', 'height', 'x0', 'y0']);
const BOLD_KEYS = new Set(['weight', 'colours']);
const DIM_KEYS = new Set(['colours', 'blend', 'towards']);
const BLINK_KEYS = new Set(['text', 'halfPeriodMs', 'setBy']);
const CURSOR_BLINK_KEYS = new Set(['blinks', 'halfPeriodMs']);
const optHalf = (v: unknown) => v === undefined || (isNum(v) && v >= 0);

/** settings.pixels: results-schema.ts pixelModelSchema. */
function pixelModel(m: unknown): boolean {
  if (!isObj(m) || !onlyKeys(m, PIXEL_KEYS)) return false;
  const c = m['cell'];
  if (!isObj(c) || !onlyKeys(c, PIXEL_CELL_KEYS) || !isInt(c['width']) || c['width'] < 1 || !isInt(c['height']) || c['height'] < 1 || !isNum(c['x0']) || !isNum(c['y0'])) return false;
  if (m['font'] !== undefined && !(isStr(m['font']) && m['font'].length <= 300)) return false;
  if (!colourMap(m['fg']) || !colourMap(m['bg'])) return false;
  const pal = m['palette'];
  if (pal !== undefined && !(isObj(pal) && Object.keys(pal).every((k) => PALETTE_INDEX.test(k) && isHex(pal[k])))) return false;
  const b = m['bold'];
  if (!isObj(b) || !onlyKeys(b, BOLD_KEYS) || typeof b['weight'] !== 'boolean' || (b['colours'] !== undefined && !colourMap(b['colours']))) return false;
  const d = m['dim'];
  if (d !== undefined && !(isObj(d) && onlyKeys(d, DIM_KEYS) && colourMap(d['colours']) && (d['blend'] === undefined || (isNum(d['blend']) && d['blend'] >= 0 && d['blend'] <= 1)) && (d['towards'] === undefined || d['towards'] === 'black'))) return false;
  if (m['invisibleHidesLines'] !== undefined && m['invisibleHidesLines'] !== true) return false;
  if (m['blinkUnpoked'] !== undefined && m['blinkUnpoked'] !== true) return false;
  if (typeof m['italic'] !== 'boolean') return false;
  const bl = m['blink'];
  if (!isObj(bl) || !onlyKeys(bl, BLINK_KEYS) || typeof bl['text'] !== 'boolean' || !optHalf(bl['halfPeriodMs']) || (bl['setBy'] !== undefined && !(Array.isArray(bl['setBy']) && bl['setBy'].every((x) => isStr(x) && x.length <= 8)))) return false;
  const cb = m['cursorBlink'];
  if (cb !== undefined && !(isObj(cb) && onlyKeys(cb, CURSOR_BLINK_KEYS) && typeof cb['blinks'] === 'boolean' && optHalf(cb['halfPeriodMs']))) return false;
  if (!styleFields(m['untold'])) return false;
  if (!Array.isArray(m['notes']) || !m['notes'].every((n) => isStr(n) && n.length <= 400)) return false;
  const sheet = m['sheet'];
  return sheet === undefined || (Array.isArray(sheet) && sheet.every(picture));
}
const RUN_KEYS = new Set(['startedAt', 'elapsedMs', 'probingMs', 'host', 'platform', 'restarts']);
const PLATFORM_KEYS = new Set(['os', 'release', 'arch']);
const RESTART_KEYS = new Set(['probe', 'exit', 'output', 'outcome']);
const OUTCOMES = new Set<unknown>(['retried', 'crashes', 'hangs']);

function header(d: Rec): boolean {
  if (!onlyKeys(d, TOP_KEYS) || d['schema'] !== RESULTS_SCHEMA_ID) return false;
  const tool = d['tool'];
  if (!isObj(tool) || !onlyKeys(tool, TOOL_KEYS) || tool['name'] !== 'termprobe' || !isStr(tool['version'])) return false;
  const corpus = d['corpus'];
  if (!isObj(corpus) || !onlyKeys(corpus, CORPUS_KEYS) || !isStr(corpus['hash']) || !/^sha256:[0-9a-f]{64}$/.test(corpus['hash']) || !isInt(corpus['probes']) || corpus['probes'] < 0) return false;
  const target = d['target'];
  if (!isObj(target) || !onlyKeys(target, TARGET_KEYS) || !isStr(target['id']) || !identity(target['identity'])) return false;
  const engine = target['engine'];
  if (engine !== undefined && !(isObj(engine) && onlyKeys(engine, ENGINE_KEYS) && isStr(engine['name']) && optStr(engine['version']) && optStr(engine['source']))) return false;
  const s = d['settings'];
  if (!isObj(s) || !onlyKeys(s, SETTINGS_KEYS) || !isInt(s['cols']) || s['cols'] < 1 || !isInt(s['rows']) || s['rows'] < 1 || !optStr(s['term']) || !optStr(s['unicode'])) return false;
  for (const k of ['modes', 'options']) if (s[k] !== undefined && !stringRecord(s[k])) return false;
  if (s['pixels'] !== undefined && !pixelModel(s['pixels'])) return false;
  const run = d['run'];
  if (!isObj(run) || !onlyKeys(run, RUN_KEYS) || !isStr(run['startedAt']) || !isNum(run['elapsedMs']) || run['elapsedMs'] < 0 || !optStr(run['host'])) return false;
  if (run['probingMs'] !== undefined && !(isNum(run['probingMs']) && run['probingMs'] >= 0)) return false;
  const p = run['platform'];
  if (p !== undefined && !(isObj(p) && onlyKeys(p, PLATFORM_KEYS) && isStr(p['os']) && /^[a-z][a-z0-9-]{0,31}$/.test(p['os']) && (p['release'] === undefined || (isStr(p['release']) && p['release'].length <= 200)) && (p['arch'] === undefined || (isStr(p['arch']) && p['arch'].length <= 32)))) return false;
  const restarts = run['restarts'];
  return restarts === undefined || (Array.isArray(restarts) && restarts.every((r) => isObj(r) && onlyKeys(r, RESTART_KEYS) && isStr(r['probe']) && isStr(r['exit']) && optStr(r['output']) && OUTCOMES.has(r['outcome'])));
}

/** True when the data is a valid results file by every rule of resultsFileSchema; false means "ask zod why". */
export function looksLikeValidResults(data: unknown): boolean {
  return isObj(data) && header(data) && Array.isArray(data['probes']) && data['probes'].every(looksLikeValidProbeResult);
}
