import { describe, expect, it } from 'vitest';
import type { Frame } from '../x-picture.js';
import { anyChange, everyDrawnCellChanged, QUIET_MS, watchOwnFrames } from './blink-watch.js';

const grid = { x0: 0, y0: 0, cellW: 2, cellH: 2 };
const BG = [0, 0, 0];
const INK = [200, 200, 200];

/** A frame of one row of cells, 2×2 px each: a cell given as true has one inked pixel at its top left. */
function frame(cells: boolean[], ink = INK): Frame {
  const width = cells.length * 2;
  const rgb = new Uint8Array(width * 2 * 3);
  for (let i = 0; i < width * 2; i++) rgb.set(BG, i * 3);
  cells.forEach((on, c) => on && rgb.set(ink, c * 2 * 3));
  return { rect: { x: 0, y: 0, width, height: 2 }, rgb };
}

const region = { top: 1, left: 1, bottom: 1, right: 3 };

describe('a blink watch that has seen its change', () => {
  it('has seen it once every drawn cell changed, blank cells aside', () => {
    expect(everyDrawnCellChanged([frame([true, false, true]), frame([false, false, false])], grid, region)).toBe(true);
    // The first frame in the blink's hidden phase: the glyphs show in the next.
    expect(everyDrawnCellChanged([frame([false, false, false]), frame([true, false, true])], grid, region)).toBe(true);
  });

  it('has not while a drawn cell stayed as it was (it may not blink: only the whole watch tells)', () => {
    expect(everyDrawnCellChanged([frame([true, false, true]), frame([false, false, true])], grid, region)).toBe(false);
    expect(everyDrawnCellChanged([frame([true, false, true])], grid, region)).toBe(false);
    // Nothing changed in a blank region: nothing seen.
    expect(everyDrawnCellChanged([frame([false, false, false]), frame([false, false, false])], grid, region)).toBe(false);
  });

  it('takes a change within SAME_COLOUR for none (a fade counts once it is past it)', () => {
    expect(everyDrawnCellChanged([frame([true, false, false]), frame([true, false, false], [202, 200, 200])], grid, region)).toBe(false);
    expect(everyDrawnCellChanged([frame([true, false, false]), frame([true, false, false], [150, 150, 150])], grid, region)).toBe(true);
  });

  it('sees the cursor blink as any change in its frames', () => {
    expect(anyChange([frame([true]), frame([true])])).toBe(false);
    expect(anyChange([frame([true]), frame([true]), frame([false])])).toBe(true);
  });

  it('watches on only while frames keep coming less than QUIET_MS apart, once it has seen its change', async () => {
    const coming = [frame([true, false, false], [150, 150, 150]), frame([true, false, false], [100, 100, 100]), frame([true, false, false], [60, 60, 60])];
    const limits: number[] = [];
    const frames = [frame([true, false, false])];
    await watchOwnFrames(async (_rect, limit) => (limits.push(limit), coming.shift()), frames[0]!.rect, frames, performance.now() + 60_000, (fs) => everyDrawnCellChanged(fs, grid, region));
    // All three frames (a fade's) were taken, then one more was waited for QUIET_MS at most, none came.
    expect(frames).toHaveLength(4);
    expect(limits[0]).toBeGreaterThan(QUIET_MS);
    expect(limits.slice(1).every((l) => l <= QUIET_MS)).toBe(true);
  });

  it('watches to the end when the change is not seen', async () => {
    const limits: number[] = [];
    const frames = [frame([true, false, false])];
    let left = 3;
    await watchOwnFrames(async (_rect, limit) => (limits.push(limit), left-- > 0 ? frame([true, false, false]) : undefined), frames[0]!.rect, frames, performance.now() + 60_000, (fs) => everyDrawnCellChanged(fs, grid, region));
    expect(frames).toHaveLength(4);
    expect(limits.every((l) => l > QUIET_MS)).toBe(true);
  });
});

describe('a blink watch on a loaded machine', () => {
  /** A terminal whose blink is drawn 600 ms after the watch began: its frame comes to a wait that reaches that far. */
  async function watch(lost: (t0: number) => () => number): Promise<number> {
    const t0 = performance.now();
    const arrive = t0 + 600;
    let given = false;
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
    const frames = [frame([true, false, false])];
    await watchOwnFrames(
      async (_rect, limit) => {
        const now = performance.now();
        if (!given && now + limit >= arrive) {
          await sleep(arrive - now);
          given = true;
          return frame([false, false, false]);
        }
        await sleep(limit);
        return undefined;
      },
      frames[0]!.rect, frames, t0 + 400, () => false, lost(t0),
    );
    return frames.length;
  }

  it('is longer by the time the processes stood with no CPU (up to its own length again): the late blink is seen', async () => {
    // All the time since the watch began lost: the watch may go to 800 ms.
    expect(await watch((t0) => () => performance.now() - t0)).toBe(2);
  });

  it('ends at its time where nothing was kept from running: the blink drawn after it is not seen', async () => {
    expect(await watch(() => () => 0)).toBe(1);
  });
});
