/** Speed results made in a test, for the readers, the diff and the site: each figure from its trials, stats derived. */
import { SPEED_FIGURES, SPEED_RESULTS_SCHEMA_ID, type SpeedFigure, type SpeedFigureId, type SpeedResults } from './speed-results-schema.js';
import { figureStats } from './speed-stats.js';

export function speedFigure(id: SpeedFigureId, trials: number[], extra: Partial<SpeedFigure> = {}): SpeedFigure {
  const stats = figureStats(trials);
  return {
    id,
    status: trials.length > 0 ? 'measured' : 'unmeasured',
    unit: id.startsWith('memory.') ? 'KiB' : 'ms',
    trials,
    ...(stats ? { stats } : {}),
    ...(id.startsWith('drain.') ? { bytes: 524_288, lines: 6_000 } : {}),
    ...extra,
  };
}

/** A speed results file of `name`, every figure's trials `base` scaled by `scale` unless `figures` gives them. */
export function speedResults(name: string, figures: Partial<Record<SpeedFigureId, number[]>> = {}, scale = 1): SpeedResults {
  const base = [10, 11, 12, 13, 14];
  return {
    schema: SPEED_RESULTS_SCHEMA_ID,
    tool: { name: 'termprobe', version: '0.1.0' },
    payloads: { version: 'speed-payloads/1', hash: 'b35b868d12d38ffd', trials: 5 },
    target: { id: name, identity: { name, version: '1.0', identifiedBy: 'command', chain: {} } },
    settings: { cols: 80, rows: 24 },
    run: { startedAt: '2026-01-01T00:00:00.000Z', elapsedMs: 5000 },
    load: { cpus: 2, before: [0.5, 0.5, 0.5], after: [0.6, 0.5, 0.5], otherCores: 0.1, runCores: 0.4 },
    figures: SPEED_FIGURES.map((id) => speedFigure(id, figures[id] ?? base.map((t) => t * scale * (id.startsWith('memory.') ? 1000 : 1)))),
  };
}
