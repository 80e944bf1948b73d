/**
 * `termprobe --unicode` in the user's own terminal (a private tmux pane): the
 * width suite runs after the corpus, its verdict is in the report, and its
 * Unicode results file sits beside the corpus results, in unicode/.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readUnicodeResults } from '../results/read-unicode-results.js';
import { PrivateTmux } from '../test-support/private-tmux.js';
import { unwrapReport } from '../test-support/unwrap-report.js';
import { haveProgram } from '../test-support/require-program.js';
import { childArgv, childConfig, PRIOR_LINES, scratchDir, waitForFile, type readChildReport } from '../test-support/self-run.js';

describe.skipIf(!haveProgram('tmux', 'tmux'))('termprobe --unicode inside tmux', () => {
  const tmux = new PrivateTmux();
  const d = scratchDir();
  afterAll(() => {
    tmux.kill();
    rmSync(d, { recursive: true, force: true });
  });

  it('reports the Unicode version the terminal draws widths as, and writes the Unicode results beside the corpus results', async () => {
    const config = childConfig(d, ['--unicode', '--out', join(d, 'mine.json'), '--no-pager'], true);
    tmux.start(childArgv(config), 80, 24, d);
    const report = JSON.parse(await waitForFile(config.report, 60_000)) as ReturnType<typeof readChildReport>;
    expect(report.code).toBe(0);
    expect(report.sttyAfter).toBe(report.sttyBefore);
    expect(tmux.display('#{alternate_on} #{cursor_flag}')).toBe('0 1');
    const unicode = readUnicodeResults(join(d, 'unicode', `self-tmux-${tmux.version()}.json`));
    expect(unicode.target.id).toBe('self');
    expect(unicode.answers.off).not.toMatch(/[-.]/);
    // The report is fitted to the pane's width: a long line goes on under a deeper indent.
    const lines = unwrapReport(tmux.joinedLines().slice(PRIOR_LINES.length));
    const verdict = lines.find((l) => l.includes('Unicode widths: your terminal draws widths as Unicode'));
    expect(verdict, lines.join('\n')).toMatch(/^ {2}Unicode widths: your terminal draws widths as Unicode \d+\.\d .*ZWJ \d+%, VS16 \d+%, VS15 \d+%/);
    expect(lines.join('\n').replace(/\s+/g, ' ')).toContain(`(Unicode results saved to ${join(d, 'unicode', `self-tmux-${tmux.version()}.json`)})`);
    expect(readFileSync(join(d, 'mine.json'), 'utf8')).toContain('"id": "self"');
  });
});
