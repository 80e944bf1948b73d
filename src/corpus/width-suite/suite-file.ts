/**
 * The width suite on disk (dist/width-suite.json), compact: single code points
 * of one category that share everything but the code point are one run
 * (`{ run: 'wide', from, to, … }`, text = prefix + the code point), the rest
 * are items as they are. 170,000 items as objects were 15 MB; as runs the file
 * is a few hundred KB. The suite's hash is over the items expanded, as before.
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { WidthItem, WidthSuite } from './width-item.js';

export const WIDTH_SUITE_FILE = fileURLToPath(new URL('../../width-suite.json', import.meta.url));
export const SUITE_FORMAT = 'termprobe-width-suite/2';

interface Run extends Omit<WidthItem, 'id' | 'text' | 'category'> {
  run: WidthItem['category'];
  /** Hex code points, first and last; text is prefix + the code point. */
  from: string;
  to: string;
  prefix?: string;
}

export interface SuiteFile extends Omit<WidthSuite, 'items'> {
  format: typeof SUITE_FORMAT;
  entries: (Run | WidthItem)[];
}

const hex = (cp: number) => cp.toString(16).toUpperCase().padStart(4, '0');

/** The item's code point and prefix when it is "[prefix] + one code point" with the usual id; else undefined. */
function single(item: WidthItem): { cp: number; prefix: string } | undefined {
  if (!item.text) return undefined;
  const chars = Array.from(item.text);
  const last = chars[chars.length - 1]!;
  const prefix = chars.slice(0, -1).join('');
  if (prefix.length > 1) return undefined;
  const cp = last.codePointAt(0)!;
  return item.id === `${item.category}:${hex(cp)}` ? { cp, prefix } : undefined;
}

const rest = (item: WidthItem) => JSON.stringify({ ...item, id: undefined, text: undefined });

export function encodeSuite(suite: WidthSuite): SuiteFile {
  const entries: (Run | WidthItem)[] = [];
  let run: (Run & { key: string; last: number }) | undefined;
  const flush = () => {
    if (!run) return;
    const { key: _k, last: _l, ...r } = run;
    entries.push(r);
    run = undefined;
  };
  for (const item of suite.items) {
    const s = single(item);
    const key = s ? `${s.prefix}|${rest(item)}` : '';
    if (s && run && run.key === key && s.cp === run.last + 1) {
      run.last = s.cp;
      run.to = hex(s.cp);
      continue;
    }
    flush();
    if (!s) {
      entries.push(item);
      continue;
    }
    const { id: _id, text: _text, category, ...fields } = item;
    run = { run: category, from: hex(s.cp), to: hex(s.cp), ...(s.prefix ? { prefix: s.prefix } : {}), ...fields, key, last: s.cp };
  }
  flush();
  const { items: _items, ...head } = suite;
  return { format: SUITE_FORMAT, ...head, entries };
}

export function decodeSuite(file: SuiteFile): WidthSuite {
  const items: WidthItem[] = [];
  for (const e of file.entries) {
    if (!('run' in e)) {
      items.push(e);
      continue;
    }
    const { run: category, from, to, prefix, ...fields } = e;
    for (let cp = parseInt(from, 16); cp <= parseInt(to, 16); cp++) {
      items.push({ id: `${category}:${hex(cp)}`, category, text: (prefix ?? '') + String.fromCodePoint(cp), ...fields } as WidthItem);
    }
  }
  const { format: _f, entries: _e, ...head } = file;
  return { ...head, items };
}

export function writeWidthSuite(suite: WidthSuite, file = WIDTH_SUITE_FILE): void {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(encodeSuite(suite)));
  renameSync(tmp, file);
}
