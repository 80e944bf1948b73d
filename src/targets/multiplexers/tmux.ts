/**
 * tmux as a target: a private server (`-L termprobe-<pid>-<n>`, `-f /dev/null`,
 * its socket under a private TMUX_TMPDIR) with one session of the requested
 * size whose pane runs the FIFO relay, so the engine's bytes land on the pane's
 * screen and tmux's replies come back. A control-mode client reads the cursor
 * (`display -p`) and the screen (`capture-pane -p -e -N`, turned into cells by
 * the embedded targets' reader). The server is killed on close, failure or abort.
 */
import { execFile } from 'node:child_process';
import type { Region } from '../../corpus/probe-schema.js';
import type { ScreenAnswer } from '../../results/results-schema.js';
import { StyledRowsReader } from './capture-cells.js';
import { FifoRelay, isAlive, RelaySession, type Description } from '../common/fifo-relay.js';
import { checkPrograms } from '../common/find-program.js';
import { identityFromCommand } from '../common/program-version.js';
import type { OpenOptions, SessionProcess, TargetFactory } from '../target.js';
import { makeSocketDir, type SocketDir } from './socket-dir.js';
import { validateTargetOptions } from '../target-options.js';
import { startOrClose, TargetStartError, wrongSizeMessage } from '../target-start-error.js';
import { TmuxControl } from './tmux-control.js';
import { MuxInput } from './mux-input.js';

const NAME = 'tmux';
const SESSION = 'termprobe';
const START_TIMEOUT_MS = 10_000;
let servers = 0;

function run(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('tmux', args, { env, timeout: 10_000 }, (error, stdout, stderr) => {
      if (error) reject(new TargetStartError(`tmux ${args.join(' ')}: ${String(stderr).trim() || error.message}`));
      else resolve(String(stdout));
    });
  });
}

/** `tmux 3.3a` → `3.3a`. */
export function parseTmuxVersion(line: string | undefined): string {
  return /^tmux\s+(\S+)/.exec(line ?? '')?.[1] ?? 'unknown';
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

class TmuxSession extends RelaySession {
  private control: TmuxControl | undefined;
  private serverPid: number | undefined;
  private term: string | undefined;
  private readonly cells = new StyledRowsReader();

  constructor(
    relay: FifoRelay,
    private readonly server: string,
    private readonly env: NodeJS.ProcessEnv,
    private cols: number,
    private rows: number,
    signal: AbortSignal | undefined,
    /** TMUX_TMPDIR: its own short folder, so the socket path fits; removed on close. */
    private readonly sockets: SocketDir,
  ) {
    super(relay, signal);
  }

  private get args(): string[] {
    return ['-L', this.server];
  }

  private starting: Promise<void> | undefined;

  start(): Promise<void> {
    return (this.starting ??= this.doStart());
  }

  private async doStart(): Promise<void> {
    const { cols, rows } = this;
    await run([...this.args, '-f', '/dev/null', '-u', 'new-session', '-d', '-x', String(cols), '-y', String(rows), '-s', SESSION, this.relay.command], this.env);
    const seen = await this.relay.connected({ timeoutMs: START_TIMEOUT_MS });
    if (this.closed) throw new Error('the tmux session was closed while it started');
    this.control = new TmuxControl(this.args, SESSION, this.env);
    const [info = ''] = await this.control.command(`display -p -t ${SESSION} '#{pid} #{window_width} #{window_height}'`);
    const [pid, width, height] = info.split(' ').map(Number);
    this.serverPid = pid;
    if (seen.cols !== cols || seen.rows !== rows || width !== cols || height !== rows) {
      throw new TargetStartError(wrongSizeMessage(NAME, seen, { cols, rows }, `tmux says its window is ${width}x${height}`));
    }
    this.term = (await this.control.command('show-options -gv default-terminal'))[0];
  }

  private get ctl(): TmuxControl {
    if (!this.control || this.closed) throw new Error('the tmux session is closed');
    return this.control;
  }

  /** The server (the terminal) and the control client (the harness's); the pane's relay runs under the server. */
  processes(): SessionProcess[] {
    const out: SessionProcess[] = [];
    if (this.serverPid !== undefined && isAlive(this.serverPid)) out.push({ pid: this.serverPid, own: true });
    const client = this.control?.pid;
    if (client !== undefined && isAlive(client)) out.push({ pid: client, own: false });
    return out;
  }

  /** The input probes' client (mux-input.ts), made when asked for: attaching one changes what tmux draws. */
  private muxInput: MuxInput | undefined;

  get input(): MuxInput {
    return (this.muxInput ??= new MuxInput({
      name: 'tmux',
      attach: ['tmux', ...this.args, 'attach-session', '-t', SESSION],
      env: this.env,
      cols: this.cols,
      rows: this.rows,
      write: (bytes) => super.write(Buffer.from(bytes, 'latin1')),
      // No status line: the pane keeps the client's 24 rows. tmux's other options stay as 3.3a sets them (mouse off,
      // focus-events off, extended-keys off, escape-time 500).
      beforeAttach: async () => {
        await this.ctl.command('set -g status off');
        return { 'input.tmux-options': 'status off (the pane has the client\'s rows); every other option as tmux 3.3a sets it: mouse off, focus-events off, extended-keys off, escape-time 500' };
      },
    }));
  }

  override write(data: Uint8Array): void {
    if (this.muxInput) this.muxInput.dirty = true;
    super.write(data);
  }

  async readCursor(): Promise<{ row: number; col: number }> {
    const [line = ''] = await this.ctl.command(`display -p -t ${SESSION} '#{cursor_x} #{cursor_y}'`);
    const [x, y] = line.split(' ').map(Number);
    return { row: (y ?? 0) + 1, col: (x ?? 0) + 1 };
  }

  async readScreen(region: Region): Promise<ScreenAnswer> {
    const lines = await this.ctl.command(`capture-pane -p -e -N -t ${SESSION} -S ${region.top - 1} -E ${region.bottom - 1}`);
    return this.cells.read(lines, region, this.cols, this.rows, 'capture-pane');
  }

  async resize(cols: number, rows: number): Promise<void> {
    await this.ctl.command(`resize-window -t ${SESSION} -x ${cols} -y ${rows}`);
    this.cols = cols;
    this.rows = rows;
  }

  async describe(): Promise<Description> {
    return {
      ...(await identityFromCommand(NAME, 'tmux', ['-V'], parseTmuxVersion)),
      settings: {
        cols: this.cols,
        rows: this.rows,
        ...(this.term ? { term: this.term } : {}),
        options: { server: `tmux -f /dev/null -u new-session -x ${this.cols} -y ${this.rows}`, LANG: 'C.UTF-8' },
      },
    };
  }

  protected override async stopTarget(): Promise<void> {
    await this.muxInput?.close();
    try {
      await this.stopServer();
    } finally {
      this.cells.dispose();
      this.sockets.remove();
    }
  }

  private async stopServer(): Promise<void> {
    // Let a start still under way finish or fail first, so nothing it starts outlives the kill.
    this.relay.fail(new TargetStartError('the tmux session was closed while it started'));
    await this.starting?.catch(() => undefined);
    // A start cut short may have launched the server without learning its pid: ask, so its exit can be awaited too.
    const pid = this.serverPid ?? (await run([...this.args, 'display-message', '-p', '#{pid}'], this.env).then((out) => Number(out.trim()) || undefined, () => undefined));
    await run([...this.args, 'kill-server'], this.env).catch(() => undefined);
    await this.control?.close();
    for (let i = 0; pid !== undefined && i < 100 && isAlive(pid); i++) await sleep(10);
    if (pid !== undefined && isAlive(pid)) process.kill(pid, 'SIGKILL');
  }
}

export const tmuxTarget: TargetFactory = {
  name: NAME,
  kind: 'multiplexer',
  description: 'tmux: a private server whose pane runs a byte relay; screen via capture-pane, cursor via a control-mode client',
  available: async () => checkPrograms([{ program: 'tmux', pkg: 'tmux' }, { program: 'stty', pkg: 'coreutils' }, { program: 'mkfifo', pkg: 'coreutils' }]),
  async open(opts: OpenOptions) {
    validateTargetOptions(NAME, opts.options, {});
    const relay = await FifoRelay.create({ expectSize: { cols: opts.cols, rows: opts.rows }, prefix: 'termprobe-tmux-' });
    const sockets = makeSocketDir('termprobe-tmux-');
    const env: NodeJS.ProcessEnv = { ...process.env, LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8', TMUX_TMPDIR: sockets.path };
    delete env['TMUX'];
    delete env['TMUX_PANE'];
    const session = new TmuxSession(relay, `termprobe-${process.pid}-${++servers}`, env, opts.cols, opts.rows, opts.signal, sockets);
    return startOrClose(session, opts.signal);
  },
};
