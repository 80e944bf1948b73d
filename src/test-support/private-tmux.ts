/**
 * A tmux server of a test's own: a private socket (-L) in a folder of its own
 * (TMUX_TMPDIR: tmux makes tmux-UID in it, which in /tmp was left behind by
 * every run of the suite on a fresh machine), no configuration (-f /dev/null),
 * an environment with no trace of the caller's terminal, and kill() that ends
 * that server only and removes its folder. Never touches the user's tmux.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cleanTerminalEnv } from './pty-host.js';

let serial = 0;

export class PrivateTmux {
  readonly socket = `termprobe-test-${process.pid}-${++serial}`;
  /** Where the socket is (short: a socket path has a length limit). */
  private readonly dir = mkdtempSync(join(tmpdir(), 'tptmux-'));
  private readonly env = this.clientEnv();

  /** The environment a client of this server needs (its socket's folder), with `extra` added. */
  clientEnv(extra: Record<string, string> = {}): Record<string, string> {
    return cleanTerminalEnv({ TMUX_TMPDIR: this.dir, ...extra });
  }

  run(args: string[]): string {
    const r = spawnSync('tmux', ['-L', this.socket, '-f', '/dev/null', ...args], { env: this.env, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`tmux ${args[0]} failed: ${r.stderr.trim()}`);
    return r.stdout;
  }

  /** A detached session of the given size running argv directly (no shell). */
  start(argv: string[], cols = 80, rows = 24, cwd = process.cwd()): void {
    this.run(['new-session', '-d', '-x', String(cols), '-y', String(rows), '-c', cwd, '--', ...argv]);
  }

  display(format: string): string {
    return this.run(['display-message', '-p', '-t', '%0', format]).trim();
  }

  /** Every line of the pane, history included, trailing blank lines dropped. */
  lines(): string[] {
    const out = this.run(['capture-pane', '-p', '-S', '-', '-t', '%0']).split('\n').map((l) => l.replace(/\s+$/, ''));
    while (out.length > 0 && out[out.length - 1] === '') out.pop();
    return out;
  }

  /** The same, with lines the pane wrapped joined back (capture-pane -J). */
  joinedLines(): string[] {
    const out = this.run(['capture-pane', '-p', '-J', '-S', '-', '-t', '%0']).split('\n').map((l) => l.replace(/\s+$/, ''));
    while (out.length > 0 && out[out.length - 1] === '') out.pop();
    return out;
  }

    version(): string {
    return spawnSync('tmux', ['-V'], { encoding: 'utf8' }).stdout.trim().replace(/^tmux\s+/, '');
  }

  kill(): void {
    spawnSync('tmux', ['-L', this.socket, 'kill-server'], { env: this.env, stdio: 'ignore' });
    // The folder holds only this server's socket.
    rmSync(this.dir, { recursive: true, force: true });
  }
}
