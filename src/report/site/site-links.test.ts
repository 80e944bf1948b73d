/**
 * No broken link on the site: every relative href and src of every page leads
 * to a file of the site; a fragment leads to an element of that page, and a
 * view in the address (compare.html#a=…&b=…, index.html#t=…) names terminals
 * the site has. Built from the fixture results, one of them with a picture.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viewRun } from '../../classify/run-view.js';
import { readResults } from '../../results/read-results.js';
import type { ResultsFile } from '../../results/results-schema.js';
import { buildSite } from './build-site.js';
import type { SiteModel } from './site-model.js';
import { drawText } from './synthetic-pictures.js';
import { readPage } from './read-page-test-support.js';

const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));

describe('links on the site', () => {
  let dir: string;
  let out: string;
  let model: SiteModel;
  const pages = new Map<string, string>();

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'termprobe-site-links-'));
    const results = join(dir, 'results');
    mkdirSync(join(results, 'pictures'), { recursive: true });
    for (const f of readdirSync(join(FIXTURES, 'results'))) copyFileSync(join(FIXTURES, 'results', f), join(results, f));
    const tmux = join(results, 'tmux-3.3a.json');
    const run = JSON.parse(readFileSync(tmux, 'utf8')) as ResultsFile;
    const png = drawText(['ab'], 8, 1);
    writeFileSync(join(results, 'pictures', 'el.png'), png.png);
    run.probes.find((p) => p.id === 'erase.el-with-background')!.picture = { path: 'pictures/el.png', width: png.width, height: png.height };
    writeFileSync(tmux, JSON.stringify(run));
    out = join(dir, 'site');
    const files = readdirSync(results).filter((f) => f.endsWith('.json')).sort().map((f) => join(results, f));
    ({ model } = await buildSite(files.map((f) => viewRun(f, readResults(f))), out, { registry: join(FIXTURES, 'divergences.yaml'), probes: join(FIXTURES, 'probes') }));
    for (const f of readdirSync(out, { recursive: true }) as string[]) if (f.endsWith('.html')) pages.set(f.split('\\').join('/'), readPage(join(out, f)));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('has every link and image lead somewhere on the site', () => {
    const files = new Set((readdirSync(out, { recursive: true }) as string[]).map((f) => f.split('\\').join('/')));
    const slugs = new Set(model.columns.flatMap((c) => [c.slug, c.short]));
    // Elements the pages' scripts draw from their data, or name: the probe table's categories and first cell, each terminal's answer on a probe page, each terminal's name on a feature page.
    const drawn = (target: string, fragment: string) =>
      (target === 'probes.html' && (fragment === 'first-cell' || model.categories.some((c) => `cat-${c.slug}` === fragment))) ||
      (/^(probes|features)\/.+\.html$/.test(target) && model.columns.some((c) => `t-${c.slug}` === fragment));
    const broken: string[] = [];
    let checked = 0;
    for (const [page, text] of pages) {
      for (const m of text.matchAll(/\b(?:href|src)="([^"]*)"/g)) {
        const link = m[1]!.replace(/&amp;/g, '&');
        if (/^(https?:|mailto:)/.test(link)) continue;
        checked++;
        const [path, fragment] = link.split('#') as [string, string | undefined];
        const target = path === '' ? page : posix.normalize(posix.join(posix.dirname(page), path));
        if (!files.has(target)) {
          broken.push(`${page}: ${link} (no file ${target})`);
          continue;
        }
        if (!fragment) continue;
        if (fragment.includes('=')) {
          const params = new URLSearchParams(fragment);
          const named = [params.get('a'), params.get('b'), ...(params.get('t')?.split(',') ?? [])].filter((x): x is string => x !== null);
          for (const s of named) if (!slugs.has(s)) broken.push(`${page}: ${link} (no terminal ${s})`);
        } else if (!pages.get(target)?.includes(`id="${fragment}"`) && !drawn(target, fragment)) broken.push(`${page}: ${link} (no element #${fragment} in ${target})`);
      }
    }
    expect(broken).toEqual([]);
    expect(checked).toBeGreaterThan(300);
    // The compare view of every pair is linked from the terminal pages, and the picture from its probe page.
    expect(pages.get('terminals/tmux-3.3a.html')).toContain(`href="../compare.html#a=tmux-3.3a&amp;b=${model.columns[0]!.slug}"`);
    // The picture is named in its probe page's data (probe.js draws it from there) and is a file of the site.
    expect(pages.get('probes/erase.el-with-background.html')).toMatch(/"p":\[\[\d+,\d+,\d+\]\]/);
    expect(files.has('results/pictures/tmux-3.3a/erase.el-with-background.png')).toBe(true);
  });
});
