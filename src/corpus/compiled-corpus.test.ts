import { appendFileSync, cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileShippedCorpus, readCompiledCorpus } from './compiled-corpus.js';
import { planContext, planProbe } from '../engine/probe-plan.js';
import { DEFAULT_PROBES_DIR } from './load-corpus.js';
import { parseCorpus } from './parse-corpus.js';
import { useTempDirs } from '../test-support/temp-dirs.js';

const tempDir = useTempDirs();

describe('the compiled corpus', () => {
  const dir = tempDir('termprobe-compiled-');
  const probes = join(dir, 'probes');
  const file = join(dir, 'corpus.compiled.json');
  cpSync(DEFAULT_PROBES_DIR, probes, { recursive: true });

  it('is the parsed corpus while the files are unchanged, and is ignored once one changes', async () => {
    await compileShippedCorpus(probes, file);
    const fast = readCompiledCorpus(probes, { compiled: file, shipped: probes });
    const slow = parseCorpus(probes);
    expect(fast).not.toBeNull();
    expect(fast!.hash).toBe(slow.hash);
    expect(fast!.probes.map((p) => p.id)).toEqual(slow.probes.map((p) => p.id));
    expect(fast!.probes[0]).toEqual(slow.probes[0]);
    appendFileSync(join(probes, 'cursor.yaml'), '\n# edited\n');
    expect(readCompiledCorpus(probes, { compiled: file, shipped: probes })).toBeNull();
  });

  it('plans every probe to the same bytes as the parsed corpus, at any size', async () => {
    const fresh = join(dir, 'fresh');
    cpSync(DEFAULT_PROBES_DIR, fresh, { recursive: true });
    await compileShippedCorpus(fresh, file);
    const fast = readCompiledCorpus(fresh, { compiled: file, shipped: fresh })!;
    const slow = parseCorpus(fresh);
    for (const size of [{ cols: 80, rows: 24 }, { cols: 132, rows: 50 }]) {
      const ctx = planContext(size, 'alternate', '', false);
      const wires = (c: typeof slow) => c.probes.map((p) => planProbe(p, ctx).wire);
      expect(wires(fast)).toEqual(wires(slow));
    }
    // and the compiled file holds wires for the probes that do not depend on the size
    const compiled = JSON.parse(readFileSync(file, 'utf8')) as { wires: Record<string, unknown> };
    expect(Object.keys(compiled.wires).length).toBeGreaterThan(fast.probes.length / 2);
  });

  it('serves only the shipped folder', () => {
    expect(readCompiledCorpus(dir, { compiled: file, shipped: probes })).toBeNull();
  });
});
