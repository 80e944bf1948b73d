/**
 * Text gathered for one sequence (its raw form, or its string payload) that may
 * arrive over several chunks, kept within a fixed cap.
 *
 * The parser appends whole slices of the decoded chunk, never single characters:
 * a sequence that begins and ends inside one chunk costs one `slice`, and one
 * that spans chunks costs one concatenation per chunk. Whatever would pass the
 * cap is dropped and remembered as `truncated`.
 */
export class CappedText {
  private text = '';
  private dropped = false;

  constructor(readonly cap: number) {}

  /** Characters kept so far (never more than `cap`). */
  get length(): number {
    return this.text.length;
  }

  /** True once anything was dropped because of the cap. */
  get truncated(): boolean {
    return this.dropped;
  }

  /** Forget everything: a new sequence begins. */
  reset(): void {
    this.text = '';
    this.dropped = false;
  }

  /** Keep `source[from, to)`, or as much of it as the cap allows. */
  append(source: string, from: number, to: number): void {
    // Once something was dropped, keep nothing more: what is kept stays a prefix.
    if (to <= from || this.dropped) return;
    const room = this.cap - this.text.length;
    let end = to;
    if (to - from > room) {
      this.dropped = true;
      end = from + Math.max(room, 0);
      // Never keep half of a surrogate pair.
      if (end > from && isHighSurrogate(source.charCodeAt(end - 1))) end--;
      if (end <= from) return;
    }
    this.text = this.text.length === 0 ? source.slice(from, end) : this.text + source.slice(from, end);
  }

  /** Keep `source[from, to)` (within the cap) and return everything kept so far. */
  finish(source: string, from: number, to: number): string {
    this.append(source, from, to);
    return this.text;
  }

  /**
   * Like `finish`, then add `source[to, end)` (a terminator or final, never capped).
   * When the whole sequence sits in this chunk, that is one slice and no concatenation.
   */
  finishWith(source: string, from: number, to: number, end: number): string {
    if (this.text.length === 0 && !this.dropped && to - from <= this.cap) return source.slice(from, end);
    this.append(source, from, to);
    return this.text + source.slice(to, end);
  }
}

function isHighSurrogate(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdbff;
}
