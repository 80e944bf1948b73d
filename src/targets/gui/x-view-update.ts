/**
 * Waiting, before a selection read-back's drag, until the terminal has moved its
 * view onto the screen it shows now — for QMLTermWidget (cool-retro-term 1.2.0's
 * qtermwidget port, qmltermwidget at 63228027), where a switch between the main
 * and alternate screens leaves the view behind:
 *
 * - the view (ScreenWindow) maps a selection to lines from its current line, which
 *   ScreenWindow::notifyOutputChanged sets to the bottom of the screen shown; that
 *   runs only from Emulation::showBulk, on a timer 10 ms after the last output or
 *   selection change (40 ms at most after the first);
 * - Emulation::setScreen hands the view the other screen and keeps its line. The
 *   alternate screen has no scrollback, so a view updated there stands at line 0,
 *   and back on the main screen (1000 lines of scrollback) it shows the oldest
 *   lines of the scrollback until the timer runs: a selection made sooner reads
 *   them (blank or long-gone text) instead of the screen.
 *
 * The timer's run is seen on the display: after notifyOutputChanged, updateImage
 * asks for a repaint of the terminal item every time, even when nothing changed
 * (its update(QRegion) widens an empty region to a 2×2 pixel rectangle), and Qt
 * Quick redraws the item from its top-left corner, over the grid's first cell.
 * The only other drawing in the window is the size overlay cool-retro-term fades
 * out after a resize (SizeOverlay.qml), centred, away from the first cell, but
 * while it fades the software renderer redraws over the first cell too: the first
 * read of a session once took such a frame for the timer's (the alternate-screen
 * round after start read blank, in one test run in four). So before its first
 * wait the watch waits until the window has been still for QUIET_MS, longer than
 * the overlay stays up unchanged: it is drawn when the size changes (at start),
 * stays 1 s (SizeOverlay.qml at 1.2.0: sizetimer, interval 1000, restarted on
 * onTerminalSizeChanged), then fades in 200 ms (its opacity Behavior), so a window
 * still for longer than the 1 s has faded it already. A stillness of 300 ms, as
 * before, ended inside that second: the fade came during the reads after, and one
 * of its frames passed for the timer's (3 runs of 10 of the alternate-screen
 * rounds test under load, in round 1 or round 8). Then the
 * read makes the terminal run its timer (the click that clears the last selection
 * is a selection change) and waits for a drawing over the first cell made after
 * it began: the view is then on the screen shown, and stays there until output.
 *
 * Twice: the first drawing after a click is not always the click's. The terminal
 * only asks Qt Quick for a frame (QQuickPaintedItem::update), which draws it later
 * from its event loop, so a frame asked for before the probe's output can be drawn
 * after the click. The last read's own drag asks for one (its highlight, after the
 * same 10 ms timer); when that timer ran before the next probe's output came, its
 * frame shows the view as it stood on the alternate screen, and a drag answered by
 * that frame read the scrollback: one back-to-main read in about 30 with both
 * cores loaded, its "view updated" after 6.4 ms, sooner than the timer can run.
 * Frames are drawn one at a time, each with all that was asked for before it
 * began; so the read clicks again once a drawing is seen, and waits for a drawing
 * after that second click: a frame asked for after the first one was drawn, so
 * by a timer that ran after the output (whose cursor report began the read).
 */
import { damageArea, eventAfter, intersects, mark, watchDamage, type Rect } from './x-image-requests.js';
import type { Point, TerminalWindow } from './x-grid.js';
import type { XLink } from './x-link.js';
import type { Extension } from './x11-requests.js';
import { ScreenReadError } from './gui-screen-read.js';

/** How long the terminal has to redraw after a selection change (its timer runs 10–40 ms after one). */
export const VIEW_UPDATE_LIMIT_MS = 1000;

/**
 * The window is taken as still (the size overlay gone) after this long without a drawing over it: the overlay's 1 s
 * unchanged, and half a second for its timer to run late on a loaded machine.
 */
const QUIET_MS = 1500;
/** How long the window has to become still before the first read (the overlay is gone 1.2 s after it is drawn). */
const QUIET_LIMIT_MS = 10_000;

export class ViewUpdateWatch {
  private damage: Promise<Extension | undefined> | undefined;
  private still = false;

  /** Wait until nothing draws over the window for QUIET_MS (once per session: the size overlay fades once). */
  private async awaitStill(link: XLink, damage: Extension, window: TerminalWindow): Promise<void> {
    const area: Rect = { x: window.rootX, y: window.rootY, width: window.width, height: window.height };
    const t0 = performance.now();
    let frames = 0;
    while (performance.now() - t0 < QUIET_LIMIT_MS) {
      const drew = await link.waitFor({ limitMs: QUIET_MS, test: (ev) => (ev.code === damage.firstEvent && intersects(damageArea(ev), area) ? true : undefined) });
      if (!drew) {
        this.still = true;
        if (process.env['TERMPROBE_DEBUG_GUI']) process.stderr.write(`[gui] view: window still after ${(performance.now() - t0).toFixed(0)} ms (${frames} drawings)\n`);
        return;
      }
      frames++;
    }
    throw new ScreenReadError(`the terminal's window kept changing for ${QUIET_LIMIT_MS / 1000} s with nothing written to it`);
  }

  /**
   * Call before what makes the terminal run its timer (a selection change; output, for the input probes' wheel); the
   * returned wait resolves once the terminal has drawn over the first cell (`start`, in the window) after this call,
   * and rejects after VIEW_UPDATE_LIMIT_MS without such a drawing.
   */
  async arm(link: XLink, window: TerminalWindow, start: Point): Promise<() => Promise<void>> {
    const damage = await (this.damage ??= watchDamage(link.x, link.x.setup.root));
    if (!damage) throw new ScreenReadError('the X display has no DAMAGE extension (the read waits through it for the terminal to update its view of the screen)');
    if (!this.still) await this.awaitStill(link, damage, window);
    const cell: Rect = { x: Math.floor(window.rootX + start[0]) - 1, y: Math.floor(window.rootY + start[1]) - 1, width: 3, height: 3 };
    const after = mark(link.x);
    const drawn = link.waitFor({
      limitMs: VIEW_UPDATE_LIMIT_MS,
      test: (ev) => (ev.code === damage.firstEvent && eventAfter(ev, after) && intersects(damageArea(ev), cell) ? true : undefined),
    });
    drawn.catch(() => undefined);
    return async () => {
      if (!(await drawn)) throw new ScreenReadError(`the terminal did not redraw within ${VIEW_UPDATE_LIMIT_MS / 1000} s of a change that updates its view of the screen, so its view may be out of date`);
    };
  }
}
