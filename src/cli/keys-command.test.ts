/**
 * `termprobe keys` in a real pseudo-terminal, the test playing the person: it presses the keys asked for (writes
 * what a terminal sends for them into the pty) and reads the screen. Each answer shows beside the spec and the
 * published answers; Ctrl-C ends it; the modes it set are reset and nothing is typed by termprobe.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanTerminalEnv, PtyHost } from '../test-support/pty-host.js';
import { BIN } from '../test-support/cli.js';
import { childInHost, readChildReport } from '../test-support/self-run.js';
import { RESULTS_SCHEMA_ID } from '../results/results-constants.js';

const hosts: PtyHost[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const h of hosts.splice(0)) h.kill();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A published-results folder with one terminal's answers to two keys (a results file, as `run` writes it). */
function published(): string {
  const d = mkdtempSync(join(tmpdir(), 'termprobe-keys-test-'));
  dirs.push(d);
  const results = join(d, 'results');
  mkdirSync(results);
  const run = (id: string, value: string) => ({ id, status: 'ok', replies: [{ query: 'input', value, raw: value }] });
  writeFileSync(join(results, 'urxvt-9.30.json'), JSON.stringify({
    schema: RESULTS_SCHEMA_ID, tool: { name: 'termprobe', version: '0.1.0' }, corpus: { hash: `sha256:${'0'.repeat(64)}`, probes: 2 },
    target: { id: 'urxvt', identity: { name: 'urxvt', version: '9.30', identifiedBy: 'dpkg', chain: {} } },
    settings: { cols: 80, rows: 24 }, run: { startedAt: '2025-01-01T00:00:00.000Z', elapsedMs: 1 },
    probes: [run('keys-legacy.up', '\\e[A'), run('keys-modifiers.shift-f5', '\\e[28~')],
  }));
  return d;
}

async function until(host: PtyHost, text: string): Promise<void> {
  for (let i = 0; i < 400; i++) {
    await host.settle();
    if (host.joinedLines().join('\n').includes(text)) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`never saw "${text}" on the screen:\n${host.joinedLines().join('\n')}`);
}

/**
 * `termprobe keys` in a node-pty + xterm.js terminal, through pty-child (childInHost: the terminal holds all the CLI
 * wrote once it has ended); `ended` resolves with the CLI's exit code then.
 */
function start(args: string[], cwd: string): PtyHost & { ended: () => Promise<number | null> } {
  const { host, config } = childInHost({ report: join(cwd, 'child.json'), prior: '', cmd: [process.execPath, BIN, 'keys', ...args], cwd }, { env: cleanTerminalEnv() });
  hosts.push(host);
  return Object.assign(host, {
    ended: async () => {
      await host.exited;
      await host.settle();
      return readChildReport(config).code;
    },
  });
}

describe('termprobe keys', () => {
  it('shows what each key sent, the spec, and the published terminals that sent the same or otherwise', async () => {
    const d = published();
    const host = start(['-p', 'keys-legacy.up,keys-modifiers.shift-f5', '--results', join(d, 'results')], d);
    await until(host, 'Press Up');
    host.type('\x1b[A');
    await until(host, 'Press shift+F5');
    host.type('\x1b[15;2~');
    const exitCode = await host.ended();
    const screen = host.joinedLines().join('\n');
    expect(exitCode).toBe(0);
    expect(screen).toMatch(/your terminal sent {2}\\e\[A {3}✓ implements/);
    expect(screen).toMatch(/your terminal sent {2}\\e\[15;2~ {3}✓ implements/);
    expect(screen).toMatch(/the spec {12}\\e\[15;2~/);
    expect(screen).toContain('same as               urxvt 9.30');
    expect(screen).toMatch(/\\e\[28~ +urxvt 9\.30/);
    expect(screen).toContain('2 of 2 keys sent what the spec says.');
  }, 30_000);

  it('ends on Ctrl-C, and puts back the modes it set (DECCKM here)', async () => {
    const d = published();
    const host = start(['-p', 'keys-legacy.decckm-up', '--results', join(d, 'results')], d);
    await until(host, 'Press Up');
    expect(host.term.modes.applicationCursorKeysMode).toBe(true);
    host.type('\x03');
    const exitCode = await host.ended();
    expect(exitCode).toBe(0);
    expect(host.joinedLines().join('\n')).toContain('Stopped.');
    expect(host.term.modes.applicationCursorKeysMode).toBe(false);
  }, 30_000);

  it('refuses a probe that is no key, and runs only in a terminal', async () => {
    const d = published();
    const host = start(['-p', 'mouse-tracking.normal-click-left'], d);
    const exitCode = await host.ended();
    expect(exitCode).toBe(2);
    expect(host.joinedLines().join('\n')).toContain('is not a key pressed and let go');
  }, 30_000);
});
