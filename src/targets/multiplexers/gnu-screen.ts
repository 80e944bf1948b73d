/**
 * GNU screen as a target: a private session (`screen -D -m -S termprobe-<pid>-<n>`,
 * an empty `-c` config, UTF-8, no flow control) under a private SCREENDIR (mode
 * 700), whose one window runs the FIFO relay. Cursor from `screen -Q info`
 * (1-based), screen text from `screen -X hardcopy` (text only: screen 4 writes
 * the low byte of each cell, so what cannot be trusted comes back as U+FFFD;
 * see hardcopy-text.ts). Where the probe needs more (styles, the cursor, or a
 * cell the hardcopy cannot tell), the cells are read whole from screen's own
 * drawing on a display attached for the read (screen-display.ts), checked
 * against the hardcopy wherever the hardcopy is exact.
 *
 * A detached screen session is 80x24. Another size is set by attaching a
 * display of that size for a moment (screen fits its window to the display) and
 * detaching it again; the window keeps the size. The session is quit on close,
 * failure or abort, and its server process waited for.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { brokeredExecFile } from '../../util/exec-broker.js';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Region } from '../../corpus/probe-schema.js';
import type { ScreenAnswer } from '../../results/results-schema.js';
import { FifoRelay, isAlive, RelaySession, shellQuote, type Description } from '../common/fifo-relay.js';
import { checkPrograms } from '../common/find-program.js';
import { hardcopyAnswer, hardcopyDisagrees, writesNonAscii } from './hardcopy-text.js';
import { DISPLAY_SCREENRC, DISPLAY_TERM, ScreenDisplay } from './screen-display.js';
import { concatBytes } from '../common/reply-channel.js';

/** Bytes kept for the hardcopy check: far more than any probe and its prelude. */
const SINCE_READ_MAX = 1 << 16;
import { identityFromCommand } from '../common/program-version.js';
import type { OpenOptions, ScreenReadHints, SessionProcess, TargetFactory } from '../target.js';
import { makeSocketDir } from './socket-dir.js';
import { validateTargetOptions } from '../target-options.js';
import { startOrClose, TargetStartError, wrongSizeMessage } from '../target-start-error.js';
import { MuxInput } from './mux-input.js';
import { sweepMarked } from '../common/marked-processes.js';

const NAME = 'screen';
const START_TIMEOUT_MS = 10_000;
const DETACHED_SIZE = { cols: 80, rows: 24 };
/** `-Q info` is cut to the window width; "(999,999)/(999,999)" needs 19 columns. */
const MIN_COLS = 20;
let sessions = 0;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The window's name. screen names a window after the program it runs (the relay's `sh`) and answers
 * CSI 21 t with that name, not with a title set by OSC 0/2 (which sets its hardstatus): the name is
 * given with -t, one that no probe sets as a title, so the answer cannot be taken for a title a probe set.
 */
const WINDOW_NAME = 'screen-window-name';
const SCREEN_READ_NOTE = `text by hardcopy where the probe asks no style or cursor and the hardcopy is exact; else cells whole from screen's redraw on a display attached for the read (TERM=${DISPLAY_TERM}), replayed into xterm.js, checked against the hardcopy (a disagreement: the hardcopy text, and the probe's evidence says why). screen keeps bold, dim, underline, blink, reverse, SGR 3 (as standout), 256 palette colours, cursor visibility and DECSCUSR; not SGR 8, 9, 21, 53, 58 or direct colours`;
const WINDOW_TITLE_NOTE = `${WINDOW_NAME} (-t): screen names its window after the program it runs (here the relay, sh) and reports that name to CSI 21 t whatever title a probe set`;

/** `Screen version 4.09.00 (GNU) 30-Jan-22` → `4.09.00`. */
export function parseScreenVersion(line: string | undefined): string {
  return /version\s+(\S+)/i.exec(line ?? '')?.[1] ?? 'unknown';
}

/** `(8,3)/(80,24)+1024 -(-)flow UTF-8 0(sh)` → cursor (1-based) and size. */
export function parseScreenInfo(line: string): { row: number; col: number; cols: number; rows: number } {
  const m = /\((\d+),(\d+)\)\/\((\d+),(\d+)\)/.exec(line);
  if (!m) throw new TargetStartError(`screen -Q info gave "${line}", not (x,y)/(w,h)`);
  return { col: Number(m[1]), row: Number(m[2]), cols: Number(m[3]), rows: Number(m[4]) };
}

class ScreenSession extends RelaySession {
  private server: ChildProcess | undefined;
  private starting: Promise<void> | undefined;
  private reads = 0;
  /** Bytes written since the last screen read (the newest SINCE_READ_MAX bytes): what the read's probe sent. */
  private sinceRead: Uint8Array[] = [];
  private sinceReadBytes = 0;
  private lastInfo: ReturnType<typeof parseScreenInfo> | undefined;
  private readonly env: NodeJS.ProcessEnv;

  constructor(
    relay: FifoRelay,
    private readonly name: string,
    private cols: number,
    private rows: number,
    signal?: AbortSignal,
  ) {
    super(relay, signal);
    this.env = { ...process.env, SCREENDIR: this.sockets.path, LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8' };
    delete this.env['STY'];
    delete this.env['WINDOW'];
  }

  /** SCREENDIR: its own short folder, so every socket path fits. */
  private readonly sockets = makeSocketDir('termprobe-screen-');

  /**
   * screen clients (-Q, -X) not yet answered, each with the promise of its answer: ended on close, since one talking
   * to a quitting server can wait seconds; and waited for before SCREENDIR goes. The exec helper starts a client when
   * it reads the request: one asked for just before close may start only after close's sweep found no process, and
   * make the folder again (screen creates its SCREENDIR at start; CI once found it left after a Ctrl-C at 710 ms).
   */
  private readonly clients = new Map<{ kill(): void }, Promise<void>>();

  /**
   * `screen -S <session> args…`; resolves with stdout. Refused once the session is closed (but for the quit that closes
   * it): a client started after the socket folder is removed makes it again (screen creates its SCREENDIR at start), and
   * a read under way when Ctrl-C came asked for `-Q info` after close had removed it, leaving an empty folder.
   */
  private screen(args: string[], closing = false): Promise<string> {
    if (this.closed && !closing) return Promise.reject(new Error(`screen ${args.join(' ')}: the screen session is closed`));
    let answered!: () => void;
    const done = new Promise<void>((resolve) => (answered = resolve));
    return new Promise((resolve, reject) => {
      const client = brokeredExecFile('screen', ['-S', this.name, ...args], { env: this.env, timeout: 10_000 }, (error, stdout, stderr) => {
        this.clients.delete(client);
        answered();
        if (error) reject(new TargetStartError(`screen ${args.join(' ')}: ${String(stderr).trim() || String(stdout).trim() || error.message}`));
        else resolve(String(stdout));
      });
      this.clients.set(client, done);
    });
  }

  /** `-Q info`, asked again (up to 3 times) when it fails with no answer: under load its answer can go astray. */
  private async info() {
    for (let attempt = 1; ; attempt++) {
      try {
        return parseScreenInfo(await this.screen(['-Q', 'info']));
      } catch (error) {
        if (this.closed || attempt >= 3) throw error;
        await sleep(20);
      }
    }
  }

  start(): Promise<void> {
    return (this.starting ??= this.doStart());
  }

  private async doStart(): Promise<void> {
    const rc = join(this.relay.dir, 'screenrc');
    writeFileSync(rc, DISPLAY_SCREENRC);
    this.server = spawn('screen', ['-D', '-m', '-S', this.name, '-c', rc, '-U', '-fn', '-t', WINDOW_NAME, ...this.relay.argv], { env: this.env, stdio: 'ignore' });
    this.server.on('exit', (code, sig) => this.relay.fail(new TargetStartError(`screen exited (${sig ?? `status ${code}`}) before its window ran the relay`)));
    this.server.on('error', (error) => this.relay.fail(new TargetStartError(`screen could not start: ${error.message}`)));
    await this.relay.connected({ timeoutMs: START_TIMEOUT_MS });
    const wanted = { cols: this.cols, rows: this.rows };
    if (wanted.cols < MIN_COLS) throw new TargetStartError(`screen needs at least ${MIN_COLS} columns (asked for ${wanted.cols}): its -Q info answer, which gives the cursor, is cut to the window width`);
    if (wanted.cols !== DETACHED_SIZE.cols || wanted.rows !== DETACHED_SIZE.rows) await this.resize(wanted.cols, wanted.rows);
    const got = await this.info();
    if (got.cols !== wanted.cols || got.rows !== wanted.rows) throw new TargetStartError(wrongSizeMessage(NAME, got, wanted, 'from screen -Q info'));
  }

  /** Attach a display of the wanted size through script(1) until screen has fitted its window, then detach it. */
  async resize(cols: number, rows: number): Promise<void> {
    const attach = `stty rows ${rows} cols ${cols} && exec screen -x -S ${shellQuote(this.name)}`;
    const display = spawn('script', ['-qfec', attach, '/dev/null'], { env: { ...this.env, TERM: 'xterm' }, stdio: ['pipe', 'ignore', 'ignore'] });
    try {
      for (let i = 0; i < 200 && !this.closed; i++) {
        const now = await this.info();
        if (now.cols === cols && now.rows === rows) break;
        await sleep(10);
      }
    } finally {
      // Closed meanwhile (Ctrl-C): screen is quitting; end the display at once instead of detaching it.
      if (!this.closed) await this.screen(['-d']).catch(() => undefined);
      display.stdin?.end();
      await endProcess(display, this.closed ? 0 : 1000);
    }
    if (this.closed) throw new Error('the screen session closed while it was resized');
    const now = await this.info();
    if (now.cols !== cols || now.rows !== rows) throw new TargetStartError(`screen could not be resized to ${cols}x${rows}: it is ${now.cols}x${now.rows}`);
    this.cols = cols;
    this.rows = rows;
  }

  /** The screen server (`-D -m` does not fork: the process started is the server); its window's relay is the harness's. */
  processes(): SessionProcess[] {
    const pid = this.server?.pid;
    return pid !== undefined && isAlive(pid) ? [{ pid, own: true }] : [];
  }

  /** The input probes' display (mux-input.ts), attached when asked for. */
  private muxInput: MuxInput | undefined;

  get input(): MuxInput {
    return (this.muxInput ??= new MuxInput({
      name: 'screen',
      attach: ['screen', '-x', '-S', this.name],
      env: this.env,
      cols: this.cols,
      rows: this.rows,
      write: (bytes) => super.write(Buffer.from(bytes, 'latin1')),
    }));
  }

  override write(data: Uint8Array): void {
    if (this.muxInput) this.muxInput.dirty = true;
    this.lastInfo = undefined;
    // Kept until the next read, not judged per write: a probe's bytes may come in several writes
    // (run --chunking cuts them), and the designation that makes the hardcopy unreliable may sit in an earlier one.
    this.sinceRead.push(new Uint8Array(data));
    this.sinceReadBytes += data.length;
    while (this.sinceRead.length > 1 && this.sinceReadBytes - this.sinceRead[0]!.length >= SINCE_READ_MAX) this.sinceReadBytes -= this.sinceRead.shift()!.length;
    super.write(data);
  }

  /** The engine reads the cursor right after the screen: the -Q info that ended the hardcopy still holds, if nothing was written since. */
  async readCursor(): Promise<{ row: number; col: number }> {
    const { row, col } = this.lastInfo ?? (await this.info());
    return { row, col };
  }

  private displayReader: ScreenDisplay | undefined;

  async readScreen(region: Region, hints?: ScreenReadHints): Promise<ScreenAnswer> {
    // The engine writes a screen-reading probe last in its batch, so the last probe written is the one read.
    const suspect = writesNonAscii(concatBytes(this.sinceRead));
    this.sinceRead = [];
    this.sinceReadBytes = 0;
    const file = join(this.relay.dir, `hardcopy-${++this.reads}`);
    // One request at a time: with two screen clients at once, the -Q answer can go astray (it comes back empty).
    const bytes = await this.hardcopy(file);
    const info = (this.lastInfo = await this.info()); // kept for readCursor, which the engine calls next
    const text = hardcopyAnswer(bytes, region, this.cols, this.rows, suspect);
    const unread = text.text.some((row) => row.includes('\uFFFD'));
    if (hints?.styles === false && !hints.cursor && !unread) return text;
    // A display of the input probes' attached: the fence's message could go to it, so the text alone.
    if (this.muxInput?.attached) return text;
    let whole: ScreenAnswer;
    try {
      whole = await (this.displayReader ??= new ScreenDisplay(this.name, this.env)).read(region, info.cols, info.rows);
    } catch (error) {
      if (this.closed) throw error;
      hints?.note?.('screen.cells', `text only (hardcopy): ${(error as Error).message}`);
      return text;
    }
    const differs = hardcopyDisagrees(bytes, region, whole.cells ?? [], suspect);
    if (differs) {
      hints?.note?.('screen.cells', `text only (hardcopy): screen's drawing on a display disagrees with its hardcopy at ${differs}`);
      return text;
    }
    if (hints?.cursor) return whole;
    const { cursor: _cursor, ...cells } = whole;
    return cells;
  }

  /**
   * `-X` returns once the request is sent, not done: wait until the file holds
   * every row (screen writes one newline per row, in one go at fclose).
   */
  private async hardcopy(file: string): Promise<Buffer> {
    await this.screen(['-X', 'hardcopy', file]);
    for (let waited = 0; waited < 2000; waited += 2) {
      // Closed meanwhile (Ctrl-C): screen has quit and will write nothing more.
      if (this.closed) throw new Error('the screen session closed while its hardcopy was awaited');
      let bytes: Buffer | undefined;
      try {
        bytes = readFileSync(file);
      } catch {
        // not there yet
      }
      if (bytes && countNewlines(bytes) >= this.rows) {
        rmSync(file, { force: true });
        return bytes;
      }
      await sleep(2);
    }
    throw new Error(`screen did not write its hardcopy ${file} within 2 s`);
  }

  async describe(): Promise<Description> {
    return {
      ...(await identityFromCommand(NAME, 'screen', ['-v'], parseScreenVersion)),
      settings: {
        cols: this.cols,
        rows: this.rows,
        ...(this.relay.term ? { term: this.relay.term } : {}),
        options: { server: `screen -D -m -c <screenrc> -U -fn -t ${WINDOW_NAME}`, screenrc: DISPLAY_SCREENRC.trim().split('\n').join('; '), LANG: 'C.UTF-8', 'window name': WINDOW_TITLE_NOTE, screen: SCREEN_READ_NOTE },
      },
    };
  }

  protected override async stopTarget(): Promise<void> {
    await this.muxInput?.close();
    await this.displayReader?.close();
    try {
      await this.stopServer();
    } finally {
      // Every process of this session's (a client, script(1) and the shell it runs) holds SCREENDIR=<its folder>: none
      // may outlive the folder, or one that starts late (a resize's `screen -x`, which script(1) runs in a session of
      // its own, after Ctrl-C during start-up) makes it again: the folder was left 1 time in 4 Ctrl-Cs in a loaded run.
      // Every client asked for has been started and has ended (killed if still running), so none starts after the sweep.
      for (const client of this.clients.keys()) client.kill();
      await Promise.all(this.clients.values());
      await sweepMarked(this.sockets.path, 0, 'SCREENDIR');
      this.sockets.remove();
    }
  }

  private async stopServer(): Promise<void> {
    this.relay.fail(new TargetStartError('the screen session was closed while it started'));
    for (const client of this.clients.keys()) client.kill();
    await this.starting?.catch(() => undefined);
    if (this.server) {
      const running = this.server.exitCode === null && this.server.signalCode === null;
      const quitting = running ? this.screen(['-X', 'quit'], true).catch(() => undefined) : undefined;
      // A server cut short before its socket was up does not hear -X quit: SIGTERM (screen quits on it) soon after.
      await endProcess(this.server, 100);
      for (const client of this.clients.keys()) client.kill(); // a quit still waiting on the gone server
      await quitting;
    }
  }
}

function countNewlines(bytes: Uint8Array): number {
  let n = 0;
  for (const b of bytes) if (b === 0x0a) n++;
  return n;
}

/** Wait for a child to exit: SIGTERM it after `ms`, SIGKILL 500 ms later. */
async function endProcess(child: ChildProcess, ms: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const term = setTimeout(() => child.kill('SIGTERM'), ms);
  const kill = setTimeout(() => child.kill('SIGKILL'), ms + 500);
  await exited;
  clearTimeout(term);
  clearTimeout(kill);
  for (let i = 0; i < 50 && isAlive(child.pid); i++) await sleep(10);
}

export const screenTarget: TargetFactory = {
  name: NAME,
  kind: 'multiplexer',
  description: 'GNU screen: a private session whose window runs a byte relay; screen text via hardcopy, cells whole via a display attached for the read, cursor via -Q info',
  // screen 4.09 loses cursor reports when several screens of width items arrive at once: four batches
  // written together came back with 866 of their 884 reports, and the run fell into re-measuring
  // items alone (52,661 of 164,208 unanswered); two at a time lose none (30,000 items, 137 batches).
  maxBytesInFlight: 8192,
  available: async () =>
    checkPrograms([
      { program: 'screen', pkg: 'screen' },
      { program: 'script', pkg: 'bsdutils' },
      { program: 'stty', pkg: 'coreutils' },
      { program: 'mkfifo', pkg: 'coreutils' },
    ]),
  async open(opts: OpenOptions) {
    validateTargetOptions(NAME, opts.options, {});
    const relay = await FifoRelay.create({ prefix: 'termprobe-screen-', sizeWaitMs: 500 });
    const session = new ScreenSession(relay, `termprobe-${process.pid}-${++sessions}`, opts.cols, opts.rows, opts.signal);
    return startOrClose(session, opts.signal);
  },
};
