/**
 * The speed figures of several terminals as a text table: one row per terminal,
 * one column per figure, each cell the median of its trials (replies and frames
 * in ms, drains in MB/s, memory in MiB), "stalled" or "–" where there is none;
 * and the machine's load while each was measured.
 */
import { SPEED_FIGURES, type SpeedFigureId, type SpeedResults } from '../results/speed-results-schema.js';
import { shownValue, sig3 } from '../results/speed-figures.js';

const HEADS: Record<SpeedFigureId, string> = {
  'reply.cpr.idle': 'CPR ms',
  'reply.da1.idle': 'DA1 ms',
  'reply.cpr.after-burst': 'CPR+b',
  'reply.da1.after-burst': 'DA1+b',
  'drain.ascii': 'ascii',
  'drain.sgr-colour': 'sgr',
  'drain.unicode': 'unicode',
  'drain.region-scroll': 'region',
  'drain.redraw': 'redraw',
  'frame.first': 'frame ms',
  'memory.start': 'RSS MiB',
  'memory.scrollback': 'filled',
};

/** A figure's cell: its median as read (ms, MB/s or MiB), or why there is none. */
export function medianCell(run: SpeedResults, id: SpeedFigureId): string {
  const f = run.figures.find((x) => x.id === id);
  if (!f) return '–';
  if (f.status === 'stalled') return 'stalled';
  if (!f.stats) return '–';
  return sig3(shownValue(f, f.stats.median).value);
}

export function speedTable(runs: readonly SpeedResults[]): string {
  const head = ['terminal', ...SPEED_FIGURES.map((id) => HEADS[id]), 'load'];
  const rows = runs.map((r) => [
    `${r.target.identity.name} ${r.target.identity.version}`,
    ...SPEED_FIGURES.map((id) => medianCell(r, id)),
    `${r.load.otherCores}/${r.load.cpus}`,
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ').trimEnd();
  const legend = 'medians of each figure\'s trials: replies (idle, +b right after a burst) and first frame in ms; drains in MB/s (ascii, sgr colour, unicode, region scroll, full-screen redraw); resident size at start and after a scrollback fill in MiB; load: cores busy with other work / cores';
  return [line(head), ...rows.map(line), legend].join('\n') + '\n';
}
