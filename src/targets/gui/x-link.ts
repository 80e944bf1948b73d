/**
 * The read-back's one X connection and the waits it does on it. Every wait
 * ends on its condition (an X event, a terminal reply), at its limit, or at
 * once when the run is aborted or the session closes; while it waits it may
 * "poke" the terminal's window (a property change it hears), because zutty 0.14
 * sleeps in poll() on its X socket while events Xlib had already read sit in
 * its queue (main.cc eventLoop: it drains the queue only after poll() says the
 * socket is readable; events arriving during a redraw are read by the
 * renderer's round trips and wait there), so without a later event a press or
 * release can wait for ever, and with the press taken and not the release,
 * zutty stops reading its pty (holdPtyIn) and answers nothing more.
 */
import { X11Client, X11Error, type XEvent } from './x11-client.js';
import { ScreenReadError } from './gui-screen-read.js';
import { changeProperty, createHelperWindow, EV, internAtom, openXtest, refuseSelectionRequest, setSelectionOwner, sync, watchSelectionOwner, type Extension } from './x11-requests.js';

/** How often a wait pokes the terminal's window. */
const POKE_MS = 20;

export interface Atoms {
  utf8: number;
  incr: number;
  /** Our property on the helper window that conversions land in. */
  landing: number;
  /** The property changed on the terminal's window to wake it. */
  wake: number;
}

export class XLink {
  private constructor(
    readonly x: X11Client,
    readonly xtest: Extension,
    /** XFIXES, when the display has it: events on a change of PRIMARY's owner. */
    readonly xfixes: Extension | undefined,
    /** Our unmapped window: requestor of conversions, owner of PRIMARY between reads. */
    readonly helper: number,
    readonly atoms: Atoms,
    private readonly signal: AbortSignal,
  ) {}

  /** `servesSelections`: the caller answers conversions asked of it (the input probes' paste); otherwise they are refused. */
  static async open(display: string, signal: AbortSignal, opts: { servesSelections?: boolean } = {}): Promise<XLink> {
    const x = await X11Client.open(display, signal);
    const onAbort = () => x.close();
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      const xtest = await openXtest(x);
      const [utf8, incr, landing, wake] = await Promise.all(['UTF8_STRING', 'INCR', 'TERMPROBE_SELECTION', 'TERMPROBE_WAKE'].map((n) => internAtom(x, n)));
      const helper = createHelperWindow(x);
      const xfixes = await watchSelectionOwner(x, helper);
      // Conversions asked of us while we hold PRIMARY (between reads) are refused: we hold no text.
      if (!opts.servesSelections) {
        x.onEvent((ev) => {
          if (ev.code === EV.SelectionRequest) refuseSelectionRequest(x, ev.bytes);
        });
        setSelectionOwner(x, helper);
      }
      await sync(x);
      return new XLink(x, xtest, xfixes, helper, { utf8: utf8!, incr: incr!, landing: landing!, wake: wake! }, signal);
    } catch (error) {
      signal.removeEventListener('abort', onAbort);
      x.close();
      throw signal.aborted ? (signal.reason ?? error) : asReadError(error);
    }
  }

  close(): void {
    this.x.close();
  }

  /** Rejects with the abort reason once aborted. */
  checkAborted(): void {
    if (this.signal.aborted) throw this.signal.reason instanceof Error ? this.signal.reason : new Error('aborted');
  }

  /** A change the terminal's window hears (PropertyNotify), so a terminal asleep in poll() reads its queued events. */
  poke(window: number): void {
    if (!this.x.closed) changeProperty(this.x, window, this.atoms.wake, this.atoms.utf8, Buffer.alloc(0));
  }

  private readonly waking = new Set<() => void>();

  /** Something a wait's `check` reads has changed (e.g. a reply came from the terminal): check again now. */
  nudge(): void {
    for (const wake of [...this.waking]) wake();
  }

  /**
   * Wait until `test` returns a value for an X event (or `check` for a state it
   * reads: checked at once, after each nudge() and every POKE_MS), poking
   * `pokeWindow` meanwhile; undefined at the limit.
   */
  async waitFor<T>(opts: { limitMs: number; pokeWindow?: number; test?: (ev: XEvent) => T | undefined; check?: () => Promise<T | undefined> }): Promise<T | undefined> {
    this.checkAborted();
    let found: { value: T } | undefined;
    let wake: (() => void) | undefined;
    const unlisten = opts.test ? this.x.onEvent((ev) => {
      if (found) return;
      const value = opts.test!(ev);
      if (value !== undefined) {
        found = { value };
        wake?.();
      }
    }) : () => {};
    const onAbort = () => wake?.();
    this.signal.addEventListener('abort', onAbort);
    const t0 = performance.now();
    const waking = this.waking;
    try {
      for (;;) {
        if (opts.check && !found) {
          const value = await opts.check();
          if (value !== undefined) found = { value };
        }
        if (found) return found.value;
        this.checkAborted();
        if (this.x.closed) throw new ScreenReadError('the X connection closed during a screen read');
        const left = opts.limitMs - (performance.now() - t0);
        if (left <= 0) return undefined;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(done, Math.min(left, POKE_MS));
          function done() {
            clearTimeout(timer);
            resolve();
          }
          wake = done;
          waking.add(done);
        });
        if (wake) waking.delete(wake);
        wake = undefined;
        if (!found && opts.pokeWindow !== undefined) this.poke(opts.pokeWindow);
      }
    } finally {
      unlisten();
      this.signal.removeEventListener('abort', onAbort);
    }
  }
}

/** An X protocol failure during a read costs that probe its screen, not the run. */
export function asReadError(error: unknown): Error {
  if (error instanceof X11Error) return new ScreenReadError(error.message);
  return error instanceof Error ? error : new Error(String(error));
}
