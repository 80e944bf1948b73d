/**
 * Which runs start a browser for xterm.js's (and ghostty-web's) input probes: the browser is a stand-in program (TERMPROBE_CHROMIUM) that
 * leaves a file behind when it is started, so a run that never starts it is seen to. The quick runs (`run -t
 * xterm.js`, the bare command without a terminal) skip the input probes saying how to have them; a run that asks
 * (by --embedded-input or by naming input probes) starts it, and a browser that does not start or is not there
 * leaves the probes "?" with the reason.
 */
import { chmodSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SUPPORT_SYMBOLS, supportMark } from '../classify/support-mark.js';
import { loadCorpus } from '../corpus/load-corpus.js';
import type { ResultsFile } from '../results/results-schema.js';
import { readResults } from '../results/read-results.js';
import { runCli } from '../test-support/cli.js';
import { useTempDirs } from '../test-support/temp-dirs.js';

const tempDir = useTempDirs();

/** A "Chromium" that notes it was started and exits at once, as a browser that cannot start does. */
function standIn(): { env: Record<string, string>; started: () => boolean } {
  const dir = tempDir('termprobe-chromium-');
  const mark = join(dir, 'started');
  const program = join(dir, 'chromium');
  writeFileSync(program, `#!/bin/sh\necho started > '${mark}'\nexit 1\n`);
  chmodSync(program, 0o755);
  return { env: { TERMPROBE_CHROMIUM: program }, started: () => existsSync(mark) };
}

const xtermFile = (dir: string): ResultsFile => readResults(join(dir, 'xterm.js-6.0.0.json'));

describe("xterm.js's input probes start a browser only when the run asks for them", () => {
  it('run -t xterm.js skips them without starting it, each saying how to have them', async () => {
    const chromium = standIn();
    const out = tempDir('termprobe-run-');
    const r = runCli(['run', '-t', 'xterm.js', '--out', out], { env: chromium.env });
    expect(r.code, r.stderr).toBe(0);
    expect(chromium.started()).toBe(false);
    const results = xtermFile(out);
    const corpus = await loadCorpus();
    const inputs = results.probes.filter((p) => corpus.byId.get(p.id)?.input);
    expect(inputs).toHaveLength(398);
    expect(new Set(inputs.map((p) => `${p.status}: ${p.note}`))).toEqual(new Set([expect.stringMatching(/^skipped: input: made only when asked: .*--embedded-input/)]));
    expect(results.settings.options?.['input.method']).toBeUndefined();
    // Every other probe is answered.
    expect(results.probes.filter((p) => !corpus.byId.get(p.id)?.input && p.status === 'skipped' && !p.note?.startsWith('too small'))).toEqual([]);
  }, 60_000);

  it('the bare command without a terminal (the quick start) does not start it either', () => {
    const chromium = standIn();
    const out = tempDir('termprobe-bare-');
    const r = runCli(['--out', out], { env: chromium.env });
    expect(r.code, r.stderr).toBe(0);
    expect(chromium.started()).toBe(false);
    expect(xtermFile(out).probes.find((p) => p.id === 'keys-legacy.up')?.note).toMatch(/^input: made only when asked/);
    // ghostty-web's input probes are made in its browser build in the same way, and skipped in the same way.
    const ghostty = readResults(join(out, 'ghostty-0.4.0.json'));
    expect(ghostty.probes.find((p) => p.id === 'keys-legacy.up')?.note).toMatch(/^input: made only when asked: ghostty-web handles keys, .*--embedded-input/);
    expect(ghostty.settings.options?.['input.method']).toBeUndefined();
  }, 60_000);

  it('input probes named by --probe start it; a browser that does not start leaves them "?" with the reason', async () => {
    const chromium = standIn();
    const out = tempDir('termprobe-named-');
    const r = runCli(['run', '-t', 'xterm.js', '-p', 'keys-legacy.up,cursor.cup-clamps', '--out', out], { env: chromium.env });
    expect(r.code, r.stderr).toBe(0);
    expect(chromium.started()).toBe(true);
    const results = xtermFile(out);
    const up = results.probes.find((p) => p.id === 'keys-legacy.up')!;
    expect(up.status).toBe('skipped');
    expect(up.note).toMatch(/^input events cannot be made in this terminal: the browser build did not start in Chromium: /);
    const corpus = await loadCorpus();
    expect(SUPPORT_SYMBOLS[supportMark(corpus.byId.get(up.id), up, results.settings).support]).toBe('?');
    expect(results.probes.find((p) => p.id === 'cursor.cup-clamps')?.status).toBe('ok');
  }, 60_000);

  it('--no-embedded-input keeps it out of a run that names input probes; --embedded-input without Chromium names what is missing', () => {
    const chromium = standIn();
    const out = tempDir('termprobe-no-');
    const no = runCli(['run', '-t', 'xterm.js', '-c', 'keys-legacy', '--no-embedded-input', '-q', '--out', out], { env: chromium.env });
    expect(no.code, no.stderr).toBe(0);
    expect(chromium.started()).toBe(false);
    const missing = join(tempDir('termprobe-none-'), 'chromium');
    const yes = runCli(['run', '-t', 'xterm.js', '-p', 'keys-legacy.up', '--embedded-input', '-q', '--out', out], { env: { TERMPROBE_CHROMIUM: missing } });
    expect(yes.code, yes.stderr).toBe(0);
    expect(xtermFile(out).probes[0]?.note).toBe(`input events cannot be made in this terminal: no Chromium at ${missing} (apt install chromium, or set TERMPROBE_CHROMIUM)`);
  }, 60_000);
});
