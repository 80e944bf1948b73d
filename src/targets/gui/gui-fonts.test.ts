/**
 * A terminal's size must not depend on the fonts the machine has. Terminals
 * that take a size in cells get it whatever the font; terminator, qterminal
 * and cool-retro-term take pixels only, so termprobe sizes their window from
 * the cell it measures (x-window-cells.ts). Here each of them runs with another
 * default monospace font, twice as large, through a fontconfig file in its
 * scratch HOME (nothing is installed: Inconsolata is among the fonts already on
 * the machine), and must start at the size asked for, checked from inside (the
 * tty's size and a CPR from row 999, column 999).
 */
import { afterEach, describe, expect, test } from 'vitest';
import { OTHER_FONT_HOME } from '../../test-support/other-font.js';
import { havePrograms } from '../../test-support/require-program.js';
import { guiLeftovers as leftovers } from '../../test-support/gui-leftovers.js';
import { GUI_RECIPES } from './gui-recipes.js';
import { openGui, requirements } from './gui-target.js';
import type { TargetSession } from '../target.js';


const sessions: TargetSession[] = [];
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((s) => s.close()));
  expect(leftovers()).toEqual([]);
}, 30_000);

const PIXEL_SIZED = GUI_RECIPES.filter((r) => r.startPixels);

describe('terminals sized in pixels start at the size asked for, whatever the font', () => {
  test('terminator, qterminal and cool-retro-term are the ones sized in pixels', () => {
    expect(PIXEL_SIZED.map((r) => r.id)).toEqual(['terminator', 'qterminal', 'cool-retro-term']);
  });

  for (const recipe of PIXEL_SIZED) {
    for (const size of [{ cols: 80, rows: 24 }, { cols: 41, rows: 11 }]) {
      test.runIf(havePrograms(requirements(recipe)))(`${recipe.id} at ${size.cols}x${size.rows} with another default font`, async () => {
        const session = await openGui(recipe, { ...size, options: {} }, { homeFiles: OTHER_FONT_HOME });
        sessions.push(session);
        const settings = (await session.describe()).settings!;
        expect(settings).toMatchObject(size);
        // How it got there is recorded: launched in pixels, then resized from the cell measured. The font reaches
        // terminator and qterminal (at their start pixels it gives another size than 80x24, so they are resized);
        // cool-retro-term draws with the fonts it bundles, whatever fontconfig prefers (measured), so only a size
        // other than the one its start pixels give makes it resize.
        const start = `^launched at ${recipe.startPixels!.width}x${recipe.startPixels!.height} px \\(it takes no size in cells\\), `;
        const resized = recipe.id !== 'cool-retro-term' || size.cols !== 80;
        expect(settings.options?.['window-pixels']).toMatch(new RegExp(start + (resized ? 'then resized to \\d+x\\d+ px from the cell measured' : 'which gave the size asked for')));
      }, 120_000);
    }
  }
});
