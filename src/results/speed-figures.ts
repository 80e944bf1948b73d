/**
 * What each speed figure is, for a reader: its title, what it measures, and how
 * its trials read as a rate (a drain's time as MB/s and lines/s).
 */
import type { SpeedFigure, SpeedFigureId } from './speed-results-schema.js';

export const FIGURE_TITLES: Record<SpeedFigureId, string> = {
  'reply.cpr.idle': 'cursor report (CPR), idle',
  'reply.da1.idle': 'device attributes (DA1), idle',
  'reply.cpr.after-burst': 'cursor report (CPR), right after a burst of output',
  'reply.da1.after-burst': 'device attributes (DA1), right after a burst of output',
  'drain.ascii': 'plain ASCII',
  'drain.sgr-colour': 'dense SGR colour',
  'drain.unicode': 'wide and combining Unicode',
  'drain.region-scroll': 'scrolling inside a region',
  'drain.redraw': 'cursor-addressed full-screen redraws',
  'frame.first': 'first frame after output',
  'memory.start': 'resident size at start',
  'memory.scrollback': 'resident size after a large scrollback fill',
};

export type FigureGroup = 'reply' | 'drain' | 'frame' | 'memory';

export function figureGroup(id: SpeedFigureId): FigureGroup {
  return id.slice(0, id.indexOf('.')) as FigureGroup;
}

/** MB/s (10^6 bytes) of a drain trial. */
export function megabytesPerSecond(bytes: number, ms: number): number {
  return ms > 0 ? bytes / 1e6 / (ms / 1000) : Infinity;
}

/** Lines per second of a drain trial. */
export function linesPerSecond(lines: number, ms: number): number {
  return ms > 0 ? lines / (ms / 1000) : Infinity;
}

/** A figure's value as a reader reads it: ms or MiB, or for a drain MB/s. */
export function shownValue(figure: SpeedFigure, value: number): { value: number; unit: string } {
  if (figure.unit === 'KiB') return { value: value / 1024, unit: 'MiB' };
  if (figure.bytes !== undefined) return { value: megabytesPerSecond(figure.bytes, value), unit: 'MB/s' };
  return { value, unit: 'ms' };
}

/** A number with 3 significant digits (at least the units): 0.412, 12.3, 1234. */
export function sig3(x: number): string {
  if (!Number.isFinite(x)) return '∞';
  if (x >= 100) return String(Math.round(x));
  return String(Number(x.toPrecision(3)));
}
