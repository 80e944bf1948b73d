/**
 * The frames of the stdio adapter protocol (docs/stdio-adapter.md): one ASCII
 * type byte, the payload's length as 4 bytes big-endian, the payload. The
 * decoder is fed chunk by chunk; a frame split anywhere decodes the same.
 */

/** termprobe → adapter: D bytes for the emulator, S screen request, C cursor request, Z resize "COLS ROWS". */
/** adapter → termprobe: H hello (JSON), D the emulator's replies, S screen (JSON), C cursor "ROW COL", Z resized, E error (text). */
export type FrameType = 'H' | 'D' | 'S' | 'C' | 'Z' | 'E';

export interface Frame {
  type: string;
  payload: Uint8Array;
}

/** The largest payload accepted (a screen dump of 1000x1000 cells with styles fits). */
export const MAX_FRAME_PAYLOAD = 64 * 1024 * 1024;

export class FrameError extends Error {
  override name = 'FrameError';
}

export function encodeFrame(type: FrameType, payload: Uint8Array | string = new Uint8Array()): Uint8Array {
  const body = typeof payload === 'string' ? new TextEncoder().encode(payload) : payload;
  const out = new Uint8Array(5 + body.length);
  out[0] = type.charCodeAt(0);
  new DataView(out.buffer).setUint32(1, body.length);
  out.set(body, 5);
  return out;
}

export class FrameDecoder {
  private buffer = new Uint8Array(0);

  /** The whole frames the bytes complete; a partial frame waits for the next chunk. */
  feed(chunk: Uint8Array): Frame[] {
    const joined = new Uint8Array(this.buffer.length + chunk.length);
    joined.set(this.buffer);
    joined.set(chunk, this.buffer.length);
    const frames: Frame[] = [];
    let at = 0;
    while (joined.length - at >= 5) {
      const type = String.fromCharCode(joined[at]!);
      if (!/^[A-Z]$/.test(type)) throw new FrameError(`frame type byte 0x${joined[at]!.toString(16).padStart(2, '0')} is not an upper-case letter (the adapter must write nothing but frames on stdout)`);
      const length = new DataView(joined.buffer, joined.byteOffset + at + 1, 4).getUint32(0);
      if (length > MAX_FRAME_PAYLOAD) throw new FrameError(`a ${type} frame of ${length} bytes is over the ${MAX_FRAME_PAYLOAD}-byte limit`);
      if (joined.length - at - 5 < length) break;
      frames.push({ type, payload: joined.slice(at + 5, at + 5 + length) });
      at += 5 + length;
    }
    this.buffer = joined.slice(at);
    return frames;
  }

  /** Bytes of a frame begun but not finished. */
  get pending(): number {
    return this.buffer.length;
  }
}
