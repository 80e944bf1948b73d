/**
 * A fresh instance of a terminal (started after a crash, a menu or a font-size shortcut) takes the calibration of
 * the instance before it where it draws the grid and the sheet's first page alike, pixel for pixel
 * (PixelReader.again), and reads the same cells as that instance did; one that draws otherwise (here another
 * default font, through a fontconfig file in its scratch HOME) is calibrated afresh.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { OTHER_FONT_HOME } from '../../../test-support/other-font.js';
import type { ScreenAnswer } from '../../../results/results-schema.js';
import { styleText } from '../../../results/style-text.js';
import { guiLeftovers } from '../../../test-support/gui-leftovers.js';
import { havePrograms } from '../../../test-support/require-program.js';
import type { TargetSession } from '../../target.js';
import { findRecipe } from '../gui-recipes.js';
import type { GuiSession } from '../gui-session.js';
import { openGui, requirements, type Calibrations } from '../gui-target.js';
import { casePlace, TRUTH_SGRS } from './truth-cases.js';

const sessions: TargetSession[] = [];
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((s) => s.close()));
  expect(guiLeftovers()).toEqual([]);
}, 30_000);


const recipe = findRecipe('terminator')!;

/** Every truth case drawn as an X with its SGR, and the cells read back from the pixels, as text per case. */
async function readCases(session: GuiSession): Promise<string[]> {
  let bytes = '\x1b[0m\x1b[H\x1b[2J';
  TRUTH_SGRS.forEach((sgr, i) => {
    const { row, col } = casePlace(i, 80);
    bytes += `\x1b[${row};${col}H\x1b[0${sgr ? `;${sgr}` : ''}mX\x1b[0m`;
  });
  await session.exchange(bytes, 10_000);
  const bottom = Math.max(...TRUTH_SGRS.map((_, i) => casePlace(i, 80).row));
  const screen: ScreenAnswer = await session.readScreen!({ top: 1, left: 1, bottom, right: 80 }, { blink: true });
  return TRUTH_SGRS.map((sgr, i) => {
    const { row, col } = casePlace(i, 80);
    const cell = screen.cells?.[row - 1]?.[col - 1];
    return `SGR ${sgr || '0'}: ${cell ? `${cell.t} ${styleText(cell.s)}` : 'no cell'}`;
  });
}

async function open(calibrations: Calibrations, homeFiles?: Record<string, string>): Promise<{ session: GuiSession; note: string }> {
  const session = (await openGui(recipe, { cols: 80, rows: 24, options: {} }, homeFiles ? { homeFiles } : {}, calibrations)) as GuiSession;
  sessions.push(session);
  return { session, note: String((await session.describe()).settings?.options?.['pixels']) };
}

describe.skipIf(!havePrograms(requirements(recipe)))('a fresh instance and the calibration of the one before it', () => {
  test('taken where the window draws alike, with the same cells read; made afresh where the font differs', async () => {
    const calibrations: Calibrations = new Map();
    const first = await open(calibrations);
    expect(first.session.pixels, first.note).toBeDefined();
    expect(first.note).not.toMatch(/a fresh one/);
    const read = await readCases(first.session);
    await first.session.close();

    const second = await open(calibrations);
    expect(second.note).toMatch(/this instance, a fresh one, drew the grid and the sheet's first page as the instance before it/);
    expect(second.session.pixels!.model).toBe(first.session.pixels!.model);
    expect(await readCases(second.session)).toEqual(read);
    await second.session.close();

    const other = await open(calibrations, OTHER_FONT_HOME);
    expect(other.session.pixels, other.note).toBeDefined();
    expect(other.note).not.toMatch(/a fresh one/);
    expect(other.session.pixels!.grid).not.toEqual(first.session.pixels!.grid);
  }, 180_000);
});
