/**
 * `termprobe fuzz --target A,B[,…] --seconds N --seed S`: differential fuzzing
 * from the corpus grammar (src/fuzz/). Prints each finding once per shape with
 * its shrunk bytes and the answers, and writes them as candidate probes
 * (--out FILE.yaml, validated against the corpus schema). The same seed and
 * --cases give the same cases. Exit 1 when anything differed.
 */
import { createHash } from 'node:crypto';
import { escapeBytes } from '../corpus/escape-bytes.js';
import { loadCorpus } from '../corpus/load-corpus.js';
import { fuzzTargets, type FuzzReport } from '../fuzz/fuzz-run.js';
import { candidateFileYaml, candidateProbe, reproLine } from '../replay/candidate-probe.js';
import { TargetSet } from '../replay/target-pair.js';
import { writeFileAtomic } from '../util/write-file-atomic.js';
import { plural } from '../util/plural.js';
import { EXIT, UsageError } from './errors.js';
import { withInterrupts } from './interrupts.js';
import type { Size } from './options/size-option.js';

export interface FuzzCommandOptions {
  target?: string[];
  seconds?: string;
  cases?: string;
  seed?: string;
  size?: Size;
  out?: string;
  probes?: string;
}

export const FUZZ_SIZE: Size = { cols: 20, rows: 6 };

function whole(name: string, text: string | undefined, min: number, max: number): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!/^\d+$/.test(text.trim()) || n < min || n > max) throw new UsageError(`--${name} "${text}" is not a whole number from ${min} to ${max}`);
  return n;
}

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 40) || 'case';

export function fuzzCandidatesYaml(report: FuzzReport, targets: string[], size: Size): string {
  const probes = report.findings.map((f) => {
    const [a, b] = [targets[f.pair[0]]!, targets[f.pair[1]]!];
    const hash = createHash('sha256').update(f.minimal).digest('hex').slice(0, 8);
    return candidateProbe({
      id: `fuzz.${slug(f.shape)}-${hash}`,
      title: `${a} and ${b} differ on ${escapeBytes(f.minimal)}`,
      description: `Found by termprobe fuzz (seed ${report.seed}, case ${f.caseNumber}, ${plural(f.hits, 'case')} of this shape: ${f.shape}). implements is ${a}'s answer, lacks ${b}'s; check which one the spec calls for before adding it.`,
      bytes: f.minimal,
      cols: size.cols,
      rows: size.rows,
      targets: [a, b],
      states: f.states,
      diff: f.diff,
    });
  });
  return candidateFileYaml('fuzz', `Fuzz candidates, seed ${report.seed}`, probes);
}

export async function fuzzCommand(opts: FuzzCommandOptions): Promise<void> {
  const targets = opts.target ?? [];
  if (targets.length < 2) throw new UsageError('fuzz compares targets: give at least two, e.g. --target xterm.js,ghostty');
  const seconds = whole('seconds', opts.seconds, 1, 86_400);
  const cases = whole('cases', opts.cases, 1, 100_000_000);
  const seed = whole('seed', opts.seed, 0, 2 ** 32 - 1) ?? 1;
  if (opts.out !== undefined && !/\.ya?ml$/.test(opts.out)) throw new UsageError(`--out "${opts.out}": the candidates file's name ends in .yaml`);
  const size = opts.size ?? FUZZ_SIZE;
  const corpus = await loadCorpus(opts.probes);
  const report = await withInterrupts(async (signal) => {
    const set = await TargetSet.open(targets, size.cols, size.rows, signal);
    try {
      return await fuzzTargets(set, corpus, { seed, seconds: seconds ?? (cases === undefined ? 10 : undefined), cases, cols: size.cols, rows: size.rows, signal });
    } finally {
      await set.close();
    }
  });
  const lines = [
    `fuzz ${targets.join(' vs ')} at ${size.cols}x${size.rows}, seed ${seed}: ${plural(report.cases, 'case')} in ${report.runSeconds.toFixed(1)} s (${Math.round(report.cases / Math.max(report.runSeconds, 1e-9))}/s), ${report.differing} differed; shrinking took ${report.shrinkSeconds.toFixed(1)} s (${plural(report.shrinkCases, 'case')})`,
    `${plural(report.findings.length, 'shrunk divergence')} (one per shape):`,
  ];
  for (const f of [...report.findings].sort((x, y) => y.hits - x.hits)) {
    const cur = (i: number) => (f.states[i]?.cursor ? `${f.states[i]!.cursor!.row};${f.states[i]!.cursor!.col}` : 'none');
    lines.push(`  ${escapeBytes(f.minimal).padEnd(24)} ${String(f.hits).padStart(4)}×  ${targets[f.pair[0]]} ${cur(0)} vs ${targets[f.pair[1]]} ${cur(1)}${f.diff.cells ? `, ${plural(f.diff.cells, 'cell')}` : ''}   [${f.shape}]`);
  }
  if (report.findings[0]) lines.push(`repro of the first: ${reproLine(report.findings[0].minimal)}`);
  if (opts.out) {
    writeFileAtomic(opts.out, fuzzCandidatesYaml(report, targets, size));
    lines.push(`candidates written to ${opts.out}`);
  }
  process.stdout.write(lines.join('\n') + '\n');
  if (report.findings.length > 0) process.exitCode = EXIT.differences;
}
