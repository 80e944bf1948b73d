/**
 * asciinema's cast format, version 2: a JSON header line, then one JSON array
 * per event, `[seconds, code, data]`, with codes "o" (output), "i" (input),
 * "m" (marker) and "r" (resize, data "COLSxROWS"). Times never go back.
 * https://docs.asciinema.org/manual/asciicast/v2/
 */
import { BadInputError } from '../util/bad-input-error.js';

export interface CastHeader {
  version: 2;
  width: number;
  height: number;
  timestamp?: number;
  duration?: number;
  command?: string;
  title?: string;
  /** The environment that matters (asciinema keeps SHELL and TERM). */
  env?: Record<string, string>;
}

export type CastCode = 'o' | 'i' | 'm' | 'r';

export interface CastEvent {
  time: number;
  code: CastCode;
  data: string;
  /** 1-based line of the file the event came from. */
  line: number;
}

/** A malformed cast file: the message names the file and the line. */
export class CastError extends BadInputError {
  override name = 'CastError';
  constructor(file: string, line: number | undefined, message: string) {
    super(`${file}${line === undefined ? '' : `:${line}`}: ${message}`);
  }
}

/** The longest line read (an event's JSON): longer ones are an error, so a file with no newlines cannot fill memory. */
export const MAX_LINE_BYTES = 8 << 20;
const SIDE_MAX = 1000;

export function validateHeader(value: unknown, file: string): CastHeader {
  const fail = (what: string) => new CastError(file, 1, `bad header: ${what} (an asciinema v2 file starts with {"version": 2, "width": W, "height": H})`);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw fail('not a JSON object');
  const h = value as Record<string, unknown>;
  if (h['version'] !== 2) throw fail(h['version'] === undefined ? 'no "version"' : `version ${JSON.stringify(h['version'])} is not 2`);
  for (const side of ['width', 'height'] as const) {
    const n = h[side];
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > SIDE_MAX) throw fail(`"${side}" must be a whole number from 1 to ${SIDE_MAX}, not ${JSON.stringify(n)}`);
  }
  const env = h['env'];
  if (env !== undefined && env !== null) {
    if (typeof env !== 'object' || Array.isArray(env) || Object.values(env).some((v) => typeof v !== 'string' && v !== null)) throw fail('"env" must map names to strings');
  }
  const out: CastHeader = { version: 2, width: h['width'] as number, height: h['height'] as number };
  if (typeof h['timestamp'] === 'number') out.timestamp = h['timestamp'];
  if (typeof h['duration'] === 'number') out.duration = h['duration'];
  if (typeof h['command'] === 'string') out.command = h['command'];
  if (typeof h['title'] === 'string') out.title = h['title'];
  if (env && typeof env === 'object') {
    out.env = Object.fromEntries(Object.entries(env as Record<string, string | null>).filter((e): e is [string, string] => typeof e[1] === 'string'));
  }
  return out;
}

/** `[time, code, data]` with time ≥ 0 and not before `previous`. */
export function validateEvent(value: unknown, file: string, line: number, previous: number): CastEvent {
  const fail = (what: string) => new CastError(file, line, `bad event: ${what} (an event is [seconds, "o", "text"])`);
  if (!Array.isArray(value) || value.length < 3) throw fail('not an array of three');
  const [time, code, data] = value as unknown[];
  if (typeof time !== 'number' || !Number.isFinite(time) || time < 0) throw fail(`time ${JSON.stringify(time)} is not a number of seconds ≥ 0`);
  if (code !== 'o' && code !== 'i' && code !== 'm' && code !== 'r') throw fail(`code ${JSON.stringify(code)} is not "o", "i", "m" or "r"`);
  if (typeof data !== 'string') throw fail('data is not a string');
  if (time < previous) throw new CastError(file, line, `event out of order: time ${time} comes after ${previous}`);
  if (code === 'r' && !/^\d+x\d+$/.test(data)) throw fail(`resize "${data}" is not COLSxROWS`);
  return { time, code, data, line };
}
