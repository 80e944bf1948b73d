/** `termprobe probe '<bytes>'`: one ad-hoc probe against targets, answers printed now. */
import { checkNotation } from '../corpus/escape-notation.js';
import { hashProbes } from '../corpus/corpus-hash.js';
import type { Corpus } from '../corpus/load-corpus.js';
import { QUERY_PATTERN, type Probe } from '../corpus/probe-schema.js';
import { runTarget } from '../engine/run-target.js';
import { answerSummary } from '../results/answer-key.js';
import { EMBEDDED_TARGETS, loadTarget } from '../targets/registry.js';
import { UsageError } from './errors.js';
import { withInterrupts } from './interrupts.js';
import { parseOptions, parseSize, splitList } from './select-probes.js';

export interface ProbeOptions {
  target?: string[];
  query?: string[];
  screen?: string;
  size?: string;
  option?: string[];
}

function parseRegion(text: string): Probe['screen'] {
  const m = /^(\d+),(\d+),(\d+),(\d+)$/.exec(text);
  if (!m) throw new UsageError(`--screen "${text}" is not TOP,LEFT,BOTTOM,RIGHT (1-based)`);
  return { top: Number(m[1]), left: Number(m[2]), bottom: Number(m[3]), right: Number(m[4]) };
}

export async function probeCommand(send: string, opts: ProbeOptions): Promise<void> {
  const err = checkNotation(send);
  if (err) throw new UsageError(`invalid escape at character ${err.index + 1}: ${err.message}`);
  const query = splitList(opts.query);
  if (query.length === 0) query.push('cursor');
  for (const q of query) if (!QUERY_PATTERN.test(q)) throw new UsageError(`unknown query "${q}"`);
  const probe: Probe = {
    id: 'adhoc.probe', category: 'adhoc', file: '(command line)', title: 'ad-hoc probe', description: 'given on the command line',
    spec: 'xterm ctlseqs (ad hoc)', send, query, expect: { implements: {} },
    ...(opts.screen ? { screen: parseRegion(opts.screen) } : {}),
  };
  const corpus: Corpus = { dir: '', probes: [probe], byId: new Map([[probe.id, probe]]), categories: ['adhoc'], hash: hashProbes([probe]) };
  const targets = splitList(opts.target);
  if (targets.length === 0) targets.push(...EMBEDDED_TARGETS);
  for (const t of targets) await loadTarget(t);
  const size = parseSize(opts.size ?? '80x24');
  const options = parseOptions(opts.option);
  await withInterrupts(async (signal) => {
    for (const target of targets) {
      const { results } = await runTarget(target, corpus, [probe], { ...size, options, signal });
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
