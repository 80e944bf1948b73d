/**
 * A client of Neovim's RPC (msgpack-rpc over the Unix socket `nvim --listen`
 * opens: `:help rpc-connecting`, `:help msgpack-rpc`): requests [0, id, method,
 * params], responses [1, id, error, result]; notifications from Neovim ([2, …])
 * are read and dropped. Only the msgpack types these calls carry are written
 * (nil, booleans, integers, strings as raw bytes, arrays); every type is read.
 */
import { connect, type Socket } from 'node:net';

export type RpcValue = null | boolean | number | string | Uint8Array | RpcValue[] | { [key: string]: RpcValue };

/** A string as Neovim's bytes: a Uint8Array is written as given (a paste's bytes), a string as UTF-8. */
function encode(value: RpcValue, out: number[]): void {
  if (value === null) out.push(0xc0);
  else if (typeof value === 'boolean') out.push(value ? 0xc3 : 0xc2);
  else if (typeof value === 'number') {
    if (!Number.isInteger(value)) throw new Error(`msgpack-rpc: ${value} is not an integer`);
    if (value >= 0 && value < 0x80) out.push(value);
    else if (value < 0 && value >= -32) out.push(value & 0xff);
    else if (value >= 0 && value <= 0xffffffff) out.push(0xce, (value >>> 24) & 0xff, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff);
    else if (value < 0 && value >= -0x80000000) out.push(0xd2, (value >>> 24) & 0xff, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff);
    else throw new Error(`msgpack-rpc: ${value} is out of range`);
  } else if (typeof value === 'string' || value instanceof Uint8Array) {
    const bytes = typeof value === 'string' ? Buffer.from(value, 'utf8') : value;
    const n = bytes.length;
    if (n < 32) out.push(0xa0 | n);
    else if (n < 0x100) out.push(0xd9, n);
    else if (n < 0x10000) out.push(0xda, n >> 8, n & 0xff);
    else out.push(0xdb, (n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff);
    for (const b of bytes) out.push(b);
  } else if (Array.isArray(value)) {
    const n = value.length;
    if (n < 16) out.push(0x90 | n);
    else out.push(0xdc, n >> 8, n & 0xff);
    for (const v of value) encode(v, out);
  } else throw new Error('msgpack-rpc: maps are not written');
}

class Truncated extends Error {}

/** One value from `buf` at `pos`: the value and where the next starts; Truncated when the buffer ends first. */
function decode(buf: Buffer, pos: number): [RpcValue, number] {
  const need = (n: number) => {
    if (pos + n > buf.length) throw new Truncated();
  };
  need(1);
  const t = buf[pos++]!;
  const bytes = (n: number): [RpcValue, number] => {
    need(n);
    return [buf.toString('utf8', pos, pos + n), pos + n];
  };
  const array = (n: number): [RpcValue, number] => {
    const items: RpcValue[] = [];
    for (let i = 0; i < n; i++) [items[i], pos] = decode(buf, pos);
    return [items, pos];
  };
  const map = (n: number): [RpcValue, number] => {
    const obj: Record<string, RpcValue> = {};
    for (let i = 0; i < n; i++) {
      let k: RpcValue;
      [k, pos] = decode(buf, pos);
      [obj[String(k)], pos] = decode(buf, pos);
    }
    return [obj, pos];
  };
  const uint = (n: number): number => {
    need(n);
    const v = buf.readUIntBE(pos, n);
    pos += n;
    return v;
  };
  if (t < 0x80) return [t, pos];
  if (t >= 0xe0) return [t - 0x100, pos];
  if ((t & 0xe0) === 0xa0) return bytes(t & 0x1f);
  if ((t & 0xf0) === 0x90) return array(t & 0x0f);
  if ((t & 0xf0) === 0x80) return map(t & 0x0f);
  switch (t) {
    case 0xc0: return [null, pos];
    case 0xc2: return [false, pos];
    case 0xc3: return [true, pos];
    case 0xc4: case 0xd9: return bytes(uint(1));
    case 0xc5: case 0xda: return bytes(uint(2));
    case 0xc6: case 0xdb: return bytes(uint(4));
    case 0xca: need(4); return [buf.readFloatBE(pos), pos + 4];
    case 0xcb: need(8); return [buf.readDoubleBE(pos), pos + 8];
    case 0xcc: return [uint(1), pos];
    case 0xcd: return [uint(2), pos];
    case 0xce: return [uint(4), pos];
    case 0xcf: need(8); return [Number(buf.readBigUInt64BE(pos)), pos + 8];
    case 0xd0: need(1); return [buf.readInt8(pos), pos + 1];
    case 0xd1: need(2); return [buf.readInt16BE(pos), pos + 2];
    case 0xd2: need(4); return [buf.readInt32BE(pos), pos + 4];
    case 0xd3: need(8); return [Number(buf.readBigInt64BE(pos)), pos + 8];
    case 0xdc: return array(uint(2));
    case 0xdd: return array(uint(4));
    case 0xde: return map(uint(2));
    case 0xdf: return map(uint(4));
    // ext (Neovim's Buffer, Window, Tabpage handles): the handle's bytes, read as a number when they are one.
    case 0xd4: case 0xd5: case 0xd6: case 0xd7: case 0xd8: {
      const n = [1, 2, 4, 8, 16][t - 0xd4]!;
      need(n + 1);
      return [decode(buf.subarray(pos + 1, pos + 1 + n), 0)[0], pos + 1 + n];
    }
    case 0xc7: case 0xc8: case 0xc9: {
      const n = uint(t === 0xc7 ? 1 : t === 0xc8 ? 2 : 4);
      need(n + 1);
      return [null, pos + 1 + n];
    }
    default: throw new Error(`msgpack-rpc: unknown type byte 0x${t.toString(16)}`);
  }
}

export class NeovimRpc {
  private buffered = Buffer.alloc(0);
  private ids = 0;
  private readonly pending = new Map<number, { resolve(v: RpcValue): void; reject(e: Error): void }>();
  private failure: Error | undefined;

  private constructor(private readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
    socket.on('error', (error) => this.fail(error));
    socket.on('close', () => this.fail(new Error('Neovim closed its RPC socket')));
  }

  /** Connect to `path`, trying again while Neovim has not made it yet, up to `limitMs`. */
  static async connect(path: string, limitMs: number, signal?: AbortSignal): Promise<NeovimRpc> {
    const t0 = performance.now();
    for (;;) {
      const socket = await new Promise<Socket | Error>((resolve) => {
        const s = connect(path);
        s.once('connect', () => resolve(s));
        s.once('error', (error) => resolve(error));
      });
      if (!(socket instanceof Error)) return new NeovimRpc(socket);
      if (signal?.aborted || performance.now() - t0 > limitMs) throw new Error(`could not connect to Neovim's RPC socket ${path} within ${limitMs / 1000} s: ${socket.message}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  private receive(chunk: Buffer): void {
    this.buffered = Buffer.concat([this.buffered, chunk]);
    for (;;) {
      let message: RpcValue;
      let next: number;
      try {
        [message, next] = decode(this.buffered, 0);
      } catch (error) {
        if (error instanceof Truncated) return;
        return this.fail(error as Error);
      }
      this.buffered = this.buffered.subarray(next);
      if (!Array.isArray(message) || message[0] !== 1) continue; // a notification or request from Neovim
      const p = this.pending.get(Number(message[1]));
      if (!p) continue;
      this.pending.delete(Number(message[1]));
      const error = message[2];
      if (error === null || error === undefined) p.resolve(message[3] ?? null);
      else p.reject(new Error(`Neovim: ${Array.isArray(error) ? String(error[1]) : JSON.stringify(error)}`));
    }
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const p of this.pending.values()) p.reject(error);
    this.pending.clear();
  }

  /** Call `method` with `params`; resolves with its result once Neovim has run it. */
  request(method: string, ...params: RpcValue[]): Promise<RpcValue> {
    if (this.failure) return Promise.reject(this.failure);
    const id = ++this.ids;
    const out: number[] = [];
    encode([0, id, method, params], out);
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.socket.write(Buffer.from(out));
    });
  }

  close(): void {
    this.fail(new Error('the RPC connection was closed'));
    this.socket.destroy();
  }
}
