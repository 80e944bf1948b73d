/**
 * `termprobe` in the user's own terminal, end to end: the real CLI (built) in
 * a real pseudo-terminal whose other end is xterm.js, and inside a private tmux.
 * The terminal must be left as it was (tty mode, screen, modes) on every exit.
 */
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/load-corpus.js';
import { runTarget } from '../engine/run-target.js';
import { comparableSignature } from '../report/self-report-compare.js';
import { parseResults } from '../results/read-results.js';
import type { ResultsFile } from '../results/results-schema.js';
import { unsafeForSelf } from '../targets/own-terminal/self-safety.js';
import { cleanTerminalEnv, PtyHost } from '../test-support/pty-host.js';
import { runCli } from '../test-support/cli.js';
import { PrivateTmux } from '../test-support/private-tmux.js';
import { haveProgram } from '../test-support/require-program.js';
import { BIN, childArgv, childConfig, hostExit, PRIOR_LINES, readChildReport, scratchDir, startInHost, waitForFile } from '../test-support/self-run.js';

const corpus = await loadCorpus();
let reference: ResultsFile;
const hosts: PtyHost[] = [];
const dirs: string[] = [];

beforeAll(async () => {
  reference = (await runTarget('xterm.js', corpus, corpus.probes, { cols: 80, rows: 24 })).results;
});

afterEach(() => {
  for (const h of hosts.splice(0)) h.kill();
});

afterAll(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function dir(): string {
  const d = scratchDir();
  dirs.push(d);
  return d;
}

function run(cliArgs: (d: string) => string[], opts: Parameters<typeof startInHost>[2] = {}) {
  const d = dir();
  const started = startInHost(d, cliArgs(d), opts);
  hosts.push(started.host);
  return { ...started, dir: d };
}

/** The terminal is as the prior content left it: tty mode, main screen, modes, cursor shown. */
async function expectRestored(host: PtyHost, config: ReturnType<typeof childConfig>) {
  const report = readChildReport(config);
  expect(report.sttyAfter).toBe(report.sttyBefore);
  expect(host.term.buffer.active.type).toBe('normal');
  expect(host.lines().slice(0, PRIOR_LINES.length)).toEqual(PRIOR_LINES);
  const modes = host.term.modes;
  expect({ cursorKeys: modes.applicationCursorKeysMode, keypad: modes.applicationKeypadMode, paste: modes.bracketedPasteMode, wrap: modes.wraparoundMode, insert: modes.insertMode, origin: modes.originMode, mouse: modes.mouseTrackingMode }).toEqual({ cursorKeys: true, keypad: true, paste: true, wrap: true, insert: false, origin: false, mouse: 'none' });
  expect(await host.ask('\x1b[?25$p')).toBe('\x1b[?25;1$y');
  // The title was never changed: the probes that set one (OSC 0/1/2 in 7-bit or C1 form) are skipped here.
  expect(host.titles).toEqual([]);
  return report;
}

/** G0 is ASCII again after the charset probes: a q printed now is a q, not a line (writes to the host's screen, so last). */
async function expectAsciiCharset(host: PtyHost) {
  await new Promise<void>((resolve) => host.term.write('\x1b7\x1b[24;80Hq\x1b8', resolve));
  expect(host.term.buffer.active.getLine(host.term.buffer.active.baseY + 23)?.getCell(79)?.getChars()).toBe('q');
}

function resultsIn(path: string): ResultsFile {
  return parseResults(readFileSync(path, 'utf8'), path);
}

describe('termprobe in a pseudo-terminal whose other end is xterm.js', () => {
  it('gives the answers the in-process xterm.js target gives, for every probe it may run, and leaves the terminal as it was', async () => {
    const { host, config, dir: d } = run((d) => ['--out', join(d, 'mine.json')]);
    await hostExit(host, 30_000);
    const report = await expectRestored(host, config);
    expect(report.code).toBe(0);
    await expectAsciiCharset(host);
    const mine = resultsIn(join(d, 'mine.json'));
    expect(mine.target.id).toBe('self');
    expect(mine.settings).toMatchObject({ cols: 80, rows: 24, term: 'xterm-256color', unicode: '11' });
    expect(mine.target.identity).toMatchObject({ name: 'xterm.js', identifiedBy: 'da2' });
    // Read before anything changed: the main screen, not the alternate one termprobe then entered.
    expect(mine.settings.modes).toMatchObject({ '?1049': 'reset', '?1': 'set', '?2004': 'set', '?7': 'set' });
    const refById = new Map(reference.probes.map((p) => [p.id, p]));
    const mismatches: string[] = [];
    for (const p of mine.probes) {
      const probe = corpus.byId.get(p.id)!;
      if (p.status === 'skipped') {
        expect(unsafeForSelf(probe) ?? (probe.size && probe.size !== '80x24' ? 'size' : undefined), p.id).toBeDefined();
        continue;
      }
      const a = comparableSignature(p);
      const b = comparableSignature(refById.get(p.id)!);
      if (a !== b) mismatches.push(`${p.id}\n  self:     ${a}\n  xterm.js: ${b}`);
    }
    expect(mismatches).toEqual([]);
    // The report follows the prior content on the main screen, and nothing else was written there.
    expect(host.lines()[PRIOR_LINES.length]).toMatch(/^termprobe: your terminal is xterm\.js/);
    expect(host.lines().join('\n')).toContain(`Results saved to ${join(d, 'mine.json')}`);
  });

  it('with --json and stdout redirected, prints the results on stdout, and still writes them to termprobe-results/ and says where', async () => {
    const d = dir();
    const config = { ...childConfig(d, []), cmd: ['sh', '-c', `exec "$0" "$1" --json > out.json`, process.execPath, BIN] };
    const [file, ...args] = childArgv(config);
    const host = new PtyHost(file!, args, { cwd: d });
    hosts.push(host);
    await hostExit(host, 30_000);
    await expectRestored(host, config);
    const printed = resultsIn(join(d, 'out.json'));
    const saved = join('termprobe-results', `self-${printed.target.identity.name}-${printed.target.identity.version}.json`);
    expect(resultsIn(join(d, saved)).probes).toEqual(printed.probes);
    expect(host.lines().join('\n')).toContain(`termprobe: results saved to ${saved}`);
  });

  it('gives the same answers when the terminal mixes garbage (keystrokes, pastes, mouse, focus) into its replies', async () => {
    const { host, config, dir: d } = run((d) => ['--out', join(d, 'noisy.json')], { answer: 'garbage' });
    await hostExit(host, 30_000);
    await expectRestored(host, config);
    const mine = resultsIn(join(d, 'noisy.json'));
    const refById = new Map(reference.probes.map((p) => [p.id, p]));
    const wrong = mine.probes.filter((p) => p.status !== 'skipped' && comparableSignature(p) !== comparableSignature(refById.get(p.id)!)).map((p) => p.id);
    expect(wrong).toEqual([]);
  });

  // The 3 s figure is a bench target (npm run bench -- self); here: it ends (no hang), says so, restores.
  it('ends promptly when the terminal answers nothing, says so, and restores the terminal', async () => {
    const { host, config, dir: d } = run((d) => ['--out', join(d, 'silent.json')], { answer: 'silent' });
    await hostExit(host, 10_000);
    const report = await expectRestored(host, config);
    console.log(`[silent terminal] termprobe ended after ${report.wallMs.toFixed(0)} ms (bench target < 3000 ms)`);
    expect(report.code).toBe(1); // a finding about the terminal, not an internal failure
    expect(host.lines().join('\n')).toMatch(/did not answer CSI 6n/);
    const mine = resultsIn(join(d, 'silent.json'));
    expect(new Set(mine.probes.map((p) => p.status))).toEqual(new Set(['no-reply']));
    expect(mine.probes).toHaveLength(corpus.probes.length);
  });

  for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143], ['SIGHUP', 129]] as const) {
    it(`${signal} halfway: exit ${code}, no results file, tty mode, screen and modes as before`, async () => {
      const { host, config, dir: d } = run((d) => ['--out', join(d, 'half.json')], { replyDelayMs: 2 });
      await host.afterReplies(Math.floor(corpus.probes.length / 2));
      const pid = Number(await waitForFile(`${config.report}.pid`, 5000));
      process.kill(pid, signal);
      await hostExit(host, 15_000);
      const report = await expectRestored(host, config);
      expect(report.code).toBe(code);
      expect(existsSync(join(d, 'half.json'))).toBe(false);
      expect(readdirSync(d).filter((f) => !f.startsWith('child.json'))).toEqual([]);
      // Nothing but the one-line message after the prior content: no probe output, no stray reply.
      expect(host.lines().slice(PRIOR_LINES.length)).toEqual([`termprobe: interrupted by ${signal}`]);
    });
  }

  it('probes at the size the terminal shows when the tty reports another (here 100x30 for an 80x24 emulator), and says so', async () => {
    const { host, config, dir: d } = run((d) => ['--out', join(d, 'sized.json')], { ptySize: { cols: 100, rows: 30 } });
    await hostExit(host, 30_000);
    await expectRestored(host, config);
    const mine = resultsIn(join(d, 'sized.json'));
    expect(mine.settings).toMatchObject({ cols: 80, rows: 24 });
    expect(host.lines().join('')).toMatch(/the tty says 100x30, but the terminal's cursor stops at 80x24/);
    const refById = new Map(reference.probes.map((p) => [p.id, p]));
    expect(mine.probes.filter((p) => p.status !== 'skipped' && comparableSignature(p) !== comparableSignature(refById.get(p.id)!)).map((p) => p.id)).toEqual([]);
  });

  it('Ctrl-C typed mid-run (a byte, in raw mode) stops the run like SIGINT', async () => {
    const { host, config, dir: d } = run((d) => ['--out', join(d, 'ctrl-c.json')], { replyDelayMs: 2 });
    await host.afterReplies(40);
    host.type('\x03');
    await hostExit(host, 15_000);
    const report = await expectRestored(host, config);
    expect(report.code).toBe(130);
    expect(existsSync(join(d, 'ctrl-c.json'))).toBe(false);
  });
});

describe('termprobe without a terminal (CI, a pipe)', () => {
  it('says so in one line and runs the embedded emulators instead', () => {
    const d = dir();
    const r = runCli(['--out', d], { cwd: d });
    expect(r.code).toBe(0);
    expect(r.stderr.split('\n')[0]).toBe('termprobe: no terminal on stdin/stdout, so running the embedded emulators (xterm.js, ghostty) instead');
    expect(readdirSync(d).sort()).toEqual(expect.arrayContaining([expect.stringMatching(/^ghostty-/), expect.stringMatching(/^xterm\.js-/)]));
  });

  it('writes to termprobe-results/ and prints the paths; its table prints whole probe ids; compare then finds those files', () => {
    const d = dir();
    const r = runCli([], { cwd: d });
    expect(r.code, r.stderr).toBe(0);
    const files = readdirSync(join(d, 'termprobe-results')).sort();
    expect(files).toEqual(['ghostty-0.4.0.json', 'xterm.js-6.0.0.json']);
    for (const f of files) expect(r.stderr).toContain(`→ termprobe-results/${f}`);
    // Every probe whose answers differ appears with its whole id in one cell, pasteable into `termprobe show`.
    const [a, b] = files.map((f) => resultsIn(join(d, 'termprobe-results', f)));
    const other = new Map(b!.probes.map((p) => [p.id, comparableSignature(p, true)]));
    const differing = a!.probes.filter((p) => other.get(p.id) !== comparableSignature(p, true)).map((p) => p.id);
    expect(differing.some((id) => id.length > 36)).toBe(true); // ids longer than the old 36-column cut
    const cells = new Set(r.stdout.split('\n').map((line) => line.split('│')[1]?.trim()));
    expect(differing.filter((id) => !cells.has(id))).toEqual([]);
    const compare = runCli(['compare'], { cwd: d });
    expect(compare.code, compare.stderr).toBe(0);
    expect(compare.stdout).toMatch(/ghostty 0\.4\.0/);
  });

  it('takes a results file as --reference and shows it in the table beside the emulators', () => {
    const d = dir();
    const r = runCli(['--reference', join(process.cwd(), 'src/report/fixtures/tmux-3.3a.json'), '--out', d], { cwd: d });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/among the 3 targets|│ tmux 3\.3a/);
  });
});

describe.skipIf(!haveProgram('tmux', 'tmux'))('termprobe inside tmux (private server, 80x24)', () => {
  const tmux = new PrivateTmux();
  afterAll(() => tmux.kill());

  it('identifies tmux and its version, and leaves the pane on its main screen with its prior content, cursor shown, stty unchanged', async () => {
    const d = dir();
    const config = childConfig(d, ['--out', join(d, 'tmux.json'), '--no-pager'], true);
    tmux.start(childArgv(config), 80, 24, d);
    const report = JSON.parse(await waitForFile(config.report, 30_000)) as ReturnType<typeof readChildReport>;
    expect(report.code).toBe(0);
    const mine = resultsIn(join(d, 'tmux.json'));
    expect(mine.target.identity).toMatchObject({ name: 'tmux', version: tmux.version(), identifiedBy: 'xtversion' });
    expect(mine.settings).toMatchObject({ cols: 80, rows: 24 });
    expect(report.sttyAfter).toBe(report.sttyBefore);
    expect(report.tmuxAfter).toBe(report.tmuxBefore);
    expect(report.tmuxBefore).toMatch(/keypad_cursor_flag=1 keypad_flag=1/);
    expect(tmux.display('#{alternate_on} #{cursor_flag}')).toBe('0 1');
    const lines = tmux.lines();
    expect(lines.slice(0, PRIOR_LINES.length)).toEqual(PRIOR_LINES);
    expect(lines[PRIOR_LINES.length]).toMatch(/^termprobe: your terminal is tmux /);
  });

  it('reports in at most 40 rows: modes as they were before the run, differences with their class letters, the summary first and last', async () => {
    const d = dir();
    const tmuxSelf = new PrivateTmux();
    try {
      const config = childConfig(d, ['--out', join(d, 'report.json'), '--no-pager'], true);
      tmuxSelf.start(childArgv(config), 80, 24, d);
      const report = JSON.parse(await waitForFile(config.report, 30_000)) as ReturnType<typeof readChildReport>;
      expect(report.code).toBe(0);
      // The pane's modes before the run (pty-child set ?1, the keypad and ?2004 on), as the results record them.
      const before = Object.fromEntries(report.tmuxBefore!.split(' ').map((kv) => kv.split('=') as [string, string]));
      const state = (flag: string) => (before[flag] === '1' ? 'set' : 'reset');
      const mine = resultsIn(join(d, 'report.json'));
      expect(mine.settings.modes).toMatchObject({ '?1049': state('alternate_on'), '?25': state('cursor_flag'), '?1': state('keypad_cursor_flag'), '?7': state('wrap_flag'), '?6': state('origin_flag'), '4': state('insert_flag') });
      expect(before['alternate_on']).toBe('0');
      const rows = tmuxSelf.lines().slice(PRIOR_LINES.length);
      expect(rows[0]).toMatch(/^termprobe: your terminal is tmux /);
      expect(rows.length, rows.join("\n")).toBeLessThanOrEqual(40);
      const joined = tmuxSelf.joinedLines().slice(PRIOR_LINES.length);
      const summaries = joined.filter((l) => l.startsWith('Summary: '));
      expect(summaries).toHaveLength(2);
      expect(joined.at(-1)).toBe(summaries[0]);
      expect(summaries[0]).toMatch(/^Summary: your terminal implements \d+ of \d+ probes its answers decide \(score [\d.]+, \d+ inconclusive\); \d+ of \d+ probes answer as xterm\.js \S+ at 80x24 does; \d+ differ \(([BDRUv-] \d+(, )?)+\); \d+ not compared\.$/);
      const differences = joined.filter((l) => /^ {4}[BDRUv-] [a-z-]+\.\S+/.test(l));
      expect(differences.length).toBeGreaterThan(0);
      for (const line of differences) expect(mine.probes.map((p) => p.id)).toContain(line.split(' ')[5]); // the whole id, pasteable into show
    } finally {
      tmuxSelf.kill();
    }
  });

  it('pages a report longer than the screen through $PAGER, and prints nothing itself', async () => {
    const d = dir();
    const tmuxSelf = new PrivateTmux();
    try {
      const config = { ...childConfig(d, ['--out', join(d, 'paged.json'), '--verbose'], true) };
      // Not under CI (which never gets a pager), as a user at a terminal.
      tmuxSelf.start(['env', '-u', 'CI', `PAGER=cat > ${join(d, 'paged.txt')}`, ...childArgv(config)], 80, 24, d);
      const report = JSON.parse(await waitForFile(config.report, 30_000)) as ReturnType<typeof readChildReport>;
      expect(report.code).toBe(0);
      const paged = readFileSync(join(d, 'paged.txt'), 'utf8').trimEnd().split('\n');
      expect(paged[0]).toMatch(/^termprobe: your terminal is tmux /);
      expect(paged.length).toBeGreaterThan(24);
      expect(paged.at(-1)).toMatch(/^Summary: /);
      expect(tmuxSelf.lines().slice(PRIOR_LINES.length)).toEqual([]);
    } finally {
      tmuxSelf.kill();
    }
  });

  it('with a client attached (a node-pty + xterm.js terminal), names the outer terminal from what tmux knows of its client', async () => {
    const d = dir();
    const outer = new PrivateTmux();
    try {
      const config = childConfig(d, ['--out', join(d, 'outer.json'), '--no-pager'], true);
      // The pane waits for the client before it runs termprobe.
      outer.start(['sh', '-c', 'tmux wait-for go && exec "$@"', 'sh', ...childArgv(config)], 80, 24, d);
      const client = new PtyHost('tmux', ['-L', outer.socket, 'attach'], { env: cleanTerminalEnv({ TERM: 'xterm-256color' }) });
      hosts.push(client);
      const t0 = Date.now();
      while (outer.display('#{session_attached}') !== '1' && Date.now() - t0 < 10_000) await new Promise((r) => setTimeout(r, 50));
      outer.run(['wait-for', '-S', 'go']);
      const report = JSON.parse(await waitForFile(config.report, 30_000)) as ReturnType<typeof readChildReport>;
      expect(report.code).toBe(0);
      const mine = resultsIn(join(d, 'outer.json'));
      expect(mine.target.identity).toMatchObject({ name: 'tmux', identifiedBy: 'xtversion', outer: { name: 'xterm-256color', identifiedBy: 'tmux client_termname (the outer TERM)' } });
    } finally {
      outer.kill();
    }
  });
});
