/**
 * The width suites termprobe has published results with, by hash:
 * probes/width-suites/<hash>.json lists each suite's item ids in suite order
 * (consecutive code points of one category as "wide:4E00..9FFF"), so that a
 * Unicode results file made with an older, smaller suite is still read: its
 * answers are matched to this suite's items by id, and what it lacks is said
 * (read-unicode-results.ts). The generator records every suite it builds.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { WidthSuite } from './width-item.js';

export const SUITE_HISTORY_DIR = fileURLToPath(new URL('../../../probes/width-suites', import.meta.url));

interface HistoryFile {
  hash: string;
  unicode: string;
  emoji: string;
  items: number;
  sources: string[];
  ids: string[];
}

const hex = (n: number) => n.toString(16).toUpperCase().padStart(4, '0');
const SINGLE = /^([a-z0-9-]+):([0-9A-F]{4,6})$/;

/** Ids in order, consecutive code points of one category as "cat:FIRST..LAST". */
export function compressIds(ids: readonly string[]): string[] {
  const out: string[] = [];
  let run: { cat: string; from: string; to: number } | undefined;
  const flush = () => {
    if (run) out.push(`${run.cat}:${run.from}${parseInt(run.from, 16) === run.to ? '' : `..${hex(run.to)}`}`);
    run = undefined;
  };
  for (const id of ids) {
    const m = SINGLE.exec(id);
    if (m && run && m[1] === run.cat && parseInt(m[2]!, 16) === run.to + 1) {
      run.to++;
      continue;
    }
    flush();
    if (m) run = { cat: m[1]!, from: m[2]!, to: parseInt(m[2]!, 16) };
    else out.push(id);
  }
  flush();
  return out;
}

export function expandIds(compressed: readonly string[]): string[] {
  const out: string[] = [];
  for (const c of compressed) {
    const m = /^([a-z0-9-]+):([0-9A-F]{4,6})\.\.([0-9A-F]{4,6})$/.exec(c);
    if (!m) {
      out.push(c);
      continue;
    }
    for (let cp = parseInt(m[2]!, 16); cp <= parseInt(m[3]!, 16); cp++) out.push(`${m[1]!}:${hex(cp)}`);
  }
  return out;
}

export function recordSuite(suite: WidthSuite, dir = SUITE_HISTORY_DIR): string {
  const file = join(dir, `${suite.hash}.json`);
  if (existsSync(file)) return file;
  const data: HistoryFile = { hash: suite.hash, unicode: suite.unicode, emoji: suite.emoji, items: suite.items.length, sources: suite.sources, ids: compressIds(suite.items.map((i) => i.id)) };
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${file}.tmp`, JSON.stringify(data, null, 0).replace(/","/g, '",\n"') + '\n');
  renameSync(`${file}.tmp`, file);
  return file;
}

export interface KnownSuite {
  hash: string;
  ids: string[];
}

/** An earlier suite's item ids, in its order, or undefined when this termprobe does not know the hash. */
export function knownSuite(hash: string, dir = SUITE_HISTORY_DIR): KnownSuite | undefined {
  if (!/^[0-9a-f]{16}$/.test(hash)) return undefined;
  let data: HistoryFile;
  try {
    data = JSON.parse(readFileSync(join(dir, `${hash}.json`), 'utf8')) as HistoryFile;
  } catch {
    return undefined;
  }
  const ids = expandIds(data.ids);
  return ids.length === data.items ? { hash, ids } : undefined;
}
