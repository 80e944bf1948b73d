/**
 * The site's files written on a thread of their own. Making a file is kernel
 * work the page-making thread need not wait for: 3,200 new files took 1.1 ms each
 * on these machines' disks under load (0.3 ms idle), a third of `termprobe site`'s
 * time, while making the pages' text took as long again. The pages are made on the
 * main thread and handed over in batches; two threads write them (and link the
 * pictures), each the files of its own folders in order, and flush() says when all
 * are on disk or why one failed, with the file-system error's code kept so the CLI
 * words it as before.
 */
import { copyFileSync, linkSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { compactResultsCopy, type ResultsCopy } from './compact-results.js';
import { trimHtml } from './trim-html.js';

type Op = { write: string; content: string | Uint8Array } | { page: string; html: string } | { text: string; content: string } | { link: string; from: string } | { gzip: string; copy: ResultsCopy };
type Reply = { done: number; bytes: number } | { failed: { message: string; code?: string; path: string } };

/** Ops handed over per message: one message per file cost more than the write saved. */
const BATCH = 64;

/** A worker runs compiled JavaScript: run from the TypeScript sources (the tests, in-process), the writes happen on this thread. */
const COMPILED = import.meta.url.endsWith('.js');

/** Carries out ops in order; the first failure ends the writing. */
class Writes {
  done = 0;
  bytes = 0;
  /** The build's absolute paths, taken out of every text written (write-site.ts buildPaths). */
  constructor(private readonly hidden: readonly string[]) {}

  #clean(text: string): Buffer {
    let out = text;
    for (const dir of this.hidden) if (out.includes(dir)) out = out.split(dir).join('');
    const bytes = Buffer.from(out);
    this.bytes += bytes.length;
    return bytes;
  }

  failed: Extract<Reply, { failed: unknown }>['failed'] | undefined;
  apply(ops: Op[]): void {
    for (const op of ops) {
      if (this.failed) return;
      const path = 'write' in op ? op.write : 'page' in op ? op.page : 'text' in op ? op.text : 'gzip' in op ? op.gzip : op.link;
      try {
        if ('write' in op) writeFileSync(path, op.content);
        else if ('page' in op) writeFileSync(path, this.#clean(trimHtml(op.html)));
        else if ('text' in op) writeFileSync(path, this.#clean(op.content));
        else if ('gzip' in op) {
          const gz = compactResultsCopy(op.copy);
          writeFileSync(path, gz);
          this.bytes += gz.length;
        } else {
          try {
            linkSync(op.from, path);
          } catch {
            copyFileSync(op.from, path);
          }
        }
      } catch (e) {
        const err = e as NodeJS.ErrnoException;
        this.failed = { message: err.message, ...(err.code ? { code: err.code } : {}), path };
        return;
      }
      this.done++;
    }
  }
  reply(): Reply {
    return this.failed ? { failed: this.failed } : { done: this.done, bytes: this.bytes };
  }
}

/** One thread of the writer and the ops handed to it (or, run from the TypeScript sources, this thread's own Writes). */
interface Lane {
  worker: Worker | undefined;
  here: Writes | undefined;
  pending: Op[];
  sent: number;
  done: number;
  bytes: number;
  /** Ops given to it so far: a new folder goes to the lane with fewer. */
  given: number;
}

/**
 * Threads that write: two, each with the files of its own folders. Making a file takes its folder's lock in the
 * kernel, and on this machine's journal-less ext4 after other processes deleted many files it cost 0.4 ms or more a
 * file in kernel time: once the pages are made, both cores can create files, and two threads filling two folders
 * made 3,000 files in 0.5-1.2 s where one took 1.1-1.4 s.
 */
const LANES = 2;

export class WriterThread {
  readonly #lanes: Lane[];
  /** Each folder's lane, so a folder's files are made by one thread, in order. */
  readonly #laneOf = new Map<string, Lane>();
  #failure: Error | undefined;
  #waiting: (() => void) | undefined;

  /** hidden: absolute paths to take out of every text written (the build's folders). */
  constructor(hidden: readonly string[] = []) {
    this.#lanes = Array.from({ length: COMPILED ? LANES : 1 }, () => {
      const lane: Lane = { worker: undefined, here: undefined, pending: [], sent: 0, done: 0, bytes: 0, given: 0 };
      if (COMPILED) {
        const worker = new Worker(new URL(import.meta.url), { workerData: hidden });
        worker.on('message', (r: Reply) => this.#answer(lane, r));
        worker.on('error', (e) => {
          this.#failure ??= e;
          this.#waiting?.();
        });
        lane.worker = worker;
      } else lane.here = new Writes(hidden);
      return lane;
    });
  }

  #answer(lane: Lane, r: Reply): void {
    if ('failed' in r) {
      const e = Object.assign(new Error(r.failed.message), r.failed.code ? { code: r.failed.code, path: r.failed.path } : { path: r.failed.path });
      this.#failure ??= e;
    } else {
      lane.done = r.done;
      lane.bytes = r.bytes;
    }
    if (this.#failure || this.#lanes.every((l) => l.done === l.sent)) this.#waiting?.();
  }

  /** The first write that failed, if one has (so a build stops early rather than at flush). */
  get failure(): Error | undefined {
    return this.#failure;
  }

  /** Bytes of the files these threads made themselves (texts, pages and the results copies), as of the last flush. */
  get bytes(): number {
    return this.#lanes.reduce((n, l) => n + l.bytes, 0);
  }

  write(path: string, content: string | Buffer): void {
    this.#push({ write: path, content }, path);
  }

  /** A text file, the build's paths taken out there. */
  text(path: string, content: string): void {
    this.#push({ text: path, content }, path);
  }

  /** A page, the build's paths taken out and its optional end tags left out there (trim-html.ts). */
  page(path: string, html: string): void {
    this.#push({ page: path, html }, path);
  }

  /** A results file's gzipped copy, made there (compact-results.ts). */
  resultsCopy(path: string, copy: ResultsCopy): void {
    this.#push({ gzip: path, copy }, path);
  }

  /** A hard link to a file (a copy where the file systems differ). */
  link(from: string, path: string): void {
    this.#push({ link: path, from }, path);
  }

  #push(op: Op, path: string): void {
    const folder = dirname(path);
    let lane = this.#laneOf.get(folder);
    if (!lane) {
      lane = this.#lanes.reduce((a, b) => (b.given < a.given ? b : a));
      this.#laneOf.set(folder, lane);
    }
    lane.given++;
    lane.pending.push(op);
    if (lane.pending.length >= BATCH) this.#send(lane);
  }

  #send(lane: Lane): void {
    if (lane.pending.length === 0) return;
    lane.sent += lane.pending.length;
    const ops = lane.pending;
    lane.pending = [];
    if (lane.worker) lane.worker.postMessage(ops);
    else {
      lane.here!.apply(ops);
      this.#answer(lane, lane.here!.reply());
    }
  }

  /** Resolves when every file handed over is written; rejects with the first failure. */
  async flush(): Promise<void> {
    for (const lane of this.#lanes) this.#send(lane);
    while (!this.#failure && this.#lanes.some((l) => l.done < l.sent)) await new Promise<void>((resolve) => (this.#waiting = resolve));
    this.#waiting = undefined;
    if (this.#failure) throw this.#failure;
  }

  /** Ends the threads (after flush, or at once when the build failed or was interrupted). */
  async close(): Promise<void> {
    await Promise.all(this.#lanes.map((l) => l.worker?.terminate()));
  }
}

if (!isMainThread && parentPort) {
  const port = parentPort;
  const writes = new Writes(workerData as string[]);
  port.on('message', (ops: Op[]) => {
    if (writes.failed) return;
    writes.apply(ops);
    port.postMessage(writes.reply());
  });
}
