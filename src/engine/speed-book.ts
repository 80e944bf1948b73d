/**
 * The figures of one speed run as they are made: each figure's trials, a stall,
 * why a figure could not be made, the processes its memory samples counted; then
 * the figures as the results file lists them (speed-results-schema.ts), in the
 * schema's order, each with the stats of its trials.
 */
import type { Payload } from '../corpus/speed-payloads.js';
import { SPEED_FIGURES, type SpeedFigure, type SpeedFigureId } from '../results/speed-results-schema.js';
import { figureStats } from '../results/speed-stats.js';
import type { DrainPlan } from './speed-trials.js';

interface Entry {
  trials: number[];
  failures: string[];
  stall?: NonNullable<SpeedFigure['stall']>;
  unmeasured?: string;
  processes?: { name: string; kib: number }[];
  notes: string[];
}

const round = (x: number) => Math.round(x * 1000) / 1000;

export class FigureBook {
  private readonly entries = new Map<SpeedFigureId, Entry>();

  constructor(private readonly plans: ReadonlyMap<Payload['id'], DrainPlan>) {}

  private entry(id: SpeedFigureId): Entry {
    let e = this.entries.get(id);
    if (!e) this.entries.set(id, (e = { trials: [], failures: [], notes: [] }));
    return e;
  }

  /** A trial's value, or why it gave none. */
  trial(id: SpeedFigureId, value: number | string): void {
    const e = this.entry(id);
    if (typeof value === 'number') e.trials.push(round(value));
    else e.failures.push(`trial ${e.trials.length + e.failures.length + 1}: ${value}`);
  }

  memory(id: 'memory.start' | 'memory.scrollback', sample: { kib: number; processes: { name: string; kib: number }[] }): void {
    const e = this.entry(id);
    e.trials.push(sample.kib);
    e.processes = sample.processes;
  }

  stall(id: SpeedFigureId, trial: number, outcome: { consumed: number; afterMs: number; reason: string }): void {
    const plan = this.plans.get(id.slice(id.indexOf('.') + 1) as Payload['id']);
    this.entry(id).stall = { trial, consumed: outcome.consumed, of: plan?.payload.bytes.length ?? 1, afterMs: Math.round(outcome.afterMs), reason: outcome.reason };
  }

  /** A trial of the figure gave no value. */
  failed(id: SpeedFigureId): boolean {
    return (this.entries.get(id)?.failures.length ?? 0) > 0;
  }

  stalled(id: SpeedFigureId): boolean {
    return this.entries.get(id)?.stall !== undefined;
  }

  unmeasured(ids: SpeedFigureId[], why: string): void {
    for (const id of ids) this.entry(id).unmeasured = why;
  }

  note(id: SpeedFigureId, text: string): void {
    this.entry(id).notes.push(text);
  }

  figures(): SpeedFigure[] {
    return SPEED_FIGURES.filter((id) => this.entries.has(id)).map((id) => {
      const e = this.entries.get(id)!;
      const plan = id.startsWith('drain.') ? this.plans.get(id.slice('drain.'.length) as Payload['id']) : undefined;
      // A trial that gave nothing (no reply, no drawing) makes the others doubtful: a terminal that drew for one
      // change and not the next (cool-retro-term: its one drawing was not the text's) is not timed. They stay listed.
      const status = e.stall ? 'stalled' : e.unmeasured || e.trials.length === 0 || e.failures.length > 0 ? 'unmeasured' : 'measured';
      const notes = [...(e.unmeasured ? [e.unmeasured] : []), ...e.failures, ...e.notes];
      const stats = figureStats(e.trials);
      return {
        id,
        status,
        unit: id.startsWith('memory.') ? 'KiB' : 'ms',
        trials: e.trials,
        ...(stats ? { stats } : {}),
        ...(plan ? { bytes: plan.payload.bytes.length, lines: plan.payload.lines } : {}),
        ...(e.stall ? { stall: e.stall } : {}),
        ...(e.processes ? { processes: e.processes } : {}),
        ...(notes.length > 0 ? { note: notes.join('; ') } : {}),
      } satisfies SpeedFigure;
    });
  }
}
