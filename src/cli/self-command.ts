/**
 * `termprobe` in a terminal: probe that terminal (the `self` target, restored
 * before anything is printed), run the reference at the same size, derive the
 * Unicode width behaviour, write the results file (atomically, only once
 * everything is done), then print the report — or, with --json, the results.
 */
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { loadCorpus, type Corpus } from '../corpus/load-corpus.js';
import type { Probe } from '../corpus/probe-schema.js';
import { runSelf } from '../engine/run-self.js';
import { runTarget } from '../engine/run-target.js';
import { beginSelfSession } from '../targets/self.js';
import type { ResultsFile } from '../results/results-schema.js';
import { resultsFileName, serializeResults, writeResults } from '../results/write-results.js';
import { compareResults } from '../report/self-report-compare.js';
import { selfReport } from '../report/self-report.js';
import { fitWidths, isWidthProbe, WIDTH_MODELS, type WidthFit } from '../report/self-report-widths.js';
import { EXIT, UsageError } from './errors.js';
import { withInterrupts } from './interrupts.js';

export interface SelfOptions {
  out?: string;
  json?: boolean;
  reference?: string;
  window?: string;
}

const EMBEDDED_REFERENCES = ['xterm.js', 'ghostty'];

/** Fail before touching the terminal when the reference cannot be used. */
async function checkReference(ref: string): Promise<ResultsFile | undefined> {
  if (EMBEDDED_REFERENCES.includes(ref)) return undefined;
  if (!existsSync(ref)) throw new UsageError(`--reference "${ref}" is neither ${EMBEDDED_REFERENCES.join(' nor ')} nor an existing results file`);
  // Validating a results file loads zod: only when one is given.
  const { readResults } = await import('../results/read-results.js');
  return readResults(ref);
}

function parseWindow(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1 || n > 1000) throw new UsageError(`--window "${text}" is not a number from 1 to 1000`);
  return n;
}

/** Default ./termprobe-<terminal>-<version>.json; --out names a file, or a folder to put that name in. */
export function resultsPath(out: string | undefined, r: ResultsFile): string {
  const name = `termprobe-${resultsFileName(r.target.identity.name, r.target.identity.version)}`;
  if (out === undefined) return `./${name}`;
  if (out.endsWith('/') || (existsSync(out) && statSync(out).isDirectory())) return join(out, name);
  return out;
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

export async function selfCommand(opts: SelfOptions): Promise<void> {
  const refName = opts.reference ?? 'xterm.js';
  const fromFile = await checkReference(refName);
  const window = parseWindow(opts.window);
  await withInterrupts(async (signal) => {
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
    const file = opts.json && opts.out === undefined ? undefined : resultsPath(opts.out, results);
    if (file) writeResults(file, results);
    if (run.gaveUp) process.exitCode = EXIT.failure;
    if (opts.json) {
      process.stdout.write(serializeResults(results));
      if (run.gaveUp) process.stderr.write(`termprobe: ${run.gaveUp}\n`);
      return;
    }
    process.stdout.write(
      selfReport({
        results,
        corpus,
        summary: run.summary,
        ...(measured.reference ? { reference: { label: measured.reference.label, comparison: compareResults(results, measured.reference.results) } } : {}),
        ...(measured.widths ? { widths: measured.widths } : {}),
        ...(file ? { file } : {}),
        notes: run.notes ?? [],
        ...(run.gaveUp ? { gaveUp: run.gaveUp } : {}),
      }),
    );
  });
}
