import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { readCompiledVerdicts, verdictCodeHash } from './compiled-unicode-verdicts.js';
import type { UnicodeVerdict } from './unicode-verdict.js';

const dirs: string[] = [];
function scratch(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'termprobe-compiled-verdicts-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('compiled Unicode verdicts', () => {
  const code = { 'a.js': "import { b } from './b.js';\nexport const a = b;\n", 'b.js': "export const b = await import('./c.js');\n", 'c.js': 'export const c = 1;\n', 'suite.json': '{}' };
  const hashOf = (dir: string) => verdictCodeHash([pathToFileURL(join(dir, 'a.js')).href], pathToFileURL(join(dir, 'suite.json')));

  it('hashes the judging code through its imports and the suite, whatever folder holds them', () => {
    const one = hashOf(scratch(code));
    expect(one).toMatch(/^[0-9a-f]{64}$/);
    expect(hashOf(scratch(code))).not.toBeUndefined();
    // A module imported two steps away changes the hash; so does the suite.
    expect(hashOf(scratch({ ...code, 'c.js': 'export const c = 2;\n' }))).not.toBe(one);
    expect(hashOf(scratch({ ...code, 'suite.json': '{"x":1}' }))).not.toBe(one);
    // A module that cannot be read (the TypeScript sources name .js files not beside them): no hash, so nothing compiled is used.
    const { 'c.js': _c, ...without } = code;
    expect(hashOf(scratch(without))).toBeUndefined();
  });

  it('gives the compiled verdicts only to the code they were compiled with', () => {
    const verdict = { target: 'x', disagreements: [] } as unknown as UnicodeVerdict;
    const dir = scratch({ 'compiled.json': JSON.stringify({ code: 'abc', verdicts: { f00d: verdict } }) });
    expect(readCompiledVerdicts(join(dir, 'compiled.json'), () => 'abc')?.get('f00d')).toEqual(verdict);
    expect(readCompiledVerdicts(join(dir, 'compiled.json'), () => 'abd')).toBeUndefined();
    expect(readCompiledVerdicts(join(dir, 'compiled.json'), () => undefined)).toBeUndefined();
    expect(readCompiledVerdicts(join(dir, 'missing.json'), () => 'abc')).toBeUndefined();
  });
});
