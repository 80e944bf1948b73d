/**
 * Reading a speed results file: untrusted input, checked whole before use. Past
 * the schema, the numbers must agree with themselves: each figure once, the
 * stats those of its trials, a drain's size given, a stall's bytes within its
 * payload. A file that fails says so in one line naming the file and the place.
 */
import { readFileSync, statSync } from 'node:fs';
import { BadInputError } from '../util/bad-input-error.js';
import { jsonProblem } from './json-problem.js';
import { issueText } from './schema-issue.js';
import { speedResultsSchema, SPEED_RESULTS_SCHEMA_ID, type SpeedResults } from './speed-results-schema.js';
import { figureStats } from './speed-stats.js';

/** A run of every figure is about 10 KB: a file past this is not one. */
export const SPEED_FILE_MAX_BYTES = 1024 * 1024;

const close = (a: number, b: number) => Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(a), Math.abs(b));

function checkFigures(r: SpeedResults, file: string): void {
  const seen = new Set<string>();
  r.figures.forEach((f, i) => {
    const at = `${file}: figures[${i}] (${f.id})`;
    if (seen.has(f.id)) throw new BadInputError(`${at}: the figure appears twice`);
    seen.add(f.id);
    const stats = figureStats(f.trials);
    if (!stats !== !f.stats) throw new BadInputError(`${at}: ${f.stats ? 'stats without trials' : 'trials without stats'}`);
    if (stats && f.stats && !(['min', 'median', 'p90', 'max'] as const).every((k) => close(stats[k], f.stats![k]))) {
      throw new BadInputError(`${at}: its stats are not those of its trials (median ${f.stats.median}, the trials give ${stats.median})`);
    }
    if (f.trials.length > r.payloads.trials) throw new BadInputError(`${at}: ${f.trials.length} trials, more than the run's ${r.payloads.trials}`);
    if (f.id.startsWith('drain.') && (f.bytes === undefined || f.lines === undefined)) throw new BadInputError(`${at}: a drain figure needs bytes and lines`);
    if ((f.status === 'stalled') !== (f.stall !== undefined)) throw new BadInputError(`${at}: status ${f.status} ${f.stall ? 'with' : 'without'} a stall`);
    if (f.stall && f.stall.consumed > f.stall.of) throw new BadInputError(`${at}: a stall that consumed ${f.stall.consumed} of ${f.stall.of} bytes`);
    if (f.status === 'measured' && f.trials.length === 0) throw new BadInputError(`${at}: measured, with no trials`);
    if ((f.unit === 'KiB') !== f.id.startsWith('memory.')) throw new BadInputError(`${at}: unit ${f.unit} for this figure`);
  });
}

export function parseSpeedResults(text: string, file: string): SpeedResults {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new BadInputError(`${file}: ${jsonProblem(text, e as Error)}`);
  }
  const schema = (data as { schema?: unknown } | null)?.schema;
  if (schema !== SPEED_RESULTS_SCHEMA_ID) throw new BadInputError(`${file}: not a speed results file (schema is ${JSON.stringify(schema)}, not "${SPEED_RESULTS_SCHEMA_ID}"); these come from \`termprobe speed\``);
  const parsed = speedResultsSchema.safeParse(data);
  if (!parsed.success) {
    const { path, what } = issueText(parsed.error.issues[0]!);
    throw new BadInputError(`${file}: not a speed results file: ${path}: ${what}`);
  }
  checkFigures(parsed.data, file);
  return parsed.data;
}

export function readSpeedResults(file: string): SpeedResults {
  let text: string;
  try {
    const { size } = statSync(file);
    if (size > SPEED_FILE_MAX_BYTES) throw new BadInputError(`${file}: is ${(size / 1024 / 1024).toFixed(1)} MB; a speed results file is at most ${SPEED_FILE_MAX_BYTES / 1024 / 1024} MB`);
    text = readFileSync(file, 'utf8');
  } catch (e) {
    if (e instanceof BadInputError) throw e;
    throw new BadInputError(`${file}: cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  return parseSpeedResults(text, file);
}

export function serializeSpeedResults(results: SpeedResults): string {
  return JSON.stringify(results, null, 1) + '\n';
}
