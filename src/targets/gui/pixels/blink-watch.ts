/**
 * Watching a region for a blink: the frames the terminal draws there by itself
 * over a blink's half period and a little more (its longer phase, measured at
 * calibration: blink-page.ts). A watch that has seen what it watches for — every
 * cell with something drawn in it changed (the text's blink), or the cursor
 * drawn otherwise (its blink) — has its answer: it ends once the terminal stops
 * drawing there (QUIET_MS without a frame: foot fades a blink over several
 * frames, and the fade's last one is kept), not at the half period's end. A cell
 * or cursor that does not blink is still watched the whole time: only then is
 * "does not blink" known.
 */
import type { Region } from '../../../corpus/probe-schema.js';
import type { Rect } from '../x-image-requests.js';
import { sameBytes, type Frame } from '../x-picture.js';
import { colourDistance, cutCell, uniform, type PixelGrid } from './cell-image.js';
import { SAME_COLOUR } from './learn-model.js';

/** A watch that has seen its change ends when the terminal has drawn nothing more over the region for this long. */
export const QUIET_MS = 60;

/**
 * Add to `frames` (the first taken already) the frames the terminal draws by itself over `rect` until `untilMs`
 * (performance.now() time), or until `seen(frames)` holds and no frame follows within QUIET_MS.
 *
 * `lost` (ms, growing): time the terminal, the display or termprobe stood ready to run with no CPU (util/cpu-wait.ts),
 * added to the watch, up to its own length again: a terminal whose blink timer ran that much late on a loaded machine
 * is still seen to blink (xterm's sgr.attr-5 answered otherwise in one of two runs side by side, in two runs of the
 * test suite at a load of 15–20).
 */
export async function watchOwnFrames(next: (rect: Rect, limitMs: number) => Promise<Frame | undefined>, rect: Rect, frames: Frame[], untilMs: number, seen: (frames: readonly Frame[]) => boolean, lost: () => number = () => 0): Promise<void> {
  let done = false;
  const length = Math.max(0, untilMs - performance.now());
  const lost0 = lost();
  const end = () => untilMs + Math.min(length, lost() - lost0);
  for (let left = end() - performance.now(); left > 0; left = end() - performance.now()) {
    const endBefore = end();
    const frame = await next(rect, done ? Math.min(left, QUIET_MS) : left);
    // None in the time left: the watch is over, unless time was lost meanwhile (its end moved on).
    if (!frame && (done || end() <= endBefore)) break;
    if (!frame) continue;
    frames.push(frame);
    done ||= seen(frames);
  }
}

/** Whether the frames differ anywhere (the cursor's blink: the rectangle around it, the text there steady). */
export function anyChange(frames: readonly Frame[]): boolean {
  const first = frames[0]!.rgb;
  return frames.slice(1).some((f) => !sameBytes(f.rgb, first));
}

/**
 * Whether every cell of the region that shows anything other than its background in some frame has changed from the
 * first frame, and at least one has: each blinking cell has shown both its phases (all blink to one clock), and
 * a cell that has not changed may yet.
 */
export function everyDrawnCellChanged(frames: readonly Frame[], grid: PixelGrid, region: Region): boolean {
  let any = false;
  for (let row = region.top; row <= region.bottom; row++) {
    for (let col = region.left; col <= region.right; col++) {
      const cells = frames.map((f) => cutCell(f, grid, row, col).rgb);
      const drawn = cells.some((rgb) => !uniform(rgb));
      const moved = cells.slice(1).some((rgb) => differs(rgb, cells[0]!));
      if (drawn && !moved) return false;
      any ||= moved;
    }
  }
  return any;
}

/** Some pixel differs by more than SAME_COLOUR in a channel (as colourDistance counts). */
function differs(a: Uint8Array, b: Uint8Array): boolean {
  for (let i = 0; i < a.length; i += 3) {
    const pa = (a[i]! << 16) | (a[i + 1]! << 8) | a[i + 2]!;
    const pb = (b[i]! << 16) | (b[i + 1]! << 8) | b[i + 2]!;
    if (pa !== pb && colourDistance(pa, pb) > SAME_COLOUR) return true;
  }
  return false;
}
