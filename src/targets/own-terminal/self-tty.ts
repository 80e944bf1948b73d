/**
 * The byte pipe to the user's own terminal: its controlling tty (/dev/tty), so
 * `termprobe --json > file` still probes the terminal. Three descriptors, each
 * with one job: a tty.ReadStream for replies (libuv makes it non-blocking), a
 * blocking descriptor that only this module writes (writes never reorder, and
 * the exit hook can still write synchronously), and a tty.WriteStream that is
 * never written, only asked for the window size.
 */
import { spawn } from 'node:child_process';
import { closeSync, openSync, writeSync } from 'node:fs';
import tty from 'node:tty';

const TTY_PATH = '/dev/tty';

export class TtyLink {
  private readonly reader: tty.ReadStream;
  private readonly sizer: tty.WriteStream;
  private readonly writeFd: number;
  private raw = false;
  private closed = false;
  /** Set once a write or read failed (the terminal went away): later writes are dropped. */
  dead = false;
  private deadListener: ((reason: string) => void) | undefined;

  private constructor(readFd: number, writeFd: number, sizeFd: number) {
    this.reader = new tty.ReadStream(readFd);
    this.sizer = new tty.WriteStream(sizeFd);
    this.writeFd = writeFd;
    // A hung-up terminal makes reads fail; that must not crash the restoration.
    this.reader.on('error', (e) => this.die(`reading the terminal failed (${(e as NodeJS.ErrnoException).code ?? e.message})`));
    this.reader.on('end', () => this.die('the terminal closed'));
    this.sizer.on('error', () => {});
  }

  /** Open the controlling terminal, or throw with the reason. */
  static open(): TtyLink {
    const fds: number[] = [];
    try {
      for (const mode of ['r', 'w', 'w'] as const) fds.push(openSync(TTY_PATH, mode));
      return new TtyLink(fds[0]!, fds[1]!, fds[2]!);
    } catch (e) {
      for (const fd of fds) closeSync(fd);
      throw e;
    }
  }

  /** Whether a controlling terminal can be opened at all. */
  static available(): { ok: true } | { ok: false; reason: string } {
    try {
      closeSync(openSync(TTY_PATH, 'r'));
      return { ok: true };
    } catch (e) {
      return { ok: false, reason: `no controlling terminal (${TTY_PATH}: ${(e as NodeJS.ErrnoException).code ?? 'cannot be opened'})` };
    }
  }

  get size(): { cols: number; rows: number } {
    const [cols, rows] = this.sizer.getWindowSize();
    return { cols, rows };
  }

  onResize(listener: () => void): void {
    this.sizer.on('resize', listener);
  }

  /** Raw mode, at once (before the first query, so no reply is echoed). */
  enterRaw(): void {
    this.reader.setRawMode(true);
    this.raw = true;
  }

  /**
   * Output post-processing off too: libuv's raw mode keeps OPOST, so the tty
   * would turn every LF of a probe into CR LF. Resolves to a note when
   * `stty -opost` could not run (probes with LF then see CR LF). leaveRaw()
   * puts OPOST back with the rest of the saved mode.
   */
  disableOutputProcessing(): Promise<string | undefined> {
    return new Promise((resolve) => {
      const child = spawn('stty', ['-opost'], { stdio: [this.writeFd, 'ignore', 'pipe'] });
      let err = '';
      child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
      child.on('error', (e) => resolve(`stty -opost could not run (${e.message}); LF in probes reaches the terminal as CR LF`));
      child.on('close', (code) => resolve(code === 0 ? undefined : `stty -opost failed (${err.trim() || `exit ${code}`}); LF in probes reaches the terminal as CR LF`));
    });
  }

  onData(listener: (data: Uint8Array) => void): void {
    this.reader.on('data', (chunk: Buffer) => listener(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.length)));
  }

  /** Synchronous, in order; a failure (EIO after a hangup) marks the link dead instead of throwing. */
  write(data: Uint8Array | string): void {
    if (this.dead || this.closed) return;
    const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    try {
      let at = 0;
      while (at < bytes.length) at += writeSync(this.writeFd, bytes, at, bytes.length - at);
    } catch (e) {
      this.die(`writing to the terminal failed (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
    }
  }

  private die(reason: string): void {
    if (this.dead || this.closed) return;
    this.dead = true;
    this.deadListener?.(reason);
  }

  /** Called once, when the terminal goes away (hangup, closed window) before close(). */
  onDead(listener: (reason: string) => void): void {
    this.deadListener = listener;
  }

  /** Put the tty mode back exactly as it was (libuv saved it before raw mode). Synchronous. */
  leaveRaw(): void {
    if (!this.raw) return;
    this.raw = false;
    try {
      this.reader.setRawMode(false);
    } catch {
      this.dead = true;
    }
  }

  close(): void {
    if (this.closed) return;
    this.leaveRaw();
    this.closed = true;
    this.reader.removeAllListeners('data');
    this.reader.destroy();
    this.sizer.destroy();
    try {
      closeSync(this.writeFd);
    } catch {
      // already gone
    }
  }
}
