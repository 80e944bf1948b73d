/**
 * termprobe's end of the console relay's side channel (console-relay.ts): a TCP
 * server on 127.0.0.1, on a port the system picks, that accepts one connection
 * whose first line carries a one-time token. Any other connection (a wrong token,
 * no line within 256 bytes) is dropped and the wait goes on; once the relay is in,
 * the server stops listening. After that line the connection is a byte pipe:
 * write() goes to the console, onData() gets its replies, in order, in whatever
 * chunks they came.
 *
 * API (the shape of FifoRelay's, which the other relays use)
 *   const link = await RelayLink.listen()
 *   link.env                          what the relay's environment must hold
 *   await link.connected({ timeoutMs, signal })  → { cols, rows } the relay's console had
 *   link.write(bytes) / link.onData(fn) / link.onClose(fn)
 *   link.fail(error)                   reject a pending connected() (the relay exited)
 *   await link.close()                 drop the connection, stop listening; idempotent
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import { boundedWait } from '../common/bounded-wait.js';
import type { ConnectOptions, RelaySize } from '../common/fifo-relay.js';
import { TargetStartError } from '../target-start-error.js';

export const RELAY_ENV = 'TERMPROBE_CONSOLE_RELAY';
const GREETING = 'termprobe-relay';
const MAX_FIRST_LINE = 256;

/** "termprobe-relay <token> <cols> <rows>" → the size, when the token is the expected one. */
export function readFirstLine(line: string, token: string): RelaySize | undefined {
  const [greeting, given = '', cols, rows, ...rest] = line.split(' ');
  if (greeting !== GREETING || rest.length > 0 || given.length !== token.length) return undefined;
  if (!timingSafeEqual(Buffer.from(given), Buffer.from(token))) return undefined;
  const size = { cols: Number(cols), rows: Number(rows) };
  return Number.isInteger(size.cols) && Number.isInteger(size.rows) ? size : undefined;
}

export class RelayLink {
  readonly env: Record<string, string>;
  private socket: Socket | undefined;
  private listener: ((data: Uint8Array) => void) | undefined;
  private queued: Uint8Array[] = [];
  private closeListeners: (() => void)[] = [];
  private readonly ready: Promise<RelaySize>;
  private settle!: { resolve: (size: RelaySize) => void; reject: (error: Error) => void };
  private closed = false;
  private readonly candidates = new Set<Socket>();

  private constructor(private readonly server: Server, port: number, private readonly token: string) {
    this.env = { [RELAY_ENV]: `${port} ${token}` };
    this.ready = new Promise<RelaySize>((resolve, reject) => (this.settle = { resolve, reject }));
    this.ready.catch(() => undefined); // reported through connected()
    server.on('connection', (socket) => this.screen(socket));
  }

  static listen(): Promise<RelayLink> {
    const server = createServer({ noDelay: true });
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen({ host: '127.0.0.1', port: 0 }, () => {
        server.off('error', reject);
        const { port } = server.address() as { port: number };
        resolve(new RelayLink(server, port, randomBytes(32).toString('hex')));
      });
    });
  }

  /** A new connection: the relay if its first line names the token, else dropped. */
  private screen(socket: Socket): void {
    if (this.socket || this.closed) return void socket.destroy();
    this.candidates.add(socket);
    let head = Buffer.alloc(0);
    const drop = () => {
      this.candidates.delete(socket);
      socket.destroy();
    };
    const onHead = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk]);
      const nl = head.indexOf(0x0a);
      if (nl < 0) return void (head.length > MAX_FIRST_LINE && drop());
      const size = nl <= MAX_FIRST_LINE ? readFirstLine(head.subarray(0, nl).toString('latin1'), this.token) : undefined;
      if (!size || this.socket || this.closed) return drop();
      socket.off('data', onHead);
      this.candidates.delete(socket);
      this.adopt(socket, size, head.subarray(nl + 1));
    };
    socket.on('data', onHead);
    socket.on('error', drop);
    socket.on('close', () => this.candidates.delete(socket));
  }

  private adopt(socket: Socket, size: RelaySize, rest: Buffer): void {
    this.socket = socket;
    this.server.close(); // one-time: nobody else gets in
    for (const other of this.candidates) other.destroy();
    socket.on('data', (chunk: Buffer) => this.deliver(chunk));
    socket.on('close', () => {
      if (this.closed) return;
      for (const l of this.closeListeners) l();
    });
    if (rest.length > 0) this.deliver(rest);
    this.settle.resolve(size);
  }

  /** Wait until the relay is in; resolves with the size its console had. Never hangs: a time limit, the signal and fail() end it. */
  connected(opts: ConnectOptions = {}): Promise<RelaySize> {
    return boundedWait(this.ready, opts, (secs) => new TargetStartError(`the relay did not connect within ${secs}`));
  }

  fail(error: Error): void {
    this.settle.reject(error);
  }

  write(data: Uint8Array): void {
    if (this.closed || data.length === 0) return;
    if (!this.socket) throw new Error('the console relay is not connected yet');
    this.socket.write(data);
  }

  onData(listener: (data: Uint8Array) => void): void {
    this.listener = listener;
    for (const chunk of this.queued.splice(0)) listener(chunk);
  }

  /** Called once if the relay's connection ends while the link is open (the relay or its console went away). */
  onClose(listener: () => void): void {
    this.closeListeners.push(listener);
  }

  private deliver(chunk: Uint8Array): void {
    if (this.closed) return;
    if (this.listener) this.listener(chunk);
    else this.queued.push(chunk);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.fail(new TargetStartError('the console relay was closed before it connected'));
    this.listener = undefined;
    this.queued = [];
    this.socket?.destroy();
    for (const other of this.candidates) other.destroy();
    await new Promise<void>((resolve) => (this.server.listening ? this.server.close(() => resolve()) : resolve()));
  }
}
