/**
 * The cursor as the pixels read it, checked against the terminal's own DECRQSS
 * " q" report (ctlseqs: 1 blinking block, 2 steady block, 3 blinking underline,
 * 4 steady underline, 5 blinking bar, 6 steady bar), in the real terminal under
 * Xvfb. mlterm 3.9.0 is the case that needed it: it blinks only on idle ticks
 * (0.1 s with no X event, uitoolkit/ui_event_source.c at rel-3_9_0), and the
 * waits poked its window every 20 ms, so its cursor read steady in every shape;
 * the calibration now finds that its blink shows only unpoked (blinkUnpoked).
 * tilix (VTE 0.70) is the other: now and then under load the frame taken once
 * the cursor was hidden still showed it (a fence met by another drawing), and a
 * steady cursor read as none; the hiding is now waited for where nothing changed.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { cursorStyleText } from '../../../results/answer-key.js';
import { guiLeftovers } from '../../../test-support/gui-leftovers.js';
import { havePrograms } from '../../../test-support/require-program.js';
import type { ReplyEvent } from '../../../protocol/reply-events.js';
import { findRecipe } from '../gui-recipes.js';
import type { GuiSession } from '../gui-session.js';
import { guiTarget, requirements } from '../gui-target.js';

const sessions: GuiSession[] = [];
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((s) => s.close()));
  expect(guiLeftovers()).toEqual([]);
}, 30_000);

/** The cursor style DECSCUSR n asks for, in the words of a cursorStyle expectation. */
const ASKED: Record<number, string> = { 1: 'block blink', 2: 'block', 3: 'underline blink', 4: 'underline', 5: 'bar blink', 6: 'bar' };

function reported(events: readonly ReplyEvent[]): number | undefined {
  const r = events.find((e): e is Extract<ReplyEvent, { kind: 'decrqss' }> => e.kind === 'decrqss');
  const m = r && r.status === 1 ? /^(\d+) q$/.exec(r.payload) : null;
  return m ? Number(m[1]) : undefined;
}

for (const id of ['mlterm', 'xterm', 'tilix']) {
  describe.skipIf(!havePrograms(requirements(findRecipe(id)!)))(`${id}: the cursor read against DECRQSS " q"`, () => {
    test('each DECSCUSR shape the terminal reports reads as that shape, blinking or steady', async () => {
      const session = (await guiTarget(findRecipe(id)!).open({ cols: 80, rows: 24, options: {} })) as GuiSession;
      sessions.push(session);
      expect(session.pixels, String((await session.describe()).settings?.options?.['pixels'])).toBeDefined();
      const read: Record<string, string | undefined> = {};
      const told: Record<string, string | undefined> = {};
      for (const n of [1, 2, 3, 4, 5, 6]) {
        const events = await session.exchange(`\x1b[0m\x1b[H\x1b[2J\x1b[${n} q\x1b[2;3HX\x1bP$q q\x1b\\`, 10_000);
        const r = reported(events);
        // 0 is ctlseqs' other name for a blinking block.
        told[n] = r === undefined ? undefined : ASKED[r === 0 ? 1 : r];
        const screen = await session.readScreen!({ top: 2, left: 3, bottom: 2, right: 4 }, { cursor: true, at: { row: 2, col: 4 }, sgrs: [] });
        read[n] = cursorStyleText(screen.cursor);
      }
      await session.exchange('\x1b[0 q', 5000);
      expect(read).toEqual(told);
    }, 120_000);
  });
}
