/**
 * makeMarker shares one mark among runs that gave the same answer to a probe (marks.ts answerKey). The sharing is
 * right only while its key holds everything supportMark reads: this checks, over every cell of the published runs
 * (28 runs × 1,113 probes, many answers alike, pixel-read styles among them), that each shared mark equals the mark
 * supportMark gives that cell afresh. A field supportMark starts reading and the key leaves out fails here.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/load-corpus.js';
import { readResults } from '../results/read-results.js';
import { applyConventions } from './reply-convention.js';
import { loadDivergences } from './load-divergences.js';
import { makeMarker } from './marks.js';
import { viewRun } from './run-view.js';
import { supportMark } from './support-mark.js';

describe('marks shared between runs', async () => {
  const corpus = await loadCorpus();
  const dir = fileURLToPath(new URL('../../results/', import.meta.url));
  const views = readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => viewRun(join(dir, f), readResults(join(dir, f))));
  applyConventions(views, loadDivergences());

  it('equal, cell by cell over the published runs, the mark each answer gets on its own', () => {
    const marker = makeMarker((id) => corpus.byId.get(id));
    let cells = 0;
    const wrong: string[] = [];
    for (const view of views) {
      for (const p of corpus.probes) {
        const shared = marker.mark(view, p.id);
        const own = supportMark(p, view.judged(p.id), view.run.settings);
        cells++;
        if (JSON.stringify(shared) !== JSON.stringify(own)) wrong.push(`${view.name} ${p.id}: ${JSON.stringify(shared)} ≠ ${JSON.stringify(own)}`);
      }
    }
    expect(cells).toBeGreaterThan(25 * 1000);
    expect(wrong).toEqual([]);
  });
});
