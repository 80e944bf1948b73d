/**
 * Read an asciinema v2 `.cast` file as a stream: the header, then its events one
 * at a time, each checked (shape, code, time order). Memory stays bounded on a
 * file of any size. Every problem is a CastError naming the file and line.
 */
import { statSync } from 'node:fs';
import { CastError, MAX_LINE_BYTES, validateEvent, validateHeader, type CastEvent, type CastHeader } from './cast-format.js';
import { LineTooLongError, readLines, type FileLine } from './line-reader.js';

export interface CastStream {
  header: CastHeader;
  events: AsyncGenerator<CastEvent>;
}

function parseJson(line: FileLine, file: string): unknown {
  try {
    return JSON.parse(line.text);
  } catch {
    const why = line.terminated ? 'not valid JSON' : 'the file ends in the middle of this line (truncated?)';
    throw new CastError(file, line.number, why);
  }
}

async function* lines(path: string): AsyncGenerator<FileLine> {
  try {
    yield* readLines(path, MAX_LINE_BYTES);
  } catch (e) {
    if (e instanceof LineTooLongError) throw new CastError(path, e.line, `${e.message}: not an asciinema cast`);
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EISDIR' || code === 'EACCES') throw new CastError(path, undefined, `cannot read: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'a folder, not a file' : 'permission denied'}`);
    throw e;
  }
}

/** Open a cast: the header is read and checked at once, the events as they are consumed. */
export async function openCast(path: string): Promise<CastStream> {
  try {
    if (statSync(path).isDirectory()) throw new CastError(path, undefined, 'cannot read: a folder, not a file');
  } catch (e) {
    if (e instanceof CastError) throw e;
    throw new CastError(path, undefined, 'cannot read: no such file');
  }
  const it = lines(path);
  const first = await it.next();
  if (first.done) throw new CastError(path, 1, 'bad header: the file is empty');
  const header = validateHeader(parseJson(first.value, path), path);
  async function* events(): AsyncGenerator<CastEvent> {
    let previous = 0;
    for (;;) {
      const next = await it.next();
      if (next.done) return;
      const line = next.value;
      if (line.text.trim() === '') continue;
      const event = validateEvent(parseJson(line, path), path, line.number, previous);
      previous = event.time;
      yield event;
    }
  }
  return { header, events: events() };
}

export interface CastOutput {
  header: CastHeader;
  /** Every output event's bytes (UTF-8), in order. */
  bytes: Uint8Array;
  /** Offsets in `bytes` where each output event starts. */
  eventStarts: number[];
}

/** Read a whole cast's output into memory, up to maxBytes of output (more is an error naming the limit). */
export async function readCastOutput(path: string, maxBytes: number): Promise<CastOutput> {
  const { header, events } = await openCast(path);
  const parts: Buffer[] = [];
  const eventStarts: number[] = [];
  let total = 0;
  for await (const ev of events) {
    if (ev.code !== 'o') continue;
    const b = Buffer.from(ev.data, 'utf8');
    if (total + b.length > maxBytes) throw new CastError(path, ev.line, `the output is longer than ${maxBytes} bytes, more than this command holds in memory; cut the session shorter`);
    eventStarts.push(total);
    parts.push(b);
    total += b.length;
  }
  return { header, bytes: new Uint8Array(Buffer.concat(parts, total)), eventStarts };
}
