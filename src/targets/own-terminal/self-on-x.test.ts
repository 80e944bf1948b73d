/**
 * `termprobe run --target self` in a VTE terminal (lxterminal) on a private Xvfb, as a user runs it in their own
 * terminal: the screen read from the terminal's own window, its text matched against the glyphs it drew on the
 * calibration sheet. The DEC line-drawing probes read their glyphs (they read U+FFFD while the sheet drew ASCII
 * alone); a probe right after another reads its own screen, not the one before (lxterminal's frames showed
 * dec-graphics-math's '≤≥π≠£' for dec-graphics-ascii-kept now and then, until the reads were fenced by the cursor's
 * cell); a blinking X reads X, blinking, whichever phase the watch began in.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { ResultsFile } from '../../results/results-schema.js';
import { createScratch } from '../common/scratch-home.js';
import { spawnGroup, stopGroup, sweepMarked } from '../common/marked-processes.js';
import { startXvfb, type XDisplay } from '../gui/x-display.js';
import { BIN } from '../../test-support/cli.js';
import { guiLeftovers } from '../../test-support/gui-leftovers.js';
import { havePrograms } from '../../test-support/require-program.js';

const PROBES = ['charsets.dec-graphics-lines', 'charsets.dec-graphics-math', 'charsets.dec-graphics-ascii-kept', 'charsets.so-g1', 'charsets.decsc-saves-charset', 'sgr.attr-5'];
const NEEDS = [
  { program: 'Xvfb', pkg: 'xvfb' },
  { program: 'lxterminal', pkg: 'lxterminal' },
  { program: 'dbus-run-session', pkg: 'dbus' },
];

describe.skipIf(!havePrograms(NEEDS))('your own terminal on X: a VTE terminal read from its window', () => {
  const scratch = createScratch('termprobe-self-on-x-');
  let display: XDisplay | undefined;
  afterAll(async () => {
    await display?.stop();
    await sweepMarked(scratch.marker);
    scratch.remove();
  });

  test('reads the DEC line-drawing glyphs, each probe its own screen, a blinking X in either phase', async () => {
    display = await startXvfb({ env: scratch.env() });
    const out = join(scratch.dir, 'out');
    const done = join(scratch.dir, 'rc');
    const script = join(scratch.dir, 'inside.sh');
    // In the terminal: termprobe on its own tty, its exit code written where the test waits for it.
    writeFileSync(script, `#!/bin/sh\ncd '${scratch.dir}'\n'${process.execPath}' '${BIN}' run --target self -p ${PROBES.join(',')} --out '${out}' --quiet 2>'${join(scratch.dir, 'stderr')}'\necho $? > '${done}'\n`, { mode: 0o755 });
    const terminal = spawnGroup('dbus-run-session', ['--', 'lxterminal', '--no-remote', '--geometry=80x24', '-e', script], scratch.env({ DISPLAY: display.display }));
    try {
      for (let waited = 0; !existsSync(done); waited += 50) {
        if (waited > 120_000) throw new Error(`termprobe did not finish in lxterminal within 120 s: ${existsSync(join(scratch.dir, 'stderr')) ? readFileSync(join(scratch.dir, 'stderr'), 'utf8') : ''}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    } finally {
      await stopGroup(terminal);
    }
    expect([readFileSync(done, 'utf8').trim(), readFileSync(join(scratch.dir, 'stderr'), 'utf8')]).toEqual(['0', '']);
    const run = JSON.parse(readFileSync(join(out, readdirSync(out).find((f) => f.endsWith('.json'))!), 'utf8')) as ResultsFile;
    expect(run.settings.options?.['screen']).toMatch(/^pixels \(its own window/);
    const screen = (id: string) => run.probes.find((p) => p.id === id)?.screen;
    const texts = Object.fromEntries(PROBES.filter((id) => id.startsWith('charsets.')).map((id) => [id, screen(id)?.text]));
    expect(texts).toEqual({
      'charsets.dec-graphics-lines': ['┘┐┌└┼─├┤┴┬│'],
      'charsets.dec-graphics-math': ['≤≥π≠£'],
      'charsets.dec-graphics-ascii-kept': ['AZ09─'],
      'charsets.so-g1': ['─q'],
      'charsets.decsc-saves-charset': ['─'],
    });
    expect(screen('sgr.attr-5')?.cells?.[0]?.[0]).toMatchObject({ t: 'X', s: { blink: true } });
    // Nothing of the terminal's session outlives it (the display is the test's, stopped here).
    await display.stop();
    display = undefined;
    expect(guiLeftovers()).toEqual([]);
  }, 180_000);
});
