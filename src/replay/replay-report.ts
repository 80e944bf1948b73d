/**
 * A replayed session across targets: what each showed at the end, and every
 * pair of targets that read a state compared (cursor, and cells grouped into
 * rectangles). This is the JSON `termprobe replay --out` writes and the site's
 * sessions page reads; its format is src/results/replay-report-schema.ts.
 */
import { basename } from 'node:path';
import type { CastHeader } from '../cast/cast-format.js';
import { toolVersion } from '../util/tool-version.js';
import type { ReplayedTarget } from './replay-cast.js';
import { diffStates, type StateDiff } from './screen-diff.js';
import { REPLAY_SCHEMA_ID, type ReplayReport } from '../results/replay-report-schema.js';

export { REPLAY_SCHEMA_ID, type ReplayReport } from '../results/replay-report-schema.js';

export interface PairDiff extends StateDiff {
  a: string;
  b: string;
}

export function buildReplayReport(file: string, header: CastHeader, targets: ReplayedTarget[]): ReplayReport {
  const read = targets.filter((t) => t.status === 'ok' && t.state);
  const pairs: PairDiff[] = [];
  for (let i = 0; i < read.length; i++) {
    for (let j = i + 1; j < read.length; j++) pairs.push({ a: read[i]!.target, b: read[j]!.target, ...diffStates(read[i]!.state!, read[j]!.state!) });
  }
  return {
    schema: REPLAY_SCHEMA_ID,
    tool: { name: 'termprobe', version: toolVersion() },
    session: {
      file: basename(file),
      name: basename(file).replace(/\.cast$/, ''),
      cols: header.width,
      rows: header.height,
      ...(header.command ? { command: header.command } : {}),
      ...(header.env?.['TERM'] ? { term: header.env['TERM'] } : {}),
      bytes: Math.max(0, ...read.map((t) => t.bytes ?? 0)),
    },
    targets,
    pairs,
  };
}
