/**
 * The size a probe needs, and its screen region at a given size.
 *
 * termprobe runs at any size from 20x5 up (MIN_SIZE). A probe either uses the
 * size variables (`${cols}`, `${rows-1}`, `${cols/2}`) for what depends on the
 * size, or states the least size at which it means what it says (`needs:`), or
 * both; a screen region whose edges are numbers needs a screen that holds them.
 * A terminal smaller than that skips the probe, with the reason (sizeShortfall).
 * corpus-sizes.test.ts checks every statement against xterm.js and Ghostty:
 * at the size a probe needs, both give the answer they give at 80x24.
 */
import { sizeExpressionValue, type SizeVars } from './escape-notation.js';
import type { Probe, ProbeRegion, Region } from './probe-schema.js';

/** The smallest size termprobe runs at (--size refuses less). */
export const MIN_SIZE: Readonly<SizeVars> = { cols: 20, rows: 5 };

export interface SizeNeed extends SizeVars {
  /** Where the need comes from, as a clause: "its screen region reaches column 80". */
  why: string;
}

const parseSize = (s: string): SizeVars => {
  const [cols, rows] = s.split('x').map(Number) as [number, number];
  return { cols, rows };
};

/** An edge's value at this size. */
function edge(value: number | string, size: SizeVars): number {
  return typeof value === 'number' ? value : sizeExpressionValue(value.slice(2, -1), size)!;
}

/** The region at this size: every edge a number. */
export function regionAt(region: ProbeRegion, size: SizeVars): Region {
  return { top: edge(region.top, size), left: edge(region.left, size), bottom: edge(region.bottom, size), right: edge(region.right, size) };
}

const needs = new WeakMap<Probe, SizeNeed | null>();

/** What the probe needs beyond 20x5: its statement, and the numbered edges of its region. Null when nothing. */
export function probeNeeds(probe: Probe): SizeNeed | null {
  let need = needs.get(probe);
  if (need === undefined) needs.set(probe, (need = computeNeeds(probe)));
  return need;
}

function computeNeeds(probe: Probe): SizeNeed | null {
  let cols = 1;
  let rows = 1;
  const why: string[] = [];
  if (probe.needs) {
    ({ cols, rows } = parseSize(probe.needs));
    why.push(`it states ${probe.needs}: the rows and columns its bytes and answers use`);
  }
  const r = probe.screen;
  if (r) {
    const right = Math.max(...[r.left, r.right].map((v) => (typeof v === 'number' ? v : 1)));
    const bottom = Math.max(...[r.top, r.bottom].map((v) => (typeof v === 'number' ? v : 1)));
    const wider = right > Math.max(cols, MIN_SIZE.cols);
    const taller = bottom > Math.max(rows, MIN_SIZE.rows);
    if (wider || taller) {
      const parts = [wider ? `column ${right}` : '', taller ? `row ${bottom}` : ''].filter(Boolean);
      why.push(`its screen region reaches ${parts.join(' and ')}`);
    }
    cols = Math.max(cols, right);
    rows = Math.max(rows, bottom);
  }
  // Nothing runs below MIN_SIZE: a need smaller in one direction is that much there.
  return why.length > 0 && (cols > MIN_SIZE.cols || rows > MIN_SIZE.rows) ? { cols: Math.max(cols, MIN_SIZE.cols), rows: Math.max(rows, MIN_SIZE.rows), why: why.join('; ') } : null;
}

/** Why this probe cannot run at this size (a note for the results), or undefined when it fits. */
export function sizeShortfall(probe: Probe, size: SizeVars): string | undefined {
  const need = probeNeeds(probe);
  if (!need || (need.cols <= size.cols && need.rows <= size.rows)) return undefined;
  return `${SIZE_NOTE_PREFIX}${need.cols}x${need.rows} (${need.why}); this terminal is ${size.cols}x${size.rows}`;
}

/** How every size skip's note begins, so reports can count them. */
export const SIZE_NOTE_PREFIX = 'too small: needs at least ';
