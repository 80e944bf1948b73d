/**
 * The pixel read-back of a GUI terminal's cells: calibrated once per session
 * from a sheet the terminal draws (calibration-sheet.ts, learn-model.ts), then
 * each screen read takes the frame of the region (the same DAMAGE-fenced
 * frames as the pictures: x-picture.ts) and reads every cell's style from it
 * (read-cell.ts, style-names.ts), beside the text the terminal's text read
 * gave — or, where there is none, the text too, from the glyphs the sheet
 * showed.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import stringWidth from 'string-width';
import type { Region } from '../../../corpus/probe-schema.js';
import { drawnKey } from '../../../results/drawn-style.js';
import { styleText } from '../../../results/style-text.js';
import type { Cell, PixelModel, ScreenAnswer, Style, StyleField } from '../../../results/results-schema.js';
import { rowText, validateRegion } from '../../common/region-read.js';
import type { Rect } from '../x-image-requests.js';
import { PICTURE_WAIT_MS, pictureOf, type Frame } from '../x-picture.js';
import { BLINK_WATCH_MS, sgrMayBlink, sgrsLeaveBlink, watchBlinkPage } from './blink-page.js';
import { lostTime } from '../../../util/cpu-wait.js';
import { anyChange, everyDrawnCellChanged, watchOwnFrames } from './blink-watch.js';
import { layoutSheet, pageBytes, type Sample } from './calibration-sheet.js';
import { cellsRect, colourDistance, cutCell, uniform, type CellImage, type PixelGrid } from './cell-image.js';
import { findGrid } from './find-grid.js';
import { CalibrationError, learnModel, SAME_COLOUR, type Templates } from './learn-model.js';
import { observeCell, type Observation } from './read-cell.js';
import { changed, cursorShape, type CursorRead } from './read-cursor.js';
import { readGlyph } from './read-glyph.js';
import { nameStyle } from './style-names.js';

/** What the reader asks of the session: its bytes, frames and timings. */
export interface PixelDeps {
  exchange: (bytes: string) => Promise<unknown>;
  /**
   * The pixels of `rect` (window coordinates) once the terminal has drawn its state (waiting up to `waitMs` for a
   * drawing; with `since`, a drawing after that mark counts even if it came before the frame was asked for).
   */
  frame: (rect: Rect, waitMs?: number, since?: number) => Promise<Frame>;
  /**
   * The pixels of `rect` as the terminal next draws them by itself, or undefined within `limitMs`; `quiet`: sending
   * the window no X event meanwhile (a wait otherwise pokes it: x-link.ts).
   */
  nextOwnFrame: (rect: Rect, limitMs: number, quiet?: boolean) => Promise<Frame | undefined>;
  /** Give the terminal's window the X focus (true), or hand it back (false). */
  focus?: (on: boolean) => Promise<void>;
  /** A point in the display's processing (see WindowPictures.mark). */
  mark?: () => Promise<number>;
  /** The processes that draw the window (the terminal, the display): their time with no CPU lengthens a blink watch. */
  processes?: () => readonly number[];
}

/** What a read is asked to look for beyond the cells' styles. */
export interface PixelReadHints {
  /** true: watch the cells long enough to see them blink, whatever the probe sent. */
  blink?: boolean;
  /**
   * The parameters of every SGR the probe sent: the cells are watched for a blink when one of them may set it in
   * this terminal (blink-page.ts sgrMayBlink), and are known not to blink otherwise. Absent: not known, so blink is untold.
   */
  sgrs?: readonly string[];
  /**
   * No cursor can draw over the region while it is watched (hidden, or standing where its pixels do not reach): a
   * watch whose every drawn cell changed has then seen the text's blink, and ends early (blink-watch.ts).
   */
  cursorClear?: boolean;
}

/** How long a fenced frame waits for a drawing since its mark (konsole and qtermwidget update their view 10–40 ms after output). */
export const FENCE_WAIT_MS = 300;

/** The frames a read of a region is made from. */
export interface Look {
  region: Region;
  frames: Frame[];
  /** The frames cover a blink's half period and more: a cell that does not change does not blink. */
  watched: boolean;
  /** Whether a blink is known (watched, or the probe cannot set one). */
  blinkKnown: boolean;
}


export class PixelReader {
  private constructor(
    private readonly deps: PixelDeps,
    readonly grid: PixelGrid,
    readonly model: PixelModel,
    private readonly templates: Templates,
    /** The sheet's pages as drawn, for the results' pictures. */
    readonly sheet: Frame[],
    private readonly size: { cols: number; rows: number },
    /** The pixels the cursor draws over, as offsets from its cell's top-left pixel (it may reach into the cells around). */
    private readonly cursorPixels: readonly [number, number][],
    /** The window draws its cells alike with the focus and without (blink-page.ts focusNeutral). */
    private readonly focusNeutral: boolean,
  ) {}

  /**
   * How long a watch lasts to see a blink of this half period. A terminal blinking on idle ticks (blinkUnpoked) keeps
   * its blink's clock through the drawing that showed the state watched, which may stand in its hidden phase's count
   * (mlterm 3.9.0: ui_screen.c idling counts six ticks a phase, and a redraw does not reset them), so the first change
   * may come two phases later; and a tick is 0.1 s without an event plus the wait to be scheduled, longer under load
   * than at calibration: three half periods (two missed mlterm's blinking block and underline at load 24).
   */
  private watchMs(halfPeriodMs: number | undefined): number {
    const half = halfPeriodMs ?? BLINK_WATCH_MS;
    return this.model.blinkUnpoked ? 3 * half : half;
  }

  /**
   * Watch `rect` for a blink's phase (watchMs of `halfPeriodMs`, 80 ms more, and the time its processes lost to the
   * CPU), adding the frames to `frames`, until `seen` says the change looked for has come; with `again`, where
   * nothing changed at all, as long once more before the caller reads what is there as steady.
   */
  private async watchPhase(rect: Rect, frames: Frame[], halfPeriodMs: number | undefined, seen: (fs: readonly Frame[]) => boolean, again: boolean): Promise<void> {
    for (let round = 0; round < (again ? 2 : 1) && !(round > 0 && anyChange(frames)); round++) {
      const lost = this.lostTime();
      const t0 = performance.now();
      const planned = this.watchMs(halfPeriodMs) + 80;
      await watchOwnFrames(this.ownFrames, rect, frames, performance.now() + planned, seen, lost);
      if (process.env['TERMPROBE_DEBUG_WATCH']) process.stderr.write(`[watch] round ${round} planned ${planned.toFixed(0)} took ${(performance.now() - t0).toFixed(0)} lost ${lost().toFixed(1)} changed ${anyChange(frames)} frames ${frames.length}\n`);
    }
  }

  /**
   * The frame of `rect`: with a mark, the first drawing over it since the mark, waited for FENCE_WAIT_MS and, where
   * none came, once more for as long as the window's processes stood ready to run with no CPU meanwhile (at sixteen
   * targets at a time pterm's update, run on its own timer, came later than 300 ms and the frame showed the cursor
   * the read had hidden); without one, a frame as x-picture.ts takes it. The one fenced wait of the cells' read and
   * the cursor's.
   */
  private async fencedFrame(rect: Rect, since: number | undefined): Promise<Frame> {
    if (since === undefined) return this.deps.frame(rect);
    const lost = this.lostTime();
    const first = await this.deps.frame(rect, FENCE_WAIT_MS, since);
    const late = Math.min(PICTURE_WAIT_MS, lost());
    return first.note && late >= 1 ? this.deps.frame(rect, late, since) : first;
  }

  /** The terminal's own next drawing, waited for as the calibration found its blink shows (quiet: blinkUnpoked). */
  private readonly ownFrames = (rect: Rect, limitMs: number): Promise<Frame | undefined> => this.deps.nextOwnFrame(rect, limitMs, this.model.blinkUnpoked === true);

  /** A clock of the time the window's processes stand ready to run with no CPU, from now (util/cpu-wait.ts). */
  private lostTime(): () => number {
    const pids = this.deps.processes?.() ?? [];
    return lostTime(() => pids);
  }

  /**
   * Draw the sheet, learn from it, and leave the screen cleared with the cursor shown. `area` is where the grid is
   * on the window (the whole window, or foot's part of weston's).
   */
  static async calibrate(deps: PixelDeps, area: Rect, cols: number, rows: number, font?: string, how: { ownTerminal?: boolean; lineDrawing?: boolean; blinksOnlyIdle?: boolean } = {}): Promise<PixelReader> {
    const grid = await findGrid(deps, area, cols, rows);
    // In your own terminal (and where no text read works) the text is read from the glyphs: the sheet draws the DEC
    // line-drawing ones too.
    const samples = layoutSheet(cols, rows, { lineDrawing: how.ownTerminal === true || how.lineDrawing === true });
    const pages = Math.max(...samples.map((s) => s.page));
    const whole = cellsRect(grid, 1, 1, rows, cols);
    const sheet: Frame[] = [];
    for (let page = 1; page <= pages; page++) {
      await deps.exchange(pageBytes(samples, page));
      sheet.push(await settledPage(deps, whole, grid, samples.filter((s) => s.page === page)));
    }
    const byKey = new Map<string, Sample>(samples.map((s) => [s.key, s]));
    const cellOf = (key: string) => {
      const s = byKey.get(key);
      if (!s) throw new Error(`no sample ${key} on the calibration sheet`);
      return cutCell(sheet[s.page - 1]!, grid, s.row, s.col);
    };
    const dump = process.env['TERMPROBE_DEBUG_PIXELS'];
    if (dump) sheet.forEach((f, i) => writeFileSync(join(dump, `sheet-${i + 1}.png`), pictureOf(f).png));
    const learned = learnModel(cellOf, samples);
    // In the user's own terminal the cursor's style is left as it is (no DECSCUSR), and its focus too.
    const { blink, blinkingForms, cursorPixels, cursorBlink, focusNeutral, unpoked } = await watchBlinkPage(how.ownTerminal ? { ...deps, focus: undefined } : deps, grid, learned.templates, !how.ownTerminal, how.blinksOnlyIdle === true);
    learned.model.notes.push(cursorBlink.blinks ? `the cursor DECSCUSR 1 asks for blinks (a change every ${Math.round(cursorBlink.halfPeriodMs ?? 0)} ms) in the window given the focus` : `the cursor DECSCUSR 1 asks for does not blink within ${BLINK_WATCH_MS / 1000} s, the window given the focus`);
    const others = blinkingForms.filter((f) => f !== '5');
    learned.model.notes.push(blink.text ? `SGR 5 text blinks (a change every ${Math.round(blink.halfPeriodMs ?? 0)} ms)${others.length > 0 ? `; so does the 5 in ${others.join(', ')}` : ''}` : `SGR 5 text does not blink (no change within ${BLINK_WATCH_MS / 1000} s)`);
    learned.model.notes.push(`the cursor, as it stands at the start, draws over ${cursorPixels.length} pixels${reachesOut(cursorPixels, grid) ? ', some of them in the cells around its own' : ''}`);
    await deps.exchange('\x1b[0m\x1b[H\x1b[2J\x1b[?25h');
    const model: PixelModel = { cell: { width: grid.cellW, height: grid.cellH, x0: grid.x0, y0: grid.y0 }, ...(font ? { font } : {}), ...learned.model, blink: { ...blink, ...(others.length > 0 ? { setBy: others } : {}) }, cursorBlink, ...(unpoked ? { blinkUnpoked: true as const } : {}) };
    return new PixelReader(deps, grid, model, learned.templates, sheet, { cols, rows }, cursorPixels, focusNeutral);
  }

  /**
   * A fresh instance of a terminal whose earlier instance, at the same size, was calibrated: the grid is found again
   * and the sheet's first page drawn again; where both come out as they did, pixel for pixel, the earlier calibration
   * is this window's too (same program, settings, font and cell: what the sheet taught holds), and the 2–5 s of the
   * rest of the sheet and its blink watches are not spent again. Undefined where anything differs: calibrate afresh.
   */
  static async again(deps: PixelDeps, area: Rect, cols: number, rows: number, earlier: PixelReader): Promise<PixelReader | undefined> {
    if (earlier.size.cols !== cols || earlier.size.rows !== rows) return undefined;
    const t0 = performance.now();
    const grid = await findGrid(deps, area, cols, rows);
    const debug = (what: string) => process.env['TERMPROBE_DEBUG_GUI'] && process.stderr.write(`[gui] pixels: again: ${what} after ${(performance.now() - t0).toFixed(1)} ms\n`);
    debug('grid found');
    const was = earlier.grid;
    if (grid.x0 !== was.x0 || grid.y0 !== was.y0 || grid.cellW !== was.cellW || grid.cellH !== was.cellH) {
      debug(`another grid (${JSON.stringify(grid)}, was ${JSON.stringify(was)})`);
      return undefined;
    }
    const samples = layoutSheet(cols, rows);
    await deps.exchange(pageBytes(samples, 1));
    debug('page written');
    const page = await settledPage(deps, cellsRect(grid, 1, 1, rows, cols), grid, samples.filter((s) => s.page === 1));
    debug('page drawn');
    await deps.exchange('\x1b[0m\x1b[H\x1b[2J\x1b[?25h');
    // Blinking samples show in either phase: SGR 5, and the forms the calibration saw blink (qterminal 1.2.0 blinks 4:5).
    const forms = ['5', ...(earlier.model.blink.setBy ?? [])];
    if (!sameSamples(page, earlier.sheet[0], grid, samples.filter((s) => !sgrMayBlink(s.sgr, forms)))) {
      debug('the page drawn otherwise');
      return undefined;
    }
    return new PixelReader(deps, grid, earlier.model, earlier.templates, earlier.sheet, { cols, rows }, earlier.cursorPixels, earlier.focusNeutral);
  }

  /** The region's rectangle on the window. */
  rectOf(region: Region): Rect {
    return cellsRect(this.grid, region.top, region.left, region.bottom, region.right);
  }

  /**
   * The frames of the region a read is made from: one once the terminal has drawn its state (or `frame`, already
   * taken of a rectangle holding the region: the picture's), and where a blink is watched, every one the terminal
   * draws by itself within a blink's half period and a half. Taken before any other read of the screen (a
   * selection read-back highlights it).
   */
  async look(region: Region, hints: PixelReadHints = {}, frame?: Frame, fence?: { row: number; col: number; since?: number }): Promise<Look> {
    validateRegion(region, this.size.cols, this.size.rows);
    // With a fence, the frame holds that cell too: a change drawn there (the cursor hidden) is what it waits for.
    const rect = fence && fence.row >= 1 && fence.col >= 1 && fence.row <= this.size.rows && fence.col <= this.size.cols ? union(this.rectOf(region), cellsRect(this.grid, fence.row, fence.col, fence.row, fence.col)) : this.rectOf(region);
    // With a fence, a drawing since its mark is what is waited for; where none comes (konsole now and then repaints
    // before the cursor is hidden and not after), what is there was drawn after the probe, so the wait is short.
    const frames = [frame && contains(frame.rect, rect) ? frame : await this.fencedFrame(rect, fence?.since)];
    const forms = ['5', ...(this.model.blink.setBy ?? [])];
    const watched = this.model.blink.text && (hints.blink === true || (hints.sgrs ?? []).some((p) => sgrMayBlink(p, forms)));
    if (watched) {
      // A blinking cell changes within a half period of the blink: watch that long, and a little more (less once
      // every drawn cell has changed, where no cursor's blink can be taken for theirs).
      // A blink the calibration saw only in a quiet window is watched as it was seen there: quiet, and in the window
      // given the focus (mlterm 3.9.0 hides blinking text only then: ui_screen.c idling), where the focus changes
      // nothing drawn in the cells (focusNeutral). Elsewhere the focus is left alone: tilix (VTE 0.70) given it here
      // read its blinking X as concealed or plain (3 runs of 3).
      const focus = this.model.blinkUnpoked && this.focusNeutral ? this.deps.focus : undefined;
      await focus?.(true);
      try {
        // Watched once more where the SGRs leave the text blinking: in full runs, six targets at a time, a watch now
        // and then ended before the phase changed (sakura's SGR 5 read as plain X, st's as concealed, in one run of
        // two); a terminal that really keeps the text steady costs the second watch, a few probes in a run.
        const again = sgrsLeaveBlink(hints.sgrs ?? (hints.blink ? ['5'] : []), forms);
        await this.watchPhase(rect, frames, this.model.blink.halfPeriodMs, (fs) => hints.cursorClear === true && everyDrawnCellChanged(fs, this.grid, region), again);
      } finally {
        await focus?.(false);
      }
    }
    const dump = process.env['TERMPROBE_DEBUG_PIXELS'];
    if (dump) frames.forEach((f, i) => writeFileSync(join(dump, `look-${region.top}-${region.left}-${Date.now()}-${i}.png`), pictureOf(f).png));
    return { region, frames, watched, blinkKnown: watched || hints.sgrs !== undefined };
  }

  /**
   * The cursor standing at `at` (1-based) as drawn, in a window given the focus (one not typed into may draw every
   * shape as an outline): its shape from the pixels hiding it changes, its blink from frames over a blink's half
   * period (where the calibration saw the cursor blink at all). It is left shown if it was. `sgrs`: the probe's SGRs;
   * where none may set blink, a change in the frames is the cursor's blink, and the watch ends once it is seen.
   * With `region`: where the frame with the cursor hidden holds the region and shows its cells as the calibration
   * saw them (the focus changes nothing drawn: focusNeutral), it is returned as the cells' frame, the cursor left
   * hidden (the caller shows it again once the cells are read); else the cursor is left as without `region`.
   */
  async readCursor(at: { row: number; col: number }, sgrs?: readonly string[], region?: Region): Promise<CursorRead & { cellsFrame?: Frame }> {
    const { deps, grid } = this;
    const rect = cellsRect(grid, Math.max(1, at.row - 1), Math.max(1, at.col - 1), Math.min(this.size.rows, at.row + 1), Math.min(this.size.cols, at.col + 1));
    const forms = ['5', ...(this.model.blink.setBy ?? [])];
    const steadyText = sgrs !== undefined && !(this.model.blink.text && sgrs.some((p) => sgrMayBlink(p, forms)));
    const since = await deps.mark?.();
    await deps.focus?.(true);
    try {
      // A drawing since the mark (the cursor drawn as in a window typed into) is waited for as a fenced frame's: not
      // long, since where none comes (konsole's steady cursor) what is there was drawn after the probe.
      const shown = [await this.fencedFrame(rect, since)];
      const blinking = this.model.cursorBlink?.blinks === true;
      if (blinking) {
        // The text around steady, a change is the cursor's blink.
        // Watched once more before the cursor is read as steady: xterm 379's blinking block (DECSCUSR 0) read as
        // steady in one run of the test suite of three, the suite's load beside it; a cursor that is steady costs
        // the second watch (the steady shapes' probes).
        await this.watchPhase(rect, shown, this.model.cursorBlink?.halfPeriodMs, (fs) => steadyText && anyChange(fs), true);
      }
      const hiddenSince = await deps.mark?.();
      await deps.exchange('\x1b[?25l');
      let hidden = await this.fencedFrame(rect, hiddenSince);
      let shapes = shown.map((f) => cursorShape(changed(f, hidden), rect, grid, at));
      // Nothing changed: a cursor that was never drawn, or a fence met by another drawing than the hiding (tilix, VTE
      // 0.70, now and then under load: the "hidden" frame still showed the cursor, read as no cursor and, as the cells'
      // frame, as a cell in the cursor's colour). The hiding, where it is still to come, is waited for.
      if (hiddenSince !== undefined && shapes.every((s) => s === 'hidden')) {
        const later = await deps.nextOwnFrame(rect, FENCE_WAIT_MS);
        if (later) {
          hidden = later;
          shapes = shown.map((f) => cursorShape(changed(f, hidden), rect, grid, at));
        }
      }
      const shape = shapes.find((s) => s !== 'hidden') ?? 'hidden';
      const cellsFrame = region && this.focusNeutral && contains(rect, this.rectOf(region)) ? hidden : undefined;
      if (shape === 'hidden') return { shape, ...(cellsFrame ? { cellsFrame } : {}) };
      if (!cellsFrame) await deps.exchange('\x1b[?25h');
      return { shape, blink: blinking && shapes.includes('hidden'), ...(cellsFrame ? { cellsFrame } : {}) };
    } finally {
      await deps.focus?.(false);
    }
  }

  /** Whether the cursor standing at `at` (1-based) may draw over a pixel of the region. */
  cursorTouches(region: Region, at: { row: number; col: number }): boolean {
    const { cellW, cellH } = this.grid;
    const r = { x: (region.left - 1) * cellW, y: (region.top - 1) * cellH, right: region.right * cellW, bottom: region.bottom * cellH };
    return this.cursorPixels.some(([dx, dy]) => {
      const x = (at.col - 1) * cellW + dx;
      const y = (at.row - 1) * cellH + dy;
      return x >= r.x && x < r.right && y >= r.y && y < r.bottom;
    });
  }

  /** The pixels of cell `row`;`col` the cursor at `at` may draw over (1), or undefined when none. */
  private cursorSkip(row: number, col: number, at: { row: number; col: number } | undefined): Uint8Array | undefined {
    if (!at) return undefined;
    const { cellW, cellH } = this.grid;
    let skip: Uint8Array | undefined;
    for (const [dx, dy] of this.cursorPixels) {
      const x = (at.col - col) * cellW + dx;
      const y = (at.row - row) * cellH + dy;
      if (x < 0 || y < 0 || x >= cellW || y >= cellH) continue;
      (skip ??= new Uint8Array(cellW * cellH))[y * cellW + x] = 1;
    }
    return skip;
  }

  /**
   * The region's cells from a look: text from `text` (the terminal's own text read) or else from the glyphs, styles
   * from the pixels, leaving out those the cursor at `cursor` may cover.
   */
  cells(look: Look, text: ScreenAnswer | undefined, cursor?: { row: number; col: number }): ScreenAnswer {
    const { region, frames, watched } = look;
    const rows: Cell[][] = [];
    const texts = text ? cellTexts(text, region) : undefined;
    for (let row = region.top; row <= region.bottom; row++) {
      const line: Cell[] = [];
      for (let col = region.left; col <= region.right; col++) {
        const known = texts?.[row - region.top]?.[col - region.left];
        if (known && known.w === 0) {
          line.push({ t: '', w: 0 });
          continue;
        }
        line.push(this.readCell(frames, row, col, known?.t, watched, this.cursorSkip(row, col, cursor)));
      }
      rows.push(line);
    }
    const untold: StyleField[] = [...this.model.untold];
    if (this.model.blink.text && !look.blinkKnown) untold.push('blink');
    return {
      via: text?.via ?? 'pixels',
      styles: 'pixels',
      region: { ...region },
      text: text?.text ?? rows.map(rowText),
      cells: rows,
      ...(untold.length > 0 ? { untold } : {}),
    };
  }

  private readCell(frames: readonly Frame[], row: number, col: number, text: string | undefined, watched: boolean, skip: Uint8Array | undefined): Cell {
    const looks = frames.map((f) => ({ ...cutCell(f, this.grid, row, col), ...(skip ? { skip } : {}) }));
    let t = text;
    if (t === undefined) t = glyphOfLooks(looks, this.templates);
    const seen = looks.map((img) => observeCell(img, t === '\ufffd' ? ' ' : t!, this.templates));
    // A blinking cell is named as it shows with its glyph, and (foot fades blinking text to its dim colour and back)
    // in the phase its name takes fewest words for.
    const { observation: inked, style: named } = simplest(seen, this.model);
    const style: Style = { ...named };
    const u = new Set<StyleField>(inked.untold);
    const blank = t.trim() === '' || t === '\ufffd';
    // The text is there and no glyph shows: concealed (or drawn in the background's colour, which draws alike). A
    // blink this read did not watch could hide it too, but then the probe's expectations do not name blink. One it
    // watched and saw no change in may be a blink whose shown phase came after the watch: st 0.9 read `5` as
    // concealed in 1 full run of 2 (six targets at a time), and 58;5;196 (st takes its 5 for blink) in the other.
    // Where nothing in the watched frames changed at all, neither is guessed: both are untold. (Where another cell
    // blinked, the watch lasted a phase: all blink to one clock, and this one does not.)
    if (!blank && !inked.ink && drawnKey(this.model, t, style, [])?.includes(' ink=')) {
      if (watched && !anyChange(frames)) {
        u.add('invisible');
        u.add('blink');
      } else style.invisible = true;
    }
    if (watched && !blank && blinked(seen)) style.blink = true;
    const ordered = orderCellStyle(style);
    const cell: Cell = { t: t === '\ufffd' ? '\ufffd' : t, w: stringWidth(t) === 2 ? 2 : 1, ...(ordered ? { s: ordered } : {}) };
    if (u.size > 0) cell.u = [...u];
    return cell;
  }
}

function union(a: Rect, b: Rect): Rect {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, width: Math.max(a.x + a.width, b.x + b.width) - x, height: Math.max(a.y + a.height, b.y + b.height) - y };
}

function contains(outer: Rect, inner: Rect): boolean {
  return inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.width <= outer.x + outer.width && inner.y + inner.height <= outer.y + outer.height;
}

/** The text read's rows as cells of the region: each grapheme with its width, '' after a wide one, blanks to the right edge. */
export function cellTexts(text: ScreenAnswer, region: Region): { t: string; w: number }[][] {
  const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });
  const width = region.right - region.left + 1;
  return text.text.map((line) => {
    const cells: { t: string; w: number }[] = [];
    for (const { segment } of segmenter.segment(line)) {
      const w = Math.max(1, Math.min(2, stringWidth(segment)));
      cells.push({ t: segment, w });
      if (w === 2) cells.push({ t: '', w: 0 });
    }
    while (cells.length < width) cells.push({ t: ' ', w: 1 });
    return cells.slice(0, width);
  });
}

/**
 * Whether a cell changed between frames by itself: a blinking cell shows its glyph in some and not in others
 * (xterm, VTE), or in its colour and its dim colour by turns (foot).
 */
/**
 * A cell's text from its glyph, where no text read gives it: the first frame's, unless that shows nothing and a
 * later frame of a blink watch shows a glyph (a blinking X read in its hidden phase: your own terminal's
 * sgr.attr-5 read blank in lxterminal, VTE 0.70.6). U+FFFD where the glyph is none the sheet drew.
 */
export function glyphOfLooks(looks: readonly CellImage[], templates: Templates): string {
  const first = readGlyph(looks[0]!, templates);
  if (first === ' ') {
    for (const img of looks.slice(1)) {
      const later = readGlyph(img, templates);
      if (later !== ' ') return later ?? '\ufffd';
    }
  }
  return first ?? '\ufffd';
}

export function blinked(seen: readonly Observation[]): boolean {
  const first = seen[0]!;
  return seen.some((o) => (o.ink === undefined) !== (first.ink === undefined) || (o.ink && first.ink && colourDistance(o.ink.colour, first.ink.colour) > SAME_COLOUR));
}

/** Of the frames' observations, one with a glyph if any has, named with the fewest words. */
function simplest(seen: readonly Observation[], model: PixelModel): { observation: Observation; style: Style | undefined } {
  const inked = seen.filter((o) => o.ink);
  let best: { observation: Observation; style: Style | undefined; words: number } | undefined;
  for (const o of inked.length > 0 ? inked : [seen[0]!]) {
    const style = nameStyle(o, model);
    const words = style ? styleText(style).split(' ').length : 0;
    if (!best || words < best.words) best = { observation: o, style, words };
  }
  return best!;
}

function orderCellStyle(s: Style): Style | undefined {
  const order: (keyof Style)[] = ['bold', 'dim', 'italic', 'underline', 'underlineStyle', 'underlineColor', 'blink', 'reverse', 'invisible', 'strikethrough', 'overline', 'fg', 'bg'];
  const out: Style = {};
  for (const k of order) if (s[k] !== undefined) (out as Record<string, unknown>)[k] = s[k];
  return Object.keys(out).length === 0 ? undefined : out;
}

function reachesOut(pixels: readonly [number, number][], grid: PixelGrid): boolean {
  return pixels.some(([x, y]) => x < 0 || y < 0 || x >= grid.cellW || y >= grid.cellH);
}

/** How long a page may take to show as written (konsole and qterminal show their size over the screen for a while after they start). */
const PAGE_SETTLE_MS = 4000;

/** Every sample cell of the sheet's first page drawn alike, pixel for pixel, in two frames of it. */
function sameSamples(a: Frame, b: Frame | undefined, grid: PixelGrid, samples: readonly Sample[]): boolean {
  if (!b) return false;
  const bytes = (c: CellImage) => Buffer.from(c.rgb.buffer, c.rgb.byteOffset, c.rgb.byteLength);
  const differ = samples.filter((s) => s.page === 1 && !bytes(cutCell(a, grid, s.row, s.col)).equals(bytes(cutCell(b, grid, s.row, s.col))));
  if (differ.length > 0 && process.env['TERMPROBE_DEBUG_GUI']) process.stderr.write(`[gui] pixels: again: ${differ.length} samples drawn otherwise: ${differ.slice(0, 8).map((s) => `${s.key}@${s.row};${s.col}`).join(' ')}\n`);
  return differ.length === 0;
}

/**
 * The page as written: every solid sample one colour throughout, and at least MIN_INKED of the samples with text
 * show some. A page that is not (something drawn over it: the size konsole and qterminal show after they start; or
 * not drawn yet) is taken again once the terminal draws by itself. pterm 0.78 answered the DA1 after a page before
 * it had drawn it, now and then: the page taken was the cleared screen, whose solid samples are all one colour, and
 * the calibration learned every palette colour as the background (every style read in that run was wrong).
 */
async function settledPage(deps: PixelDeps, whole: Rect, grid: PixelGrid, samples: readonly Sample[]): Promise<Frame> {
  const t0 = performance.now();
  const texts = samples.filter((s) => s.text.trim() !== '');
  let frame = await deps.frame(whole);
  for (;;) {
    const spoiled = samples.find((s) => s.text === ' ' && (s.key.startsWith('bg:') || s.key.startsWith('fg:')) && !uniform(cutCell(frame, grid, s.row, s.col)));
    const inked = texts.filter((s) => !uniform(cutCell(frame, grid, s.row, s.col))).length;
    const drawn = texts.length === 0 || inked >= MIN_INKED * texts.length;
    const why = spoiled ? `${spoiled.key} at ${spoiled.row};${spoiled.col} not one colour` : drawn ? undefined : `${inked} of ${texts.length} samples with text drawn`;
    if (process.env['TERMPROBE_DEBUG_GUI']) process.stderr.write(`[gui] pixels: sheet page after ${(performance.now() - t0).toFixed(1)} ms: ${why ?? 'settled'}\n`);
    if (!why) return frame;
    const left = PAGE_SETTLE_MS - (performance.now() - t0);
    if (left <= 0) throw new CalibrationError(`the calibration sheet did not show as written within ${PAGE_SETTLE_MS / 1000} s (${why})`);
    frame = (await deps.nextOwnFrame(whole, left)) ?? frame;
  }
}

/** The share of a page's samples with text that must show ink for the page to count as drawn (SGR 8, or black on black, may show none). */
const MIN_INKED = 0.75;

