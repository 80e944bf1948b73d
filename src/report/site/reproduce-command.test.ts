/**
 * Each terminal's page names the command that reproduces its row: the run of
 * its target at its size. Shown here by doing it: the site is built from the
 * published xterm.js run, the command on its page is run as printed (in a
 * scratch folder), and `termprobe diff` finds no answer changed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ResultsFile } from '../../results/results-schema.js';
import { ROOT, runCli } from '../../test-support/cli.js';
import { useTempDirs } from '../../test-support/temp-dirs.js';
import { reproduceCommand } from './reproduce-command.js';
import { readPage } from './read-page-test-support.js';

const tempDir = useTempDirs();
const PUBLISHED = join(ROOT, 'results/xterm.js-6.0.0.json');
const published = JSON.parse(readFileSync(PUBLISHED, 'utf8')) as ResultsFile;

describe('the command that reproduces a row', () => {
  it('is the run of the target at its size, quoted for a shell; termprobe itself for a terminal measured from inside', () => {
    const run = (id: string, cols = 80, rows = 24) => ({ ...published, target: { ...published.target, id }, settings: { ...published.settings, options: {}, cols, rows } });
    expect(reproduceCommand(run('xterm'))).toBe('npx termprobe run --target xterm');
    expect(reproduceCommand(run('xterm.js@5.5.0', 100, 30))).toBe('npx termprobe run --target xterm.js@5.5.0 --size 100x30');
    expect(reproduceCommand(run('x11:./myterm -T "my term" -e {command}'))).toBe(`npx termprobe run --target 'x11:./myterm -T "my term" -e {command}'`);
    expect(reproduceCommand(run("stdio:./adapter --name 'a b'"))).toBe(`npx termprobe run --target 'stdio:./adapter --name '\\''a b'\\'''`);
    expect(reproduceCommand(run('self'))).toBe('npx termprobe');
    // Input probes made in a browser (xterm.js's browser build), which a run makes only when asked.
    expect(reproduceCommand(published)).toBe('npx termprobe run --target xterm.js --embedded-input');
    // And in ghostty-web's browser build.
    const ghostty = JSON.parse(readFileSync(join(ROOT, 'results/ghostty-0.4.0.json'), 'utf8')) as ResultsFile;
    expect(reproduceCommand(ghostty)).toBe('npx termprobe run --target ghostty --embedded-input');
  });

  it("is on the terminal's page, and running it gives the row's answers again", () => {
    const dir = tempDir('termprobe-reproduce-');
    const site = runCli(['site', PUBLISHED, '--out', join(dir, 'site'), '-q'], { cwd: dir });
    expect(site.code, site.stderr).toBe(0);
    const page = readPage(join(dir, 'site/terminals/xterm.js-6.0.0.html'));
    const command = /<p class="reproduce">Reproduce this row: <code>([^<]+)<\/code>/.exec(page)?.[1];
    // Its input probes were made in xterm.js's browser build, which a run makes only when asked.
    expect(command).toBe('npx termprobe run --target xterm.js --embedded-input');
    const args = command!.split(' ').slice(2);
    const run = runCli([...args, '--out', 'again.json', '-q'], { cwd: dir });
    expect(run.code, run.stderr).toBe(0);
    const diff = runCli(['diff', PUBLISHED, 'again.json'], { cwd: dir });
    expect(diff.stdout).toMatch(new RegExp(`No answers changed \\(${published.probes.length} probes compared\\)`));
    expect(diff.code).toBe(0);
  });
});
