import { appendFileSync, cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileShippedCorpus, readCompiledCorpus } from './compiled-corpus.js';
import { DEFAULT_PROBES_DIR, parseCorpus } from './load-corpus.js';

describe('the compiled corpus', () => {
  const dir = mkdtempSync(join(tmpdir(), 'termprobe-compiled-'));
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

  it('serves only the shipped folder', () => {
    expect(readCompiledCorpus(dir, { compiled: file, shipped: probes })).toBeNull();
  });
});
