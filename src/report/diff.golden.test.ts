import { describe, expect, it } from 'vitest';
import { expectGolden, FIX, runCli } from './cli-test-support.js';

const probes = ['--probes', `${FIX}/probes`];
const xtermJs = `${FIX}/xterm.js-6.0.0.json`;

describe('termprobe diff', () => {
  it('exits 0 on identical files and says so', () => {
    const r = runCli(['diff', xtermJs, xtermJs, ...probes]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('No answers changed (15 probes compared).');
    expectGolden('diff-identical.txt', r.stdout);
  });

  it('never counts timings as changes', () => {
    const r = runCli(['diff', xtermJs, `${FIX}/edge/xterm.js-timings-only.json`, ...probes]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('No answers changed');
  });

  for (const format of ['text', 'markdown', 'json'] as const) {
    it(`exits 1 when one answer changed and shows exactly that probe (${format})`, () => {
      const r = runCli(['diff', xtermJs, `${FIX}/edge/xterm.js-one-change.json`, ...probes, '--format', format]);
      expect(r.code).toBe(1);
      expect(r.stderr).toBe('');
      const ids = [...r.stdout.matchAll(/(?:cursor|erase|pending-wrap|save-restore|tabs|unicode-width)\.[a-z0-9-]+/g)].map((m) => m[0]);
      expect(new Set(ids)).toEqual(new Set(['tabs.cht-zero']));
      expectGolden(`diff-one-change.${format === 'markdown' ? 'md' : format === 'json' ? 'json' : 'txt'}`, r.stdout);
    });
  }

  it('compares another corpus version by probe id and says the corpus changed', () => {
    for (const format of ['text', 'markdown', 'json'] as const) {
      const r = runCli(['diff', xtermJs, `${FIX}/edge/xterm.js-other-corpus.json`, ...probes, '--format', format]);
      expect(r.code).toBe(0);
      expectGolden(`diff-other-corpus.${format === 'markdown' ? 'md' : format === 'json' ? 'json' : 'txt'}`, r.stdout);
    }
  });

  it('shows a probe that lost its reply with both answers', () => {
    const r = runCli(['diff', `${FIX}/ghostty-0.4.0.json`, `${FIX}/edge/ghostty-no-reply.json`, ...probes]);
    expect(r.code).toBe(1);
    expectGolden('diff-no-reply.txt', r.stdout);
  });

  it('compares two terminals (the same corpus, many answers)', () => {
    const r = runCli(['diff', xtermJs, `${FIX}/ghostty-0.4.0.json`, ...probes, '--format', 'markdown']);
    expect(r.code).toBe(1);
    expectGolden('diff-xterm.js-ghostty.md', r.stdout);
  });

  for (const [file, problem] of [
    ['truncated.json', 'not valid JSON: it ends before the document does (truncated?)'],
    ['wrong-schema.json', 'not a termprobe results file: probes[2].status'],
  ] as const) {
    it(`exits 2 with one line naming ${file} and what is wrong`, () => {
      const r = runCli(['diff', xtermJs, `${FIX}/edge/${file}`, ...probes]);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      const lines = r.stderr.trimEnd().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(`${FIX}/edge/${file}`);
      expect(lines[0]).toContain(problem);
    });
  }

  it('exits 2 when a file is missing', () => {
    const r = runCli(['diff', xtermJs, `${FIX}/edge/absent.json`]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^termprobe: src\/report\/fixtures\/edge\/absent\.json: cannot be read \(ENOENT\)\n$/);
  });
});
