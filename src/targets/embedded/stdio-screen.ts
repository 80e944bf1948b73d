/**
 * The screen frame of the stdio adapter protocol (docs/stdio-adapter.md), read
 * into a screen answer: the whole screen, or — from an adapter whose hello says
 * `"regions": true` — only the region asked for, which termprobe then names in
 * the request (`TOP LEFT BOTTOM RIGHT`, 1-based, inclusive). Either way every
 * cell the adapter sent is checked against the results schema's cell.
 */
import type { Region } from '../../corpus/probe-schema.js';
import type { Cell, ScreenAnswer } from '../../results/results-schema.js';
import { cellSchema } from '../../results/results-schema.js';
import { readRegion, validateRegion } from '../common/region-read.js';
import { screenFromRows } from '../gui/gui-screen-read.js';

export class AdapterError extends Error {
  override name = 'AdapterError';
}

const decoder = new TextDecoder();

/** The S request's payload: empty (the whole screen), or the region for an adapter that serves regions. */
export function screenRequest(region: Region, cols: number, rows: number, regions: boolean): string {
  if (!regions) return '';
  validateRegion(region, cols, rows);
  return `${region.top} ${region.left} ${region.bottom} ${region.right}`;
}

/**
 * A cell as the schema accepts it. The common cell — text and width, no style — is checked by hand (zod per cell was
 * a tenth of a gate's CPU); any other shape, a style included, goes through the schema and its message.
 */
function checkCell(cell: unknown, at: () => string): Cell {
  if (typeof cell === 'object' && cell !== null && !('s' in cell)) {
    const { t, w } = cell as { t?: unknown; w?: unknown };
    if (typeof t === 'string' && t.length <= 64 && (w === 0 || w === 1 || w === 2) && Object.keys(cell).length === 2) return cell as Cell;
  }
  const parsed = cellSchema.safeParse(cell);
  if (!parsed.success) throw new AdapterError(`${at()} is not {t, w, s?}: ${parsed.error.issues[0]?.message ?? ''}`);
  return parsed.data;
}

/** The answer for `region` from an S frame's payload; `regions`: the frame holds only the region (see screenRequest). */
export function readScreenFrame(payload: Uint8Array, region: Region, kind: 'cells' | 'text', size: { cols: number; rows: number }, regions: boolean, where: string): ScreenAnswer {
  const { cols, rows } = size;
  let dump: { cells?: unknown; text?: unknown };
  try {
    dump = JSON.parse(decoder.decode(payload)) as typeof dump;
  } catch (error) {
    throw new AdapterError(`${where}: the screen frame is not JSON (${(error as Error).message})`);
  }
  // What the frame must hold: the whole screen, or the region alone (its first row and column are the region's).
  const [top, left] = regions ? [region.top, region.left] : [1, 1];
  const [height, width] = regions ? [region.bottom - region.top + 1, region.right - region.left + 1] : [rows, cols];
  const what = regions ? `the region ${region.top} ${region.left} ${region.bottom} ${region.right} asked for` : 'the screen';
  if (kind === 'cells') {
    const grid = dump.cells;
    if (!Array.isArray(grid) || grid.length !== height) throw new AdapterError(`${where}: the screen frame's "cells" must hold ${height} rows (${what})`);
    const checked = grid.map((row: unknown, r) => {
      if (!Array.isArray(row) || row.length !== width) throw new AdapterError(`${where}: screen row ${top + r} must hold ${width} cells (${what})`);
      return row.map((cell: unknown, c) => checkCell(cell, () => `${where}: screen cell ${top + r};${left + c}`));
    });
    const answer = readRegion(region, cols, rows, (row, col) => checked[row - top + 1]![col - left + 1]!);
    return { ...answer, via: 'adapter' };
  }
  const text = dump.text;
  if (!Array.isArray(text) || !text.every((t) => typeof t === 'string')) throw new AdapterError(`${where}: the screen frame's "text" must be an array of strings`);
  if (regions && text.length !== height) throw new AdapterError(`${where}: the screen frame's "text" must hold ${height} rows (${what}), each whole`);
  // Text rows are whole rows (columns are counted by display width from each row's start), placed at their own rows.
  const lines = regions ? [...Array<string>(top - 1).fill(''), ...(text as string[])] : (text as string[]);
  return screenFromRows(region, cols, rows, lines, 'adapter');
}
