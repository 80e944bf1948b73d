/**
 * The compiled registry (dist/divergences.compiled.json) stands for the YAML files only while they are the ones
 * compiled, and gives the very registry the YAML gives: the same entries and conventions, at the same places,
 * matching the same probes and versions.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compiledRegistryFiles, compileShippedRegistry } from './compiled-divergences.js';
import { DEFAULT_REGISTRY, loadDivergences, parseFolderFiles, registryOfCompiled, type Answerer } from './load-divergences.js';

const scratch = mkdtempSync(join(tmpdir(), 'termprobe-compiled-registry-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const plain = (x: unknown) => JSON.parse(JSON.stringify(x)) as unknown;

describe('compiled divergence registry', () => {
  const file = join(scratch, 'divergences.compiled.json');
  const files = [...parseFolderFiles(DEFAULT_REGISTRY)].map(({ name, text }) => ({ name, text }));

  it('is used only for the files as compiled', async () => {
    const { files: count, entries } = await compileShippedRegistry(file);
    expect(count).toBe(files.length);
    expect(entries).toBeGreaterThan(0);
    expect(compiledRegistryFiles(files, file)).toHaveLength(files.length);
    // One byte more in one file, or a file the build never saw: the YAML is parsed again.
    const edited = files.map((f, i) => (i === 0 ? { ...f, text: `${f.text}\n` } : f));
    expect(compiledRegistryFiles(edited, file)).toBeUndefined();
    expect(compiledRegistryFiles([...files, { name: 'new-terminal.yaml', text: 'divergences: []\n' }], file)).toBeUndefined();
    expect(compiledRegistryFiles(files, join(scratch, 'absent.json'))).toBeUndefined();
  });

  it('gives the registry the YAML gives', async () => {
    await compileShippedRegistry(file);
    const parsed = loadDivergences(DEFAULT_REGISTRY);
    const compiled = registryOfCompiled(DEFAULT_REGISTRY, files.map((f) => f.name), compiledRegistryFiles(files, file)!);
    expect(plain(compiled.entries)).toEqual(plain(parsed.entries));
    expect(plain(compiled.conventions)).toEqual(plain(parsed.conventions));
    expect(compiled.file).toBe(parsed.file);
    // The compiled probe patterns and version ranges decide as the parsed ones do, entry by entry.
    for (const [i, e] of parsed.entries.entries()) {
      const c = compiled.entries[i]!;
      const who: Answerer = { targetId: e.target, version: '0.0.1', engine: { name: e.target } };
      expect(c.matchesProbe(e.probe.replace(/\*/g, 'x'))).toBe(e.matchesProbe(e.probe.replace(/\*/g, 'x')));
      expect(c.range.matches(who.version)).toBe(e.range.matches(who.version));
      expect(compiled.find(e.probe, who, e.answers[0])?.index).toBe(parsed.find(e.probe, who, e.answers[0])?.index);
    }
  });
});
