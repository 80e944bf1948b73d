/**
 * Pictures of real GUI terminals (xterm, a VTE terminal, foot under weston):
 * a probe writes a known screen, and its picture decodes to a PNG of the
 * region and one cell around it, at the cell size the terminal reported, with
 * ink exactly in the cells that hold text; no process is left after a close or
 * an abort, whether it lands while pictures start or while one is taken.
 */
import { afterEach, describe, expect, test } from 'vitest';
import type { Probe, Region } from '../../corpus/probe-schema.js';
import { runProbes } from '../../engine/run-probes.js';
import type { CapturedPicture } from '../../results/picture-files.js';
import { guiLeftovers } from '../../test-support/gui-leftovers.js';
import { decodePng, type DecodedPng } from '../../test-support/png-decode.js';
import { havePrograms } from '../../test-support/require-program.js';
import type { TargetSession } from '../target.js';
import { findRecipe } from './gui-recipes.js';
import type { GuiSession } from './gui-session.js';
import { gridFits } from './x-grid.js';
import { guiTarget, requirements } from './gui-target.js';

const size = { cols: 80, rows: 24 };
const sessions: TargetSession[] = [];
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((s) => s.close()));
  expect(guiLeftovers()).toEqual([]);
}, 30_000);

async function open(id: string, signal?: AbortSignal): Promise<GuiSession> {
  const session = (await guiTarget(findRecipe(id)!).open({ cols: 80, rows: 24, options: {}, pictures: true, signal })) as GuiSession;
  sessions.push(session);
  return session;
}

function probe(id: string, send: string, screen: Region): Probe {
  return { id, category: 'test', file: '(test)', title: id, description: 'a picture test probe', spec: 'xterm ctlseqs (test)', send, query: ['cursor'], screen, expect: { implements: {} } };
}

/** "AB  CD" on row 3 from column 4, the cursor parked far away: the region is row 3, columns 4–9. */
const REGION: Region = { top: 3, left: 4, bottom: 3, right: 9 };
const KNOWN = probe('test.known', '\\e[3;4HAB  CD\\e[20;60H', REGION);

/** The cell size the session reports in its settings ("cells of W×H px"). */
async function cellSize(session: TargetSession): Promise<{ w: number; h: number }> {
  const note = (await session.describe()).settings?.options?.['pictures'] ?? '';
  const m = /cells of ([\d.]+)×([\d.]+) px/.exec(note);
  if (!m) throw new Error(`no cell size in the pictures setting: ${note}`);
  return { w: Number(m[1]), h: Number(m[2]) };
}

/** The picture's most common colour (the terminal's background) and, per cell of a cols × rows crop, the share of other pixels. */
function inkPerCell(img: DecodedPng, cols: number, rows: number): number[][] {
  const colour = (i: number) => (img.rgb[i * 3]! << 16) | (img.rgb[i * 3 + 1]! << 8) | img.rgb[i * 3 + 2]!;
  const counts = new Map<number, number>();
  for (let i = 0; i < img.width * img.height; i++) counts.set(colour(i), (counts.get(colour(i)) ?? 0) + 1);
  const background = [...counts].sort((a, b) => b[1] - a[1])[0]![0];
  const cw = img.width / cols;
  const ch = img.height / rows;
  return Array.from({ length: rows }, (_, r) =>
    Array.from({ length: cols }, (_, c) => {
      let ink = 0;
      let all = 0;
      // One pixel in from each edge: a neighbour's antialiasing may reach over.
      for (let y = Math.round(r * ch) + 1; y < Math.round((r + 1) * ch) - 1; y++) {
        for (let x = Math.round(c * cw) + 1; x < Math.round((c + 1) * cw) - 1; x++, all++) if (colour(y * img.width + x) !== background) ink++;
      }
      return ink / all;
    }),
  );
}

const SAMPLE = ['xterm', 'xfce4-terminal', 'foot'];

for (const id of SAMPLE) {
  describe.skipIf(!havePrograms(requirements(findRecipe(id)!)))(`${id} pictures`, () => {
    test('the picture of a known screen is the region and one cell around it, with ink exactly where the text is', async () => {
      const session = await open(id);
      const pictures = new Map<string, CapturedPicture>();
      const run = await runProbes(session, [KNOWN], { size, onPicture: (pid, p) => void pictures.set(pid, p) });
      expect(run.results[0]?.status).toBe('ok');
      expect(run.results[0]?.evidence?.['picture']).toBeUndefined();
      const taken = pictures.get('test.known')!;
      const img = decodePng(taken.png);
      // Columns 3–10 and rows 2–4: the region and a cell each side, at the terminal's cell size.
      const cell = await cellSize(session);
      expect([img.width, img.height]).toEqual([taken.width, taken.height]);
      expect(Math.abs(img.width - 8 * cell.w)).toBeLessThanOrEqual(1);
      expect(Math.abs(img.height - 3 * cell.h)).toBeLessThanOrEqual(1);
      expect(session.pictureCrop(REGION)).toMatchObject({ width: img.width, height: img.height });
      const ink = inkPerCell(img, 8, 3);
      const inked = ink.map((row) => row.map((share) => (share > 0.05 ? '#' : share < 0.01 ? '.' : '?')).join(''));
      expect(inked).toEqual(['........', '.##..##.', '........']);
    }, 90_000);
  });
}

describe.skipIf(!havePrograms(requirements(findRecipe('xterm')!)))('pictures and an abort', () => {
  test('an abort while pictures start or while one is taken leaves no process, display or socket', async () => {
    // How far the start has got when the abort lands depends on the machine's load: abort at several moments,
    // the later ones while the grid is measured (the last step of the start).
    for (const delayMs of [0, 150, 400, 800]) {
      const controller = new AbortController();
      const opening = open('xterm', controller.signal);
      setTimeout(() => controller.abort(new Error('cancelled')), delayMs);
      const outcome = await opening.then((s) => s, (error: unknown) => (error instanceof Error ? error : new Error(String(error))));
      if (outcome instanceof Error) expect(outcome.message).toMatch(/cancelled|abort/i);
      else await outcome.close();
      expect(guiLeftovers(), `abort after ${delayMs} ms`).toEqual([]);
    }
    const controller = new AbortController();
    const session = await open('xterm', controller.signal);
    const probes = Array.from({ length: 20 }, (_, i) => probe(`test.p${i}`, `\\e[3;4H${i}`, REGION));
    let taken = 0;
    const run = runProbes(session, probes, { size, signal: controller.signal, onPicture: () => void (++taken === 2 && controller.abort(new Error('cancelled'))) });
    // The abort closes the session at once: the engine's next step (here the screen read) meets it closed or aborted.
    await expect(run).rejects.toThrow(/cancelled|closed/);
    await session.close();
    expect(taken).toBe(2);
    expect(guiLeftovers()).toEqual([]);
  }, 120_000);
});

describe('gridFits', () => {
  const window = { width: 820, height: 570 };
  test('takes a measured grid inside the window, its origin up to a cell outside (qterminal: x = -3)', () => {
    expect(gridFits({ x0: -3, y0: 56, cellW: 10, cellH: 21 }, window, 80, 24)).toBe(true);
    expect(gridFits({ x0: 0, y0: 0, cellW: 10.25, cellH: 23.75 }, window, 80, 24)).toBe(true);
  });
  test('refuses a grid that cannot be the window\'s: outside it, larger than it, or with no cell size', () => {
    expect(gridFits({ x0: 900, y0: 56, cellW: 10, cellH: 21 }, window, 80, 24)).toBe(false);
    expect(gridFits({ x0: -3, y0: 600, cellW: 10, cellH: 21 }, window, 80, 24)).toBe(false);
    expect(gridFits({ x0: -30, y0: 56, cellW: 10, cellH: 21 }, window, 80, 24)).toBe(false);
    expect(gridFits({ x0: 0, y0: 0, cellW: 20, cellH: 21 }, window, 80, 24)).toBe(false);
    expect(gridFits({ x0: 0, y0: 0, cellW: 0, cellH: 21 }, window, 80, 24)).toBe(false);
    expect(gridFits({ x0: Number.NaN, y0: 0, cellW: 10, cellH: 21 }, window, 80, 24)).toBe(false);
    expect(gridFits({ x0: 0, y0: 0, cellW: 10, cellH: 21 }, { width: 1, height: 1 }, 80, 24)).toBe(false);
  });
});
