/**
 * Screen read-back through the X PRIMARY selection, for X11 terminals that offer
 * no other way: the pointer (XTEST) drags across the terminal's grid from its
 * first cell to past its last, the terminal puts the selected text in PRIMARY,
 * and termprobe converts PRIMARY to UTF8_STRING — all over one X connection of
 * its own (x11-client.ts), no helper process. Text only (no styles); columns are
 * counted by display width, and a row the terminal joined to the next because it
 * wrapped is split again.
 *
 * So that the read changes nothing the next probe sees: mouse reporting is
 * switched off first when a probe may have turned it on (the drag must select,
 * not report), the pointer leaves the window after the drag, and termprobe takes
 * PRIMARY back after the read (so the terminal drops its selection and its
 * highlight) — but only once the terminal has finished claiming it: see
 * afterClaim. Stale text is never read: termprobe owns PRIMARY before the drag,
 * and converts it only once another client — the terminal, on the drag's
 * release — has taken it (XFIXES tells when; without XFIXES the owner is polled).
 *
 * A drag must never count as a double or triple click, which selects words or
 * lines: see MultiClick for how each terminal is kept from it.
 */
import type { Region } from '../../corpus/probe-schema.js';
import type { ScreenAnswer } from '../../results/results-schema.js';
import { lostTime } from '../../util/cpu-wait.js';
import { untilInEventLoop } from './event-loop-wait.js';
import { screenFromRows, ScreenReadError, splitWrappedRows } from './gui-screen-read.js';
import { MOUSE_MODES_OFF, type MouseModeTracker } from './mouse-mode-tracker.js';
import { dragPoints, findTerminalWindow, GridMismatchError, type DragPoints, type Point, type TerminalWindow } from './x-grid.js';
import { asReadError, XLink } from './x-link.js';
import { ViewUpdateWatch } from './x-view-update.js';
import { convertSelection, EV, fakeInput, getProperty, getSelectionOwner, setSelectionOwner, sync } from './x11-requests.js';

/**
 * How the terminal tells a drag from a double or triple click:
 * - distance: a press counts as a multi-click only near the last one (GTK's and Qt's 5 px; PuTTY's pterm):
 *   successive drags press at two points more than a third of a cell apart.
 * - whole-screen: by time alone, but every click count selects the same text when the drag spans the whole
 *   grid (st 0.9, whose word and line snapping cannot move past the first or last cell).
 * - other-button: by time and button (zutty 0.14 snaps when the same button was released less than 250 ms
 *   before): a click of button 8, which zutty otherwise ignores, comes before each drag.
 * - spaced: not known (a terminal given by command): presses are kept MULTI_CLICK_MS apart.
 */
export type MultiClick = 'distance' | 'whole-screen' | 'other-button' | 'spaced';

/** Longer than any multi-click interval of the terminals read this way (st's triple click: 600 ms; GTK, Qt: 400 ms). */
const MULTI_CLICK_MS = 650;
/**
 * How long one drag waits for the terminal to take PRIMARY: a last resort, not a speed (a read takes milliseconds).
 * 1.5 s was met by alacritty on a machine whose two cores ran the whole suite besides (two reads of 40 empty, issue
 * 26): a drag the terminal takes late was then dragged again over its own late claim.
 */
const TAKE_LIMIT_MS = 5000;
/**
 * How long the terminal has to answer a conversion of PRIMARY: a last resort like TAKE_LIMIT_MS, spent only on a
 * conversion that is never answered (NOT_ANSWERED). 3 s was met by alacritty under load in 4 of 11 runs of "40 reads
 * in a pipelined run leave the grid whole" and taken for slowness; 10 s was met too (CI), which showed it was not.
 */
const CONVERT_LIMIT_MS = 10_000;
/**
 * A conversion the terminal never answers: alacritty 0.11.0 stores PRIMARY through x11-clipboard 0.6.1, whose worker
 * thread removes the stored text on a SelectionClear (src/run.rs) without asking which ownership it ends, and drops a
 * SelectionRequest for a selection it has no text for. When termprobe's take-back after one read reaches that
 * worker only after the next drag's store() has put the new text in, the new text goes and the conversion is never
 * answered (CI, issue 26: one read of 40 under load). The drag is then made again: its store() comes after the
 * stale clear was handled.
 */
const NOT_ANSWERED = Symbol('conversion not answered');
/** How long claimedLate waits for the terminal to sleep in its event loop, its wait for a CPU not counted. */
const LATE_CLAIM_MS = 2000;

export interface SelectionReaderOptions {
  display: string;
  /** Writes bytes to the terminal; resolves once it has processed them (DA1 round trip). */
  exchange: (bytes: string) => Promise<unknown>;
  /** Hands the terminal's raw replies to a sink until the returned function is called. */
  listen: (sink: (chunk: Uint8Array) => void) => () => void;
  multiClick: MultiClick;
  /** The terminal keeps its selection after losing PRIMARY (see GuiRecipe.keepsSelection). */
  keepsSelection?: boolean;
  /** The terminal maps the pointer to cells through a curved screen (see GuiRecipe.curvedScreen). */
  curvedScreen?: boolean;
  /**
   * Take PRIMARY back only after the terminal has checked its claim (see afterClaim); default true. False for the
   * VTE terminals: they answer DA1 only with a redraw, so the wait cost 33 ms a read (gnome-terminal 3.46.8: 12.8 s
   * a run instead of 6.7 s), and without it their answers were the same, 706 of 706 with 187 screens (measured).
   */
  awaitClaimCheck?: boolean;
  /**
   * The terminal's view of the screen may stand on the other screen's lines after a switch between the main and
   * alternate screens until a timer runs (see x-view-update.ts): each read waits, after the click that clears the
   * last selection (keepsSelection), until the terminal has drawn again.
   */
  awaitViewUpdate?: boolean;
  /** What the bytes written so far may have left on. */
  mouseModes: MouseModeTracker;
  /** The terminal's own processes: whether it has handled a drag it has not taken yet (see claimedLate). */
  ownPids?: () => readonly number[];
  /** How long a drag waits for the terminal to take PRIMARY before claimedLate looks (default TAKE_LIMIT_MS; tests). */
  takeLimitMs?: number;
  /** Aborted when the run is cancelled or the session closes: every wait ends then. */
  signal: AbortSignal;
}

export class XSelectionReader {
  private link: Promise<XLink> | undefined;
  private target: Promise<{ window: TerminalWindow; points: DragPoints }> | undefined;
  private lastPress = -Infinity;
  private calibrationFailures = 0;
  private drags = 0;
  private readonly view: ViewUpdateWatch | undefined;

  constructor(private readonly opts: SelectionReaderOptions) {
    if (opts.awaitViewUpdate && !opts.keepsSelection) throw new Error('awaitViewUpdate needs keepsSelection (its clearing click is the selection change the terminal redraws after)');
    this.view = opts.awaitViewUpdate ? new ViewUpdateWatch() : undefined;
  }

  /** Close the X connection (the server then drops what the read-back owned). */
  close(): void {
    void this.link?.then((l) => l.close(), () => undefined);
  }

  async read(region: Region, cols: number, rows: number): Promise<ScreenAnswer> {
    try {
      return await this.readOnce(region, cols, rows);
    } catch (error) {
      if (this.opts.signal.aborted) throw this.opts.signal.reason instanceof Error ? this.opts.signal.reason : error;
      throw asReadError(error);
    }
  }

  private async readOnce(region: Region, cols: number, rows: number): Promise<ScreenAnswer> {
    const link = await (this.link ??= XLink.open(this.opts.display, this.opts.signal));
    const target = (this.target ??= (async () => {
      // A grid that does not fit the window found (the terminal was still sizing it: qterminal, in one fresh test
      // run in three) is measured once more at once, the window looked up again, before the read fails.
      for (let attempt = 1; ; attempt++) {
        const w = await findTerminalWindow(link);
        try {
          return { window: w, points: await dragPoints(link, w, cols, rows, this.opts.exchange, this.opts.listen, this.opts.curvedScreen ?? false) };
        } catch (error) {
          if (attempt >= 2 || this.opts.signal.aborted || !(error instanceof GridMismatchError)) throw error;
          debug(`calibration: ${error.message}; measured again`);
        }
      }
    })());
    // A calibration that failed once is tried again at the next read; after a second failure every read fails at once.
    const { window, points } = await target.catch((error: unknown) => {
      if (this.target === target && ++this.calibrationFailures < 2) this.target = undefined;
      throw error;
    });
    const t0 = performance.now();
    if (this.opts.mouseModes.dirty) {
      await this.opts.exchange(MOUSE_MODES_OFF);
      this.opts.mouseModes.cleared();
    }
    const t1 = performance.now();
    // An empty selection is taken as final only when a second and third drag give it too, and a drag the
    // terminal did not take is made again: konsole and st now and then answer with nothing though the drag
    // selected text, or miss a drag, under load.
    let text: string | undefined;
    const drags: string[] = [];
    for (let attempt = 0; attempt < 3 && (text === undefined || text === ''); attempt++) {
      const d0 = performance.now();
      const got = await this.drag(link, window, points);
      drags.push(`${got === undefined ? 'not taken' : got === NOT_ANSWERED ? 'conversion not answered' : got === '' ? 'empty' : 'text'} after ${(performance.now() - d0).toFixed(0)} ms`);
      if (got !== NOT_ANSWERED) text = got ?? text;
    }
    // A drag not taken in time may have been taken after all, late, and after the take-back (claimedLate did not see
    // the terminal handle it in time): once the terminal has handled everything, PRIMARY is taken back again if it has
    // it. Not after drags made again only because they came back empty: each of those was taken, and taken back.
    if (drags.some((d) => d.startsWith('not taken'))) {
      await this.handled(link, window);
      if (notOurs(await getSelectionOwner(link.x), link.helper)) {
        debug('a late claim after the read: taken back');
        await this.afterClaim();
        setSelectionOwner(link.x, link.helper);
      }
    }
    debug(`read: modes off ${(t1 - t0).toFixed(1)} ms, drags ${(performance.now() - t1).toFixed(1)} ms`);
    // What each drag gave and when: a read that failed (or came back empty) says how long it waited, for a reader of the results.
    if (text === undefined) {
      throw new ScreenReadError(drags.every((d) => d.startsWith('conversion not answered'))
        ? `the terminal took the X selection but did not answer a conversion within ${CONVERT_LIMIT_MS / 1000} s, 3 drags running (${drags.join(', ')})`
        : `the terminal did not take the X selection after 3 drags (limit ${(this.opts.takeLimitMs ?? TAKE_LIMIT_MS) / 1000} s each; ${drags.join(', ')})`);
    }

    const lines = text.replace(/\n$/, '').split('\n');
    return screenFromRows(region, cols, rows, splitWrappedRows(lines, cols).slice(0, rows), 'selection');
  }

  /**
   * One drag across every cell; the text the terminal then gives for PRIMARY, undefined when it did not take the
   * selection, NOT_ANSWERED when it took it but never answered the conversion. Where the terminal's view lags
   * (awaitViewUpdate), every drag first waits for the view to follow the screen shown: two clearing clicks, each
   * followed by a drawing (ViewUpdateWatch says why one is not enough).
   */
  private async drag(link: XLink, window: TerminalWindow, points: DragPoints): Promise<string | undefined | typeof NOT_ANSWERED> {
    const { x, xtest, helper } = link;
    const at = ([wx, wy]: Point) => fakeInput(x, xtest, EV.MotionNotify, 0, Math.round(window.rootX + wx), Math.round(window.rootY + wy));
    // With a clearing click first (keepsSelection), presses alternate between the grid's centre and its first
    // cell; otherwise between two heights in the first cell. Either way no two successive presses are near.
    const p1 = this.opts.keepsSelection || this.drags++ % 2 === 0 ? points.start : points.startAlt;
    const p2 = points.end;
    debug(`drag ${this.drags}: window ${window.width}x${window.height}+${window.rootX}+${window.rootY}, from ${p1.map((v) => v.toFixed(1))} to ${p2.map((v) => v.toFixed(1))}`);
    if (this.opts.multiClick === 'spaced') {
      const since = performance.now() - this.lastPress;
      if (since < MULTI_CLICK_MS) await this.sleep(MULTI_CLICK_MS - since);
    }
    this.lastPress = performance.now();
    // Ours after the last read; else the terminal took it late (or again): it may still be checking its claim.
    if ((await getSelectionOwner(x)) !== helper) {
      await this.afterClaim();
      setSelectionOwner(x, helper);
    }
    const taken = settled(link.waitFor({
      limitMs: this.opts.takeLimitMs ?? TAKE_LIMIT_MS,
      pokeWindow: window.id,
      test: link.xfixes ? (ev) => (ev.code === link.xfixes!.firstEvent && ev.bytes.readUInt32LE(12) === 1 && notOurs(ev.bytes.readUInt32LE(8), helper) ? true : undefined) : undefined,
      check: link.xfixes ? undefined : async () => (notOurs(await getSelectionOwner(x), helper) ? true : undefined),
    }));
    if (this.opts.keepsSelection) {
      // A click at the grid's centre: a press inside the selection the last read left would start a drag and
      // drop (qtermwidget 1.2 TerminalDisplay::mousePressEvent), and a click there without motion clears it.
      // Where the view lags, a second click, halfway to the first cell (far enough from both presses around it not
      // to count as a double click), and its own wait: see ViewUpdateWatch.
      const clicks: Point[] = this.view ? [points.centre, halfway(points.centre, points.start)] : [points.centre];
      for (const point of clicks) {
        const viewUpdated = await this.view?.arm(link, window, points.start);
        at(point);
        fakeInput(x, xtest, EV.ButtonPress, 1);
        fakeInput(x, xtest, EV.ButtonRelease, 1);
        if (viewUpdated) {
          const t0 = performance.now();
          await viewUpdated();
          debug(`view updated after ${(performance.now() - t0).toFixed(1)} ms`);
        }
      }
    }
    if (this.opts.multiClick === 'other-button') {
      at(p1);
      fakeInput(x, xtest, EV.ButtonPress, 8);
      fakeInput(x, xtest, EV.ButtonRelease, 8);
    }
    // The drag moves in steps (Qt starts a selection only once the pointer has moved with the button down);
    // after the release the pointer leaves the window, so no hover effect or later motion touches the terminal.
    at(p1);
    fakeInput(x, xtest, EV.ButtonPress, 1);
    for (const f of [0.02, 0.1, 0.3, 0.6, 1]) at([p1[0] + (p2[0] - p1[0]) * f, p1[1] + (p2[1] - p1[1]) * f]);
    fakeInput(x, xtest, EV.ButtonRelease, 1);
    at([window.width + 10, window.height + 10]);
    const t0 = performance.now();
    if ((await taken) === undefined && !(await this.claimedLate(link, window))) return undefined;
    debug(`drag taken after ${(performance.now() - t0).toFixed(1)} ms`);
    // Asked now, while the conversion runs: the terminal is known to have set itself as owner.
    const claimed = settled(this.afterClaim());
    try {
      return await this.convert(link, window);
    } finally {
      // Leave nothing selected: PRIMARY comes back to termprobe, so the terminal drops its selection and highlight.
      await claimed;
      setSelectionOwner(x, helper);
    }
  }

  /**
   * Whether the terminal took the drag after all, once it has handled it: a drag not taken within the limit is made
   * again, and a terminal that was only late then takes PRIMARY twice, once a drag. termprobe took it back after the
   * first, and the second claim stayed: the terminal still owned PRIMARY after the read (alacritty under CI's load, in
   * selection-read.test.ts). So before the next drag, the X server is made to have sent the drag's events (two round
   * trips: one pass of its loop writes every client's output, so after the second the first pass is done), the
   * terminal's window is poked (zutty reads queued events only then, see XLink), and the terminal's processes are
   * waited for until they sleep in their event loop, the time they spent waiting for a CPU not counted
   * (event-loop-wait.ts). A terminal that never sleeps there (one that draws all the time) is asked after the limit.
   */
  private async claimedLate(link: XLink, window: TerminalWindow): Promise<boolean> {
    await this.handled(link, window);
    return notOurs(await getSelectionOwner(link.x), link.helper);
  }

  /**
   * Resolves once the terminal has handled the events sent it (see claimedLate), or after LATE_CLAIM_MS, the time its
   * processes waited for a CPU not counted.
   */
  private async handled(link: XLink, window: TerminalWindow): Promise<void> {
    const pids = this.opts.ownPids?.() ?? [];
    if (pids.length > 0) {
      link.poke(window.id);
      await sync(link.x);
      await sync(link.x);
      const t0 = performance.now();
      const idle = await untilInEventLoop(pids, LATE_CLAIM_MS, this.opts.signal, lostTime(() => pids));
      debug(`${idle ? 'in its event loop' : 'not in its event loop'} after ${(performance.now() - t0).toFixed(1)} ms`);
    }
    link.checkAborted();
  }

  /**
   * Resolves once a terminal that has set itself as PRIMARY's owner has also finished checking that it owns it,
   * so that taking PRIMARY back cannot fail the check. alacritty 0.11.0 stores a selection through copypasta's
   * x11-clipboard 0.6.1, which sets the owner and then asks who owns PRIMARY; a take-back in between makes it log
   * "Unable to store text in clipboard" as a warning, and a warning opens alacritty's message bar, which takes its
   * rows from the grid (measured: 24 such warnings in one run of the corpus, the grid down to 20 rows, CUD 999
   * stopping there and 18 t reporting it). st 0.9 makes the same check (x.c setsel) and clears its selection when
   * it fails. A DA1 asked after the new owner was seen is answered only after the check wherever the check runs in
   * the thread that answers DA1: st reads its pty and handles X events in one loop; alacritty handles a batch of
   * input events holding the terminal's lock, which its pty reader needs to parse the query, and writes the reply
   * from that same thread (PtyWrite) — after the redraw the drag asked for, so a read there costs about 16 ms more.
   */
  private async afterClaim(): Promise<void> {
    if (this.opts.awaitClaimCheck ?? true) await this.opts.exchange('');
  }

  /**
   * PRIMARY as UTF-8 text, from whoever owns it now (INCR transfers included); undefined when the owner refuses,
   * NOT_ANSWERED when it never answers.
   */
  private async convert(link: XLink, window: TerminalWindow): Promise<string | undefined | typeof NOT_ANSWERED> {
    const { x, helper, atoms } = link;
    const notified = settled(link.waitFor({
      limitMs: CONVERT_LIMIT_MS,
      pokeWindow: window.id,
      test: (ev) => (ev.code === EV.SelectionNotify && ev.bytes.readUInt32LE(8) === helper ? { property: ev.bytes.readUInt32LE(20) } : undefined),
    }));
    convertSelection(x, helper, atoms.utf8, atoms.landing);
    const answer = await notified;
    if (answer === undefined) return NOT_ANSWERED;
    if (answer.property === 0) return undefined;
    const first = await getProperty(x, helper, atoms.landing, true);
    if (first.type !== atoms.incr) return first.data.toString('utf8');
    // INCR: each chunk arrives as a new value of the property (we deleted the last one); an empty one ends it.
    const chunks: Buffer[] = [];
    for (;;) {
      const present = await link.waitFor({
        limitMs: CONVERT_LIMIT_MS,
        check: async () => ((await getProperty(x, helper, atoms.landing, false, 0)).type !== 0 ? true : undefined),
      });
      if (present === undefined) throw new ScreenReadError('an incremental (INCR) selection transfer stalled');
      const part = await getProperty(x, helper, atoms.landing, true);
      if (part.data.length === 0) return Buffer.concat(chunks).toString('utf8');
      chunks.push(part.data);
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        clearTimeout(timer);
        reject(this.opts.signal.reason instanceof Error ? this.opts.signal.reason : new Error('aborted'));
      };
      const timer = setTimeout(() => {
        this.opts.signal.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      this.opts.signal.addEventListener('abort', onAbort, { once: true });
    });
  }
}

/** The wait itself, marked as handled: requests made before it is awaited may throw (a closed connection) and leave it unawaited. */
function settled<T>(wait: Promise<T>): Promise<T> {
  wait.catch(() => undefined);
  return wait;
}

/** With TERMPROBE_DEBUG_GUI set: what the read-back does, on stderr. */
function debug(text: string): void {
  if (process.env['TERMPROBE_DEBUG_GUI']) process.stderr.write(`[gui] selection: ${text}\n`);
}

/** The point halfway between two points. */
function halfway(a: Point, b: Point): Point {
  return [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
}

/** An owner other than termprobe's helper window (and not none). */
function notOurs(owner: number, helper: number): boolean {
  return owner !== 0 && owner !== helper;
}
