/**
 * The speed run's payloads: byte streams written to a terminal as fast as its pty
 * takes them (see src/engine/speed-drain.ts), generated from fixed seeds so every
 * run, on every machine, writes the same bytes for the same size. Each payload is
 * whole lines; `cuts` are the offsets after each line, the only places the run may
 * put a progress query (never inside an escape sequence or a UTF-8 character).
 *
 * PAYLOAD_VERSION names the generator: any change to what it writes (a seed, a
 * line's shape, a size) must change the version, and `payloadsHash` names the
 * bytes themselves, so two speed files measured different bytes only when they
 * say so (termprobe diff refuses to compare them).
 */
import { createHash } from 'node:crypto';
import type { SizeVars } from './escape-notation.js';
import { asciiText, generator, sgrText, unicodeText } from './speed-payload-text.js';

export const PAYLOAD_VERSION = 'speed-payloads/1';

/**
 * About this many bytes per drain payload: a few ms on the fastest terminal here (foot, 70-80 MB/s), and a total the
 * slowest can drain within the run's budget (urxvt takes the Unicode payload at 0.02-0.08 MB/s: 512 KiB took 20-30 s
 * a trial on a loaded machine, and a full run of every terminal 6 min).
 */
export const PAYLOAD_BYTES = 256 * 1024;
/** Lines written to fill the scrollback before the second memory figure: more than every default scrollback limit of the terminals here. */
export const SCROLLBACK_LINES = 20_000;

export const DRAIN_PAYLOADS = ['ascii', 'sgr-colour', 'unicode', 'region-scroll', 'redraw'] as const;
export type DrainPayloadId = (typeof DRAIN_PAYLOADS)[number];

export interface Payload {
  id: DrainPayloadId | 'scrollback';
  /** What it writes, for a reader. */
  title: string;
  bytes: Uint8Array;
  /** Lines drawn: line feeds, or rows drawn for a full-screen redraw. */
  lines: number;
  /** Offsets just after each line (ascending; the last is bytes.length). */
  cuts: number[];
}

const encoder = new TextEncoder();

/** Lines (each already ending as it should) into bytes and cuts. */
function assemble(id: Payload['id'], title: string, lines: string[], counted: number, prefix = '', suffix = ''): Payload {
  const parts = lines.map((l) => encoder.encode(l));
  const head = encoder.encode(prefix);
  const tail = encoder.encode(suffix);
  const total = head.length + parts.reduce((n, p) => n + p.length, 0) + tail.length;
  const bytes = new Uint8Array(total);
  const cuts: number[] = [];
  bytes.set(head, 0);
  let at = head.length;
  for (const p of parts) {
    bytes.set(p, at);
    at += p.length;
    cuts.push(at);
  }
  bytes.set(tail, at);
  if (tail.length > 0) cuts[cuts.length - 1] = total;
  return { id, title, bytes, lines: counted, cuts };
}

/** Lines of `make` until the payload holds PAYLOAD_BYTES (at least one line). */
function linesUpTo(make: () => string, budget = PAYLOAD_BYTES): string[] {
  const lines: string[] = [];
  let bytes = 0;
  while (bytes < budget || lines.length === 0) {
    const line = make();
    lines.push(line);
    bytes += encoder.encode(line).length;
  }
  return lines;
}

/** One drain payload for a terminal of this size. */
export function drainPayload(id: DrainPayloadId, size: SizeVars): Payload {
  const { cols, rows } = size;
  const width = Math.max(1, cols - 1);
  switch (id) {
    case 'ascii': {
      const rand = generator(0x5eed0001);
      const lines = linesUpTo(() => `${asciiText(rand, width)}\r\n`);
      return assemble(id, `plain ASCII: lines of ${width} columns of words, CR LF`, lines, lines.length);
    }
    case 'sgr-colour': {
      const rand = generator(0x5eed0002);
      const lines = linesUpTo(() => `${sgrText(rand, width)}\r\n`);
      return assemble(id, `dense SGR colour: lines of ${width} columns, an SGR change (256-colour, direct colour, attributes) every 1-4 characters`, lines, lines.length);
    }
    case 'unicode': {
      const rand = generator(0x5eed0003);
      const lines = linesUpTo(() => `${unicodeText(rand, width)}\r\n`);
      return assemble(id, `wide and combining Unicode: lines of up to ${width} columns of CJK and Hangul (2 columns), letters with combining marks, Greek and Cyrillic`, lines, lines.length);
    }
    case 'region-scroll': {
      const rand = generator(0x5eed0004);
      const top = Math.min(3, rows);
      const bottom = Math.max(top, rows - 2);
      const lines = linesUpTo(() => `${asciiText(rand, width)}\r\n`);
      return assemble(id, `scrolling inside a region: DECSTBM ${top};${bottom}, lines of ${width} columns written at its bottom, CR LF (each scrolls the region)`, lines, lines.length, `\x1b[${top};${bottom}r\x1b[${bottom};1H`, '\x1b[r');
    }
    case 'redraw': {
      const rand = generator(0x5eed0005);
      const frames: string[] = [];
      let bytes = 0;
      while (bytes < PAYLOAD_BYTES || frames.length === 0) {
        let frame = '';
        for (let row = 1; row <= rows; row++) frame += `\x1b[${row};1H\x1b[${30 + rand(8)};${40 + rand(8)}m${asciiText(rand, cols)}`;
        frame += '\x1b[0m';
        frames.push(frame);
        bytes += encoder.encode(frame).length;
      }
      return assemble(id, `cursor-addressed full-screen redraws: each frame CUP to every row and ${cols} columns of text in one colour pair per row`, frames, frames.length * rows, '', '\x1b[H');
    }
  }
}

/** The lines that fill the scrollback (memory after a large scrollback fill): SCROLLBACK_LINES lines of ASCII. */
export function scrollbackPayload(size: SizeVars): Payload {
  const rand = generator(0x5eed0010);
  const width = Math.max(1, size.cols - 1);
  const lines = Array.from({ length: SCROLLBACK_LINES }, () => `${asciiText(rand, width)}\r\n`);
  return assemble('scrollback', `${SCROLLBACK_LINES} lines of ${width} columns of ASCII, at the bottom row`, lines, lines.length, `\x1b[${size.rows};1H`);
}

const made = new Map<string, Payload[]>();

/** Every payload of a run at this size, drain payloads first (made once per size and process: about a second). */
export function speedPayloads(size: SizeVars): Payload[] {
  const key = `${size.cols}x${size.rows}`;
  let payloads = made.get(key);
  if (!payloads) made.set(key, (payloads = [...DRAIN_PAYLOADS.map((id) => drainPayload(id, size)), scrollbackPayload(size)]));
  return payloads;
}

/** The bytes' own name: sha256 over each payload's id and bytes, in order (first 16 hex digits). */
export function payloadsHash(payloads: readonly Payload[]): string {
  const hash = createHash('sha256');
  for (const p of payloads) {
    hash.update(`${p.id}\0${p.bytes.length}\0`);
    hash.update(p.bytes);
  }
  return hash.digest('hex').slice(0, 16);
}
