/**
 * A results file from someone else's machine, checked before it joins the
 * table (`termprobe contribute`). The first problem found ends the check with
 * one line naming the file and the place:
 *
 * - it is a results file of this schema version, within the limits (read-results.ts);
 * - it comes from a termprobe no newer than this one, and from a corpus this one
 *   knows (the corpus at hand, or one in probes/corpus-history.json): a corpus
 *   hash from the future is refused, an older one accepted;
 * - its entries are probes of that corpus, at most one each (so at most as many
 *   entries as the corpus has probes);
 * - its identity chain names the terminal and its version, from something the
 *   terminal said or the environment it set;
 * - it says its platform (or the contributor does, with --platform);
 * - every answer is plausible: each reply value and cursor is what its raw
 *   reply says (reply-plausibility.ts), and a probe marked ok answered something.
 *
 * Then it is normalised: made shareable (shareable-results.ts), probes in
 * corpus order, the platform recorded.
 */
import { findCorpus, readCorpusHistory, sharedProbes, type CorpusHistory, type KnownCorpus, type SharedProbes } from '../corpus/corpus-history.js';
import type { Corpus } from '../corpus/load-corpus.js';
import { readResults, ResultsFileError } from '../results/read-results.js';
import type { ResultsFile } from '../results/results-schema.js';
import { knownCorpusOf } from '../corpus/corpus-history.js';
import { toolVersion } from '../util/tool-version.js';
import { implausibleAnswer } from './reply-plausibility.js';
import { shareableResults } from './shareable-results.js';

export interface CheckedContribution {
  results: ResultsFile;
  /** The corpus the file was made with. */
  corpus: KnownCorpus;
  /** Its probes against the corpus at hand (all shared when it is the same corpus). */
  overlap: SharedProbes;
  sameCorpus: boolean;
}

const short = (hash: string) => `${hash.slice(0, 19)}…`;

/** -1, 0 or 1 as a is older, the same or newer than b (numeric dotted versions; anything else compares equal). */
export function compareVersions(a: string, b: string): number {
  const pa = /^(\d+)\.(\d+)\.(\d+)/.exec(a);
  const pb = /^(\d+)\.(\d+)\.(\d+)/.exec(b);
  if (!pa || !pb) return 0;
  for (let i = 1; i <= 3; i++) {
    const d = Number(pa[i]) - Number(pb[i]);
    if (d !== 0) return Math.sign(d);
  }
  return 0;
}

const UNKNOWN = new Set(['', 'unknown']);

function checkIdentity(r: ResultsFile, fail: (problem: string) => never): void {
  const id = r.target.identity;
  if (UNKNOWN.has(id.name.trim())) fail('target.identity.name: the terminal is not named; a contribution must say which terminal answered (its XTVERSION, DA2 or environment)');
  if (UNKNOWN.has(id.version.trim())) fail(`target.identity.version: no version for ${id.name}; a row is a terminal at one version`);
  if (id.identifiedBy === 'unknown') fail('target.identity.identifiedBy: "unknown"; a contribution must say where its name and version came from');
  const c = id.chain;
  const said = [c.xtversion, c.da2, c.da1, c.package, c.dpkg, c.command].some((v) => v !== undefined && v !== '') || Object.keys(c.env ?? {}).length > 0;
  if (!said) fail('target.identity.chain: empty; the identity chain (XTVERSION, DA2, DA1, environment) must be present');
}

export interface ContributionOptions {
  /** The platform, for a file that does not record it ("macos", "windows", "linux", …). */
  platform?: string;
  history?: CorpusHistory;
}

export function checkContribution(file: string, current: Corpus, opts: ContributionOptions = {}): CheckedContribution {
  const fail = (problem: string): never => {
    throw new ResultsFileError(file, problem);
  };
  const r = readResults(file);
  const ours = toolVersion();
  if (compareVersions(r.tool.version, ours) > 0) fail(`tool.version: made by termprobe ${r.tool.version}, newer than this one (${ours}); update termprobe and contribute again`);
  const history = opts.history ?? readCorpusHistory();
  const corpus = findCorpus(r.corpus.hash, current, history);
  if (!corpus) {
    fail(`corpus.hash: ${short(r.corpus.hash)} is not a corpus this termprobe knows (the one at hand, ${short(current.hash)}, or one of ${history.corpora.length} earlier ones): a corpus from a newer termprobe, or an edited one; update termprobe, or run the shipped corpus`);
  }
  const known = corpus!;
  const size = Object.keys(known.probes).length;
  if (r.corpus.probes !== size) fail(`corpus.probes: ${r.corpus.probes}, but corpus ${short(known.hash)} has ${size} probes`);
  if (r.probes.length > size) fail(`probes: holds ${r.probes.length} entries, but its corpus ${short(known.hash)} has ${size} probes`);
  for (let i = 0; i < r.probes.length; i++) {
    const id = r.probes[i]!.id;
    if (!(id in known.probes)) fail(`probes[${i}]: "${id}" is not a probe of its corpus ${short(known.hash)}`);
  }
  checkIdentity(r, fail);
  const platform = r.run.platform?.os ?? opts.platform;
  if (!platform) fail('run.platform: not recorded (a file from an older termprobe); say where it was made with --platform macos, windows, linux, …');
  if (r.run.platform && opts.platform && opts.platform !== r.run.platform.os) fail(`run.platform: the file says ${r.run.platform.os}, --platform says ${opts.platform}`);
  for (let i = 0; i < r.probes.length; i++) {
    const p = r.probes[i]!;
    const why = implausibleAnswer(p);
    if (why) fail(`probes[${i}] (${p.id}): ${why}`);
    if (p.status === 'ok' && !p.cursor && !p.screen && !p.replies.some((rep) => rep.value !== undefined)) fail(`probes[${i}] (${p.id}): status ok, but no answer recorded (no cursor, reply or screen)`);
  }
  const order = new Map(Object.keys(known.probes).map((id, i) => [id, i]));
  const shared = shareableResults(r, []);
  shared.probes.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  shared.run.platform = r.run.platform ?? { os: platform! };
  const sameCorpus = known.hash === current.hash;
  return { results: shared, corpus: known, overlap: sharedProbes(known, knownCorpusOf(current)), sameCorpus };
}
