/** `termprobe probe '<bytes>'`: one ad-hoc probe against targets, answers printed now. */
import { checkNotation } from '../corpus/escape-notation.js';
import { hashProbes } from '../corpus/corpus-hash.js';
import type { Corpus } from '../corpus/load-corpus.js';
import type { Probe } from '../corpus/probe-schema.js';
import { queryProblem } from '../corpus/query-names.js';
import { runTarget } from '../engine/run-target.js';
import { answerSummary } from '../results/answer-key.js';
import { EMBEDDED_TARGETS } from '../targets/registry.js';
import { UsageError } from './errors.js';
import { withInterrupts } from './interrupts.js';
import { DEFAULT_SIZE, type Size } from './options/size-option.js';
import { planTargetOptions } from './options/target-option-pairs.js';
import { splitList } from './select-probes.js';

export interface ProbeOptions {
  /** Registry names, already checked (target-names.ts). */
  target?: string[];
  query?: string[];
  screen?: string;
  size?: Size;
  /** --option pairs, syntax checked; checked against the targets here. */
  option?: Record<string, string>;
}

/** TOP,LEFT,BOTTOM,RIGHT, 1-based, inside the terminal. */
function parseRegion(text: string, size: Size): Probe['screen'] {
  const m = /^(\d+),(\d+),(\d+),(\d+)$/.exec(text.trim());
  const [top, left, bottom, right] = m ? m.slice(1).map(Number) as [number, number, number, number] : [0, 0, 0, 0];
  if (!m || top < 1 || left < 1 || top > bottom || left > right || bottom > size.rows || right > size.cols) {
    throw new UsageError(`--screen "${text}" is not TOP,LEFT,BOTTOM,RIGHT: 1-based, top ≤ bottom ≤ ${size.rows}, left ≤ right ≤ ${size.cols} (e.g. 1,1,2,10)`);
  }
  return { top, left, bottom, right };
}

export async function probeCommand(send: string, opts: ProbeOptions): Promise<void> {
  const err = checkNotation(send);
  if (err) throw new UsageError(`invalid escape at character ${err.index + 1}: ${err.message}`);
  const query = splitList(opts.query);
  if (query.length === 0) query.push('cursor');
  for (const q of query) {
    const problem = queryProblem(q);
    if (problem) throw new UsageError(`--query ${problem}`);
  }
  const probe: Probe = {
    id: 'adhoc.probe', category: 'adhoc', file: '(command line)', title: 'ad-hoc probe', description: 'given on the command line',
    spec: 'xterm ctlseqs (ad hoc)', send, query, expect: { implements: {} },
    ...(opts.screen ? { screen: parseRegion(opts.screen, opts.size ?? DEFAULT_SIZE) } : {}),
  };
  const corpus: Corpus = { dir: '', probes: [probe], byId: new Map([[probe.id, probe]]), categories: ['adhoc'], hash: hashProbes([probe]) };
  const targets = opts.target && opts.target.length > 0 ? opts.target : [...EMBEDDED_TARGETS];
  const size = opts.size ?? DEFAULT_SIZE;
  const plan = await planTargetOptions(targets, opts.option ?? {});
  for (const note of plan.notes) process.stderr.write(`termprobe: note: ${note}\n`);
  await withInterrupts(async (signal) => {
    for (const target of targets) {
      const { results } = await runTarget(target, corpus, [probe], { ...size, options: plan.perTarget.get(target) ?? {}, signal });
      const r = results.probes[0]!;
      const id = results.target.identity;
      const lines = [`${target} (${id.name} ${id.version}): ${answerSummary(r)}`];
      if (r.cursor) lines.push(`  cursor   ${r.cursor.raw}`);
      for (const rep of r.replies) lines.push(`  ${rep.query.padEnd(8)} ${rep.raw ?? '(no reply)'}`);
      if (r.screen) for (const [i, row] of r.screen.text.entries()) lines.push(`  row ${String(r.screen.region.top + i).padStart(2)} |${row}|`);
      for (const u of r.unexpected ?? []) lines.push(`  unexpected ${u}`);
      if (r.note) lines.push(`  note: ${r.note}`);
      process.stdout.write(lines.join('\n') + '\n');
    }
  });
}
