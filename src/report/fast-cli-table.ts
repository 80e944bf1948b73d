/**
 * cli-table3, with its pure width helpers memoised. cli-table3 measures every
 * cell several times (strlen, truncate, pad; each strlen builds a fresh regex),
 * which made a 21-target comparison spend most of its time there although the
 * same few answers repeat across the grid. The helpers are pure, so caching them
 * changes no output. If a cli-table3 upgrade moves them, nothing is patched and
 * tables are only slower (pinned: 0.6.5).
 */
import { createRequire } from 'node:module';
import Table from 'cli-table3';

type Utils = {
  strlen?: (s: string) => number;
  colorizeLines?: (lines: string[]) => string[];
  truncate?: (s: string, len: number, ch?: string) => string;
  pad?: (s: string, len: number, pad: string, dir: string) => string;
  __termprobeMemo?: true;
};

/** Memoise a function of a string and a few small arguments: one map per string, keyed by the rest. */
function memo<A extends unknown[], R>(fn: (text: string, ...rest: A) => R): (text: string, ...rest: A) => R {
  const cache = new Map<string, Map<string, R>>();
  let size = 0;
  return (text: string, ...rest: A) => {
    const str = String(text);
    const key = rest.length === 0 ? '' : rest.join('\u0000');
    let inner = cache.get(str);
    let r = inner?.get(key);
    if (r === undefined) {
      r = fn(text, ...rest);
      if (size < 100_000) {
        if (!inner) cache.set(str, (inner = new Map()));
        inner.set(key, r);
        size++;
      }
    }
    return r;
  };
}

/**
 * strlen memoised with one map and no argument handling: compare's text table measures each of its 31,000 cells
 * two or three times (the column widths, then the padding), where memo's rest-argument key cost more than the map.
 */
function memoWidth(fn: (text: string) => number): (text: string) => number {
  const cache = new Map<string, number>();
  return (text: string) => {
    const str = String(text);
    let w = cache.get(str);
    if (w === undefined) {
      w = fn(str);
      if (cache.size < 100_000) cache.set(str, w);
    }
    return w;
  };
}

function patch(): Utils | undefined {
  let utils: Utils;
  try {
    utils = createRequire(import.meta.url)('cli-table3/src/utils.js') as Utils;
  } catch {
    return undefined;
  }
  if (utils.__termprobeMemo) return utils;
  if (typeof utils.strlen === 'function') utils.strlen = memoWidth(utils.strlen);
  if (typeof utils.truncate === 'function') utils.truncate = memo(utils.truncate);
  if (typeof utils.pad === 'function') utils.pad = memo(utils.pad);
  if (typeof utils.colorizeLines === 'function') {
    const original = utils.colorizeLines;
    const colorize = memo((joined: string) => original(joined.split('\n')));
    utils.colorizeLines = (lines) => colorize(lines.join('\n')).slice();
  }
  utils.__termprobeMemo = true;
  return utils;
}

const utils = patch();

/** Display width as cli-table3 measures it (colour codes ignored), memoised. */
export const displayWidth: (text: string) => number = utils?.strlen ?? ((text) => text.length);

export default Table;
