/** `termprobe site` as a user runs it (the built CLI): output, exit codes, and what it refuses to overwrite. */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, ROOT, runCli } from '../../test-support/cli.js';
import { folderBytes } from './write-site.js';
import { loadCorpus } from '../../corpus/load-corpus.js';
import { apiDocumentSchema, type ApiFeature, type ApiIndex, type ApiProbe } from './api-schema.js';
import { readPage } from './read-page-test-support.js';

const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));
const RESULTS = ['xterm.js-6.0.0.json', 'ghostty-0.4.0.json', 'tmux-3.3a.json'].map((f) => join(FIXTURES, 'results', f));
const REGISTRY = ['--registry', join(FIXTURES, 'divergences.yaml'), '--probes', join(FIXTURES, 'probes')];

describe('termprobe site', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'termprobe-site-cli-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes the site and says where; a second build replaces the first', () => {
    const out = join(dir, 'site');
    const first = runCli(['site', ...RESULTS, '--out', out, ...REGISTRY]);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^Wrote \d+ files \([\d.]+ MB\) to .+ in [\d.]+ s: 8 features, 10 probes × 3 terminals\.\n/);
    for (const f of ['index.html', 'probes.html', 'features/cursor-up.html', 'data.json', 'api/v6/index.json', 'api/v6/schema.json', 'api/v6/features/cursor-up.json', 'api/v6/probes/cursor.hpr-zero.json', 'api/v6/terminals/tmux-3.3a.json', 'assets/site.js', 'assets/site.css', 'probes/cursor.hpr-zero.html', 'terminals/tmux-3.3a.html', 'results/tmux-3.3a.json.gz', 'badges/ghostty-0.4.0.svg', 'badges/features/cursor-up.svg']) expect(existsSync(join(out, f)), f).toBe(true);
    // Every API document is what its schema says, and the terminals the feature and probe documents name by place are the index's.
    const api = (f: string) => apiDocumentSchema.parse(JSON.parse(readFileSync(join(out, 'api/v6', f), 'utf8')));
    for (const f of readdirSync(join(out, 'api/v6'), { recursive: true }) as string[]) if (f.endsWith('.json') && f !== 'schema.json') api(f);
    const slugs = (api('index.json') as ApiIndex).terminals.map((t) => t.slug);
    expect(slugs).toEqual(['xterm.js-6.0.0', 'ghostty-0.4.0', 'tmux-3.3a']);
    const probe = api('probes/cursor.hpr-zero.json') as ApiProbe;
    expect(probe.answers.flatMap((a) => a[2]).sort()).toEqual([0, 1, 2]);
    expect((api('features/cursor-up.json') as ApiFeature).outcomes.flatMap((o) => o[0].map((i) => slugs[i])).sort()).toEqual([...slugs].sort());
    writeFileSync(join(out, 'stale.html'), 'left over');
    const second = runCli(['site', ...RESULTS.slice(0, 2), '--out', out, ...REGISTRY, '--quiet']);
    expect([second.code, second.stdout, second.stderr]).toEqual([0, '', '']);
    expect(existsSync(join(out, 'stale.html'))).toBe(false);
    expect(existsSync(join(out, 'terminals/tmux-3.3a.html'))).toBe(false);
  });

  it('refuses to replace a folder it did not make, and leaves it alone', () => {
    const out = join(dir, 'mine');
    mkdirSync(out);
    writeFileSync(join(out, 'notes.txt'), 'keep me');
    const r = runCli(['site', ...RESULTS, '--out', out, ...REGISTRY]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^termprobe: .*mine is not empty and was not made by `termprobe site`; choose another --out/);
    expect(readFileSync(join(out, 'notes.txt'), 'utf8')).toBe('keep me');
  });

  it('runs the embedded reference when it is not among the files, as compare does, and keeps its results', () => {
    const out = join(dir, 'ran');
    const r = runCli(['site', RESULTS[1]!, RESULTS[2]!, '--out', out, ...REGISTRY]);
    expect([r.code, r.stderr]).toEqual([0, '']);
    const page = readPage(join(out, 'probes.html'));
    expect(page).toMatch(/reference xterm\.js [\d.]+ was run now at 80x24 over 10 probes/);
    const data = JSON.parse(readFileSync(join(out, 'api/v6/index.json'), 'utf8')) as { terminals: { label: string; reference: boolean; results: string }[] };
    const ref = data.terminals.find((t) => t.reference)!;
    expect(ref.label).toMatch(/^xterm\.js /);
    expect(JSON.parse(gunzipSync(readFileSync(join(out, ref.results))).toString('utf8')).probes).toHaveLength(10);
  });

  it('builds from the published runs shipped with termprobe when run without files in a folder without runs, and no page names a path of this machine', async () => {
    const empty = join(dir, 'empty');
    mkdirSync(empty);
    const r = runCli(['site'], { cwd: empty, timeoutMs: 300_000 });
    expect([r.code, r.stderr]).toEqual([0, '']);
    // Every probe of the shipped corpus has a row: the count follows the corpus (1,113 probes once the input probes came).
    const probes = (await loadCorpus()).probes.length;
    expect(r.stdout).toMatch(new RegExp(` from the published runs shipped with termprobe \\(.*results\\): 2\\d\\d features, ${probes} probes × \\d\\d terminals\\.\\n`));
    const out = join(empty, 'site-out');
    // The whole published site, pictures, Unicode, history and sessions pages included: issue 28 asks for 15 MB (met at
    // 14.97 MB, e0c67b0). Regenerated results grow it unseen (new timings, pictures): 15.0003 MB at ff788e0, which
    // failed CI; 14.86 MB once calibration sheets were encoded unfiltered where smaller and results copies gzipped at 9.
    // The history of the figure is in issue 28's notes and the commits that changed this line.
    const total = folderBytes(out);
    console.log(`[site weight] the published site: ${(total / 1e6).toFixed(2)} MB in ${(readdirSync(out, { recursive: true, withFileTypes: true }) as { isFile(): boolean }[]).filter((e) => e.isFile()).length} files`);
    expect(total).toBeLessThanOrEqual(15e6);
    const root = fileURLToPath(new URL('../../../', import.meta.url));
    const leaks: string[] = [];
    const lost: string[] = [];
    const navs = new Map<string, string>();
    // The navigation a script draws: its entries, at its head (layout.ts siteScript).
    const navOf = (script: string) => navs.get(script) ?? navs.set(script, /^window\.termprobeNav=(\[.*\]);$/m.exec(readFileSync(script, 'utf8'))?.[1] ?? '').get(script)!;
    for (const f of readdirSync(out, { recursive: true }) as string[]) {
      if (!/\.(html|js|json|svg|css)$/.test(f)) continue;
      const text = f.endsWith('.html') ? readPage(join(out, f)) : readFileSync(join(out, f), 'utf8');
      // Every page leads to the Unicode, compare and history pages: a top-folder page in the navigation written into it,
      // a page one folder down through the script that draws it into its header (site.js, or probe.js that holds it).
      if (f.endsWith('.html')) {
        const script = /<script src="\.\.\/(assets\/(?:site|probe)\.js)"/.exec(text)?.[1];
        const nav = f.includes('/') ? (script && /<header class="site-header" data-nav="[a-z]*">/.test(text) ? navOf(join(out, script)) : '') : /<nav class="site-nav"[^]*?<\/nav>/.exec(text)?.[0] ?? '';
        for (const to of ['unicode.html', 'compare.html', 'history.html']) if (!new RegExp(`"(\\.\\./)?${to}"`).test(nav)) lost.push(`${f}: ${to}`);
      }
      for (const path of [root, empty, dir, tmpdir() + '/tmp.']) if (text.includes(path)) leaks.push(`${f}: ${path}`);
    }
    expect(leaks).toEqual([]);
    expect(lost).toEqual([]);
  }, 300_000);

  it('fails with one line naming file and line on a bad features folder, and writes nothing', () => {
    const features = join(dir, 'bad-features');
    mkdirSync(features);
    writeFileSync(join(features, 'a.yaml'), 'section: sec-a\ntitle: Section A\norder: 1\ndescription: A section with a feature naming no probe.\nfeatures:\n  - id: broken\n    name: Broken feature\n    description: A feature whose only facet names a probe the corpus does not have.\n    facets:\n      - { probe: cursor.no-such-probe, checks: \'nothing at all here\' }\n');
    const out = join(dir, 'feat');
    const r = runCli(['site', ...RESULTS, '--out', out, ...REGISTRY, '--features', features]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^termprobe: .*bad-features\/a\.yaml:10: feature "broken": facet 1: probe "cursor\.no-such-probe" is not in the corpus \(termprobe list\)$/)]);
    expect(existsSync(out)).toBe(false);
  });

  it('fails with one line on bad input: an unknown reference, a broken file', () => {
    const ref = runCli(['site', RESULTS[1]!, '--reference', 'no-such-terminal', '--out', join(dir, 'y'), ...REGISTRY]);
    expect(ref.code).toBe(2);
    expect(ref.stderr).toMatch(/^termprobe: reference "no-such-terminal" is not a results file, not among the runs given \(ghostty\)/);
    expect(existsSync(join(dir, 'y'))).toBe(false);
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, '{"schema": "termprobe-results/1", "tool": ');
    const bad = runCli(['site', broken, '--out', join(dir, 'z')]);
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    expect(bad.stderr).toContain('broken.json');
    expect(existsSync(join(dir, 'z'))).toBe(false);
  });

  it('fails with one line naming a broken Unicode results file beside the results (its verdicts are judged on another thread), and writes nothing', () => {
    const runs = join(dir, 'with-unicode');
    mkdirSync(join(runs, 'unicode'), { recursive: true });
    writeFileSync(join(runs, 'tmux-3.3a.json'), readFileSync(RESULTS[2]!));
    writeFileSync(join(runs, 'unicode', 'tmux-3.3a.json'), '{"schema": "termprobe-unicode/1", "answers": ');
    const r = runCli(['site', join(runs, 'tmux-3.3a.json'), '--out', join(dir, 'u'), ...REGISTRY]);
    expect([r.code, r.stdout]).toEqual([2, '']);
    expect(r.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^termprobe: .*unicode\/tmux-3\.3a\.json/)]);
    expect(existsSync(join(dir, 'u'))).toBe(false);
    expect(readdirSync(dir).filter((n) => n.startsWith('.u.'))).toEqual([]);
  });
});

describe('termprobe site, interrupted', () => {
  it('removes the half-built folder and exits 130 when Ctrl-C comes while it writes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'termprobe-site-int-'));
    try {
      const out = join(dir, 'site');
      // The published runs: thousands of files, so the writing lasts long enough to be interrupted.
      const child = spawn(process.execPath, [BIN, 'site', join(ROOT, 'results'), '--out', out, '-q'], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      const ended = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
      // The condition: the hidden folder it writes into has appeared (checked each 10 ms; the site ends the wait otherwise).
      let started = false;
      for (let done = false; !done && !started; ) {
        started = readdirSync(dir).some((n) => n.startsWith('.site.new-'));
        done = child.exitCode !== null;
        if (!started && !done) await new Promise((r) => setTimeout(r, 10));
      }
      expect(started, `the build never wrote into .site.new-… (exit ${child.exitCode}; ${stderr})`).toBe(true);
      child.kill('SIGINT');
      expect(await ended, stderr).toBe(130);
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
