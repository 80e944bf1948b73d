/** `termprobe site [results…] --out DIR`: the static compatibility site, from results files only. */
import { existsSync, readdirSync } from 'node:fs';
import type { PendingVerdicts } from './unicode-verdicts-worker.js';
import { fileURLToPath } from 'node:url';
import { CONTRIBUTED_RESULTS_DIR, OWN_RESULTS_DIR, PUBLISHED_RESULTS_DIR } from './results-dirs.js';
import { dirname, join, relative } from 'node:path';
import { SiteError } from '../report/site/site-error.js';
import { UsageError } from './errors.js';
import type { OutPath } from './options/out-option.js';
import { referenceText, type ReferenceSpec } from './options/reference-option.js';
import { defaultRunFiles, jsonIn, loadRuns, requireRuns } from './results-args.js';
import { HISTORY_RESULTS_DIR } from './results-dirs.js';
import { hiddenVersionsNote, newestVersions } from '../classify/newest-versions.js';
import type { RunView } from '../classify/run-view.js';
import type { VersionHistory } from '../report/version-history.js';
import { availabilityText } from './expand-targets.js';
import { checkRunsAgainstCorpus } from './corpus-check.js';
import { plural } from '../util/plural.js';
import { toolVersion } from '../util/tool-version.js';
import { againstOf } from './compare-command.js';
import { referenceRunner } from './reference-runner.js';
import { withInterrupts } from './interrupts.js';

export interface SiteCommandOptions {
  out: OutPath;
  against?: ReferenceSpec;
  reference?: ReferenceSpec;
  registry?: string;
  probes?: string;
  features?: string;
  quiet?: boolean;
  allVersions?: boolean;
  history?: string[];
}

/** The package's own folder: the published runs ship in its results/ (a clone's, or the installed package's). */
export const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Where the default runs are read from: the working folder when it holds any
 * (termprobe-results/, else results/), else the published runs that ship with
 * termprobe — so `termprobe site` builds the published site wherever it is run.
 */
function defaultRoot(): string | undefined {
  if (defaultRunFiles(undefined).length > 0) return undefined;
  return jsonIn(join(PACKAGE_ROOT, PUBLISHED_RESULTS_DIR)).length > 0 ? PACKAGE_ROOT : undefined;
}

/** Releases of the terminals with other versions that termprobe knows but cannot run, by terminal (for their history pages). */
async function releasesNotRun(views: RunView[]): Promise<Map<string, VersionHistory['notRun']>> {
  const out = new Map<string, VersionHistory['notRun']>();
  if (views.length === 0) return out;
  const { RELEASES, releaseTarget, releaseName } = await import('../targets/embedded/release-targets.js');
  const terminals = new Set(views.map((v) => v.targetId));
  for (const r of RELEASES.filter((x) => terminals.has(x.of))) {
    const a = await releaseTarget(releaseName(r))!.available();
    if (!a.ok) out.set(r.of, [...(out.get(r.of) ?? []), { version: r.version, reason: availabilityText(a) }]);
  }
  return out;
}

/**
 * The Unicode verdicts the site shows: the Unicode results in unicode/ beside the
 * results files named (or the default folders' unicode/, as compare --unicode reads),
 * judged on a thread of their own (unicode-verdicts-worker.ts) while the rest is read.
 */
async function unicodeVerdictsFor(files: string[], root: string | undefined): Promise<PendingVerdicts | undefined> {
  const { unicodeFiles } = await import('./unicode-compare.js');
  const found = files.length > 0 || root ? unicodeFiles([...new Set((root ? [join(root, PUBLISHED_RESULTS_DIR, 'x')] : files).map((f) => join(dirname(f), 'unicode')))].flatMap(jsonFilesIn)) : unicodeFiles(undefined);
  if (found.length === 0) return undefined;
  const { startUnicodeVerdicts } = await import('./unicode-verdicts-worker.js');
  // The thread also makes the Unicode pages from its verdicts (they need the tool's version, not the model).
  return startUnicodeVerdicts(found, { toolVersion: toolVersion() });
}

/**
 * Replay reports in sessions/ and chunking reports in chunking/ beside the
 * results files named (or beside the default folders' files), for sessions.html.
 */
async function sessionReportsFor(files: string[], root: string | undefined) {
  const dirs = files.length > 0 ? [...new Set(files.map((f) => dirname(f)))] : root ? [join(root, PUBLISHED_RESULTS_DIR)] : [OWN_RESULTS_DIR, PUBLISHED_RESULTS_DIR].filter((d) => existsSync(d) && jsonFilesIn(d).length > 0).slice(0, 1);
  const { readReplayReport } = await import('../results/replay-report-schema.js');
  const { readChunkingReport } = await import('../results/chunking-report-schema.js');
  return {
    sessions: dirs.flatMap((d) => jsonFilesIn(join(d, 'sessions'))).map(readReplayReport),
    chunking: dirs.flatMap((d) => jsonFilesIn(join(d, 'chunking'))).map(readChunkingReport),
  };
}

/** Speed results in speed/ beside the results files named (or beside the default folders' files), for speed.html. */
async function speedRunsFor(files: string[]) {
  const dirs = files.length > 0 ? [...new Set(files.map((f) => dirname(f)))] : [OWN_RESULTS_DIR, PUBLISHED_RESULTS_DIR].filter((d) => jsonFilesIn(join(d, 'speed')).length > 0).slice(0, 1);
  const { readSpeedResults } = await import('../results/read-speed-results.js');
  return dirs.flatMap((d) => jsonFilesIn(join(d, 'speed'))).map(readSpeedResults);
}

function jsonFilesIn(dir: string): string[] {
  try {
    return readdirSync(dir).filter((n) => n.endsWith('.json')).sort().map((n) => join(dir, n));
  } catch {
    return [];
  }
}

export async function siteCommand(files: string[], opts: SiteCommandOptions): Promise<void> {
  const t0 = performance.now();
  const root = files.length > 0 ? undefined : defaultRoot();
  const pendingUnicode = await unicodeVerdictsFor(files, root);
  try {
    // The table shows each terminal's newest version; the others, and results/history/ by default, make its history pages.
    const given = root ? [...jsonIn(join(root, PUBLISHED_RESULTS_DIR)), ...jsonIn(join(root, CONTRIBUTED_RESULTS_DIR))] : files;
    const all = await checkRunsAgainstCorpus(requireRuns(given, { allVersions: true }), opts.probes, opts.quiet);
    const { shown, hidden } = newestVersions(all);
    const historyFiles = opts.history?.length ? defaultRunFiles(opts.history) : files.length > 0 ? [] : jsonIn(join(root ?? '', HISTORY_RESULTS_DIR));
    const history = await checkRunsAgainstCorpus(loadRuns(historyFiles), opts.probes, true);
    const views = opts.allVersions ? all : shown;
    const { buildSite } = await import('../report/site/build-site.js');
    try {
      const against = againstOf({ against: opts.against && referenceText(opts.against, ''), reference: opts.reference && referenceText(opts.reference, '') });
      const unicode = pendingUnicode?.result();
      const unicodeFiles = pendingUnicode?.made();
      const otherVersions = [...(opts.allVersions ? [] : hidden.map((h) => h.view)), ...history];
      const { sessions, chunking } = await sessionReportsFor(files, root);
      const note = opts.allVersions ? undefined : hiddenVersionsNote(hidden);
      const notes = note ? [note.replace('(--all-versions shows every one)', '(each on its history page; --all-versions puts every one in the table)')] : [];
      const notRun = await releasesNotRun(otherVersions);
      const speed = await speedRunsFor(files);
      const stats = await withInterrupts((signal) => buildSite(views, opts.out.path, { reference: against, runner: referenceRunner, registry: opts.registry, probes: opts.probes, ...(opts.features ? { features: opts.features } : {}), unicode, ...(unicodeFiles ? { unicodeFiles } : {}), otherVersions, notRun, notes, sessions, chunking, speed, signal }));
      if (!opts.quiet) {
        const ms = performance.now() - t0;
        const mb = stats.bytes / 1e6;
        const from = root ? ` from the published runs shipped with termprobe (${relative(process.cwd(), join(root, PUBLISHED_RESULTS_DIR)) || '.'})` : '';
        const features = stats.model.features ? `${plural(stats.model.features.list.length, 'feature')}, ` : '';
        process.stdout.write(`Wrote ${stats.files} files (${mb.toFixed(2)} MB) to ${stats.dir} in ${(ms / 1000).toFixed(2)} s${from}: ${features}${plural(stats.model.rows.length, 'probe')} × ${plural(stats.model.columns.length, 'terminal')}.\nOpen ${stats.dir}/index.html, or serve the folder from any static host.\n`);
      }
    } catch (e) {
      if (e instanceof SiteError) throw new UsageError(e.message);
      throw e;
    }
  } finally {
    pendingUnicode?.cancel();
  }
}
