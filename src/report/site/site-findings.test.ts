/**
 * Where a terminal reports one thing and draws another (issue 24: "every
 * disagreement listed with both answers"): `termprobe site` over the published
 * runs of the terminals that answer DECRQSS SGR lists, on each terminal's page,
 * every probe the bench counts as a disagreement (classify/pixel-agreement.ts),
 * each with the reply and what the pixels read — kitty's dotted underline that
 * its DECRQSS reply calls 24, mlterm's direct colour it reports as 0.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadCorpus } from '../../corpus/load-corpus.js';
import { loadDivergences } from '../../classify/load-divergences.js';
import { pixelAgreement } from '../../classify/pixel-agreement.js';
import type { ResultsFile } from '../../results/results-schema.js';
import { ROOT, runCli } from '../../test-support/cli.js';

const RUNS = ['kitty-0.26.5', 'mlterm-3.9.0', 'xterm-379', 'foot-1.13.1'];
const dir = mkdtempSync(join(tmpdir(), 'termprobe-site-findings-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The rows of a terminal page's findings table, as text: [probe, reply, drawn, finding] (the site's HTML leaves out optional end tags). */
function findingRows(page: string): string[][] {
  const table = /<table[^>]*class="[^"]*\bconflicts\b[^"]*"[^>]*>([\s\S]*?)(?:<\/table>|<\/section>|<h[1-6])/.exec(page)?.[1] ?? '';
  const text = (h: string) => h.replace(/<[^>]+>/g, '').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;|&#x27;/g, "'").trim();
  const body = table.split(/<tbody>/)[1] ?? '';
  return body.split(/<tr>/).slice(1).map((row) => row.split(/<t[hd][^>]*>/).slice(1).map(text));
}

describe('the findings on the site', () => {
  it('lists on each terminal page every probe whose reply and pixels disagree, with both answers', async () => {
    const files = [...RUNS, 'xterm.js-6.0.0'].map((r) => join(ROOT, 'results', `${r}.json`));
    const site = join(dir, 'site');
    const built = runCli(['site', ...files, '--out', site, '--quiet'], { timeoutMs: 120_000 });
    expect([built.code, built.stderr]).toEqual([0, '']);
    const corpus = await loadCorpus();
    const registry = loadDivergences();
    const seen: Record<string, string[][]> = {};
    for (const name of RUNS) {
      const file = join(ROOT, 'results', `${name}.json`);
      const agreement = pixelAgreement(file, JSON.parse(readFileSync(file, 'utf8')) as ResultsFile, corpus.byId, registry);
      const rows = findingRows(readFileSync(join(site, 'terminals', `${name}.html`), 'utf8'));
      const want = [...agreement.findings, ...agreement.disagreements].map((d) => [d.id, d.drawn]);
      expect(rows.map((r) => [r[0], r[2]]).sort(), name).toEqual(want.sort());
      for (const r of rows) expect(r[3], `${name} ${r[0]}`).toMatch(/^the replies say \w+, the screen says \w+: /);
      seen[name] = rows.map((r) => r.slice(0, 3));
    }
    // Both answers, as a reader sees them.
    expect(seen['kitty-0.26.5']).toContainEqual(['sgr.attr-4-4', 'decrqss:m=1$r24m [X]', 'underline:dotted']);
    expect(seen['mlterm-3.9.0']).toContainEqual(['sgr.colour-48-2-10-20-30', 'decrqss:m=1$r0m [X]', 'bg=#0a141e']);
    expect(seen['xterm-379']).toContainEqual(['sgr.attr-21', 'decrqss:m=1$r0;21m [X]', 'underline']);
    expect(seen['foot-1.13.1']).toEqual([]);
  }, 180_000);
});
