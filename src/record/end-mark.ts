/**
 * The mark record-wrapper.ts writes into the recording's output once the program has ended: OSC 777 with the
 * recording's nonce and how the program ended, ended by BEL. Everything before it in the stream is the program's.
 */

/** How the program ended, as the mark says it. */
export type EndHow = { exit: number } | { signal: number } | { error: string };

/** The mark's text before how the program ended. */
export function endMarkPrefix(nonce: string): string {
  return `\x1b]777;${nonce};`;
}

/** The whole mark: `exit;0`, `signal;9`, `error;spawn x ENOENT` after the prefix, then BEL. */
export function endMark(nonce: string, how: EndHow): string {
  const text = 'exit' in how ? `exit;${how.exit}` : 'signal' in how ? `signal;${how.signal}` : `error;${how.error.replace(/[\x00-\x1f\x7f]/g, ' ')}`;
  return `${endMarkPrefix(nonce)}${text}\x07`;
}

export function parseEnd(text: string): EndHow | undefined {
  const at = text.indexOf(';');
  const kind = at < 0 ? text : text.slice(0, at);
  const value = at < 0 ? '' : text.slice(at + 1);
  if (kind === 'exit' && /^\d+$/.test(value)) return { exit: Number(value) };
  if (kind === 'signal' && /^\d+$/.test(value)) return { signal: Number(value) };
  if (kind === 'error') return { error: value };
  return undefined;
}

/**
 * Finds the mark in output that comes in chunks, cut anywhere: `feed` gives back the output before the mark (a tail
 * that may begin the mark is held for the next chunk), and `end` is set once the whole mark has come (undefined
 * inside when its text does not read). Nothing after the mark is given back.
 */
export class EndMarkScanner {
  private held = '';
  private readonly prefix: string;
  found = false;
  end: EndHow | undefined;

  constructor(nonce: string) {
    this.prefix = endMarkPrefix(nonce);
  }

  feed(chunk: string): string {
    if (this.found) return '';
    const text = this.held + chunk;
    this.held = '';
    const at = text.indexOf(this.prefix);
    if (at >= 0) {
      const bel = text.indexOf('\x07', at + this.prefix.length);
      if (bel < 0) {
        this.held = text.slice(at);
        return text.slice(0, at);
      }
      this.found = true;
      this.end = parseEnd(text.slice(at + this.prefix.length, bel));
      return text.slice(0, at);
    }
    let keep = Math.min(text.length, this.prefix.length - 1);
    while (keep > 0 && !this.prefix.startsWith(text.slice(text.length - keep))) keep--;
    this.held = text.slice(text.length - keep);
    return text.slice(0, text.length - keep);
  }
}
