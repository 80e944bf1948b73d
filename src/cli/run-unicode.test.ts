import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { unicodeResultsSchema } from '../results/unicode-results-schema.js';
import { runCli } from '../test-support/cli.js';
import { useTempDirs } from '../test-support/temp-dirs.js';

const tempDir = useTempDirs();

describe('termprobe run --suite unicode', () => {
  it('writes one Unicode results file per target in unicode/, valid against its schema, and prints each verdict', () => {
    const dir = tempDir('termprobe-unicode-');
    const r = runCli(['run', '--suite', 'unicode', '--target', 'xterm.js,ghostty', '--out', dir]);
    expect(r.code).toBe(0);
    expect(readdirSync(join(dir, 'unicode')).sort()).toEqual(['ghostty-0.4.0.json', 'xterm.js-6.0.0.json']);
    for (const file of readdirSync(join(dir, 'unicode'))) {
      const parsed = unicodeResultsSchema.safeParse(JSON.parse(readFileSync(join(dir, 'unicode', file), 'utf8')));
      expect(parsed.success, file).toBe(true);
      expect(parsed.data!.answers.off).not.toMatch(/[-.]/);
    }
    expect(r.stderr).toMatch(/ghostty: done in .*measurements in .*\/s\): draws widths as Unicode 16\.0/);
    expect(r.stderr).toMatch(/xterm\.js: done in .*draws widths as Unicode/);
  });

  it('refuses corpus selections and unknown suites as usage errors', () => {
    const dir = tempDir('termprobe-unicode-');
    const mixed = runCli(['run', '--suite', 'unicode', '--probe', 'cursor.cup', '--out', dir]);
    expect(mixed.code).toBe(2);
    expect(mixed.stderr).toMatch(/--suite unicode runs the whole width suite/);
    const unknown = runCli(['run', '--suite', 'emoji', '--out', dir]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/corpus, unicode/);
    expect(readdirSync(dir)).toEqual([]);
  });
});
