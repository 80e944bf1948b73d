/**
 * The calibration's last page, watched for a while: whether SGR 5 text blinks
 * (frames ≥ 1.2 s apart tell a steady cell from a blinking one: DESIGN.md) and
 * how fast, which SGR forms with a 5 in them set blink in this terminal (one
 * that does not know SGR 58 takes the 5 of `58;5;201` for blink: xterm 379, st,
 * foot), and which pixels the cursor draws over (it is shown at 3;2 once the
 * page is drawn without it).
 */
import type { PixelModel } from '../../../results/results-schema.js';
import type { Rect } from '../x-image-requests.js';
import { sameBytes, type Frame } from '../x-picture.js';
import { BLANK_PAGE } from './calibration-sheet.js';
import { cellsRect, colourDistance, cutCell, type PixelGrid } from './cell-image.js';
import type { Templates } from './learn-model.js';
import { observeCell } from './read-cell.js';

/** SGR forms holding a parameter 5 that is not blink where it is understood: form → the SGR drawn to test it. */
export const BLINK_FORMS: Record<string, string> = {
  '5': '5',
  '38;5': '38;5;201',
  '48;5': '48;5;201',
  '58;5': '4;58;5;201',
  '38:5': '38:5:201',
  '48:5': '48:5:201',
  '58:5': '4;58:5:201',
  '4:5': '4:5',
};

/** How long the page is watched when nothing blinks. */
export const BLINK_WATCH_MS = 1200;

export interface BlinkPage {
  blink: PixelModel['blink'];
  /** How the cursor blinks as DECSCUSR 1 asks (the window has the focus while the page is watched). */
  cursorBlink: NonNullable<PixelModel['cursorBlink']>;
  /** The forms whose 5 sets blink here (none when SGR 5 itself draws no blink). */
  blinkingForms: string[];
  /** The pixels the cursor draws over, as offsets from its cell's top-left pixel. */
  cursorPixels: [number, number][];
  /**
   * The window given the focus draws its cells as it did without it (the cursor hidden; samples that blink left
   * out): a frame taken for the cursor's read, in the focus, holds the cells as the calibration saw them.
   */
  focusNeutral: boolean;
  /** The terminal drew its blink (text or cursor) only in a watch that sent its window no X event. */
  unpoked: boolean;
}

export interface BlinkPageDeps {
  exchange: (bytes: string) => Promise<unknown>;
  /** Give the terminal's window the X focus (true) or take it back (false): a window not typed into may draw no cursor shape, and not blink it. */
  focus?: (on: boolean) => Promise<void>;
  frame: (rect: Rect) => Promise<Frame>;
  nextOwnFrame: (rect: Rect, limitMs: number, quiet?: boolean) => Promise<Frame | undefined>;
}

const CURSOR_AT = { row: 3, col: 2 };

export async function watchBlinkPage(deps: BlinkPageDeps, grid: PixelGrid, t: Templates, cursorStyle = true, onlyIdle = false): Promise<BlinkPage> {
  const forms = Object.entries(BLINK_FORMS);
  const place = (i: number) => ({ row: 1, col: 1 + 2 * i });
  let bytes = BLANK_PAGE;
  forms.forEach(([, sgr], i) => (bytes += `\x1b[${place(i).row};${place(i).col}H\x1b[0;${sgr}mX\x1b[0m`));
  await deps.exchange(`${bytes}\x1b[${CURSOR_AT.row};${CURSOR_AT.col}H`);
  const rect = cellsRect(grid, 1, 1, 4, Math.max(4, 2 * forms.length));
  // The cursor shown as a blinking block in a window given the focus: its blink is watched with the text's. The
  // focus first, the reference frame after: terminator dims an unfocused window's colours (every sample "blinked",
  // the cursor changed within 0 ms, measured), so a frame from before the focus is no reference for those after.
  const unfocused = deps.focus ? await deps.frame(rect) : undefined;
  await deps.focus?.(true);
  const hidden = await deps.frame(rect);
  await deps.exchange(cursorStyle ? '\x1b[1 q\x1b[?25h' : '\x1b[?25h');
  const frames: { at: number; frame: Frame }[] = [{ at: performance.now(), frame: await deps.frame(rect) }];
  const look = (f: Frame, i: number) => {
    const ink = observeCell(cutCell(f, grid, place(i).row, place(i).col), 'X', t).ink;
    return ink?.colour;
  };
  const blinks = (i: number) => {
    const first = look(hidden, i);
    return frames.some(({ frame }) => {
      const now = look(frame, i);
      return (now === undefined) !== (first === undefined) || (now !== undefined && first !== undefined && colourDistance(now, first) > 3);
    });
  };
  // Until SGR 5's sample has changed three times (both its phases measured: xterm's differ), or the watch is over.
  let changes: number[] = [];
  const watch = async (quiet: boolean) => {
    changes = [];
    let last = look(frames[0]!.frame, 0);
    if (last !== look(hidden, 0)) changes.push(frames[0]!.at);
    const t0 = performance.now();
    while (changes.length < 3) {
      const left = BLINK_WATCH_MS * (changes.length === 0 ? 1 : 2) - (performance.now() - t0);
      if (left <= 0) break;
      const next = await deps.nextOwnFrame(rect, left, quiet);
      if (!next) break;
      const at = performance.now();
      frames.push({ at, frame: next });
      const now = look(next, 0);
      if (now !== last) {
        changes.push(at);
        last = now;
      }
    }
  };
  // A wait pokes the window (x-link.ts: zutty sleeps on events Xlib has queued), and a terminal that blinks on idle
  // ticks never blinks while poked (mlterm 3.9.0: ui_event_source.c calls its idling only after 0.1 s with no X
  // event): where nothing changed, the page is watched again sending the window nothing, and what that shows is kept.
  const stillAfter = (from: number) => frames.slice(from).every(({ frame }) => sameBytes(frame.rgb, frames[0]!.frame.rgb));
  // A terminal known to blink only while sent nothing (GuiRecipe.blinksOnlyIdle) is watched so alone.
  let unpoked = onlyIdle;
  await watch(onlyIdle);
  if (!onlyIdle && changes.length === 0 && stillAfter(1)) {
    const from = frames.length;
    await watch(true);
    unpoked = changes.length > 0 || !stillAfter(from);
  }
  await deps.focus?.(false);
  if (cursorStyle) await deps.exchange('\x1b[0 q');
  const text = blinks(0);
  // The longer phase: a cell drawn at any moment changes within it.
  const phases = changes.slice(1).map((t, i) => t - changes[i]!);
  const blink: PixelModel['blink'] = text ? { text: true, ...(phases.length > 0 ? { halfPeriodMs: Math.round(Math.max(...phases)) } : {}) } : { text: false };
  const blinkingForms = text ? forms.filter((_, i) => blinks(i)).map(([form]) => form) : [];
  // The cursor's pixels: where any shown frame differs from the hidden one, near its cell (not on the samples' row).
  const cursorPixels: [number, number][] = [];
  const top = grid.cellH;
  for (let y = top; y < rect.height; y++) {
    for (let x = 0; x < Math.min(rect.width, 4 * grid.cellW); x++) {
      const i = (y * rect.width + x) * 3;
      if (frames.some(({ frame: f }) => f.rgb[i] !== hidden.rgb[i] || f.rgb[i + 1] !== hidden.rgb[i + 1] || f.rgb[i + 2] !== hidden.rgb[i + 2])) {
        cursorPixels.push([x - (CURSOR_AT.col - 1) * grid.cellW, y - (CURSOR_AT.row - 1) * grid.cellH]);
      }
    }
  }
  // The cursor's blink: when its pixels changed from one shown frame to another, and how far apart.
  const cursorChanges: number[] = [];
  for (let k = 1; k < frames.length; k++) if (differsIn(frames[k - 1]!.frame, frames[k]!.frame, rect.width, grid.cellH, 4 * grid.cellW)) cursorChanges.push(frames[k]!.at);
  const cursorPhases = cursorChanges.slice(1).map((t, i) => t - cursorChanges[i]!);
  const cursorBlink = cursorChanges.length > 0 ? { blinks: true, ...(cursorPhases.length > 0 ? { halfPeriodMs: Math.round(Math.max(...cursorPhases)) } : {}) } : { blinks: false };
  // The samples that do not blink and the blank rows below them, the same with the focus and without it.
  const steady = forms.map((_, i) => i).filter((i) => !blinkingForms.includes(forms[i]![0]));
  const focusNeutral = !unfocused || (!differsIn(unfocused, hidden, rect.width, grid.cellH, rect.width) && steady.every((i) => sameCell(unfocused, hidden, grid, place(i))));
  return { blink, blinkingForms, cursorPixels, cursorBlink, focusNeutral, unpoked };
}

function sameCell(a: Frame, b: Frame, grid: PixelGrid, at: { row: number; col: number }): boolean {
  const x = cutCell(a, grid, at.row, at.col).rgb;
  const y = cutCell(b, grid, at.row, at.col).rgb;
  return Buffer.from(x.buffer, x.byteOffset, x.byteLength).equals(Buffer.from(y.buffer, y.byteOffset, y.byteLength));
}

/** Whether two frames differ below the first row of cells, within the first `width` pixels (where the cursor stands). */
function differsIn(a: Frame, b: Frame, stride: number, top: number, width: number): boolean {
  for (let y = top; y < a.rect.height; y++) {
    for (let x = 0; x < Math.min(width, stride); x++) {
      const i = (y * stride + x) * 3;
      if (a.rgb[i] !== b.rgb[i] || a.rgb[i + 1] !== b.rgb[i + 1] || a.rgb[i + 2] !== b.rgb[i + 2]) return true;
    }
  }
  return false;
}

/**
 * What an SGR parameter string does to blink, in order, in a terminal where `forms` are the forms whose 5 sets
 * blink: 'set' for a parameter 5 (or 6) alone or a 5 in such a form, 'reset' for 25 or 0 (an empty parameter, or an
 * empty string, is 0). Colour forms are stepped over whole.
 */
function blinkEffects(params: string, forms: readonly string[]): ('set' | 'reset')[] {
  const out: ('set' | 'reset')[] = [];
  const list = params.split(';');
  for (let i = 0; i < list.length; i++) {
    const sub = list[i]!.split(':');
    const p = sub[0] === '' ? '0' : sub[0]!;
    if (sub.length > 1) {
      if (sub[1] === '5' && forms.includes(`${p}:5`)) out.push('set');
      continue;
    }
    if (p === '5' || p === '6') out.push('set');
    else if (p === '0' || p === '25') out.push('reset');
    else if ((p === '38' || p === '48' || p === '58') && list[i + 1] === '5') {
      if (forms.includes(`${p};5`)) out.push('set');
      i += 2;
    } else if ((p === '38' || p === '48' || p === '58') && list[i + 1] === '2') i += 4;
  }
  return out;
}

/** Whether an SGR parameter string may set blink in a terminal where `forms` are the forms whose 5 sets blink. */
export function sgrMayBlink(params: string, forms: readonly string[]): boolean {
  return blinkEffects(params, forms).includes('set');
}

/** Whether text written after these SGRs, in order, is left blinking: the last of them to set or reset blink set it. */
export function sgrsLeaveBlink(sgrs: readonly string[], forms: readonly string[]): boolean {
  return sgrs.flatMap((params) => blinkEffects(params, forms)).at(-1) === 'set';
}
