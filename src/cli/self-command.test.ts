/**
 * `termprobe` in the user's own terminal, end to end: the real CLI (built) in
 * a real pseudo-terminal whose other end is xterm.js, and inside a private tmux.
 * The terminal must be left as it was (tty mode, screen, modes) on every exit.
 */
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/load-corpus.js';
import { probeSession, runTarget } from '../engine/run-target.js';
import { comparableSignature } from '../report/self-report-compare.js';
import { parseResults } from '../results/read-results.js';
import type { ResultsFile } from '../results/results-schema.js';
import { unsafeForSelf } from '../targets/own-terminal/self-safety.js';
import { openXtermBuild } from '../targets/embedded/xterm-js.js';
import { PtyHost } from '../test-support/pty-host.js';
import { runCli } from '../test-support/cli.js';
import { PrivateTmux } from '../test-support/private-tmux.js';
import { unwrapReport } from '../test-support/unwrap-report.js';
import { haveProgram } from '../test-support/require-program.js';
import { BIN, childArgv, childConfig, childInHost, hostExit, PRIOR, PRIOR_LINES, readChildReport, scratchDir, startInHost, waitForFile } from '../test-support/self-run.js';
import { outsideReports, reportingXtermBuild, reportsAfter, type ReportOptions } from '../test-support/terminal-reports.js';

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

/**
 * The CLI in the host's pty with --no-pager: the report of a whole run is longer than the host's 24 rows, and without
 * CI set (npm test at a developer's terminal, as the README's quick start runs it) less would wait on it. Paging has
 * its own test below.
 */
function run(cliArgs: (d: string) => string[], opts: Parameters<typeof startInHost>[2] = {}) {
  const d = dir();
  const args = cliArgs(d);
  const started = startInHost(d, args.includes('--no-pager') ? args : [...args, '--no-pager'], opts);
  hosts.push(started.host);
  return { ...started, dir: d };
}

/**
 * What a user's shell or editor may have set outside the screen before termprobe runs: a title and icon
 * title, a palette entry, the background, kitty keyboard flags pushed (the reports host answers for them all).
 */
const PRIOR_OUTSIDE = '\x1b]2;prior title\x1b\\\x1b]1;prior icon\x1b\\\x1b]4;1;rgb:aa/bb/cc\x1b\\\x1b]11;rgb:10/20/30\x1b\\\x1b[>1u';

/** A skipped probe says why: refused in any terminal, or what it changes was not reported, or its size. */
function expectSkipReason(p: ResultsFile['probes'][number]) {
  const probe = corpus.byId.get(p.id)!;
  // Input probes: nothing is typed into the user's terminal (termprobe keys asks the user to press the keys).
  const why = (probe.input && p.note?.startsWith('input: nothing is typed into your own terminal') ? p.note : undefined) ?? unsafeForSelf(probe) ?? (p.note?.includes('so it could not be put back') || p.note?.includes('so they could not be put back') ? p.note : undefined) ?? (probe.size && probe.size !== '80x24' ? 'size' : undefined);
  expect(why, p.id).toBeDefined();
}

/** The colours, titles and keyboard flags the reports host answers are as `prior` left them. */
async function expectOutsideRestored(host: PtyHost, reports: ReportOptions) {
  expect(await outsideReports(host.term)).toEqual(await reportsAfter(PRIOR_OUTSIDE, reports));
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
  // A terminal that does not report its title keeps it: the probes that set one (OSC 0/1/2 in 7-bit or C1 form) are skipped.
  if (!host.reports) expect(host.titles).toEqual([]);
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
      if (p.status === 'skipped') {
        expectSkipReason(p);
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
    // Headless xterm.js reports no colour and no title: what changes them is skipped, and one line says so.
    expect(mine.probes.find((p) => p.id === 'osc-colours.set-11')?.note).toBe('skipped in your own terminal: it changes colours your terminal did not report (OSC 11), so they could not be put back');
    expect(unwrapReport(host.lines())).toContain('note: title not reported by your terminal: 14 probes skipped; icon title not reported: 1 probe skipped; colours not reported (256 palette entries and OSC 10, 11, 12, 17, 19): 23 probes skipped');
  });

  it('in a terminal that reports its colours, title and keyboard flags, runs the probes that change them, answers as the same xterm.js in process does, and puts them all back', async () => {
    const reports = { titleStack: true };
    // Its report is longer than the screen (the colour and title probes differ from plain xterm.js): no pager.
    const { host, config, dir: d } = run((d) => ['--out', join(d, 'mine.json'), '--no-pager'], { reports, prior: PRIOR + PRIOR_OUTSIDE });
    await hostExit(host, 30_000);
    expect((await expectRestored(host, config)).code).toBe(0);
    await expectOutsideRestored(host, reports);
    await expectAsciiCharset(host);
    const mine = resultsIn(join(d, 'mine.json'));
    // The twin: the embedded target's xterm.js with the same reports, after the same prior state.
    const session = await openXtermBuild(reportingXtermBuild(reports, PRIOR_OUTSIDE), { cols: 80, rows: 24, options: {} }, 'xterm.js');
    let twin: ResultsFile;
    try {
      twin = (await probeSession('xterm.js', session, corpus, corpus.probes, { cols: 80, rows: 24 })).results;
    } finally {
      await session.close();
    }
    const twinById = new Map(twin.probes.map((p) => [p.id, p]));
    const mismatches: string[] = [];
    for (const p of mine.probes) {
      if (p.status === 'skipped') {
        expectSkipReason(p);
        continue;
      }
      const a = comparableSignature(p);
      const b = comparableSignature(twinById.get(p.id)!);
      if (a !== b) mismatches.push(`${p.id}\n  self: ${a}\n  twin: ${b}`);
    }
    expect(mismatches).toEqual([]);
    const status = (id: string) => mine.probes.find((p) => p.id === id)?.status;
    for (const id of ['osc-colours.set-palette-rgb', 'osc-colours.reset-palette-all', 'osc-colours.set-11', 'osc-colours.set-10-chained', 'window-ops.title-osc-2', 'window-ops.icon-osc-1', 'window-ops.title-stack-nested', 'parser.osc-cancelled-by-can', 'kitty-keyboard.push-31']) expect(status(id), id).toBe('ok');
    // OSC 17 and 19 go unanswered here, as in xterm.js: their probes are skipped, and said so.
    expect(status('osc-colours.set-17')).toBe('skipped');
    expect(unwrapReport(host.lines())).toContain('note: colours not reported by your terminal (OSC 17, 19): 4 probes skipped');
  });

  it('with --json and stdout redirected, prints the results on stdout, and still writes them to termprobe-results/ and says where', async () => {
    const d = dir();
    const { host, config } = childInHost({ ...childConfig(d, []), cmd: ['sh', '-c', `exec "$0" "$1" --json > out.json`, process.execPath, BIN] });
    hosts.push(host);
    await hostExit(host, 30_000);
    await expectRestored(host, config);
    const printed = resultsIn(join(d, 'out.json'));
    const saved = join('termprobe-results', `self-${printed.target.identity.name}-${printed.target.identity.version}.json`);
    expect(resultsIn(join(d, saved)).probes).toEqual(printed.probes);
    expect(host.lines().join('\n')).toContain(`termprobe: results saved to ${saved}`);
  });

  it('with stdout redirected to a file (termprobe > report.txt typed in a terminal), probes that terminal, writes its report to the file and says so on the terminal', async () => {
    const d = dir();
    const { host, config } = childInHost({ ...childConfig(d, []), cmd: ['sh', '-c', `exec "$0" "$1" > report.txt`, process.execPath, BIN] });
    hosts.push(host);
    await hostExit(host, 30_000);
    await expectRestored(host, config);
    const report = readFileSync(join(d, 'report.txt'), 'utf8');
    expect(report).toMatch(/^termprobe: your terminal is xterm\.js /);
    expect(unwrapReport(report.trimEnd().split('\n')).at(-1)).toMatch(/^Summary: your terminal implements \d+ of \d+ probes/);
    expect(host.lines().join('\n')).toContain('termprobe: probing this terminal; stdout is not one, so the report goes there');
    expect(readdirSync(join(d, 'termprobe-results'))).toEqual([expect.stringMatching(/^self-xterm\.js-/)]);
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

  for (const size of [{ cols: 60, rows: 15 }, { cols: 20, rows: 5 }]) {
    it(`in a ${size.cols}x${size.rows} terminal: exit 0, the answers of the same xterm.js at that size, and how many probes were skipped for size and why`, async () => {
      const { host, config, dir: d } = run((d) => ['--out', join(d, 'small.json'), '--no-pager'], size);
      await hostExit(host, 60_000);
      const report = await expectRestored(host, config);
      expect(report.code).toBe(0);
      const mine = resultsIn(join(d, 'small.json'));
      expect(mine.settings).toMatchObject(size);
      const small = (await runTarget('xterm.js', corpus, corpus.probes, size)).results;
      const refById = new Map(small.probes.map((p) => [p.id, p]));
      expect(mine.probes.filter((p) => p.status !== 'skipped' && comparableSignature(p) !== comparableSignature(refById.get(p.id)!)).map((p) => p.id)).toEqual([]);
      const tooSmall = mine.probes.filter((p) => p.note?.startsWith('too small: '));
      // Every line fits the window; read as one text (at 20 columns a wrapped line and the next can share an indent).
      for (const line of host.lines()) expect([...line.trimEnd()].length).toBeLessThanOrEqual(size.cols);
      const said = host.lines().join(' ').replace(/\s+/g, ' ');
      if (tooSmall.length === 0) expect(said).toContain(`size ${size.cols}x${size.rows}: every probe fitted, none was skipped for size`);
      else expect(said).toMatch(new RegExp(`${tooSmall.length} probes skipped for size: your window is ${size.cols}x${size.rows}, and they need more rows or columns \\(e\\.g\\. \\S+ needs \\d+x\\d+\\)`));
      if (size.cols === 20) expect(tooSmall.length).toBeGreaterThan(0);
    }, 90_000);
  }

  it('SIGINT at a random point, in a terminal that reports its colours and title but has no title stack: all of them as before', async () => {
    const reports = { titleStack: false };
    const { host, config } = run((d) => ['--out', join(d, 'random.json')], { reports, prior: PRIOR + PRIOR_OUTSIDE, replyDelayMs: 2 });
    // Counted in DA1 replies: from the state read before the first probe to the last probe.
    // The input probes send nothing in your own terminal (nothing is typed there), so they are not drawn from.
    const at = 1 + Math.floor(Math.random() * corpus.probes.filter((p) => !p.input).length);
    console.log(`[random interrupt] SIGINT after ${at} DA1 replies`);
    await host.afterReplies(at);
    const pid = Number(await waitForFile(`${config.report}.pid`, 5000));
    try {
      process.kill(pid, 'SIGINT');
    } catch {
      // already ended: the run was shorter than the point drawn
    }
    await hostExit(host, 15_000);
    const report = await expectRestored(host, config);
    expect([130, 0], `exit code at ${at}`).toContain(report.code);
    await expectOutsideRestored(host, reports);
    await expectAsciiCharset(host);
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
    // The summary first, then the command that shows every difference, then the 20 most telling, each with its whole id.
    const [a, b] = files.map((f) => resultsIn(join(d, 'termprobe-results', f)));
    const other = new Map(b!.probes.map((p) => [p.id, comparableSignature(p, true)]));
    const differing = a!.probes.filter((p) => other.get(p.id) !== comparableSignature(p, true)).map((p) => p.id);
    expect(r.stdout.split('\n').slice(0, 2)).toEqual([
      `${differing.length} of ${a!.probes.length} probes differ between xterm.js 6.0.0 and ghostty 0.4.0.`,
      'Every difference with its verdict (bug, deliberate, …): termprobe compare termprobe-results/*.json --only-differences',
    ]);
    const cellsOf = (out: string) => out.split('\n').map((line) => line.split('│')[1]?.trim()).filter((c): c is string => c !== undefined && c !== '' && c !== 'probe');
    const shown = cellsOf(r.stdout);
    expect(shown).toHaveLength(20);
    for (const id of shown) expect(differing).toContain(id);
    expect(r.stdout).toContain(`… ${differing.length - 20} more: termprobe --all lists them here`);
    // --all: every probe whose answers differ, with its whole id in one cell, pasteable into \`termprobe show\`.
    const all = runCli(['--all'], { cwd: d });
    expect(differing.some((id) => id.length > 36)).toBe(true); // ids longer than the old 36-column cut
    const cells = new Set(cellsOf(all.stdout));
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

/**
 * A pane title and a background set before the run: tmux keeps both (#{pane_title}, #{pane_bg}); it answers
 * OSC 11 once a pane set the background, and termprobe reads the title from tmux (tmux 3.3a answers no CSI 21 t).
 */
const TMUX_PRIOR_OUTSIDE = '\x1b]2;prior-title\x1b\\\x1b]11;rgb:10/20/30\x1b\\';

describe.skipIf(!haveProgram('tmux', 'tmux'))('termprobe inside tmux (private server, 80x24)', () => {
  const tmux = new PrivateTmux();
  afterAll(() => tmux.kill());

  it('SIGINT at a random point: the pane\'s title, colours, modes and prior content as before', async () => {
    const d = dir();
    const tmuxSig = new PrivateTmux();
    try {
      const config = childConfig(d, ['--out', join(d, 'sig.json'), '--no-pager'], true, PRIOR + TMUX_PRIOR_OUTSIDE);
      tmuxSig.start(childArgv(config), 80, 24, d);
      const pid = Number(await waitForFile(`${config.report}.pid`, 10_000));
      // A random point once the run is under way: the pane in the alternate screen, then a random number of round trips to tmux.
      while (tmuxSig.display('#{alternate_on}') !== '1' && !existsSync(config.report)) await new Promise((r) => setImmediate(r));
      const trips = Math.floor(Math.random() * 60);
      console.log(`[random interrupt in tmux] SIGINT after ${trips} round trips to tmux`);
      for (let i = 0; i < trips; i++) tmuxSig.display('#{alternate_on}');
      try {
        process.kill(pid, 'SIGINT');
      } catch {
        // already ended
      }
      const report = JSON.parse(await waitForFile(config.report, 30_000)) as ReturnType<typeof readChildReport>;
      expect([130, 0]).toContain(report.code);
      expect(report.tmuxBefore).toMatch(/pane_title=prior-title pane_fg=default pane_bg=#102030/);
      expect(report.tmuxAfter).toBe(report.tmuxBefore);
      expect(report.sttyAfter).toBe(report.sttyBefore);
      expect(tmuxSig.lines().slice(0, PRIOR_LINES.length)).toEqual(PRIOR_LINES);
    } finally {
      tmuxSig.kill();
    }
  });

  it('identifies tmux and its version, and leaves the pane on its main screen with its prior content, title and colours, cursor shown, stty unchanged', async () => {
    const d = dir();
    const config = childConfig(d, ['--out', join(d, 'tmux.json'), '--no-pager'], true, PRIOR + TMUX_PRIOR_OUTSIDE);
    tmux.start(childArgv(config), 80, 24, d);
    const report = JSON.parse(await waitForFile(config.report, 30_000)) as ReturnType<typeof readChildReport>;
    expect(report.code).toBe(0);
    const mine = resultsIn(join(d, 'tmux.json'));
    expect(mine.target.identity).toMatchObject({ name: 'tmux', version: tmux.version(), identifiedBy: 'xtversion' });
    expect(mine.settings).toMatchObject({ cols: 80, rows: 24 });
    expect(report.sttyAfter).toBe(report.sttyBefore);
    expect(report.tmuxAfter).toBe(report.tmuxBefore);
    expect(report.tmuxBefore).toMatch(/keypad_cursor_flag=1 keypad_flag=1/);
    expect(report.tmuxBefore).toMatch(/pane_title=prior-title pane_fg=default pane_bg=#102030/);
    // The background and the title (read from tmux) are put back, so the probes that change them run; an APC string sets tmux's title.
    const status = (id: string) => mine.probes.find((p) => p.id === id)?.status;
    expect([status('osc-colours.set-11'), status('osc-colours.set-10'), status('window-ops.title-osc-2'), status('parser.apc-swallowed')]).toEqual(['ok', 'skipped', 'ok', 'ok']);
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
      // Every line fits the 80 columns (wrapped at spaces, never by the terminal mid-word): rejoined to read them.
      for (const row of rows) expect([...row].length, row).toBeLessThanOrEqual(80);
      const joined = unwrapReport(tmuxSelf.joinedLines().slice(PRIOR_LINES.length));
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
      expect(unwrapReport(paged).at(-1)).toMatch(/^Summary: /);
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
      const client = new PtyHost('tmux', ['-L', outer.socket, 'attach'], { env: outer.clientEnv({ TERM: 'xterm-256color' }) });
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
