/**
 * Lines of a file, streamed: memory stays bounded by the longest line allowed,
 * whatever the file's size. A last line without its newline is reported as such,
 * so a truncated file can be told from a complete one.
 */
import { createReadStream } from 'node:fs';

export interface FileLine {
  text: string;
  /** 1-based. */
  number: number;
  /** False for a last line that ends without a newline. */
  terminated: boolean;
}

export class LineTooLongError extends Error {
  constructor(readonly line: number, readonly limit: number) {
    super(`line ${line} is longer than ${limit} bytes`);
  }
}

export async function* readLines(path: string, maxLineBytes: number): AsyncGenerator<FileLine> {
  let parts: Buffer[] = [];
  let held = 0;
  let number = 0;
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 16 }) as AsyncIterable<Buffer>) {
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf(0x0a, start);
      if (nl < 0) break;
      const piece = chunk.subarray(start, nl);
      if (held + piece.length > maxLineBytes) throw new LineTooLongError(number + 1, maxLineBytes);
      const text = (parts.length === 0 ? piece : Buffer.concat([...parts, piece])).toString('utf8');
      parts = [];
      held = 0;
      yield { text: text.endsWith('\r') ? text.slice(0, -1) : text, number: ++number, terminated: true };
      start = nl + 1;
    }
    if (start < chunk.length) {
      const rest = chunk.subarray(start);
      if (held + rest.length > maxLineBytes) throw new LineTooLongError(number + 1, maxLineBytes);
      parts.push(Buffer.from(rest));
      held += rest.length;
    }
  }
  if (held > 0) yield { text: Buffer.concat(parts).toString('utf8'), number: ++number, terminated: false };
}
