/**
 * A byte relay any terminal can run as its command, so the engine can talk to a
 * terminal that is not a pipe by nature (multiplexers, GUI terminals).
 *
 * A private temp dir (mode 700) holds three FIFOs and a small sh script:
 *   in   engine → terminal: the script copies it to the tty (its screen)
 *   out  terminal → engine: the script copies the tty's input (the replies) here
 * A second copy of the script (a terminal that runs its command again, in a new pty or window) touches no FIFO:
 * it holds its tty and takes what is typed there, so the first copy's tty gets every byte termprobe writes.
 *   ctl  the script reports on it: "started <pid>", then "ready <rows> <cols> <pid> <TERM>"
 *        (the size `stty size` saw, also kept in the file `size`) or "error <text>"
 *        (while it waits for the expected size, the size it sees goes to the file `size-now`,
 *        and a file `stop-waiting` ends the wait)
 * The script sets the tty `raw -echo min 1 time 0` (GNU screen's pty comes with
 * min 0, where a read returns at once with nothing), optionally waits until the
 * tty has the expected size, and sends its own stderr to the file `stderr`.
 *
 * termprobe opens every FIFO read-write and non-blocking, and wraps it in a
 * libuv pipe (net.Socket): opening never blocks and never fails with ENXIO
 * (termprobe is a reader of `in` itself, so a writer always has a reader),
 * EAGAIN is retried by libuv when the pipe is writable again, and the event loop
 * never blocks. Writes made before the terminal is connected wait in the FIFO.
 *
 * API
 *   const relay = await FifoRelay.create({ expectSize: { cols: 80, rows: 24 } });
 *   relay.command / relay.argv   what the terminal must run (`/bin/sh <dir>/relay.sh`)
 *   await relay.connected({ timeoutMs, signal })  → { cols, rows } the tty had;
 *       rejects with RelayStartError "the terminal did not start its command within N s"
 *       (or "…started but …" with the script's stderr) — never hangs
 *   relay.size, relay.term       the size seen and $TERM, once connected
 *   relay.write(bytes)           queue bytes for the screen (copied; never blocks)
 *   await relay.drained()        resolves once everything written left the process
 *   relay.onData(fn)             replies as they come (queued until set)
 *   relay.fail(error)            reject a pending connected() (e.g. the terminal exited)
 *   await relay.close()          ends the relay's processes and removes the dir; idempotent
 *
 * RelaySession is the TargetSession over a relay (write, onData, close): a
 * target extends it with describe() and, where it can, readScreen/readCursor/
 * resize, and overrides stopTarget() to end its own processes; close() calls
 * stopTarget() first and then closes the relay, once, also on abort.
 */
import { constants, mkdtempSync, openSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { brokeredExecFile } from '../../util/exec-broker.js';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EngineIdentity } from '../target.js';
import type { Identity, Settings } from '../../results/results-schema.js';
import type { TargetSession } from '../target.js';
import { boundedWait } from './bounded-wait.js';
import { closeOnAbort } from './close-on-abort.js';
import { killNaming } from './command-line-sweep.js';

export interface RelaySize {
  cols: number;
  rows: number;
}

export interface RelayOptions {
  /** The script waits (up to sizeWaitMs) until the tty has this size before it reports ready. */
  expectSize?: RelaySize;
  /** How long the script waits for a non-zero (or the expected) size; default 3000 ms. */
  sizeWaitMs?: number;
  /** Prefix of the temp dir's name; default "termprobe-relay-". */
  prefix?: string;
}

export interface ConnectOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
}

export class RelayStartError extends Error {
  override name = 'RelayStartError';
}

const { O_RDWR, O_NONBLOCK } = constants;

export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

function relayScript(dir: string, opts: RelayOptions): string {
  const want = opts.expectSize ? `${opts.expectSize.rows} ${opts.expectSize.cols}` : '';
  const tries = Math.max(1, Math.ceil((opts.sizeWaitMs ?? 3000) / 20));
  return `# termprobe byte relay: ${dir}
d=${shellQuote(dir)}
# Only the first copy relays. A terminal that runs its command again (a new pty or window: mlterm's ctrl+F1 and
# ctrl+F2) starts a second copy, which holds its own tty and takes what is typed there, and touches no FIFO.
mkdir "$d/running" 2>/dev/null || { while read -r _; do :; done </dev/tty; exit 0; }
exec 2>"$d/stderr"
echo "started $$" >"$d/ctl"
stty raw -echo min 1 time 0 </dev/tty || { echo "error stty could not set the tty raw" >"$d/ctl"; exit 1; }
want=${shellQuote(want)}
n=0
while :; do
  s=$(stty size </dev/tty)
  echo "$s" >"$d/size-now"
  if [ -n "$want" ]; then [ "$s" = "$want" ] && break
  else case "$s" in ""|"0 "*|*" 0") ;; *) break ;; esac
  fi
  [ $n -ge ${tries} ] && break
  [ -e "$d/stop-waiting" ] && break
  n=$((n + 1))
  sleep 0.02
done
echo "$s" >"$d/size"
cat </dev/tty >"$d/out" &
echo "ready $s $! \${TERM:-}" >"$d/ctl"
exec cat <"$d/in"
`;
}

/** Open a FIFO read-write, non-blocking, as a libuv pipe. */
function openFifo(path: string, readable: boolean): Socket {
  const fd = openSync(path, O_RDWR | O_NONBLOCK);
  return new Socket({ fd, readable, writable: !readable });
}

/** Running (a zombie has ended: its parent, often init, reaps it in its own time). */
export function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^\d+ \(.*\) [ZX]/s.test(stat);
  } catch {
    return false;
  }
}

/** True when pid's file descriptor fd is the given path: the process is the relay's, not a reused pid. */
function holds(pid: number, fd: number, path: string): boolean {
  try {
    return readlinkSync(`/proc/${pid}/fd/${fd}`) === path;
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class FifoRelay {
  readonly dir: string;
  readonly scriptPath: string;
  /** The program and arguments a terminal runs (for `-e PROG ARGS…` style launchers). */
  readonly argv: string[];
  /** The same as one shell command string (for `-e "CMD"` style launchers and tmux/screen). */
  readonly command: string;
  size: RelaySize | undefined;
  /** $TERM as the terminal set it for its command, once connected. */
  term: string | undefined;

  private readonly inPath: string;
  private readonly outPath: string;
  private readonly input: Socket;
  private readonly output: Socket;
  private readonly control: Socket;
  private listener: ((data: Uint8Array) => void) | undefined;
  private queued: Uint8Array[] = [];
  private ctlText = '';
  private started = false;
  private pids: { main?: number; reader?: number } = {};
  private readonly ready: Promise<RelaySize>;
  private settle!: { resolve: (size: RelaySize) => void; reject: (error: Error) => void };
  private closed = false;

  /** `dir` holds the FIFOs and the script (create). */
  private constructor(dir: string) {
    this.dir = dir;
    this.inPath = join(this.dir, 'in');
    this.outPath = join(this.dir, 'out');
    this.scriptPath = join(this.dir, 'relay.sh');
    this.argv = ['/bin/sh', this.scriptPath];
    this.command = `/bin/sh ${shellQuote(this.scriptPath)}`;
    this.ready = new Promise<RelaySize>((resolve, reject) => (this.settle = { resolve, reject }));
    this.ready.catch(() => undefined); // a failure is reported through connected()
    this.input = openFifo(this.inPath, false);
    this.output = openFifo(this.outPath, true);
    this.control = openFifo(join(this.dir, 'ctl'), true);
    this.output.on('data', (chunk: Buffer) => this.deliver(chunk));
    this.control.on('data', (chunk: Buffer) => this.onControl(chunk.toString('utf8')));
    for (const s of [this.input, this.output, this.control]) s.on('error', (error) => this.fail(error));
  }

  static async create(opts: RelayOptions = {}): Promise<FifoRelay> {
    const dir = mkdtempSync(join(tmpdir(), opts.prefix ?? 'termprobe-relay-'));
    try {
      // mkfifo(1) through the exec helper: started from termprobe's own process, its fork() blocked the main thread
      // for the copy of a large process's page tables (1.2 s of a run of every target, `node --cpu-prof`).
      await new Promise<void>((resolve, reject) => {
        brokeredExecFile('mkfifo', ['-m', '600', ...['in', 'out', 'ctl'].map((name) => join(dir, name))], {}, (error, _stdout, stderr) => {
          if (error) reject(new Error(`mkfifo in ${dir} failed: ${stderr.trim() || error.message}`));
          else resolve();
        });
      });
      writeFileSync(join(dir, 'relay.sh'), relayScript(dir, opts), { mode: 0o700 });
    } catch (error) {
      rmSync(dir, { recursive: true, force: true });
      throw error;
    }
    return new FifoRelay(dir);
  }

  private onControl(text: string): void {
    this.ctlText += text;
    let nl: number;
    while ((nl = this.ctlText.indexOf('\n')) >= 0) {
      const line = this.ctlText.slice(0, nl).trim();
      this.ctlText = this.ctlText.slice(nl + 1);
      const [word, ...rest] = line.split(/\s+/);
      if (word === 'started') {
        this.started = true;
        this.pids.main = Number(rest[0]);
      } else if (word === 'ready') {
        const [rows, cols, reader] = rest.map(Number);
        this.pids.reader = reader;
        this.term = rest[3] || undefined;
        this.size = { cols: cols ?? 0, rows: rows ?? 0 };
        this.settle.resolve(this.size);
      } else if (word === 'error') {
        this.fail(new RelayStartError(`the relay could not start in the terminal: ${rest.join(' ')}${this.stderrNote()}`));
      }
    }
  }

  private stderrNote(): string {
    try {
      const text = readFileSync(join(this.dir, 'stderr'), 'utf8').trim();
      return text ? ` (stderr: ${text.split('\n').slice(-3).join(' | ')})` : '';
    } catch {
      return '';
    }
  }

  /** Wait until the terminal runs the relay; resolves with the size its tty had. */
  connected(opts: ConnectOptions = {}): Promise<RelaySize> {
    return boundedWait(this.ready, opts, (secs) => new RelayStartError(this.started
      ? `the terminal started its command but the relay was not ready within ${secs}${this.stderrNote()}`
      : `the terminal did not start its command within ${secs}`));
  }

  /**
   * The tty's size as the relay last saw it while it waits for the expected one (every 20 ms), before it
   * is ready; undefined until it has looked once. Lets a target size a window while the relay waits.
   */
  currentSize(): RelaySize | undefined {
    try {
      const [rows, cols] = readFileSync(join(this.dir, 'size-now'), 'utf8').trim().split(/\s+/).map(Number);
      return rows && cols ? { cols, rows } : undefined;
    } catch {
      return undefined;
    }
  }

  /** Make the relay stop waiting for the expected size and report the one it has (the caller's check then says so). */
  stopWaiting(): void {
    try {
      writeFileSync(join(this.dir, 'stop-waiting'), '');
    } catch {
      // closed meanwhile
    }
  }

  /** Make a pending or later connected() reject, e.g. because the terminal's process exited. */
  fail(error: Error): void {
    this.settle.reject(error);
  }

  write(data: Uint8Array): void {
    if (this.closed || data.length === 0) return;
    this.input.write(Buffer.from(data));
  }

  /** Resolves once every byte written so far has left this process (into the FIFO). */
  drained(): Promise<void> {
    if (this.closed || this.input.writableLength === 0) return Promise.resolve();
    return new Promise((resolve) => this.input.write(Buffer.alloc(0), () => resolve()));
  }

  onData(listener: (data: Uint8Array) => void): void {
    this.listener = listener;
    const queued = this.queued;
    this.queued = [];
    for (const chunk of queued) listener(chunk);
  }

  private deliver(chunk: Uint8Array): void {
    if (this.closed) return;
    if (this.listener) this.listener(chunk);
    else this.queued.push(chunk);
  }

  /** End the relay's processes (if the terminal left any), close the FIFOs, remove the dir. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.fail(new RelayStartError('the relay was closed before the terminal connected'));
    this.listener = undefined;
    this.queued = [];
    // Closing our end of `in` gives the relay's main cat end-of-file.
    for (const s of [this.input, this.output, this.control]) s.destroy();
    const mine = [
      this.pids.main !== undefined && holds(this.pids.main, 0, this.inPath) ? this.pids.main : undefined,
      this.pids.reader !== undefined && holds(this.pids.reader, 1, this.outPath) ? this.pids.reader : undefined,
    ].filter((pid): pid is number => pid !== undefined);
    for (const pid of mine) signal(pid, 'SIGTERM');
    for (let i = 0; i < 50 && mine.some(isAlive); i++) await sleep(10);
    for (const pid of mine) if (isAlive(pid)) signal(pid, 'SIGKILL');
    // Anything still naming the script (a window child not yet past its fork, a relay that never reported): ours, and done.
    await killNaming(this.scriptPath);
    rmSync(this.dir, { recursive: true, force: true });
  }
}

function signal(pid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(pid, sig);
  } catch {
    // already gone
  }
}

/** What describe() returns: identity parts and settings. */
export type Description = Partial<Identity> & { settings?: Partial<Settings>; engine?: EngineIdentity };

/**
 * A TargetSession over a FifoRelay. Subclasses add describe() and whatever
 * readback their terminal offers, and override stopTarget() to end their own
 * processes; close() runs it once, then closes the relay.
 */
export abstract class RelaySession implements TargetSession {
  private closing: Promise<void> | undefined;
  private readonly unwatch: () => void;

  constructor(protected readonly relay: FifoRelay, signal?: AbortSignal) {
    this.unwatch = closeOnAbort(signal, () => this.close());
  }

  get closed(): boolean {
    return this.closing !== undefined;
  }

  write(data: Uint8Array): void {
    if (!this.closing) this.relay.write(data);
  }

  onData(listener: (data: Uint8Array) => void): void {
    this.relay.onData(listener);
  }

  abstract describe(): Promise<Description>;

  /** End the terminal's own processes. Called once by close(), before the relay closes. */
  protected async stopTarget(): Promise<void> {}

  close(): Promise<void> {
    this.closing ??= (async () => {
      this.unwatch();
      try {
        await this.stopTarget();
      } finally {
        await this.relay.close();
      }
    })();
    return this.closing;
  }
}
