/**
 * `termprobe bisect CAST --target A,B`: the shortest prefix of a recorded session
 * after which A and B differ, the least bytes that still show it, and those
 * bytes as a probe (YAML, valid against the corpus schema) with a printf repro.
 * Exit 1 when they differ, 0 when the whole session leaves them alike.
 */
import { createHash } from 'node:crypto';
import { escapeBytes } from '../corpus/escape-bytes.js';
import { readCastOutput } from '../cast/read-cast.js';
import { bisectSession } from '../replay/bisect.js';
import { candidateFileYaml, candidateProbe, reproLine } from '../replay/candidate-probe.js';
import { rectText } from '../replay/screen-diff.js';
import { TargetSet } from '../replay/target-pair.js';
import { writeFileAtomic } from '../util/write-file-atomic.js';
import { plural } from '../util/plural.js';
import { EXIT, UsageError } from './errors.js';
import { withInterrupts } from './interrupts.js';
import { basename } from 'node:path';

/** Sessions bisected in memory, at most. */
export const BISECT_MAX_BYTES = 64 << 20;

export interface BisectOptions {
  target?: string[];
  out?: string;
}

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'session';

export async function bisectCommand(cast: string, opts: BisectOptions): Promise<void> {
  const targets = opts.target ?? [];
  if (targets.length !== 2) throw new UsageError(`bisect compares two targets: give --target A,B (got ${targets.length === 0 ? 'none' : targets.join(', ')})`);
  if (opts.out !== undefined && !/\.ya?ml$/.test(opts.out)) throw new UsageError(`--out "${opts.out}": the probe file's name ends in .yaml`);
  const { header, bytes } = await readCastOutput(cast, BISECT_MAX_BYTES);
  const [a, b] = targets as [string, string];
  const result = await withInterrupts(async (signal) => {
    const set = await TargetSet.open(targets, header.width, header.height, signal);
    try {
      return await bisectSession(bytes, set);
    } finally {
      await set.close();
    }
  });
  const name = basename(cast);
  if (!result) {
    process.stdout.write(`${name}: ${a} and ${b} show the same cursor and screen after every checkpoint of the session (${plural(bytes.length, 'byte')})\n`);
    return;
  }
  const [start, end] = result.token;
  const lines = [
    `${name}: ${a} and ${b} first differ after byte ${result.prefixLength} of ${bytes.length}, the token ${escapeBytes(bytes.subarray(start, end))} (bytes ${start + 1}–${end})`,
    `minimal input (from RIS, ${plural(result.minimal.length, 'byte')}): ${escapeBytes(result.minimal)}`,
  ];
  for (const [i, t] of [a, b].entries()) {
    const s = result.states[i]!;
    lines.push(`  ${t.padEnd(10)} cursor ${s.cursor ? `${s.cursor.row};${s.cursor.col}` : 'none'}`);
  }
  if (result.diff.rects.length > 0) lines.push(`  cells differ in ${result.diff.rects.map(rectText).join('; ')}`);
  lines.push(`repro: ${reproLine(result.minimal)}`, `(${plural(result.cases, 'case')} run in each target)`, '');
  const hash = createHash('sha256').update(result.minimal).digest('hex').slice(0, 8);
  const probe = candidateProbe({
    id: `bisect.${slug(name.replace(/\.cast$/, ''))}-${hash}`,
    title: `${a} and ${b} differ on ${escapeBytes(result.minimal)}`.slice(0, 100),
    description: `Shrunk by termprobe bisect from ${name} (first difference after byte ${result.prefixLength}). implements is ${a}'s answer, lacks ${b}'s; check which one the spec calls for before adding it.`,
    bytes: result.minimal,
    cols: header.width,
    rows: header.height,
    targets: [a, b],
    states: result.states,
    diff: result.diff,
  });
  const yaml = candidateFileYaml('bisect', `Found by bisecting ${name}`, [probe]);
  if (opts.out) {
    writeFileAtomic(opts.out, yaml);
    lines.push(`probe written to ${opts.out}`);
  } else lines.push(yaml);
  process.stdout.write(lines.join('\n') + '\n');
  process.exitCode = EXIT.differences;
}
