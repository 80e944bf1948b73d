/**
 * The static site (issues 6, 14, 16, 17 and 28). Issue 28's figures, over the
 * published runs: `termprobe site` with no arguments, run in an empty folder so
 * it builds from the runs shipped with termprobe (results/, its history,
 * Unicode and session reports), as a whole process (target 3 s; its CPU time
 * beside it, the wall time counting waits for a shared CPU); the index as
 * transferred (the page, its stylesheet and scripts: target 150 KB), the
 * heaviest page with what it loads (500 KB), the whole site (15 MB), and, with
 * Chromium, the index interactive on a phone with its CPU slowed 4× (1 s).
 * The in-process build over results/ alone (read, classify, write) is printed
 * beside them. Then the same with a picture for every screen probe of every
 * GUI terminal (site-pictures-bench.ts: issue 17's 5 s and 40 MB), over 60
 * results files (site-rows-bench.ts), and at 21 terminals × 300 probes of
 * synthetic results (issue 6).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { gzipSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { viewRun } from '../classify/run-view.js';
import { unicodeVerdict } from '../classify/unicode-verdict.js';
import { loadWidthSuite } from '../corpus/width-suite/load-width-suite.js';
import { readUnicodeResults } from '../results/read-unicode-results.js';
import { buildSite } from '../report/site/build-site.js';
import { writeSyntheticResults } from '../report/site/synthetic-results.js';
import { folderBytes } from '../report/site/write-site.js';
import { readResults } from '../results/read-results.js';
import { findProgram } from '../targets/common/find-program.js';
import type { BenchFigure, BenchModule } from './bench-types.js';
import { median } from './measure.js';
import { pictureFigures } from './site-pictures-bench.js';
import { sixtyFileFigures } from './site-rows-bench.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BIN = join(ROOT, 'bin/termprobe.js');
/** Printed by the child at exit: its own CPU time (all its threads), which spawnSync does not give; printed by the main thread only: the hook also runs in the build's worker threads, whose exit comes earlier. */
const CPU_AT_EXIT = `data:text/javascript,import{isMainThread}from'node:worker_threads';if(isMainThread)process.on('exit',()=>{const c=process.cpuUsage();process.stderr.write('cpu-ms '+((c.user+c.system)/1000)+'\\n')})`;

/** A page's bytes with the stylesheets and scripts it loads (pictures aside). */
function pageWeight(site: string, path: string): { bytes: number; gzipped: number; files: string[] } {
  const html = readFileSync(join(site, path));
  const dir = dirname(path);
  // Attribute values are quoted only where HTML needs it (trim-html.ts): a path has no space, quote or >.
  const loads = [...html.toString('utf8').matchAll(/<(?:script src|link rel="?stylesheet"? href)=("?)([^"\s>]+)\1[\s>]/g)].map((m) => join(dir, m[2]!));
  const bodies = [html, ...loads.map((f) => readFileSync(join(site, f)))];
  return { bytes: bodies.reduce((n, b) => n + b.length, 0), gzipped: bodies.reduce((n, b) => n + gzipSync(b).length, 0), files: [path, ...loads] };
}

function heaviestPage(site: string): { path: string; bytes: number } {
  let heaviest = { path: '', bytes: 0 };
  for (const e of readdirSync(site, { recursive: true, withFileTypes: true })) {
    if (!e.isFile() || !e.name.endsWith('.html')) continue;
    const path = join(e.parentPath, e.name).slice(site.length + 1);
    const { bytes } = pageWeight(site, path);
    if (bytes > heaviest.bytes) heaviest = { path, bytes };
  }
  return heaviest;
}

async function phoneFigures(site: string): Promise<BenchFigure[]> {
  const { CHROMIUM_PATH, launchChromium, phoneLoad, serveFolder } = await import('../report/site/browser-harness.js');
  if (!findProgram(CHROMIUM_PATH)) return [{ name: 'index interactive on a phone (CPU 4× slower)', value: 0, unit: 'ms', note: `not measured: no Chromium at ${CHROMIUM_PATH}` }];
  const served = await serveFolder(site);
  const browser = await launchChromium();
  try {
    const index = await phoneLoad(browser, served, 'index.html', { loads: 5, search: 'sync' });
    const feature = await phoneLoad(browser, served, 'features/synchronized-output.html', { loads: 5 });
    const note = `Chromium, 390 × 844, CPU throttled 4×, median of 5 loads; load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`;
    return [
      { name: 'index interactive on a phone (CPU 4× slower)', value: index.interactive, unit: 'ms', target: { op: '<', value: 1000 }, note },
      { name: '  its first search, loading the search data', value: index.firstSearch ?? 0, unit: 'ms' },
      { name: '  a feature page interactive, the same phone', value: feature.interactive, unit: 'ms', target: { op: '<', value: 1000 } },
    ];
  } finally {
    await browser.close();
    await served.close();
  }
}

async function publishedFigures(work: string): Promise<BenchFigure[]> {
  const dir = join(ROOT, 'results');
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')) : [];
  if (files.length === 0) return [{ name: '`termprobe site` over the published runs, process wall time', value: 0, unit: 's', note: 'not run: results/ holds no results files yet' }];
  // `termprobe site` as a user runs it anywhere: no arguments, in a folder without runs. Each run
  // builds a folder of its own and none is deleted until the end: on a file system that has just
  // deleted thousands of files (here ext4 without a journal: its inode allocator reads and skips
  // the inodes freed a short while ago, `recently_deleted` in perf's kernel stacks) each new file
  // costs up to 1 ms of kernel time more. That case is measured apart, after deleting a site just
  // built. These runs
  // come first: the in-process builds below delete the site they replace.
  const elsewhere = join(work, 'elsewhere');
  mkdirSync(elsewhere);
  const spawnSite = (out: string) => {
    const t0 = performance.now();
    const r = spawnSync(process.execPath, ['--import', CPU_AT_EXIT, BIN, 'site', '--out', out, '--quiet'], { cwd: elsewhere, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`termprobe site exited ${r.status}: ${r.stderr.trim()}`);
    return { wall: performance.now() - t0, cpu: Number(/cpu-ms ([\d.]+)/.exec(r.stderr)?.[1] ?? NaN) };
  };
  const runs = [1, 2, 3].map((i) => spawnSite(join(elsewhere, `site-${i}`)));
  const out = join(elsewhere, 'site-1');
  rmSync(join(elsewhere, 'site-2'), { recursive: true, force: true });
  const afterDelete = spawnSite(join(elsewhere, 'site-2'));
  const inProcess = join(work, 'published-in-process');
  const builds: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    await buildSite(files.map((f) => viewRun(join(dir, f), readResults(join(dir, f)))), inProcess);
    const c = process.cpuUsage(c0);
    builds.push(performance.now() - t0);
    cpu.push((c.user + c.system) / 1000);
  }
  // The Unicode verdicts, judged on a thread of their own during the build: their CPU time in-process.
  const unicodeDir = join(dir, 'unicode');
  const unicodeResults = existsSync(unicodeDir) ? readdirSync(unicodeDir).filter((f) => f.endsWith('.json')).map((f) => readUnicodeResults(join(unicodeDir, f))) : [];
  const suite = loadWidthSuite();
  const c0 = process.cpuUsage();
  const verdicts = unicodeResults.map((r) => unicodeVerdict(r, suite));
  const c1 = process.cpuUsage(c0);
  const index = pageWeight(out, 'index.html');
  const heaviest = heaviestPage(out);
  const files2 = readdirSync(out, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
  const load = `load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`;
  return [
    { name: `\`termprobe site\` with no arguments (the published runs: ${files.length} terminals, history, Unicode, sessions), process wall time`, value: median(runs.map((r) => r.wall)) / 1000, unit: 's', target: { op: '<', value: 3 }, note: `median of 3; ${load}` },
    { name: '  the same process, CPU time (user + system)', value: median(runs.map((r) => r.cpu)) / 1000, unit: 's', note: 'the wall time includes waiting for a shared CPU and disk' },
    { name: '  the same, built just after deleting a site (its 5,600 files), process wall time', value: afterDelete.wall / 1000, unit: 's', note: `CPU ${(afterDelete.cpu / 1000).toFixed(2)} s; one run: on ext4 without a journal each new file then costs more kernel time` },
    { name: `  the Unicode verdicts of its ${verdicts.length} Unicode results files (its second thread), CPU time in-process`, value: (c1.user + c1.system) / 1e6, unit: 's' },
    { name: `site build over results/ alone (${files.length} terminals), in-process`, value: median(builds) / 1000, unit: 's', note: `CPU ${(median(cpu) / 1000).toFixed(2)} s` },
    { name: 'index as transferred (page, stylesheet, scripts; search data loads on use)', value: index.bytes / 1000, unit: 'KB', target: { op: '<', value: 150 }, note: `${(index.gzipped / 1000).toFixed(1)} KB gzipped; ${index.files.join(', ')}` },
    { name: `heaviest page with what it loads (${heaviest.path})`, value: heaviest.bytes / 1000, unit: 'KB', target: { op: '<', value: 500 } },
    { name: `site size (the published runs, pictures included; ${files2} files)`, value: folderBytes(out) / 1e6, unit: 'MB', target: { op: '<', value: 15 } },
    ...(await phoneFigures(out)),
  ];
}

async function syntheticFigures(work: string): Promise<BenchFigure[]> {
  const set = writeSyntheticResults(join(work, 'synthetic'));
  const out = join(work, 'synthetic-site');
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    await buildSite(set.files.map((f) => viewRun(f, readResults(f))), out, { registry: set.registry, probes: set.corpus });
    times.push(performance.now() - t0);
  }
  return [
    { name: 'site build at 21 terminals × 300 probes (read, classify, write), in-process', value: median(times) / 1000, unit: 's', target: { op: '<', value: 5 } },
    { name: 'site size at 21 terminals × 300 probes', value: folderBytes(out) / 1e6, unit: 'MB', target: { op: '<', value: 10 } },
  ];
}

export const siteBench: BenchModule = {
  title: 'Static site: build time and size',
  async run() {
    const work = mkdtempSync(join(tmpdir(), 'termprobe-bench-site-'));
    try {
      return [...(await publishedFigures(work)), ...(await pictureFigures(work)), ...(await sixtyFileFigures(work)), ...(await syntheticFigures(work))];
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  },
};
