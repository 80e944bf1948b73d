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
  truncate?: (s: string, len: number, ch?: string) => string;
  pad?: (s: string, len: number, pad: string, dir: string) => string;
  __termprobeMemo?: true;
};

function memo<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const cache = new Map<string, R>();
  return (...args: A) => {
    const key = args.map((a) => String(a)).join('\u0000');
    let r = cache.get(key);
    if (r === undefined) {
      r = fn(...args);
      if (cache.size < 100_000) cache.set(key, r);
    }
    return r;
  };
}

function patch(): void {
  let utils: Utils;
  try {
    utils = createRequire(import.meta.url)('cli-table3/src/utils.js') as Utils;
  } catch {
    return;
  }
  if (utils.__termprobeMemo) return;
  if (typeof utils.strlen === 'function') utils.strlen = memo(utils.strlen);
  if (typeof utils.truncate === 'function') utils.truncate = memo(utils.truncate);
  if (typeof utils.pad === 'function') utils.pad = memo(utils.pad);
  utils.__termprobeMemo = true;
}

patch();

export default Table;
