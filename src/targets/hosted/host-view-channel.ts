/**
 * A line channel to the program around a terminal (Neovim, Vim, Emacs), for
 * reading the screen as that program sees it. termprobe listens on a Unix
 * socket in the session's scratch dir; a few lines of the host's own script
 * language, loaded at its start (host-view-scripts.ts), connect to it and say
 * "hello". Then each request is one line holding its number, each answer one
 * line: the number, a tab, JSON. An answer that comes after its request gave
 * up is dropped, never taken for the next one. Every wait ends on the answer,
 * its time limit, the run's abort or close(), whichever comes first.
 */
import { rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { ScreenReadError } from '../gui/gui-screen-read.js';

interface Pending {
  resolve(line: string): void;
  reject(error: Error): void;
}

export class HostViewChannel {
  private readonly server: Server;
  private socket: Socket | undefined;
  private buffered = '';
  private hello: Pending | undefined;
  /** The greeting, once it came (it may come before anyone waits for it). */
  private greeting: string | undefined;
  private readonly pending = new Map<number, Pending>();
  private requests = 0;
  private closed = false;

  private constructor(readonly path: string) {
    this.server = createServer((socket) => this.accept(socket));
    this.server.on('error', (error) => this.failAll(error));
  }

  /** Listen on `path` (a socket file that must not exist yet). */
  static async listen(path: string): Promise<HostViewChannel> {
    const channel = new HostViewChannel(path);
    await new Promise<void>((resolve, reject) => {
      channel.server.once('error', reject);
      channel.server.listen(path, () => {
        channel.server.off('error', reject);
        resolve();
      });
    });
    return channel;
  }

  private accept(socket: Socket): void {
    // One host, one connection: a second one is not ours to serve.
    if (this.socket || this.closed) return void socket.destroy();
    this.socket = socket;
    socket.setEncoding('utf8');
    socket.on('data', (text: string) => this.receive(text));
    socket.on('error', () => undefined); // reported as the close below
    socket.on('close', () => this.failAll(new ScreenReadError('the program around the terminal closed its screen channel')));
  }

  private receive(text: string): void {
    this.buffered += text;
    let nl: number;
    while ((nl = this.buffered.indexOf('\n')) >= 0) {
      const line = this.buffered.slice(0, nl).replace(/\r$/, '');
      this.buffered = this.buffered.slice(nl + 1);
      if (this.greeting === undefined) {
        this.greeting = line;
        const h = this.hello;
        this.hello = undefined;
        h?.resolve(line);
        continue;
      }
      const tab = line.indexOf('\t');
      const id = Number(line.slice(0, tab));
      const p = tab > 0 ? this.pending.get(id) : undefined;
      if (!p) continue; // an answer to a request that gave up
      this.pending.delete(id);
      p.resolve(line.slice(tab + 1));
    }
  }

  private failAll(error: Error): void {
    const waiting = [...(this.hello ? [this.hello] : []), ...this.pending.values()];
    this.hello = undefined;
    this.pending.clear();
    for (const p of waiting) p.reject(error);
  }

  /** Wait for the host to connect and greet (its script ran). */
  connected(timeoutMs: number, signal?: AbortSignal): Promise<string> {
    if (this.greeting !== undefined && !this.closed) return Promise.resolve(this.greeting);
    return this.wait(timeoutMs, signal, `the program around the terminal did not connect to ${this.path}`, (p) => (this.hello = p));
  }

  /** Send one request; resolves with the answer's JSON text. */
  request(timeoutMs: number, signal?: AbortSignal): Promise<string> {
    const socket = this.socket;
    if (!socket || this.closed) return Promise.reject(new ScreenReadError('the screen channel is not connected'));
    const id = ++this.requests;
    return this.wait(timeoutMs, signal, 'the program around the terminal did not answer a screen request', (p) => {
      this.pending.set(id, p);
      socket.write(`${id}\n`);
    }, () => this.pending.delete(id));
  }

  private wait(timeoutMs: number, signal: AbortSignal | undefined, what: string, start: (p: Pending) => void, forget: () => void = () => undefined): Promise<string> {
    if (this.closed) return Promise.reject(new ScreenReadError('the screen channel is closed'));
    if (signal?.aborted) return Promise.reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    return new Promise<string>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      };
      const entry: Pending = {
        resolve: (line) => {
          done();
          resolve(line);
        },
        reject: (error) => {
          done();
          reject(error);
        },
      };
      const drop = (error: Error) => {
        forget();
        if (this.hello === entry) this.hello = undefined;
        entry.reject(error);
      };
      const timer = setTimeout(() => drop(new ScreenReadError(`${what} within ${timeoutMs / 1000} s`)), timeoutMs);
      const onAbort = () => drop(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
      signal?.addEventListener('abort', onAbort, { once: true });
      start(entry);
    });
  }

  /** Stop listening, drop the connection, reject whatever waits, remove the socket file. Idempotent. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.failAll(new ScreenReadError('the screen channel was closed'));
    this.socket?.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    rmSync(this.path, { force: true });
  }
}
