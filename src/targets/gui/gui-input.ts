/**
 * Input probes in a GUI terminal: real X events, made through XTEST over a
 * connection of termprobe's own to the private display, as a person's hands
 * would make them. Keys are pressed by the keycode the server's keymap gives
 * their keysym, modifiers pressed before and released after the key; the
 * terminal's window holds the input focus (set at the start, checked after each
 * event); the pointer moves to cells found from the terminal's own mouse reports
 * (x-grid.ts); a paste offers the text as the X selection and uses the
 * terminal's binding (x-paste.ts); a focus change moves the input focus to a
 * window of termprobe's own and back.
 *
 * The markers are a key of termprobe's own: a spare keycode given the keysym
 * U+2603 (☃), which no probe presses, which terminals send as its UTF-8 text, or
 * as `CSI 9731 u` (kitty's keyboard protocol), or `CSI 27;m;9731 ~` (xterm's
 * modifyOtherKeys) when a modifier is held.
 */
import { planEvent, withSeparateClick, type EventPlan, type InputAction } from '../../corpus/input/event-plan.js';
import { inputKind, inputSchema, type InputEvent, type InputKind } from '../../corpus/input/input-schema.js';
import { KEY_NAMES } from '../../corpus/input/key-names.js';
import { MarkerLostError, type InputChannel, type InputDelivery, type MarkerIo } from '../input-channel.js';
import { findTerminalWindow, measureGrid, type Grid, type TerminalWindow } from './x-grid.js';
import { createDecoyWindow, DESTROY_NOTIFY, getInputFocus, isWithin, MAP_NOTIFY, mappedWindow, sendFocusIn, setInputFocus, UNMAP_NOTIFY, watchMaps } from './x-input-requests.js';
import { keyboardState, keycodeOf, modifierBitOf, readKeymap, setKeysyms, spareKeycode, type Keymap } from './x-keymap.js';
import { XLink } from './x-link.js';
import { SelectionOffer } from './x-paste.js';
import type { InputQuirks } from './gui-input-quirks.js';
import { ATOM_WM_CLASS, EV, fakeInput, getProperty, sync } from './x11-requests.js';
import { untilInEventLoop } from './event-loop-wait.js';
import { ViewUpdateWatch } from './x-view-update.js';
import { ScreenReadError } from './gui-screen-read.js';
import { lostTime, pastLimit } from '../../util/cpu-wait.js';
import { INPUT_BASELINE } from '../../corpus/input/input-baseline.js';

/** The marker's keysym: Unicode keysyms are 0x01000000 + the code point (X11 keysymdef.h, "Unicode"). */
const MARKER_KEYSYM = 0x1000000 + 0x2603;
/** The marker's press: its text, kitty's CSI u (event type press, or none), xterm's modifyOtherKeys form. */
export const X_MARKERS = /\xe2\x98\x83|\x1b\[9731(?::[\d:]*)?(?:;\d*(?::1)?)?(?:;[\d:]*)?u|\x1b\[27;\d+;9731~/;
/** Its release or repeat under kitty's event types (flag 2). */
export const X_MARKER_NOISE = /\x1b\[9731(?::[\d:]*)?;\d*:[23](?:;[\d:]*)?u/;
const KEY_PRESS = 2;
const KEY_RELEASE = 3;
/** How long the focus stays away when the terminal says nothing of it (see act, focus-away). */
const FOCUS_AWAY_MS = 250;
/** At most this many marker rounds between the offer and a paste key binding (see paste). */
const OFFER_ROUNDS = 6;
/** Marker rounds after a paste binding before a terminal that asked for no selection is taken as not pasting. */
const PASTE_ROUNDS = 4;
/** Marker rounds after a paste binding before a terminal that asked for the selection's targets but not its text is taken as not pasting. */
const PASTE_TEXT_ROUNDS = 8;
/** How long a terminal that asked for the selection's targets after the binding has to ask for its text. */
const PASTE_TEXT_MS = 1000;
/**
 * How long a terminal that asked for nothing in the marker rounds still has to ask: its request can leave after the
 * markers it handled later (zutty's conversion, asked on the button's release, came up to 9 ms after its fourth
 * marker, one run of the paste probes in four).
 */
const PASTE_ASK_MS = 100;
/** Once the terminal has mapped a window of its own (a menu, a dialog) during an event, how long a marker still has. */
const AFTER_MAP_MS = 250;

/**
 * Whether a window the terminal mapped since `mapped` windows had been (a menu, a dialog) holds the input: one is still
 * mapped, AFTER_MAP_MS after the last map, not counting `lostMs`, the time the terminal and its relays stood ready to
 * run with no CPU. A menu the event's own release closes (xterm's ctrl+click: Xaw pops it down on the button's release)
 * holds nothing once closed, however late its marker then comes; and on a loaded machine the terminal may not have
 * read that release 250 ms after the map (CI, the whole suite at once: xterm's menu taken for one that kept the keyboard).
 */
export function heldBy(ready: Pick<Ready, 'maps' | 'open'>, mapped: number, now: () => number = () => performance.now()): (lostMs?: () => number) => boolean {
  // The lost time is read (/proc, every process of the session) only once all else says held: it is asked every 20 ms.
  return (lostMs) => {
    if (!ready.maps.ids.slice(mapped).some((id) => ready.open.has(id))) return false;
    return pastLimit(now() - ready.maps.at, AFTER_MAP_MS, lostMs);
  };
}
/** Markers a window that may miss the focus coming back is given to show it has it (checkFocus). */
const FOCUS_IN_TRIES = 4;
/** How long a marker has when recovery checks that keys pass again. */
const RECOVERY_MARKER_MS = 400;
/**
 * How long the end of a click waits for the terminal to sleep in its event loop (event-loop-wait.ts), its processes'
 * wait for a CPU not counted: a terminal that draws all the time or waits elsewhere costs this much a click.
 */
const IDLE_AFTER_CLICK_MS = 200;
/** How long recovery's Escape has to close the windows the terminal opened (a menu, a dialog) before the focus moves. */
const CLOSE_MS = 400;

export interface GuiInputOptions {
  display: string;
  cols: number;
  rows: number;
  /** Writes bytes to the terminal; resolves once it has processed them (DA1 round trip). */
  exchange: (bytes: string) => Promise<unknown>;
  /** Hands the terminal's raw replies to a sink until the returned function is called. */
  listen: (sink: (chunk: Uint8Array) => void) => () => void;
  signal: AbortSignal;
  /** What this terminal needs done otherwise (gui-input-quirks.ts). */
  quirks?: InputQuirks;
  /** The grid the session already measured (its pictures'), if any. */
  knownGrid?: () => Grid | undefined;
  /** The Wayland compositor whose X window is the terminal's (weston): held while a FocusIn pair is written to it. */
  compositorPid?: number | undefined;
  /** The terminal's own processes (not the display's, the relay's…): whether it is back in its event loop after a click. */
  ownPids?: () => readonly number[];
}

export interface Ready {
  /** Windows mapped on the display since the session began (menus, dialogs), and when the last was. */
  /** Top-level windows mapped since prepare (the decoy left out): how many, when the last was, and which. */
  maps: { count: number; at: number; ids: number[] };
  /** Those of them still mapped (no UnmapNotify or DestroyNotify for them yet): a menu or dialog open now. */
  open: Set<number>;
  link: XLink;
  keymap: Keymap;
  marker: number;
  window: TerminalWindow;
  decoy: number;
  offer: SelectionOffer;
  grid?: Grid;
  gridProblem?: string;
}

export class GuiInput implements InputChannel {
  readonly method = 'xtest: real X key, button and motion events to the terminal\'s window, which holds the input focus; keycodes from the server\'s keymap';
  readonly markers = X_MARKERS;
  readonly markerNoise = X_MARKER_NOISE;
  readonly markerLimitMs = 800;
  readonly lateEffects = true;
  private ready: Ready | undefined;

  constructor(private readonly opts: GuiInputOptions) {}

  async prepare(kinds: ReadonlySet<InputKind>): Promise<Record<string, string>> {
    const link = await XLink.open(this.opts.display, this.opts.signal, { servesSelections: true });
    try {
      const keymap = await readKeymap(link.x);
      const own = this.opts.quirks?.markerKeysym;
      const marker = own ? keycodeOf(keymap, own.keysym) : spareKeycode(keymap);
      if (marker === undefined) throw new Error(own ? `the X keymap has no key giving the marker keysym 0x${own.keysym.toString(16)}` : 'the X keymap has no spare keycode for the marker key');
      if (!own) setKeysyms(link.x, keymap, marker, [MARKER_KEYSYM, MARKER_KEYSYM]);
      const window = await findTerminalWindow(link);
      const decoy = createDecoyWindow(link.x);
      setInputFocus(link.x, window.id);
      const maps = { count: 0, at: 0, ids: [] as number[] };
      const open = new Set<number>();
      watchMaps(link.x);
      await sync(link.x);
      link.x.onEvent((ev) => {
        if (ev.code === MAP_NOTIFY && mappedWindow(ev.bytes) !== decoy) {
          maps.count++;
          maps.at = performance.now();
          maps.ids.push(mappedWindow(ev.bytes));
          open.add(mappedWindow(ev.bytes));
        }
        if (ev.code === UNMAP_NOTIFY || ev.code === DESTROY_NOTIFY) open.delete(mappedWindow(ev.bytes));
      });
      const ready: Ready = { maps, open, link, keymap, marker, window, decoy, offer: await SelectionOffer.open(link) };
      this.ready = ready;
      await this.setNumLock(false);
      if (kinds.has('mouse') || (kinds.has('paste') && !this.opts.quirks?.cannot?.paste)) {
        try {
          // The grid the pictures measured, when there are pictures (the same window, the same mouse reports); else
          // measured now, with every input mode an earlier probe may have left on turned off first.
          const known = this.opts.knownGrid?.();
          if (!known) await this.opts.exchange(INPUT_BASELINE);
          ready.grid = known ?? (await measureGrid(link, window, this.opts.cols, this.opts.rows, this.opts.exchange, this.opts.listen));
        } catch (error) {
          if (this.opts.signal.aborted) throw error;
          ready.gridProblem = error instanceof Error ? error.message : String(error);
        }
      }
      const px = (n: number) => String(Math.round(n * 10) / 10);
      return {
        'input.method': this.method,
        'input.markers': own ? `keycode ${marker}: ${own.how}; pressed before and after each event` : `keysym U+2603 on spare keycode ${marker}, pressed before and after each event`,
        'input.numlock': 'off (a probe that needs it on turns it on, and off after)',
        'input.window': `0x${window.id.toString(16)}, ${window.width}×${window.height} px; input focus set to it`,
        ...(ready.grid ? { 'input.grid': `cells of ${px(ready.grid.cellW)}×${px(ready.grid.cellH)} px from ${px(ready.grid.x0)},${px(ready.grid.y0)} (mouse reports); the pointer goes to a cell's centre unless a probe gives an offset` } : {}),
        ...(ready.gridProblem ? { 'input.grid': `none: ${ready.gridProblem}` } : {}),
      };
    } catch (error) {
      link.close();
      this.ready = undefined;
      throw error;
    }
  }

  refuse(event: InputEvent): string | undefined {
    const kind = inputKind(event);
    const cannot = this.opts.quirks?.cannot?.[kind];
    if (cannot) return cannot;
    const ready = this.ready;
    if (!ready) return 'the input channel was not prepared';
    const needsGrid = kind === 'mouse' || (kind === 'paste' && (event.paste?.via ?? 'middle-click') === 'middle-click');
    if (needsGrid && !ready.grid) return `the pointer cannot be placed on a cell: the terminal's grid was not found (${ready.gridProblem ?? 'not measured'})`;
    if (event.key !== undefined) {
      const name = event.key.split('+').pop()!;
      const key = KEY_NAMES.get(name);
      if (key && keycodeOf(ready.keymap, key.keysym, key.numlock) === undefined) return `no key of the display's keymap gives ${name}`;
    }
    return undefined;
  }

  async deliver(_event: InputEvent, plan: EventPlan, io: MarkerIo): Promise<InputDelivery> {
    const ready = this.ready!;
    const { x } = ready.link;
    // Nothing left selected for the event to paste (see SelectionOffer.clear); a paste offers its own text after. The
    // focus is asked in the same round trip (each costs termprobe, the X server and the terminal a wake-up: ~7,500
    // events a run of every target).
    const [, now] = await Promise.all([ready.offer.clear(), getInputFocus(x)]);
    if (now !== ready.window.id && !(await isWithin(x, now, ready.window.id))) setInputFocus(x, ready.window.id);
    const poke = () => ready.link.poke(ready.window.id);
    const keycodes: number[] = [];
    const run = async (actions: InputAction[]) => {
      for (const a of actions) await this.act(a, keycodes, io);
    };
    const mapped = ready.maps.count;
    // A window the terminal maps meanwhile (a menu, a dialog) takes the keyboard: the marker is not coming.
    const hopeless = heldBy(ready, mapped);
    // A lost marker says which windows were mapped meanwhile (their WM_CLASS), so a report names the menu or dialog.
    const awaitMarker = async () => {
      try {
        await io.awaitMarker(poke, hopeless);
      } catch (error) {
        if (!(error instanceof MarkerLostError) || ready.maps.count <= mapped) throw error;
        throw new MarkerLostError(`${error.message}: ${await this.describeMaps(ready.maps.ids.slice(mapped))}`, error.opened);
      }
    };
    if (!io.leadDone) {
      await run(withSeparateClick(plan).before);
      this.tapMarker();
      await awaitMarker();
    }
    const viewNote = this.opts.quirks?.wheelAfterViewUpdate && plan.during.some((a) => a.kind === 'button-down' && a.button >= 4 && a.button <= 7) ? await this.awaitViewUpdate(ready) : undefined;
    const during = keycodes.length;
    await run(plan.during);
    const note = [plan.during.some((a) => a.kind === 'paste') ? this.pasteNote() : undefined, viewNote].filter(Boolean).join('; ') || undefined;
    this.tapMarker();
    await awaitMarker();
    // The focus as the marker left it, asked before the actions after the event, answered with the sync after them.
    const focusNow = getInputFocus(x);
    focusNow.catch(() => undefined); // awaited below; a failure is thrown there
    await run(plan.after);
    const clicked = [...plan.before, ...plan.during].some((a) => a.kind === 'button-down' || a.kind === 'paste');
    // A menu the click opened and its release closed is gone before the marker: only its MapNotify tells, and the
    // terminal may have written the marker before it sent the X server the map (xterm's ctrl+click menus: 1 of 2 runs
    // of its mouse probes missed one, the map coming 0.3 ms after the sync below). Once it sleeps in its event loop it
    // has sent it, before termprobe sends the sync below, which the server answers only after a pass over every client
    // with requests waiting (Xvfb's dispatch loop): the map is then done. 12 runs of 12 found both menus, 8 of 8 on a loaded machine.
    if (clicked && ready.maps.count === mapped) {
      const pids = this.opts.ownPids?.() ?? [];
      await untilInEventLoop(pids, IDLE_AFTER_CLICK_MS, this.opts.signal, lostTime(() => pids));
    }
    await sync(x);
    const focus = await focusNow;
    // Focus on a window inside the terminal's own (mlterm's split screens are child windows) is still the terminal's.
    const focused = focus === ready.window.id || (await isWithin(x, focus, ready.window.id));
    const pressed = keycodes.slice(during);
    const via = `xtest${pressed.length > 0 ? `: keycodes ${pressed.join(' ')}` : ''}`;
    // A window mapped since the first marker (a menu the event opened after the last marker had passed) would take
    // the next probe's keys: the engine has it closed first.
    // After a click that opened one, Escape closes the window but may not end what the click began: tilix after an
    // alt+click reported no later click, though neither the pointer nor the keyboard was grabbed: a fresh instance.
    this.freshAfterOpen = ready.maps.count > mapped && clicked;
    const opened = ready.maps.count > mapped ? `the terminal mapped ${await this.describeMaps(ready.maps.ids.slice(mapped))} during the event (a menu or dialog), ${clicked ? 'a fresh instance started for the next probe' : 'closed with Escape before the next probe'}` : undefined;
    return {
      via,
      ...(!focused ? { focusLost: `the input focus was on window 0x${focus.toString(16)}, not the terminal's, after the event` } : {}),
      ...(note ? { note } : {}),
      ...(opened ? { opened } : {}),
    };
  }

  /** "2 windows (0x400007 of class foot, 0x400009 gone)": the windows mapped, each with its WM_CLASS when it has one. */
  private async describeMaps(ids: number[]): Promise<string> {
    const { x } = this.ready!.link;
    const named = await Promise.all(ids.map(async (id) => {
      const wmClass = await getProperty(x, id, ATOM_WM_CLASS, false, 256).then((p) => p.data.toString('latin1').split('\0').filter(Boolean).join('/'), () => undefined);
      return `0x${id.toString(16)}${wmClass === undefined ? ' gone' : wmClass ? ` of class ${wmClass}` : ''}`;
    }));
    return `${ids.length} window${ids.length === 1 ? '' : 's'} (${named.join(', ')})`;
  }

  async resetFontSize(io: MarkerIo): Promise<string | undefined> {
    const reset = this.opts.quirks?.fontReset;
    if (!reset || !this.ready) return undefined;
    const plan = planEvent(inputSchema.parse({ key: reset.key }));
    const keycodes: number[] = [];
    for (const a of [...plan.before, ...plan.during, ...plan.after]) await this.act(a, keycodes, io);
    this.tapMarker();
    await io.awaitMarker(() => this.ready?.link.poke(this.ready.window.id));
    return `${reset.key} (${reset.source})`;
  }

  /**
   * After a lost marker: let go of every key and button, press Escape (which closes a menu or dialog that took the
   * keyboard), give the terminal's window the focus again, and check a marker comes back; up to three times.
   */
  async recover(io: MarkerIo): Promise<boolean> {
    const ready = this.ready;
    if (!ready || this.freshAfterOpen) return false;
    const { x } = ready.link;
    const escape = keycodeOf(ready.keymap, 0xff1b);
    for (let attempt = 0; attempt < 3; attempt++) {
      for (const m of ready.keymap.modifiers.flat()) fakeInput(x, ready.link.xtest, KEY_RELEASE, m);
      for (let b = 1; b <= 9; b++) fakeInput(x, ready.link.xtest, EV.ButtonRelease, b);
      if (escape !== undefined) {
        fakeInput(x, ready.link.xtest, KEY_PRESS, escape);
        fakeInput(x, ready.link.xtest, KEY_RELEASE, escape);
      }
      // The focus moves only once the windows the Escape closes are gone (or CLOSE_MS). Qt 5.15 (qxcbwindow.cpp,
      // doFocusIn) hands a FocusIn on a window a modal dialog blocks on to the dialog (relayFocusToModalWindow) and
      // does not make the window active; it decides as it reads the FocusIn, while the Escape read just before is
      // delivered to the dialog later, from its queue of window-system events. konsole 22.12.3, given the focus back
      // at once after the Escape for its paste confirmation, did so in 14 recoveries of 21 (X events
      // measured: FocusIn on its window, the focus moved to the dialog, the dialog unmapped, the focus fell back to
      // the root): then either no marker passed and a fresh instance was started, or the markers reached its window
      // under the pointer and it was taken as put back, with the focus on no window of its.
      if (ready.open.size > 0) await ready.link.waitFor({ limitMs: CLOSE_MS, check: async () => (ready.open.size === 0 ? true : undefined), test: () => (ready.open.size === 0 ? true : undefined) });
      // Away and back: a toolkit whose menu closed without the window losing the X focus (it held a grab) may still
      // take itself for inactive until it hears a focus change. A window that misses a FocusIn is sent one of
      // termprobe's before (what it missed earlier: the FocusOut would make it forget what it had) and after.
      if (this.opts.quirks?.focusInLost) await this.focusInWhole();
      setInputFocus(x, ready.decoy);
      if (this.opts.quirks?.focusInLost) await this.focusInWhole(() => setInputFocus(x, ready.window.id));
      else setInputFocus(x, ready.window.id);
      await sync(x);
      this.tapMarker();
      try {
        await io.awaitMarker(() => ready.link.poke(ready.window.id), undefined, RECOVERY_MARKER_MS);
        // A marker typed while the focus is on the root reaches the window under the pointer all the same: put back
        // only with the focus where it was given.
        const focus = await getInputFocus(x);
        if (focus === ready.window.id || (await isWithin(x, focus, ready.window.id))) return true;
      } catch (error) {
        if (!(error instanceof MarkerLostError)) throw error;
      }
    }
    return false;
  }

  /**
   * After the focus came back to a window that may have missed it (InputQuirks.focusInLost): a marker, and while it
   * does not come back (the key went to no one), a FocusIn of termprobe's and another marker; up to FOCUS_IN_TRIES.
   */
  private async checkFocus(io: MarkerIo): Promise<void> {
    const ready = this.ready!;
    for (let attempt = 1; ; attempt++) {
      this.tapMarker();
      try {
        await io.awaitMarker(() => ready.link.poke(ready.window.id), undefined, RECOVERY_MARKER_MS);
        return;
      } catch (error) {
        if (!(error instanceof MarkerLostError) || attempt === FOCUS_IN_TRIES || !io.forgetLost) throw error;
        io.forgetLost();
        await this.focusInWhole();
      }
    }
  }

  /**
   * `before` (giving the window the X focus), then a FocusIn pair of termprobe's (sendFocusIn), all read by the
   * compositor in one go: weston 10 drops a FocusIn that ends what it read (focusInLost), and a pair written to it while
   * it waits is read so now and then, the FocusIn alone (measured: every marker try of checkFocus lost, in about one
   * run of gui-input-focus-in.test.ts in two on a quiet machine). So weston is held (SIGSTOP) until the X server has
   * written the events (two round trips: the server flushes every client's output before it answers again), then
   * let go (SIGCONT): it reads them in one batch.
   */
  private async focusInWhole(before?: () => void): Promise<void> {
    const { x } = this.ready!.link;
    const pid = this.opts.compositorPid;
    const hold = (sig: NodeJS.Signals) => {
      try {
        if (pid !== undefined) process.kill(pid, sig);
      } catch {
        // gone: the session is ending
      }
    };
    hold('SIGSTOP');
    try {
      before?.();
      sendFocusIn(x, this.ready!.window.id);
      await sync(x);
      await sync(x);
    } finally {
      hold('SIGCONT');
    }
  }

  /** A marker typed and back (run-input.ts, settle): the terminal has read X events since the modes it was sent. */
  async settleModes(io: MarkerIo): Promise<void> {
    const ready = this.ready!;
    this.tapMarker();
    await io.awaitMarker(() => ready.link.poke(ready.window.id));
  }

  /** Where the terminal's view follows its screen late (InputQuirks.wheelAfterViewUpdate): its drawings, watched. */
  private view: ViewUpdateWatch | undefined;

  /**
   * Make the terminal's view follow the screen it shows now: a DA1 written is output, after which the terminal runs its
   * view's update on a timer and then draws over the grid's first cell (x-view-update.ts); that drawing, made after
   * the watch began, is waited for. The first wait of a session also waits for the window to stand still (the size
   * overlay cool-retro-term shows after a start fades out over the first cell). A drawing that does not come is no
   * reason to give up the run: the event is made anyway, and the answer's note says so.
   */
  private async awaitViewUpdate(ready: Ready): Promise<string | undefined> {
    const g = ready.grid;
    if (!g) return undefined;
    try {
      const updated = await (this.view ??= new ViewUpdateWatch()).arm(ready.link, ready.window, [g.x0 + g.cellW / 2, g.y0 + g.cellH / 2]);
      await this.opts.exchange('');
      await updated();
      return undefined;
    } catch (error) {
      if (this.opts.signal.aborted || !(error instanceof ScreenReadError)) throw error;
      return `made without waiting for the terminal's view to follow the screen: ${error.message}`;
    }
  }

  /** The last event was a click that opened a window: not put back, started afresh (see deliver). */
  private freshAfterOpen = false;

  close(): void {
    this.ready?.offer.close();
    this.ready?.link.close();
    this.ready = undefined;
  }

  private tapMarker(): void {
    const ready = this.ready!;
    fakeInput(ready.link.x, ready.link.xtest, KEY_PRESS, ready.marker);
    fakeInput(ready.link.x, ready.link.xtest, KEY_RELEASE, ready.marker);
  }

  private keycode(name: string): number {
    const key = KEY_NAMES.get(name);
    const code = key ? keycodeOf(this.ready!.keymap, key.keysym, key.numlock) : undefined;
    if (code === undefined) throw new Error(`no keycode gives ${name}`);
    return code;
  }

  private async act(a: InputAction, keycodes: number[], io: MarkerIo): Promise<void> {
    const ready = this.ready!;
    const { x } = ready.link;
    const xtest = ready.link.xtest;
    switch (a.kind) {
      case 'key-down':
      case 'key-repeat': {
        const code = this.keycode(a.key);
        keycodes.push(code);
        return fakeInput(x, xtest, KEY_PRESS, code);
      }
      case 'key-up':
        return fakeInput(x, xtest, KEY_RELEASE, this.keycode(a.key));
      case 'numlock':
        return this.setNumLock(a.on);
      case 'pointer': {
        const g = ready.grid;
        if (!g) throw new Error(`the pointer cannot be placed on a cell: the terminal's grid was not found (${ready.gridProblem ?? 'not measured'})`);
        const [col, row] = a.cell;
        const px = g.x0 + (col - 1) * g.cellW + (a.offset ? a.offset[0] : g.cellW / 2);
        const py = g.y0 + (row - 1) * g.cellH + (a.offset ? a.offset[1] : g.cellH / 2);
        return fakeInput(x, xtest, EV.MotionNotify, 0, Math.round(ready.window.rootX + px), Math.round(ready.window.rootY + py));
      }
      case 'button-down':
        return fakeInput(x, xtest, EV.ButtonPress, a.button);
      case 'button-up':
        return fakeInput(x, xtest, EV.ButtonRelease, a.button);
      case 'focus-away': {
        // Away until the terminal says so (its focus report), or FOCUS_AWAY_MS: a person's glance elsewhere, long
        // enough for a toolkit that waits to see whether the focus comes straight back (Qt 5.15's xcb plugin waits
        // 100 ms, qxcbconnection.cpp focusInDelay) to take it as a real change.
        const seen = io.received();
        setInputFocus(x, ready.decoy);
        await ready.link.waitFor({ limitMs: FOCUS_AWAY_MS, pokeWindow: ready.window.id, check: async () => (io.received() > seen ? true : undefined) });
        this.awaySaid = io.received() > seen;
        return;
      }
      case 'focus-back': {
        // Back, and as long again for the terminal to say so (foot under weston now and then wrote its CSI I after
        // the marker that followed at once). A terminal that said nothing of the focus going away reports no focus:
        // the marker after the event is its wait (X hands the terminal its FocusIn before the marker's key, so what it
        // sends for one comes before the other), not FOCUS_AWAY_MS more (0.25 s in each probe without focus reports).
        const seen = io.received();
        if (this.opts.quirks?.focusInLost) await this.focusInWhole(() => setInputFocus(x, ready.window.id));
        else {
          setInputFocus(x, ready.window.id);
          if (!this.awaySaid) return;
        }
        await ready.link.waitFor({ limitMs: FOCUS_AWAY_MS, pokeWindow: ready.window.id, check: async () => (io.received() > seen ? true : undefined) });
        if (this.opts.quirks?.focusInLost) await this.checkFocus(io);
        return;
      }
      case 'paste':
        return this.paste(a, keycodes, io);
    }
  }

  /**
   * Offer the text, use the binding, and once the terminal has handled the binding (two markers later: the
   * request it made is out of its buffer by the time it reads the second), answer its requests until it has
   * the text, or know it asked for nothing.
   */
  private async paste(a: Extract<InputAction, { kind: 'paste' }>, keycodes: number[], io: MarkerIo): Promise<void> {
    const ready = this.ready!;
    const poke = () => ready.link.poke(ready.window.id);
    await ready.offer.offer(a.text);
    await sync(ready.link.x);
    // A key binding pastes only once the terminal knows there is text to paste: gnome-terminal 3.46 asks for the
    // TARGETS when the clipboard changes hands (terminal-app.cc, clipboard_owner_change_cb) and pastes only from their
    // answer (terminal-window.cc, request_clipboard_contents_for_paste; the paste-text action is disabled until then):
    // ctrl+shift+v came before the answer for the offered text had been read, one run in two. Marker rounds until one passes with no request new since the round before (at least two:
    // the request the owner change brought has left the terminal by the end of the second), so an answer it got has
    // been read before the binding.
    if (a.via !== 'middle-click') {
      for (let round = 0, seen = -1; round < OFFER_ROUNDS && !(round >= 2 && ready.offer.asked.length === seen); round++) {
        seen = ready.offer.asked.length;
        this.tapMarker();
        await io.awaitMarker(poke);
        await sync(ready.link.x);
      }
    }
    ready.offer.triggered();
    // A window the terminal maps once the paste is made (xfce4-terminal 1.0.4's confirmation of a paste with a newline)
    // holds the paste: the waits for it end AFTER_MAP_MS after the map, not at their limits (five such pastes took a
    // second each).
    const held = heldBy(ready, ready.maps.count);
    if (a.via === 'middle-click') {
      fakeInput(ready.link.x, ready.link.xtest, EV.ButtonPress, 2);
      fakeInput(ready.link.x, ready.link.xtest, EV.ButtonRelease, 2);
    } else {
      const [mods, key] = a.via === 'shift+Insert' ? [['Shift_L'], 'Insert'] : [['Control_L', 'Shift_L'], 'v'];
      for (const m of mods) await this.act({ kind: 'key-down', key: m }, keycodes, io);
      await this.act({ kind: 'key-down', key }, keycodes, io);
      await this.act({ kind: 'key-up', key }, keycodes, io);
      for (const m of [...mods].reverse()) await this.act({ kind: 'key-up', key: m }, keycodes, io);
    }
    // Each marker round has the terminal go once more through its event loop, which sends what it buffered (Xlib
    // sends requests when it waits for events): a request the binding made is at the server after a few rounds. A
    // terminal may ask for the targets first and the text only once it has them (Qt, in a loop of its own that holds
    // the marker back until it has pasted), or ask for the targets only to know whether it could paste (GTK): rounds
    // go on while it has asked but not been given text.
    const rounds = async () => {
      for (let round = 0; round < PASTE_TEXT_ROUNDS && ready.offer.served === 0; round++) {
        if (round >= PASTE_ROUNDS && ready.offer.askedSinceTrigger === 0) break;
        this.tapMarker();
        await io.awaitMarker(poke);
        await sync(ready.link.x);
      }
    };
    await rounds();
    if (ready.offer.askedSinceTrigger === 0) {
      await ready.link.waitFor({ limitMs: PASTE_ASK_MS, pokeWindow: ready.window.id, check: async () => (ready.offer.askedSinceTrigger > 0 ? true : undefined) });
      if (ready.offer.askedSinceTrigger > 0) await rounds();
    }
    // Asked for the targets since the binding and still not for the text: GTK handles the conversion in its own time
    // (its selection events wait behind the keys): the text request is coming.
    if (ready.offer.served === 0 && ready.offer.targetsAfterTrigger > 0) {
      await ready.link.waitFor({ limitMs: PASTE_TEXT_MS, pokeWindow: ready.window.id, check: async () => (ready.offer.served > 0 || held() ? true : undefined) });
      this.tapMarker();
      await io.awaitMarker(poke, held);
    }
    // A paste the terminal holds for a confirmation that takes the keyboard: confirmed, as the person would, so what
    // arrives is what the program gets then (a key that was not needed would show in the answer).
    const confirm = this.opts.quirks?.pasteConfirm;
    if (confirm && ready.offer.served > 0 && confirm.when(a.text)) {
      const code = keycodeOf(ready.keymap, confirm.keysym);
      if (code !== undefined) {
        fakeInput(ready.link.x, ready.link.xtest, KEY_PRESS, code);
        fakeInput(ready.link.x, ready.link.xtest, KEY_RELEASE, code);
        this.confirmed = confirm.how;
      }
    }
    // Served is not yet pasted: GTK writes the text in an idle callback after it has it, and asks for it a second
    // time now and then (VTE: the first answer served, nothing pasted, the text pasted after a second request); the
    // selection stays on offer until the text's last character (a newline as CR) has come, or PASTE_TEXT_MS.
    if (ready.offer.served > 0) {
      const last = String.fromCharCode(a.text[a.text.length - 1]!).replace('\n', '\r');
      await ready.link.waitFor({ limitMs: PASTE_TEXT_MS, pokeWindow: ready.window.id, check: async () => (io.sentSinceFirst().includes(last) || held() ? true : undefined) });
    }
    ready.offer.withdraw();
  }

  /** Whether the terminal sent anything while the focus was away (see act, focus-back). */
  private awaySaid = false;

  /** Set when the last paste was confirmed (see paste). */
  private confirmed: string | undefined;

  private pasteNote(): string {
    const offer = this.ready!.offer;
    const asked = offer.asked.length === 0 ? `the terminal asked for no selection within ${PASTE_ROUNDS} marker rounds and ${PASTE_ASK_MS} ms` : `the terminal asked for ${offer.asked.join(', then ')}${offer.served === 0 ? `, not for the text, within ${PASTE_TEXT_ROUNDS} marker rounds` : ''}`;
    const confirmed = this.confirmed ? `; held for a confirmation: ${this.confirmed}` : '';
    this.confirmed = undefined;
    return `${asked}${offer.late > 0 ? `; ${offer.late} later request(s) refused` : ''}${confirmed}`;
  }

  /** Lock NumLock on or off (a tap of Num_Lock when it is not already so). */
  private async setNumLock(on: boolean): Promise<void> {
    const ready = this.ready!;
    const code = keycodeOf(ready.keymap, 0xff7f);
    if (code === undefined) return;
    const bit = modifierBitOf(ready.keymap, code);
    if (((await keyboardState(ready.link.x)) & bit) !== 0 === on) return;
    fakeInput(ready.link.x, ready.link.xtest, KEY_PRESS, code);
    fakeInput(ready.link.x, ready.link.xtest, KEY_RELEASE, code);
    await sync(ready.link.x);
  }
}
