/**
 * A small X11 protocol client over the display's Unix socket, for the screen
 * read-back: one connection for a whole run instead of an xdotool, xclip or
 * xwininfo process per step. It speaks only what the read-back needs (core
 * requests for windows, properties and selections; XTEST to press and move the
 * pointer; XFIXES to hear when the selection changes owner), little-endian, with
 * no authentication: termprobe's own Xvfb, started without -auth, accepts local
 * clients. Encodings follow the X Window System Protocol (X11R7.7), "Encoding"
 * appendix, the XTEST extension protocol 2.2 and the XFIXES protocol 5.0.
 *
 * Requests are written as they are made; a request with a reply returns a
 * promise, matched to the reply by sequence number. Events go to the listeners
 * given to onEvent. close() ends the connection and rejects what is pending.
 */
import { connect, type Socket } from 'node:net';

export class X11Error extends Error {
  override name = 'X11Error';
}

/** A 32-byte event as it came: its code (send-event bit cleared) and the raw bytes. */
export interface XEvent {
  code: number;
  bytes: Buffer;
}

interface Pending {
  seq: number;
  resolve: (reply: Buffer) => void;
  reject: (error: Error) => void;
}

export interface XSetup {
  root: number;
  rootWidth: number;
  rootHeight: number;
  idBase: number;
  idMask: number;
  /** Image byte order: true for LSBFirst (what GetImage's pixels are in). */
  imageLsbFirst: boolean;
  /** The keyboard's keycodes run from min to max (the input probes read the keymap over them). */
  minKeycode: number;
  maxKeycode: number;
}

/** The socket path of a local display such as ":3" or ":3.0". */
export function displaySocket(display: string): string {
  const m = /^(?:unix)?:(\d+)(?:\.\d+)?$/.exec(display);
  if (!m) throw new X11Error(`DISPLAY "${display}" is not a local display (:N); the read-back talks to termprobe's own Xvfb only`);
  return `/tmp/.X11-unix/X${m[1]}`;
}

const pad4 = (n: number) => (4 - (n % 4)) % 4;

export class X11Client {
  private readonly socket: Socket;
  /**
   * What has come and is not yet a whole packet, as it came: a GetImage reply of a whole window is megabytes in
   * chunks of 64 KiB, and joining each chunk to the rest as it came copied the reply once per chunk (6.4 s of the
   * main thread in a run of every target, the largest share of its work). Joined once the packet is whole.
   */
  private chunks: Buffer[] = [];
  private chunkBytes = 0;
  /** The bytes the packet at the head needs before it can be read (32 until its length is known). */
  private needed = 32;
  private seq = 0;
  private readonly pending: Pending[] = [];
  private readonly listeners = new Set<(ev: XEvent) => void>();
  private nextId = 0;
  private closedWith: Error | undefined;
  private corked = false;
  /** Errors of requests that have no reply (the last few), for messages. */
  readonly voidErrors: string[] = [];

  private constructor(socket: Socket, readonly setup: XSetup) {
    this.socket = socket;
  }

  /** Connect and read the setup reply; rejects on a refused or failed connection, or when `signal` aborts. */
  static async open(display: string, signal?: AbortSignal): Promise<X11Client> {
    const path = displaySocket(display);
    const socket = connect(path);
    let early = Buffer.alloc(0);
    const setup = await new Promise<XSetup>((resolve, reject) => {
      let data = Buffer.alloc(0);
      const fail = (error: Error) => {
        cleanup();
        socket.destroy();
        reject(error);
      };
      const onAbort = () => fail(signal?.reason instanceof Error ? signal.reason : new X11Error('aborted'));
      const onError = (error: Error) => fail(new X11Error(`cannot connect to X display ${display} (${path}): ${error.message}`));
      const onClose = () => fail(new X11Error(`X display ${display} closed the connection during set-up`));
      const onData = (chunk: Buffer) => {
        data = Buffer.concat([data, chunk]);
        if (data.length < 8) return;
        const total = 8 + data.readUInt16LE(6) * 4;
        if (data.length < total) return;
        cleanup();
        if (data[0] !== 1) {
          const reason = data.subarray(8, 8 + data[1]!).toString('latin1');
          socket.destroy();
          reject(new X11Error(`X display ${display} refused the connection: ${reason || 'no reason given'}`));
          return;
        }
        const vendorLength = data.readUInt16LE(24);
        const formats = data[29]!;
        const screen = 40 + vendorLength + pad4(vendorLength) + formats * 8;
        early = data.subarray(total);
        resolve({ idBase: data.readUInt32LE(12), idMask: data.readUInt32LE(16), root: data.readUInt32LE(screen), rootWidth: data.readUInt16LE(screen + 20), rootHeight: data.readUInt16LE(screen + 22), imageLsbFirst: data[30] === 0, minKeycode: data[34]!, maxKeycode: data[35]! });
      };
      const cleanup = () => {
        signal?.removeEventListener('abort', onAbort);
        socket.off('error', onError).off('close', onClose).off('data', onData);
      };
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      socket.on('error', onError).on('close', onClose).on('data', onData);
      // Byte order 'l' (little-endian), protocol 11.0, no authorization.
      const hello = Buffer.alloc(12);
      hello[0] = 0x6c;
      hello.writeUInt16LE(11, 2);
      socket.write(hello);
    });
    const client = new X11Client(socket, setup);
    socket.on('data', (chunk: Buffer) => client.receive(chunk));
    if (early.length > 0) client.receive(early);
    socket.on('error', (error) => client.end(new X11Error(`X connection failed: ${error.message}`)));
    socket.on('close', () => client.end(new X11Error('the X display closed the connection')));
    return client;
  }

  get closed(): boolean {
    return this.closedWith !== undefined;
  }

  /** A fresh resource id for a window or other resource of this client. */
  newId(): number {
    const mask = this.setup.idMask;
    const shift = 31 - Math.clz32(mask & -mask); // the mask's lowest set bit
    return (this.setup.idBase | ((++this.nextId << shift) & mask)) >>> 0;
  }

  onEvent(listener: (ev: XEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Write one request: opcode, the data byte, then the body (padded to 4 bytes). Returns its sequence number. */
  private send(opcode: number, data: number, body: Buffer): number {
    if (this.closedWith) throw this.closedWith;
    const padded = body.length % 4 === 0 ? body : Buffer.concat([body, Buffer.alloc(pad4(body.length))]);
    const head = Buffer.alloc(4);
    head[0] = opcode;
    head[1] = data;
    head.writeUInt16LE(1 + padded.length / 4, 2);
    // Requests made in one turn of the event loop go out in one write.
    if (!this.corked) {
      this.corked = true;
      this.socket.cork();
      process.nextTick(() => {
        this.corked = false;
        this.socket.uncork();
      });
    }
    this.socket.write(Buffer.concat([head, padded]));
    this.seq = (this.seq + 1) & 0xffff;
    return this.seq;
  }

  /** A request with no reply; returns its sequence number (events carry the last one the server had processed). */
  request(opcode: number, data: number, body: Buffer): number {
    return this.send(opcode, data, body);
  }

  /** A request with a reply: the whole reply (32 bytes and what follows). */
  requestReply(opcode: number, data: number, body: Buffer): Promise<Buffer> {
    if (this.closedWith) return Promise.reject(this.closedWith);
    const seq = this.send(opcode, data, body);
    return new Promise((resolve, reject) => this.pending.push({ seq, resolve, reject }));
  }

  private receive(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.chunkBytes += chunk.length;
    if (this.chunkBytes < this.needed) return;
    let buffered = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.chunkBytes);
    this.chunks = [];
    this.chunkBytes = 0;
    this.needed = 32;
    while (buffered.length >= 32) {
      const kind = buffered[0]!;
      const size = kind === 1 ? 32 + buffered.readUInt32LE(4) * 4 : 32;
      if (buffered.length < size) {
        this.needed = size;
        break;
      }
      // A small packet is copied out, so it does not hold the socket's whole read buffer alive; a large one (a
      // GetImage reply, most of what comes) is most of what it is cut from, and copying it was a second pass over
      // every picture's pixels.
      const packet = size >= 4096 ? buffered.subarray(0, size) : Buffer.from(buffered.subarray(0, size));
      buffered = buffered.subarray(size);
      if (kind === 1) this.settle(packet.readUInt16LE(2), packet);
      else if (kind === 0) this.settle(packet.readUInt16LE(2), new X11Error(`X error ${packet[1]} (request ${packet[10]}.${packet.readUInt16LE(8)}, value 0x${packet.readUInt32LE(4).toString(16)})`));
      else for (const listener of [...this.listeners]) listener({ code: kind & 0x7f, bytes: packet });
    }
    if (buffered.length > 0) {
      this.chunks.push(buffered);
      this.chunkBytes = buffered.length;
    }
  }

  /** A reply or an error for sequence `seq`: the pending request it answers, or (an error) a request with no reply. */
  private settle(seq: number, result: Buffer | Error): void {
    const head = this.pending[0];
    if (head && head.seq === seq) {
      this.pending.shift();
      if (result instanceof Error) head.reject(result);
      else head.resolve(result);
    } else if (result instanceof Error) {
      this.voidErrors.push(result.message);
      if (this.voidErrors.length > 8) this.voidErrors.shift();
    }
  }

  private end(error: Error): void {
    if (this.closedWith) return;
    this.closedWith = error;
    for (const p of this.pending.splice(0)) p.reject(error);
    this.listeners.clear();
  }

  /** End the connection (idempotent). The X server frees every resource the client made, and the selections it owned. */
  close(): void {
    this.end(new X11Error('the X connection was closed'));
    this.socket.destroy();
  }
}
