/**
 * The feature rule, on made-up marks (every branch) and on the published runs:
 * kitty's synchronized output is the issue's own example.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Feature } from '../corpus/feature-schema.js';
import { loadCorpus } from '../corpus/load-corpus.js';
import { loadFeatures } from '../corpus/load-features.js';
import { readResults } from '../results/read-results.js';
import { featureMark, markSince, type FacetAnswer } from './feature-marks.js';
import { loadDivergences } from './load-divergences.js';
import { makeMarker } from './marks.js';
import { applyConventions } from './reply-convention.js';
import { viewRun } from './run-view.js';
import type { Support } from './support-mark.js';

const feature: Feature = {
  id: 'made-up',
  name: 'Made-up feature',
  aliases: [],
  description: 'A feature with two facets that show it and a detail.',
  specs: [],
  kind: 'output',
  facets: [
    { name: 'a', probe: 'x.a', checks: 'A works' },
    { name: 'b', probe: 'x.b', checks: 'B works', fails: 'B answers {answer}' },
    { name: 'detail', probe: 'x.c', checks: 'the detail holds' },
  ],
  present: ['a', 'b'],
  section: 'tests',
  file: 'features/tests.yaml',
};

function markOf(a: Support, b: Support, c: Support) {
  const marks: Record<string, Support> = { 'x.a': a, 'x.b': b, 'x.c': c };
  return featureMark(feature, (p): FacetAnswer => ({ mark: marks[p] === 'inconclusive' ? { support: 'inconclusive', detail: 'no reply' } : { support: marks[p]! }, answer: `answer-${p}` }));
}

describe('the feature rule', () => {
  it('✓ when a facet that shows the feature holds and none fails; undecided facets do not count', () => {
    expect(markOf('implements', 'implements', 'implements')).toMatchObject({ mark: 'supported', notes: [] });
    const m = markOf('implements', 'inconclusive', 'inconclusive');
    expect(m).toMatchObject({ mark: 'supported', notes: [], undecided: ['B works: no reply', 'the detail holds: no reply'] });
  });

  it('◐ when one holds and another facet fails, with a note per failing facet in facet order', () => {
    expect(markOf('implements', 'lacks', 'other')).toMatchObject({ mark: 'partial', notes: ['B answers answer-x.b', 'the detail holds: not as specified (answers answer-x.c)'] });
    expect(markOf('inconclusive', 'implements', 'lacks')).toMatchObject({ mark: 'partial', notes: ['the detail holds: no (answers answer-x.c)'] });
  });

  it('✗ when every decided facet that shows the feature fails, whatever the details say', () => {
    expect(markOf('lacks', 'other', 'implements')).toMatchObject({ mark: 'unsupported', notes: ['A works: no (answers answer-x.a)', 'B answers answer-x.b'] });
    expect(markOf('lacks', 'inconclusive', 'implements')).toMatchObject({ mark: 'unsupported' });
  });

  it('? when no facet that shows the feature decides', () => {
    expect(markOf('inconclusive', 'inconclusive', 'implements')).toMatchObject({ mark: 'unmeasured', notes: [] });
  });

  it('says since which version a mark holds, only where a change was seen', () => {
    expect(markSince([{ version: '1', mark: 'unsupported' }, { version: '2', mark: 'supported' }, { version: '3', mark: 'supported' }])).toEqual({ version: '2', before: 'unsupported' });
    expect(markSince([{ version: '1', mark: 'supported' }, { version: '2', mark: 'supported' }])).toBeUndefined();
    expect(markSince([{ version: '1', mark: 'supported' }])).toBeUndefined();
  });
});

describe('features over the published runs', async () => {
  const corpus = await loadCorpus();
  const set = loadFeatures((id) => corpus.byId.has(id));
  const dir = fileURLToPath(new URL('../../results/', import.meta.url));
  const views = readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => viewRun(join(dir, f), readResults(join(dir, f))));
  applyConventions(views, loadDivergences());
  const marker = makeMarker((id) => corpus.byId.get(id));
  const mark = (featureId: string, name: string) => {
    const view = views.find((v) => v.name === name)!;
    return featureMark(set.byId.get(featureId)!, (p) => ({ mark: marker.mark(view, p), answer: view.summary(p) }));
  };

  it('kitty implements mode 2026 and reports its state as 2: partial, with that note', () => {
    const kitty = mark('synchronized-output', 'kitty');
    expect(kitty.mark).toBe('partial');
    expect(kitty.notes).toEqual(['reports mode 2026 as ?2026=2 after setting it (1 means set)']);
    expect(mark('synchronized-output', 'foot').mark).toBe('supported');
    expect(mark('synchronized-output', 'xterm').mark).toBe('unsupported');
    expect(mark('synchronized-output', 'alacritty').mark).toBe('unmeasured');
  });

  it('follow the probes: a feature is ✗ exactly where its only probe is ✗', () => {
    const view = views.find((v) => v.name === 'tmux')!;
    for (const f of set.features.filter((x) => x.facets.length === 1)) {
      const probe = marker.mark(view, f.facets[0]!.probe).support;
      const want = probe === 'implements' ? 'supported' : probe === 'inconclusive' ? 'unmeasured' : 'unsupported';
      expect(mark(f.id, 'tmux').mark, f.id).toBe(want);
    }
  });
});
