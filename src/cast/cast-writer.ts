/**
 * Write a cast file: events are appended to a temporary file beside the target
 * as they come, and the file appears under its name only when the recording
 * ends well (commit); an aborted recording leaves nothing behind.
 */
import { closeSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { CastCode, CastHeader } from './cast-format.js';

export class CastWriter {
  private readonly tmp: string;
  private fd: number | undefined;
  private last = 0;

  constructor(private readonly path: string, header: CastHeader) {
    this.tmp = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
    this.fd = openSync(this.tmp, 'w');
    writeSync(this.fd, JSON.stringify(header) + '\n');
  }

  /** One event; times are clamped so they never go back. */
  event(seconds: number, code: CastCode, data: string): void {
    if (this.fd === undefined) throw new Error('cast writer is closed');
    this.last = Math.max(this.last, Math.round(seconds * 1e6) / 1e6);
    writeSync(this.fd, JSON.stringify([this.last, code, data]) + '\n');
  }

  commit(): void {
    if (this.fd === undefined) return;
    closeSync(this.fd);
    this.fd = undefined;
    renameSync(this.tmp, this.path);
  }

  abort(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
    rmSync(this.tmp, { force: true });
  }
}
