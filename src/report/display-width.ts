/**
 * Display width as cli-table3 measures it (its strlen: colour codes left out,
 * the widest line, string-width 4's rules), without loading cli-table3 for the
 * text compare draws nearly everywhere: printable ASCII and the few symbols
 * its cells use (✓ ✗ ⏎ … → – · —), one column each in string-width 4 and part
 * of no emoji sequence. Any other text is measured by cli-table3's own strlen,
 * loaded then (display-width.test.ts holds the two together). compare measured
 * its 31,000 cells through a memo of that strlen: a map lookup per cell that
 * cost more than this test, and cli-table3 took ~15 ms to load.
 */
import { createRequire } from 'node:module';

const COLOUR_CODES = /\u001b\[(?:\d*;){0,5}\d*m/g;
/** Text string-width 4 counts one column a code unit. */
export const NARROW_TEXT = /^[\x20-\x7e\u2713\u2717\u23ce\u2026\u2192\u2013\u00b7\u2014]*$/;

let strlen: ((text: string) => number) | undefined;

/** cli-table3's strlen, memoised (the same text recurs across a grid). */
function tableStrlen(): (text: string) => number {
  const measure = (createRequire(import.meta.url)('cli-table3/src/utils.js') as { strlen: (s: string) => number }).strlen;
  const cache = new Map<string, number>();
  return (text) => {
    let w = cache.get(text);
    if (w === undefined) {
      w = measure(text);
      if (cache.size < 100_000) cache.set(text, w);
    }
    return w;
  };
}

/** Columns `text` takes in a cli-table3 table (its widest line, colour codes not counted). */
export function displayWidth(text: string): number {
  const plain = text.includes('\x1b') ? text.replace(COLOUR_CODES, '') : text;
  if (NARROW_TEXT.test(plain)) return plain.length;
  return (strlen ??= tableStrlen())(text);
}
