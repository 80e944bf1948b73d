/**
 * The shape of a line the terminal draws on a blank cell (an underline's, a
 * strikethrough's, an overline's), from its coverage map: where its rows are,
 * and whether it is one solid line, two, a wave, or broken into dots or dashes.
 * Used to name an underline shape when the terminal draws two SGRs' lines the
 * same (VTE draws dotted and dashed as its curly line): the drawing, not the
 * SGR asked for, names what a cell shows.
 */
export type UnderlineShape = 'single' | 'double' | 'curly' | 'dotted' | 'dashed';

/** Coverage above this counts as ink. */
const INK = 0.35;

interface RowInfo {
  y: number;
  covered: number;
  runs: number[];
}

function rowsOf(mask: Float32Array, width: number, height: number): RowInfo[] {
  const out: RowInfo[] = [];
  for (let y = 0; y < height; y++) {
    let covered = 0;
    const runs: number[] = [];
    let run = 0;
    for (let x = 0; x < width; x++) {
      if (mask[y * width + x]! >= INK) {
        covered++;
        run++;
      } else if (run > 0) {
        runs.push(run);
        run = 0;
      }
    }
    if (run > 0) runs.push(run);
    if (covered > 0) out.push({ y, covered, runs });
  }
  return out;
}

/** The rows a line covers (any ink), top to bottom; empty when the mask holds none. */
export function lineRows(mask: Float32Array, width: number, height: number): number[] {
  return rowsOf(mask, width, height).map((r) => r.y);
}

/** Whether the mask holds a line at all. */
export function hasInk(mask: Float32Array): boolean {
  let sum = 0;
  for (const a of mask) sum += a;
  return sum >= 1;
}

/**
 * The underline shape a mask shows: solid rows across the cell in one band (single) or two (double); rows broken
 * into short runs (dotted, runs of at most 2 px) or longer ones (dashed); rows each covering part of the cell that
 * together cover it (curly).
 */
export function classifyUnderline(mask: Float32Array, width: number, height: number): UnderlineShape {
  const rows = rowsOf(mask, width, height);
  const solid = rows.filter((r) => r.covered >= width * 0.9);
  if (solid.length > 0 && solid.length === rows.length) {
    let bands = 1;
    for (let i = 1; i < solid.length; i++) if (solid[i]!.y > solid[i - 1]!.y + 1) bands++;
    return bands >= 2 ? 'double' : 'single';
  }
  // Broken rows: the widest row decides between dots and dashes, unless rows at different heights cover it between them (a wave).
  const columns = new Set<number>();
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) if (mask[y * width + x]! >= INK) columns.add(x);
  const widest = rows.reduce((a, b) => (b.covered > a.covered ? b : a), rows[0] ?? { y: 0, covered: 0, runs: [] });
  if (rows.length >= 2 && columns.size >= width * 0.8 && widest.covered < width * 0.8) return 'curly';
  const longest = Math.max(0, ...widest.runs);
  return longest <= 2 ? 'dotted' : 'dashed';
}
