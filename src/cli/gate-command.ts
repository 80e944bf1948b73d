/**
 * `termprobe gate [--profile termprobe.yaml]`: run the profile's target and hold
 * it to the committed answers. Exit 1 on a regression or an unexpected fix (and,
 * with --strict, on a new probe that fails) that holds when the probe is run
 * again in a fresh instance (gate-confirm.ts), 0 otherwise, 2 for bad input — a
 * profile that does not validate, names probes the corpus lacks, or whose target
 * does not start: one line naming the file and line, nothing written. Reports
 * go to stdout (text, markdown or json), to --out (the fresh results, JUnit XML,
 * SARIF, the Markdown summary), and to $GITHUB_STEP_SUMMARY when it is set; all
 * of them only once the run is over, so an interrupted gate writes nothing.
 */
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_PROFILE } from '../classify/gate-profile-schema.js';
import { GateProfileError, loadGateProfile } from '../classify/gate-profile.js';
import { checkGateProfile } from '../classify/gate-profile-check.js';
import { gatePlan } from '../classify/gate-plan.js';
import { confirmFindings, findingsToConfirm } from '../classify/gate-confirm.js';
import { gateVerdict } from '../classify/gate-verdict.js';
import { makeMarker } from '../classify/marks.js';
import { applyConventions } from '../classify/reply-convention.js';
import { viewRun } from '../classify/run-view.js';
import { loadCorpus } from '../corpus/load-corpus.js';
import type { GateReport } from '../report/gate-report.js';
import { renderGateJunit } from '../report/gate-junit.js';
import { renderGateMarkdown } from '../report/gate-markdown.js';
import { renderGateSarif } from '../report/gate-sarif.js';
import { validateFormat } from '../report/output-formats.js';
import { readResults } from '../results/read-results.js';
import { serializeResults } from '../results/write-results.js';
import { writeFileAtomic } from '../util/write-file-atomic.js';
import { checkGateTarget, runGateTarget, type Blame } from './gate-target.js';
import { withInterrupts } from './interrupts.js';
import { loadRegistryFor } from './load-registry.js';
import { defaultInstances } from './options/instances-option.js';
import { parseOutDir } from './options/out-option.js';
import { UsageError } from './errors.js';
import { writeOut } from './write-out.js';

export interface GateOptions {
  profile?: string;
  format?: string;
  out?: string;
  strict?: boolean;
  /** Run this target instead of the profile's (the same terminal built elsewhere). */
  target?: string;
  instances?: number;
  /** false (--no-input): leave out the input probes (keys, mouse, paste, focus made as real events). */
  input?: boolean;
}

export const GATE_OUT = 'termprobe-gate';
export const GATE_FILES = { results: 'results.json', junit: 'junit.xml', sarif: 'gate.sarif', summary: 'summary.md' } as const;

const RENDERERS = {
  text: async () => (await import('../report/gate-text.js')).renderGateText,
  markdown: async () => renderGateMarkdown,
  json: async () => (await import('../report/gate-json.js')).renderGateJson,
};

export async function gateCommand(opts: GateOptions): Promise<void> {
  const format = validateFormat(opts.format);
  const outDir = parseOutDir(opts.out ?? GATE_OUT).path;
  const file = opts.profile ?? DEFAULT_PROFILE;
  const profile = loadGateProfile(file);
  const corpus = await loadCorpus();
  let committedRun;
  try {
    committedRun = readResults(profile.answersPath);
  } catch (e) {
    throw new GateProfileError(file, profile.lineOf('answers'), `answers: ${(e as Error).message}`);
  }
  const committed = viewRun(profile.answers, committedRun);
  const marker = makeMarker((id) => corpus.byId.get(id));
  checkGateProfile(profile, corpus, committed, marker);
  const plan = gatePlan(profile, corpus, committedRun);
  if (opts.input === false) {
    const left = plan.probes.filter((p) => p.input).length;
    plan.probes = plan.probes.filter((p) => !p.input);
    if (left > 0) plan.notes.push(`${left} input probes not run (--no-input): what the terminal sends for keys, mouse, paste and focus is not checked`);
  }
  const target = opts.target ?? profile.target;
  const blame: Blame = opts.target ? (problem) => new UsageError(`--target ${opts.target}: ${problem}`) : (problem) => new GateProfileError(file, profile.lineOf('target'), `target: ${problem}`);
  const t0 = performance.now();
  const { cols, rows } = committedRun.settings;
  // From the target check on, a signal ends the run: checking an x11: command asks dpkg which package owns the
  // program, a child that must have ended before termprobe does.
  const ran = await withInterrupts(async (signal) => {
    await checkGateTarget(target, blame);
    if (signal.aborted) throw signal.reason;
    const running = runGateTarget(target, corpus, plan.probes, { cols, rows, jobs: opts.instances ?? defaultInstances(target), signal }, blame);
    // The registry is needed only once the answers are in: loaded while the terminal starts (0.1–0.2 s of YAML).
    let loaded: Awaited<ReturnType<typeof loadRegistryFor>>;
    try {
      loaded = await loadRegistryFor(undefined, [committed]);
    } catch (e) {
      await running.catch(() => undefined);
      throw e;
    }
    const results = await running;
    if (signal.aborted) throw signal.reason;
    return { results, registry: loaded };
  });
  const { results: fresh, registry } = ran;
  const freshView = viewRun(join(outDir, GATE_FILES.results), fresh);
  applyConventions([freshView], registry);
  const judge = (view: typeof freshView, probes: typeof plan.probes) => gateVerdict({ profile, corpus, committed, fresh: view, probes, comparable: plan.comparable, marker, registry, strict: opts.strict === true });
  let verdict = judge(freshView, plan.probes);
  // What would fail the gate is run once more, in a fresh instance, and counts only if it holds (gate-confirm.ts).
  const suspects = new Set(findingsToConfirm(verdict));
  if (suspects.size > 0) {
    const probes = plan.probes.filter((p) => suspects.has(p.id));
    const again = await withInterrupts((signal) => runGateTarget(target, corpus, probes, { cols, rows, jobs: 1, signal }, blame));
    const againView = viewRun(join(outDir, GATE_FILES.results), again);
    applyConventions([againView], registry);
    verdict = confirmFindings(verdict, judge(againView, probes));
  }
  verdict.notes.push(...plan.notes);
  if (freshView.name !== committed.name) verdict.notes.push(`the committed answers are ${committed.label}'s, and ${freshView.label} answered now: is the target the terminal the answers were made with?`);
  const report: GateReport = {
    verdict,
    profile: { file, target, corpus: profile.corpus, answers: profile.answers },
    terminal: { label: freshView.label, engine: `${freshView.engine.name}${freshView.engine.version ? ` ${freshView.engine.version}` : ''}`, target },
    committed: { label: committed.label, corpus: committedRun.corpus.hash },
    corpus: { hash: corpus.hash, probes: corpus.probes.length },
    resultsFile: join(outDir, GATE_FILES.results),
    elapsedMs: performance.now() - t0,
  };
  // Everything is written here, after the last await: a signal cannot land halfway through.
  const markdown = renderGateMarkdown(report);
  writeFileAtomic(join(outDir, GATE_FILES.results), serializeResults(fresh));
  writeFileAtomic(join(outDir, GATE_FILES.junit), renderGateJunit(report));
  writeFileAtomic(join(outDir, GATE_FILES.sarif), renderGateSarif(report, profile));
  writeFileAtomic(join(outDir, GATE_FILES.summary), markdown);
  const summary = process.env['GITHUB_STEP_SUMMARY'];
  if (summary) appendFileSync(summary, markdown + '\n');
  writeOut((await RENDERERS[format]())(report));
  process.exitCode = verdict.failed ? 1 : 0;
}
