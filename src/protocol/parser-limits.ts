/**
 * The reply parser's caps. A terminal (or whatever sits on the other end of the
 * pipe) can send a string that never ends; the parser keeps at most these many
 * characters of any one sequence, drops the rest, and still follows the sequence
 * to its end so the events after it stay in step.
 */

export interface ReplyParserOptions {
  /** Most characters kept of one string payload (OSC, DCS, APC, PM, SOS). Default 4096. */
  maxPayload?: number;
  /** Most CSI/DCS parameters kept. Default 32. */
  maxParams?: number;
  /** Most CSI/DCS parameter characters kept, separators included. Default 256. */
  maxParamChars?: number;
  /**
   * Read a byte 0x80–0x9F that starts no UTF-8 character as the C1 control it
   * is (U+0080–U+009F) rather than U+FFFD: after S8C1T, xterm, kitty and st
   * send their replies' CSI, DCS and ST as such single bytes even in UTF-8.
   * Default false (WHATWG decoding); the engine turns it on.
   */
  c1Bytes?: boolean;
}

export interface ParserLimits {
  maxPayload: number;
  maxParams: number;
  maxParamChars: number;
  /** Most intermediate characters kept (real sequences use one or two). */
  maxIntermediates: number;
  /** Most characters kept of a sequence's raw text before its terminator. */
  maxRaw: number;
}

export const DEFAULT_LIMITS = {
  maxPayload: 4096,
  maxParams: 32,
  maxParamChars: 256,
} as const;

const MAX_INTERMEDIATES = 16;
/** Room in raw for the introducer, intermediates and final around params and payload. */
const RAW_SLACK = 64;

export function resolveLimits(opts: ReplyParserOptions): ParserLimits {
  const maxPayload = validateLimit('maxPayload', opts.maxPayload ?? DEFAULT_LIMITS.maxPayload);
  const maxParams = validateLimit('maxParams', opts.maxParams ?? DEFAULT_LIMITS.maxParams);
  const maxParamChars = validateLimit('maxParamChars', opts.maxParamChars ?? DEFAULT_LIMITS.maxParamChars);
  return {
    maxPayload,
    maxParams,
    maxParamChars,
    maxIntermediates: MAX_INTERMEDIATES,
    maxRaw: maxPayload + maxParamChars + RAW_SLACK,
  };
}

function validateLimit(name: string, value: number): number {
  if (Number.isInteger(value) && value >= 1 && value <= 1 << 26) return value;
  throw new RangeError(`ReplyParser option ${name} must be an integer from 1 to ${1 << 26}, got ${String(value)}`);
}
