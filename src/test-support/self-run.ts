/**
 * Runs the real CLI (bin/termprobe.js, built) as the user would, in a test
 * terminal, through pty-child.js: prior content first, then the command, then
 * a report of the tty mode before and after. Helpers for the `self` tests and
 * the bench.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChildConfig, ChildReport } from './pty-child.js';
import { PtyHost, type HostOptions } from './pty-host.js';

export const BIN = fileURLToPath(new URL('../../bin/termprobe.js', import.meta.url));
/** The wrapper runs from the build, also when this file runs from src/ under vitest. */
export const CHILD = fileURLToPath(new URL('../../dist/test-support/pty-child.js', import.meta.url));

/** Prior content, and modes a shell or editor may have on: application cursor keys and keypad, bracketed paste. */
export const PRIOR_LINES = ['prior line one', 'prior line two'];
export const PRIOR = PRIOR_LINES.join('\r\n') + '\r\n\x1b[?1h\x1b=\x1b[?2004h';

export function scratchDir(): string {
  return mkdtempSync(join(tmpdir(), 'termprobe-self-'));
}

export function childConfig(dir: string, cliArgs: string[], linger = false, prior = PRIOR): ChildConfig {
  return { report: join(dir, 'child.json'), prior, cmd: [process.execPath, BIN, ...cliArgs], cwd: dir, linger };
}

export function childArgv(config: ChildConfig): string[] {
  return [process.execPath, CHILD, JSON.stringify(config)];
}

/** Poll for a file written by another process. */
export async function waitForFile(path: string, timeoutMs: number): Promise<string> {
  const t0 = Date.now();
  while (!existsSync(path)) {
    if (Date.now() - t0 > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms waiting for ${path}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return readFileSync(path, 'utf8');
}

export function readChildReport(config: ChildConfig): ChildReport {
  return JSON.parse(readFileSync(config.report, 'utf8')) as ChildReport;
}

/** The CLI in a node-pty + xterm.js host (after `prior`, PRIOR unless given); the host is returned for inspection (kill it when done). */
export function startInHost(dir: string, cliArgs: string[], opts: HostOptions & { prior?: string } = {}): { host: PtyHost; config: ChildConfig } {
  return childInHost(childConfig(dir, cliArgs, false, opts.prior), { cwd: dir, ...opts });
}

/**
 * pty-child.ts with `config` in a node-pty + xterm.js host that reads its output up to the wrapper's end mark before
 * the wrapper exits, so every byte the command wrote (a terminal's modes put back, the screen left) is in the host's
 * terminal once it has exited.
 */
export function childInHost(config: ChildConfig, opts: HostOptions = {}): { host: PtyHost; config: ChildConfig } {
  const marked = { ...config, endMark: `termprobe-pty-child-end-${randomBytes(8).toString('hex')}` };
  const [file, ...args] = childArgv(marked);
  return { host: new PtyHost(file!, args, { cwd: config.cwd, ...opts, endMark: marked.endMark }), config: marked };
}

/** Wait for the host's program to end, or fail after timeoutMs. */
export async function hostExit(host: PtyHost, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  // On failure, what the terminal shows says where the CLI stopped (a pager waiting, a probe hanging).
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`the CLI did not end within ${timeoutMs} ms; the screen's last rows: ${JSON.stringify(host.lines().slice(-6))}`)), timeoutMs)));
  try {
    await Promise.race([host.exited, timeout]);
    await host.settle();
  } finally {
    clearTimeout(timer);
  }
}
