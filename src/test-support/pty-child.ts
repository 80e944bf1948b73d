/**
 * Runs inside a test terminal (a node-pty host or a tmux pane) around the real
 * CLI: prints some prior content (and may set modes), records `stty -a` (and,
 * inside tmux, the pane's flags) before and after, runs the command with the
 * terminal as its stdio, and writes what it saw as JSON. The CLI's pid goes to
 * `<report>.pid` as soon as it starts, so a test can signal it mid-run.
 *
 *   node dist/test-support/pty-child.js '<json ChildConfig>'
 */
import { spawn, spawnSync } from 'node:child_process';
import { renameSync, writeFileSync } from 'node:fs';
import { endMark } from '../record/end-mark.js';

export interface ChildConfig {
  report: string;
  /** Written to the terminal before anything else: prior content, modes to keep. */
  prior: string;
  cmd: string[];
  cwd?: string;
  /** Stay alive after writing the report (a tmux pane keeps its screen), until killed. */
  linger?: boolean;
  /**
   * A nonce: once the report is written, an end mark with it is written to the terminal (record/end-mark.ts), and the
   * wrapper exits when it gets SIGUSR2. The host (pty-host.ts) reads up to the mark, so it has every byte the command
   * wrote, before it lets the wrapper go: node-pty drops what it has not read 200 ms after it reports the exit.
   */
  endMark?: string;
}

export interface ChildReport {
  code: number | null;
  signal: string | null;
  wallMs: number;
  sttyBefore: string;
  sttyAfter: string;
  tmuxBefore?: string;
  tmuxAfter?: string;
}

/** tmux pane state that a run must leave as it found it (the title and colours without spaces, so the list splits on them). */
export const TMUX_PANE_FLAGS = ['alternate_on', 'cursor_flag', 'insert_flag', 'keypad_cursor_flag', 'keypad_flag', 'mouse_any_flag', 'mouse_sgr_flag', 'origin_flag', 'wrap_flag', 'scroll_region_upper', 'scroll_region_lower', 'pane_title', 'pane_fg', 'pane_bg'];

function stty(): string {
  return spawnSync('stty', ['-a'], { stdio: ['inherit', 'pipe', 'pipe'], encoding: 'utf8' }).stdout;
}

function tmuxFlags(): string | undefined {
  if (!process.env['TMUX']) return undefined;
  const format = TMUX_PANE_FLAGS.map((f) => `${f}=#{${f}}`).join(' ');
  return spawnSync('tmux', ['display-message', '-p', '-t', process.env['TMUX_PANE'] ?? '', format], { encoding: 'utf8' }).stdout.trim();
}

function writeAtomic(path: string, text: string): void {
  writeFileSync(`${path}.tmp`, text);
  renameSync(`${path}.tmp`, path);
}

async function main(): Promise<void> {
  const config = JSON.parse(process.argv[2]!) as ChildConfig;
  process.stdout.write(config.prior);
  const sttyBefore = stty();
  const tmuxBefore = tmuxFlags();
  const t0 = performance.now();
  const child = spawn(config.cmd[0]!, config.cmd.slice(1), { stdio: 'inherit', cwd: config.cwd ?? process.cwd() });
  writeAtomic(`${config.report}.pid`, String(child.pid));
  const [code, signal] = await new Promise<[number | null, string | null]>((resolve) => child.on('exit', (c, s) => resolve([c, s])));
  const report: ChildReport = { code, signal, wallMs: performance.now() - t0, sttyBefore, sttyAfter: stty() };
  if (tmuxBefore !== undefined) Object.assign(report, { tmuxBefore, tmuxAfter: tmuxFlags() });
  writeAtomic(config.report, JSON.stringify(report));
  if (config.endMark) {
    process.on('SIGUSR2', () => process.exit(0));
    process.stdout.write(endMark(config.endMark, { exit: code ?? 0 }));
    setInterval(() => {}, 60_000);
  } else if (config.linger) setInterval(() => {}, 60_000);
}

// The wrapper itself must outlive a Ctrl-C aimed at the CLI.
process.on('SIGINT', () => {});
await main();
