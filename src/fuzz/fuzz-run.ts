/**
 * Differential fuzzing: cases from the corpus grammar run in every target (in
 * batches, pipelined where the target allows), the first target's state (cursor
 * and screen) compared with each other's; a case that differs is shrunk
 * (shrink.ts) and kept once per shape of its shrunk bytes (case-shape.ts).
 * Cases come from the seed alone, so a seed and a case count repeat a run.
 */
import type { Corpus } from '../corpus/load-corpus.js';
import { diffStates, type StateDiff } from '../replay/screen-diff.js';
import { shrinkDifference } from '../replay/shrink.js';
import type { TargetSet } from '../replay/target-pair.js';
import type { TerminalState } from '../replay/terminal-state.js';
import { caseShape } from './case-shape.js';
import { grammarFromCorpus } from './corpus-grammar.js';
import { generateCase } from './generate-case.js';
import { SeededRandom } from './seeded-random.js';

export interface FuzzOptions {
  seed: number;
  /** Stop after this long (the batch in flight finishes) … */
  seconds?: number;
  /** … or after this many cases, whichever comes first. */
  cases?: number;
  cols: number;
  rows: number;
  batch?: number;
  signal?: AbortSignal;
}

export interface Finding {
  shape: string;
  /** Target indexes in the set: the first target and the one that differed. */
  pair: [number, number];
  minimal: Uint8Array;
  /** The first case (before shrinking) that showed it, and its number in the run. */
  original: Uint8Array;
  caseNumber: number;
  /** Cases whose difference shrank to this shape (or whose raw shape had already). */
  hits: number;
  states: TerminalState[];
  diff: StateDiff;
}

export interface FuzzReport {
  seed: number;
  cases: number;
  differing: number;
  /** Seconds spent running and comparing cases, and shrinking. */
  runSeconds: number;
  shrinkSeconds: number;
  shrinkCases: number;
  findings: Finding[];
}

const encoder = new TextEncoder();

export async function fuzzTargets(set: TargetSet, corpus: Corpus, opts: FuzzOptions): Promise<FuzzReport> {
  const grammar = grammarFromCorpus(corpus, { cols: opts.cols, rows: opts.rows });
  const rnd = new SeededRandom(opts.seed);
  const batch = opts.batch ?? 256;
  const maxCases = opts.cases ?? Number.POSITIVE_INFINITY;
  const deadline = opts.seconds === undefined ? Number.POSITIVE_INFINITY : performance.now() + opts.seconds * 1000;
  const findings = new Map<string, Finding>();
  /** Raw shape → the finding its first case shrank to, so a repeat is not shrunk again. */
  const rawShapes = new Map<string, Finding | null>();
  const others = set.targets.map((_, i) => i).slice(1);
  let cases = 0;
  let differing = 0;
  let runMs = 0;
  let shrinkMs = 0;
  let shrinkCases = 0;
  while (cases < maxCases && performance.now() < deadline) {
    if (opts.signal?.aborted) throw opts.signal.reason;
    const t0 = performance.now();
    const n = Math.min(batch, maxCases - cases);
    const inputs: Uint8Array[] = [];
    for (let i = 0; i < n; i++) inputs.push(encoder.encode(generateCase(grammar, rnd, opts)));
    const runs = set.targets.map((t) => Promise.all(inputs.map((b) => t.runner.run(b, true))));
    const states = await Promise.all(runs);
    const hits: { index: number; pair: [number, number]; diff: StateDiff }[] = [];
    for (let i = 0; i < n; i++) {
      for (const j of others) {
        const diff = diffStates(states[0]![i]!, states[j]![i]!);
        if (!diff.same) hits.push({ index: i, pair: [0, j], diff });
      }
    }
    runMs += performance.now() - t0;
    const t1 = performance.now();
    for (const hit of hits) {
      differing++;
      const input = inputs[hit.index]!;
      const raw = `${hit.pair.join('-')} ${caseShape(input)}`;
      const known = rawShapes.get(raw);
      if (known !== undefined) {
        if (known) known.hits++;
        continue;
      }
      const shrunk = await shrinkDifference(input, set, hit.pair);
      shrinkCases += shrunk.cases;
      const shape = caseShape(shrunk.minimal);
      const key = `${hit.pair.join('-')} ${shape}`;
      let finding = findings.get(key);
      if (finding) finding.hits++;
      else {
        const final = await set.compare(shrunk.minimal, true, hit.pair);
        // A difference that vanished when shrunk (it depended on something the case did not hold) is not kept.
        if (final.diff.same) {
          rawShapes.set(raw, null);
          continue;
        }
        finding = { shape, pair: hit.pair, minimal: shrunk.minimal, original: input, caseNumber: cases + hit.index + 1, hits: 1, states: final.states, diff: final.diff };
        findings.set(key, finding);
      }
      rawShapes.set(raw, finding);
    }
    shrinkMs += performance.now() - t1;
    cases += n;
  }
  return { seed: opts.seed, cases, differing, runSeconds: runMs / 1000, shrinkSeconds: shrinkMs / 1000, shrinkCases, findings: [...findings.values()] };
}
