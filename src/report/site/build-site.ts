/**
 * From results files to a written site: the registry, the reference and the
 * comparison come from src/classify exactly as for `termprobe compare` (same
 * defaults, so the site and the CLI show the same classes); the corpus adds
 * titles and bytes, the features folder the feature layer. When the reference is
 * an embedded emulator that is not among the files (the default, xterm.js,
 * usually is not), it is run now by the runner the CLI hands over, as compare
 * does. The build itself reads only results and data files: it imports no
 * target and no runner.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { buildComparison } from '../../classify/build-comparison.js';
import { chooseReference, DEFAULT_REFERENCE, type ReferenceRunner } from '../../classify/choose-reference.js';
import { checkTargets, loadDivergences } from '../../classify/load-divergences.js';
import { probeLookup } from '../../classify/probe-lookup.js';
import { ENGINE_NAMES } from '../../results/engines.js';
import { TARGET_NAMES } from '../../results/target-names.js';
import type { RunView } from '../../classify/run-view.js';
import type { UnicodeVerdict } from '../../classify/unicode-verdict.js';
import type { ChunkingReport } from '../../results/chunking-report-schema.js';
import type { ReplayReport } from '../../results/replay-report-schema.js';
import type { FeatureSet } from '../../corpus/feature-schema.js';
import { DEFAULT_PROBES_DIR, loadCorpus, type Corpus } from '../../corpus/load-corpus.js';
import { DEFAULT_FEATURES_DIR, loadFeatures } from '../../corpus/load-features.js';
import type { SpeedResults } from '../../results/speed-results-schema.js';
import { toolVersion } from '../../util/tool-version.js';
import { SiteError } from './site-error.js';
import { buildSiteModel, type SiteModel } from './site-model.js';
import { writeSite, type SiteStats } from './write-site.js';
import { siteHistories } from './site-histories.js';
import { siteFeatures } from './site-features.js';
import type { VersionHistory } from '../version-history.js';

export interface SiteOptions {
  /** A results file, a target among the runs, or an embedded target to run now (default: xterm.js). */
  reference?: string;
  /** The divergence registry (default: probes/divergences.yaml). */
  registry?: string;
  /** Probe folder for titles and bytes (default: the shipped corpus), or a corpus already loaded. */
  probes?: string | Corpus;
  /**
   * The features folder, or features already loaded; null for none. Default: the
   * shipped features/ with the shipped corpus, and a features/ folder beside
   * another probes folder when it has one.
   */
  features?: string | FeatureSet | null;
  /**
   * Unicode verdicts for unicode.html and its terminal pages (none: no Unicode pages);
   * or their promise, awaited once the comparison is built (the CLI judges them on another thread meanwhile).
   */
  unicode?: readonly UnicodeVerdict[] | Promise<readonly UnicodeVerdict[] | undefined>;
  /** The Unicode files made from those verdicts elsewhere (the CLI's Unicode thread makes them after the verdicts), or their promise; none: made here. */
  unicodeFiles?: Promise<readonly { path: string; text: string }[] | undefined>;
  /** Runs of other versions of the terminals shown (hidden from the table), for their history pages. */
  otherVersions?: RunView[];
  /** Releases known but not runnable, by terminal (release-targets.ts), named on the history pages. */
  notRun?: Map<string, VersionHistory['notRun']>;
  /** Replay reports and chunking reports for sessions.html (none of either: no sessions pages). */
  sessions?: readonly ReplayReport[];
  chunking?: readonly ChunkingReport[];
  /** Speed results for speed.html (none: no speed page). */
  speed?: readonly SpeedResults[];
  /** Runs the reference now when it is not among the runs (the CLI's; without one it must be a file or a run given). */
  runner?: ReferenceRunner;
  /** Notes of the caller's own (versions left out of the matrix), shown with the comparison's. */
  notes?: string[];
  /** Ends the build (Ctrl-C): the half-written site is removed. */
  signal?: AbortSignal;
}

/** The features for a corpus: given, none, the shipped ones, or a features/ folder beside the probes folder. */
function featuresFor(opts: SiteOptions, corpus: Corpus): FeatureSet | undefined {
  const f = opts.features;
  if (f === null) return undefined;
  if (typeof f === 'object') return f;
  const known = (id: string) => corpus.byId.has(id);
  if (typeof f === 'string') return loadFeatures(known, f);
  const probesDir = typeof opts.probes === 'string' ? resolve(opts.probes) : typeof opts.probes === 'object' ? resolve(opts.probes.dir) : resolve(DEFAULT_PROBES_DIR);
  if (probesDir === resolve(DEFAULT_PROBES_DIR)) return loadFeatures(known, DEFAULT_FEATURES_DIR);
  const beside = join(dirname(probesDir), 'features');
  return existsSync(beside) ? loadFeatures(known, beside) : undefined;
}

export async function buildSiteModelFrom(views: RunView[], opts: SiteOptions = {}): Promise<SiteModel> {
  if (views.length === 0) throw new SiteError('no results files to build a site from');
  const registry = loadDivergences(opts.registry);
  checkTargets(registry, new Set([...TARGET_NAMES, ...ENGINE_NAMES, ...views.map((v) => v.targetId), ...views.map((v) => v.engine.name)]));
  const corpus = typeof opts.probes === 'object' ? opts.probes : await loadCorpus(opts.probes);
  const features = featuresFor(opts, corpus);
  const probeDir = typeof opts.probes === 'string' ? opts.probes : undefined;
  const reference = await chooseReference(opts.reference ?? DEFAULT_REFERENCE, views, { probes: probeDir, ...(opts.runner ? { runner: opts.runner } : {}) });
  const lookup = typeof opts.probes === 'object' || probeDir === undefined ? (id: string) => corpus.byId.get(id) : probeLookup(probeDir);
  const cmp = buildComparison(views, reference, registry, lookup, { notes: opts.notes ?? [] });
  const model = buildSiteModel(cmp, corpus, toolVersion());
  const histories = siteHistories(views, opts.otherVersions ?? [], corpus, opts.notRun);
  if (histories.length > 0) model.histories = histories;
  const unicode = await opts.unicode;
  if (unicode && unicode.length > 0) model.unicode = unicode;
  if (model.unicode && opts.unicodeFiles) model.unicodeFiles = opts.unicodeFiles;
  if (opts.sessions && opts.sessions.length > 0) model.sessions = opts.sessions;
  if (opts.chunking && opts.chunking.length > 0) model.chunking = opts.chunking;
  if (opts.speed && opts.speed.length > 0) model.speed = opts.speed;
  if (features) model.features = siteFeatures(features, model, corpus);
  return model;
}

export async function buildSite(views: RunView[], outDir: string, opts: SiteOptions = {}): Promise<SiteStats & { model: SiteModel }> {
  const model = await buildSiteModelFrom(views, opts);
  return { ...(await writeSite(model, outDir, opts.signal)), model };
}
