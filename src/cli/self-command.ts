/**
 * `termprobe` in a terminal: probe that terminal (the `self` target, restored
 * before anything is printed), run the reference at the same size, derive the
 * Unicode width behaviour, write the results file (atomically, only once
 * everything is done), then print the report (through a pager when it is
 * longer than the screen) — or, with --json, the results.
 */
import { loadCorpus, type Corpus } from '../corpus/load-corpus.js';
import type { Probe } from '../corpus/probe-schema.js';
import { runSelf } from '../engine/run-self.js';
import { runTarget } from '../engine/run-target.js';
import { shareableResults } from '../engine/shareable-results.js';
import { beginSelfSession } from '../targets/own-terminal/self.js';
import type { ResultsFile } from '../results/results-schema.js';
import { resultsFileFor, serializeResults, writeResults } from '../results/write-results.js';
import { writeFileAtomic } from '../util/write-file-atomic.js';
import { dirname, join } from 'node:path';
import { compareResults } from '../report/self-report-compare.js';
import { selfReport } from '../report/self-report.js';
import { fitWidths, isWidthProbe, WIDTH_MODELS, type WidthFit } from '../report/self-report-widths.js';
import { EXIT } from './errors.js';
import { withInterrupts } from './interrupts.js';
import { pageOut } from './pager.js';
import { outFile, type OutPath } from './options/out-option.js';
import { outputWidth } from './options/width-option.js';
import type { ReferenceSpec } from './options/reference-option.js';
import { OWN_RESULTS_DIR } from './results-dirs.js';

export interface SelfOptions {
  out?: OutPath;
  json?: boolean;
  /** Checked as the command line is read: xterm.js, ghostty, or an existing file. */
  reference?: ReferenceSpec;
  window?: number;
  /** false with --no-pager. */
  pager?: boolean;
  verbose?: boolean;
  /** --unicode: also run the Unicode width suite in the terminal and report its verdict. */
  unicode?: boolean;
  /** --width: fit the report to this many columns (default: the terminal's). */
  width?: number;
  /** --all: without a terminal, every difference rather than the 20 most telling. */
  all?: boolean;
}

/** The reference's results when it is a file (read, and so validated, before the terminal is touched). */
async function readReference(ref: ReferenceSpec | undefined): Promise<ResultsFile | undefined> {
  if (ref?.kind !== 'file') return undefined;
  // Validating a results file loads zod: only when one is given.
  const { readResults } = await import('../results/read-results.js');
  return readResults(ref.path);
}

/** termprobe-results/self-<terminal>-<version>.json, or where --out says. */
export function resultsPath(out: OutPath | undefined, r: ResultsFile): string {
  return outFile(out ?? { kind: 'dir', path: OWN_RESULTS_DIR }, resultsFileFor(r));
}

interface Measured {
  reference?: { label: string; results: ResultsFile };
  widths?: WidthFit;
}

async function measureAgainst(refName: string, fromFile: ResultsFile | undefined, corpus: Corpus, probes: Probe[], mine: ResultsFile, signal: AbortSignal): Promise<Measured> {
  const size = { cols: mine.settings.cols, rows: mine.settings.rows };
  let reference: Measured['reference'];
  if (fromFile) {
    const s = fromFile.settings;
    const sizeNote = s.cols === size.cols && s.rows === size.rows ? '' : `, measured at ${s.cols}x${s.rows}`;
    reference = { label: `${fromFile.target.identity.name} ${fromFile.target.identity.version} (${refName}${sizeNote})`, results: fromFile };
  } else {
    const { results } = await runTarget(refName, corpus, probes, { ...size, signal });
    reference = { label: `${results.target.identity.name} ${results.target.identity.version} at ${size.cols}x${size.rows}`, results };
  }
  const widthProbes = probes.filter(isWidthProbe);
  if (widthProbes.length === 0) return { reference };
  const models = [];
  for (const model of WIDTH_MODELS) {
    // An embedded reference run with its default settings is one of the models: reuse its answers.
    if (!fromFile && refName === model.target && model.options['unicode'] !== '6') {
      models.push({ model, results: reference.results });
      continue;
    }
    try {
      const { results } = await runTarget(model.target, corpus, widthProbes, { ...size, options: model.options, signal });
      models.push({ model, results });
    } catch (e) {
      if (signal.aborted) throw e; // a width model that cannot run here is left out
    }
  }
  return { reference, widths: fitWidths(mine, models, new Set(widthProbes.map((p) => p.id))) };
}

/**
 * The width suite in the same terminal (a second session, restored like the first),
 * its results file (written by the caller, with the corpus results) and its verdict lines.
 */
async function measureUnicode(out: OutPath | undefined, signal: AbortSignal): Promise<{ file: string; text: string; lines: string[]; sentence: string }> {
  const [{ loadWidthSuite }, { runUnicodeTarget }, { unicodeVerdict, verdictSentence }, { unicodeSelfLines }, { serializeUnicodeResults, unicodeFileFor }] = await Promise.all([
    import('../corpus/width-suite/load-width-suite.js'),
    import('../engine/run-unicode.js'),
    import('../classify/unicode-verdict.js'),
    import('../report/unicode-report.js'),
    import('./run-unicode.js'),
  ]);
  const suite = loadWidthSuite();
  const { results } = await runUnicodeTarget('self', suite, { signal });
  const verdict = unicodeVerdict(results, suite);
  const dir = out?.kind === 'dir' ? out.path : out ? dirname(out.path) : OWN_RESULTS_DIR;
  return { file: join(dir, 'unicode', unicodeFileFor(results, {})), text: serializeUnicodeResults(shareableResults(results)), lines: unicodeSelfLines(verdict).map((l) => `  ${l}`), sentence: verdictSentence(verdict) };
}

export async function selfCommand(opts: SelfOptions): Promise<void> {
  const refName = opts.reference?.kind === 'name' ? opts.reference.name : opts.reference?.path ?? 'xterm.js';
  const fromFile = await readReference(opts.reference);
  const window = opts.window;
  const report = await withInterrupts(async (signal): Promise<string | undefined> => {
    // The first queries go out before the corpus loads, so the terminal answers while it does.
    const begun = beginSelfSession({ signal });
    let corpus: Corpus;
    try {
      corpus = await loadCorpus();
    } catch (e) {
      await begun.close();
      throw e;
    }
    const probes = corpus.probes;
    const run = await runSelf(corpus, probes, { signal, window }, begun);
    // From here on the terminal is back as it was; everything below is ordinary output.
    const results = run.results;
    const answered = results.probes.some((p) => p.status === 'ok' || p.status === 'partial');
    const measured = answered ? await measureAgainst(refName, fromFile, corpus, probes, results, signal) : {};
    if (measured.widths) results.settings.unicode = measured.widths.label;
    const unicode = opts.unicode && answered ? await measureUnicode(opts.out, signal) : undefined;
    // What is written (and printed with --json) is the shareable file: nothing personal in it.
    const shared = shareableResults(results);
    const file = resultsPath(opts.out, shared);
    if (signal.aborted) throw signal.reason; // interrupted while measuring: no file
    writeResults(file, shared);
    if (unicode) writeFileAtomic(unicode.file, unicode.text);
    // A terminal that stopped answering (or never did) is a finding about it, not a failure of termprobe.
    if (run.gaveUp) process.exitCode = EXIT.differences;
    if (opts.json) {
      process.stdout.write(serializeResults(shared));
      process.stderr.write(`termprobe: results saved to ${file}\n`);
      if (unicode) process.stderr.write(`termprobe: Unicode results saved to ${unicode.file}: your terminal ${unicode.sentence}\n`);
      if (run.gaveUp) process.stderr.write(`termprobe: ${run.gaveUp}\n`);
      return undefined;
    }
    let reference;
    if (measured.reference) {
      const comparison = compareResults(results, measured.reference.results);
      // The registry and its schema load only now, after the run: nothing of it is needed before.
      const { classifyDifferences } = await import('../report/self-report-classes.js');
      const classified = classifyDifferences(results, measured.reference.results, comparison.differ.map((d) => d.id), corpus);
      if (classified.problem) (run.notes ??= []).push(classified.problem);
      reference = { label: measured.reference.label, comparison, classes: classified.classes, support: classified.support };
    }
    return selfReport({
      results,
      corpus,
      summary: run.summary,
      ...(reference ? { reference } : {}),
      ...(measured.widths ? { widths: measured.widths } : {}),
      ...(unicode ? { unicode: [...unicode.lines, `  (Unicode results saved to ${unicode.file})`] } : {}),
      file,
      notes: run.notes ?? [],
      ...(run.gaveUp ? { gaveUp: run.gaveUp } : {}),
      verbose: opts.verbose === true,
      ...(outputWidth(opts.width) !== undefined ? { columns: outputWidth(opts.width) } : {}),
    });
  });
  // Outside the interrupt handling: the terminal is restored, and Ctrl-C in the pager is the pager's.
  if (report !== undefined) await pageOut(report, { pager: opts.pager !== false });
}
