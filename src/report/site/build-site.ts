/**
 * From results files to a written site: the registry, the reference and the
 * comparison come from src/classify exactly as for `termprobe compare`; the
 * corpus adds titles and bytes. The site is built from results files only, so
 * the reference must be one of them (no emulator is run to make one).
 */
import { buildComparison } from '../../classify/build-comparison.js';
import { chooseReference, DEFAULT_REFERENCE } from '../../classify/choose-reference.js';
import { loadDivergences } from '../../classify/load-divergences.js';
import type { RunView } from '../../classify/run-view.js';
import { specCheckFrom } from '../../classify/spec-check.js';
import { loadCorpus, type Corpus } from '../../corpus/load-corpus.js';
import { toolVersion } from '../../util/tool-version.js';
import { SiteError } from './site-error.js';
import { buildSiteModel, type SiteModel } from './site-model.js';
import { writeSite, type SiteStats } from './write-site.js';

export interface SiteOptions {
  /** A results file or a target/terminal name among the runs (default: xterm.js). */
  reference?: string;
  /** The divergence registry (default: probes/divergences.yaml). */
  registry?: string;
  /** Probe folder for titles and bytes (default: the shipped corpus), or a corpus already loaded. */
  probes?: string | Corpus;
}

function namesReferenceAmongRuns(spec: string, views: RunView[]): boolean {
  const isPath = spec.endsWith('.json') || spec.includes('/');
  return isPath || views.some((v) => v.targetId === spec || v.name === spec);
}

export async function buildSiteModelFrom(views: RunView[], opts: SiteOptions = {}): Promise<SiteModel> {
  if (views.length === 0) throw new SiteError('no results files to build a site from');
  const spec = opts.reference ?? DEFAULT_REFERENCE;
  if (!namesReferenceAmongRuns(spec, views)) {
    const names = [...new Set(views.map((v) => v.targetId))].join(', ');
    throw new SiteError(`the reference "${spec}" is not among the results files (${names}); the site is built from results only: add its results file or pass --reference with one of them`);
  }
  const registry = loadDivergences(opts.registry);
  const reference = await chooseReference(spec, views, {});
  const corpus = typeof opts.probes === 'object' ? opts.probes : loadCorpus(opts.probes);
  const cmp = buildComparison(views, reference, registry, { meetsSpec: specCheckFrom(() => corpus) });
  return buildSiteModel(cmp, corpus, toolVersion());
}

export async function buildSite(views: RunView[], outDir: string, opts: SiteOptions = {}): Promise<SiteStats & { model: SiteModel }> {
  const model = await buildSiteModelFrom(views, opts);
  return { ...writeSite(model, outDir), model };
}
