/**
 * Input probes for an embedded emulator's browser build in headless Chromium
 * (browser-page.ts; the recipes: xterm-input.ts, ghostty-input.ts), where events
 * are real browser input — keys through playwright's keyboard (CDP
 * Input.dispatchKeyEvent: keydown, keypress, keyup as a keyboard makes them),
 * the mouse through CDP Input.dispatchMouseEvent at a cell's pixel centre (from
 * the terminal's measured cell size), a paste as the recipe says (a DOM paste
 * event holding the text, or the browser's own clipboard and the binding's keys),
 * and a focus change by moving the DOM focus to another element and back. The
 * emulator's handlers turn them into bytes, which are the answer.
 *
 * The markers are the key U+2603, typed through the same keyboard: xterm.js and
 * ghostty-web send its UTF-8 in every mode they have.
 */
import type { CDPSession } from 'playwright-core';
import type { EventPlan, InputAction } from '../../corpus/input/event-plan.js';
import { inputKind, type InputEvent, type InputKind } from '../../corpus/input/input-schema.js';
import { parseChord } from '../../corpus/input/key-names.js';
import type { InputChannel, InputDelivery, MarkerIo } from '../input-channel.js';
import type { BrowserPage } from './browser-page.js';

const MARKER = '\u2603';

/** X keysym names (key-names.ts) as playwright's US keyboard names the key. */
const KEYS: Record<string, string> = {
  BackSpace: 'Backspace', Tab: 'Tab', Return: 'Enter', Escape: 'Escape', Delete: 'Delete', Insert: 'Insert',
  Home: 'Home', End: 'End', Prior: 'PageUp', Next: 'PageDown', Up: 'ArrowUp', Down: 'ArrowDown', Left: 'ArrowLeft', Right: 'ArrowRight',
  Menu: 'ContextMenu', Pause: 'Pause', space: 'Space',
  KP_Add: 'NumpadAdd', KP_Subtract: 'NumpadSubtract', KP_Multiply: 'NumpadMultiply', KP_Divide: 'NumpadDivide', KP_Enter: 'NumpadEnter',
  Shift_L: 'ShiftLeft', Control_L: 'ControlLeft', Alt_L: 'AltLeft', Super_L: 'MetaLeft',
};
for (let i = 1; i <= 12; i++) KEYS[`F${i}`] = `F${i}`;
// playwright's keypad is the keypad with NumLock off (Numpad1: key "End", keyCode 35), as X's KP_End is.
const KEYPAD = ['Insert', 'End', 'Down', 'Next', 'Left', 'Begin', 'Right', 'Home', 'Up', 'Prior'];
KEYPAD.forEach((name, i) => (KEYS[`KP_${name}`] = `Numpad${i}`));
KEYS['KP_Delete'] = 'NumpadDecimal';
/** The keypad's keys with NumLock on, which playwright's layout gives only with shift held: made with CDP, as Chromium reports them. */
const NUMLOCKED: Record<string, { key: string; code: string; keyCode: number }> = { KP_Decimal: { key: '.', code: 'NumpadDecimal', keyCode: 110 } };
for (let i = 0; i <= 9; i++) NUMLOCKED[`KP_${i}`] = { key: String(i), code: `Numpad${i}`, keyCode: 96 + i };
// By their code (KeyA, Digit5): playwright gives a key named by its character ("a") no shifted form, so shift+a
// would type "a".
for (const ch of 'abcdefghijklmnopqrstuvwxyz') KEYS[ch] = `Key${ch.toUpperCase()}`;
for (const ch of '0123456789') KEYS[ch] = `Digit${ch}`;
Object.assign(KEYS, { '`': 'Backquote', '-': 'Minus', '=': 'Equal', '[': 'BracketLeft', ']': 'BracketRight', '\\': 'Backslash', ';': 'Semicolon', "'": 'Quote', ',': 'Comma', '.': 'Period', '/': 'Slash' });

/** CDP's modifier bits, for mouse events made while modifier keys are held. */
const MOD_BITS: Record<string, number> = { AltLeft: 1, ControlLeft: 2, MetaLeft: 4, ShiftLeft: 8 };
/** X buttons as CDP names them (4–7, the wheel, are wheel events). */
const BUTTONS: Record<number, 'left' | 'middle' | 'right' | 'back' | 'forward'> = { 1: 'left', 2: 'middle', 3: 'right', 8: 'back', 9: 'forward' };
const BUTTON_BITS: Record<string, number> = { left: 1, right: 2, middle: 4, back: 8, forward: 16 };
/** One wheel notch, in CSS px, and its direction for X buttons 4–7 (up, down, left, right). */
const NOTCH = 100;
const WHEEL: Record<number, [number, number]> = { 4: [0, -NOTCH], 5: [0, NOTCH], 6: [-NOTCH, 0], 7: [NOTCH, 0] };

/** What differs between the emulators whose browser builds take the events. */
export interface BrowserRecipe {
  /** The results' input.method. */
  method: string;
  /** The package whose browser build runs, with its version ("@xterm/xterm@6.0.0"). */
  package: string;
  /** The terminal ("xterm.js"), and the page as `via` names it ("xterm.js 6.0.0 browser build in Chromium"). */
  name: string;
  label: string;
  /** Why the browser build cannot run here, or undefined. */
  missing(): string | undefined;
  open(cols: number, rows: number, sent: (bytes: Uint8Array) => void): Promise<BrowserPage>;
  /** The element a focus change gives the focus back to (a selector). */
  focusBack: string;
  /**
   * How a paste is made: `dom-event`, a DOM paste event holding the text on the `focusBack` element, whatever the
   * binding; `browser`, the browser's own paste: the text on its clipboard and the binding's keys pressed, or for a
   * middle click, the click and then the paste event the browser makes for it on the element holding the focus (the
   * recipe's `resetBeforeEvent` empties the clipboard and puts the focus back before each event).
   */
  paste: 'dom-event' | 'browser';
  /** A page expression run before each event (its first marker): state the last event left, put back. */
  resetBeforeEvent?: string;
}

export class BrowserInput implements InputChannel {
  readonly method: string;
  readonly markers = /\xe2\x98\x83/;
  /** Nothing in the page takes the keyboard from the terminal: a marker that has not come in 30 s is lost to a fault. */
  readonly markerLimitMs = 30_000;
  readonly markersAlwaysPass = true;
  private browser: BrowserPage | undefined;
  private cdp: CDPSession | undefined;
  private held = new Set<string>();
  private buttons = 0;
  private at = { x: 0, y: 0 };

  /**
   * `sent` gets what the page's terminal sends; `attach` hands the session the page's terminal once it is open (the
   * session's writes go there from then on: the input probes come after every other probe of a run).
   */
  constructor(
    private readonly recipe: BrowserRecipe,
    private readonly cols: number,
    private readonly rows: number,
    private readonly hooks: { sent: (bytes: Uint8Array) => void; attach: (browser: BrowserPage) => void },
  ) {
    this.method = recipe.method;
  }

  async prepare(_kinds: ReadonlySet<InputKind>): Promise<Record<string, string>> {
    const missing = this.recipe.missing();
    if (missing) throw new Error(missing);
    this.browser = await this.recipe.open(this.cols, this.rows, this.hooks.sent).catch((error: Error) => {
      // One line: playwright's messages carry the page's stack and its call log.
      throw new Error(`the browser build did not start in Chromium: ${error.message.split('\n')[0]}`);
    });
    this.cdp = this.browser.cdp;
    this.hooks.attach(this.browser);
    const g = this.browser.grid;
    return {
      'input.method': this.method,
      'input.package': this.recipe.package,
      'input.grid': `cells ${g.cellWidth.toFixed(2)} × ${g.cellHeight.toFixed(2)} CSS px from (${g.left}, ${g.top})`,
      'input.markers': 'the key U+2603 typed before and after each event',
    };
  }

  refuse(event: InputEvent): string | undefined {
    if (event.key === undefined) return undefined;
    const chord = parseChord(event.key);
    if (typeof chord === 'string') return chord;
    if (!KEYS[chord.key] && !NUMLOCKED[chord.key]) return `${chord.key}: no key of playwright's US keyboard makes it`;
    return undefined;
  }

  async deliver(event: InputEvent, plan: EventPlan, io: MarkerIo): Promise<InputDelivery> {
    const made: string[] = [];
    if (this.recipe.resetBeforeEvent) await this.browser!.page.evaluate(this.recipe.resetBeforeEvent);
    if (!io.leadDone) {
      for (const a of plan.before) await this.act(a, []);
      await this.marker();
      await io.awaitMarker();
    }
    for (const a of plan.during) await this.act(a, made);
    await this.marker();
    await io.awaitMarker();
    for (const a of plan.after) await this.act(a, []);
    const kind = inputKind(event);
    const how = kind === 'paste' ? (this.recipe.paste === 'browser' ? "the browser's paste" : 'DOM paste event') : kind === 'focus' ? 'DOM focus moved' : 'DOM events from CDP';
    return { via: `${this.recipe.label}, ${how}: ${made.join(' ') || 'nothing'}` };
  }

  private async marker(): Promise<void> {
    // A key no keyboard layout playwright knows has: made with CDP, as a keyboard's key that types the character.
    // Pressed, never released: the emulators send its text for the press, and their keyup handlers nothing for a key
    // with no code, in any mode (every input answer the same without the release): a CDP round trip less a marker.
    await this.cdp!.send('Input.dispatchKeyEvent', { type: 'keyDown', key: MARKER, text: MARKER, unmodifiedText: MARKER });
  }

  private async act(a: InputAction, made: string[]): Promise<void> {
    const page = this.browser!.page;
    switch (a.kind) {
      case 'key-down':
      case 'key-repeat':
      case 'key-up':
        if (NUMLOCKED[a.key]) {
          await this.numlocked(a.kind, NUMLOCKED[a.key]!);
          made.push(`${a.kind === 'key-up' ? 'up' : a.kind === 'key-repeat' ? 'repeat' : 'down'} ${NUMLOCKED[a.key]!.code}="${NUMLOCKED[a.key]!.key}" (NumLock on)`);
          return;
        }
        break;
      default:
    }
    switch (a.kind) {
      case 'key-down':
      case 'key-repeat': {
        const key = KEYS[a.key]!;
        if (MOD_BITS[key]) this.held.add(key);
        await page.keyboard.down(key);
        made.push(`${a.kind === 'key-repeat' ? 'repeat' : 'down'} ${key}`);
        return;
      }
      case 'key-up': {
        const key = KEYS[a.key]!;
        this.held.delete(key);
        await page.keyboard.up(key);
        made.push(`up ${key}`);
        return;
      }
      case 'numlock':
        // A page has no NumLock state to change: the keypad's digits are made as the keys NumLock on gives (key "1", code Numpad1).
        return;
      case 'pointer':
        this.at = this.browser!.point(a.cell, a.offset);
        await this.mouse('mouseMoved');
        made.push(`move ${a.cell.join(',')}`);
        return;
      case 'button-down':
      case 'button-up': {
        const wheel = WHEEL[a.button];
        if (wheel) {
          if (a.kind === 'button-down') {
            await this.mouse('mouseWheel', undefined, wheel);
            made.push(`wheel ${wheel.join(',')}`);
          }
          return;
        }
        const button = BUTTONS[a.button]!;
        if (a.kind === 'button-down') this.buttons |= BUTTON_BITS[button]!;
        else this.buttons &= ~BUTTON_BITS[button]!;
        await this.mouse(a.kind === 'button-down' ? 'mousePressed' : 'mouseReleased', button);
        made.push(`${a.kind === 'button-down' ? 'press' : 'release'} ${button}`);
        return;
      }
      case 'focus-away':
        await page.focus('#elsewhere');
        made.push('focus to another element');
        return;
      case 'focus-back':
        await page.focus(this.recipe.focusBack);
        made.push('focus back to the terminal');
        return;
      case 'paste':
        if (this.recipe.paste === 'browser') return this.browserPaste(a, made);
        await page.evaluate(pasteEvent(`document.querySelector(${JSON.stringify(this.recipe.focusBack)})`, a.text));
        made.push(`paste (the probe's ${a.via} binding is the browser's, not ${this.recipe.name}'s)`);
        return;
    }
  }

  /**
   * The browser's paste: for a key binding, the text on the browser's clipboard and the binding's keys pressed (the
   * page decides whether they paste); for a middle click, the click at the pointer and the paste event Chromium makes
   * for it (its selection, PRIMARY, is never set: a middle click of a mouse probe pastes nothing).
   */
  private async browserPaste(a: Extract<InputAction, { kind: 'paste' }>, made: string[]): Promise<void> {
    const page = this.browser!.page;
    const text = new TextDecoder().decode(a.text);
    if (a.via === 'middle-click') {
      await this.act({ kind: 'button-down', button: 2 }, made);
      await this.act({ kind: 'button-up', button: 2 }, made);
      const target = (await page.evaluate(pasteEvent('document.activeElement', a.text))) as string;
      made.push(`paste event on ${target} (the selection's text)`);
      return;
    }
    const written = (await page.evaluate(`navigator.clipboard.writeText(${JSON.stringify(text)}).then(() => 'ok', (e) => String(e))`)) as string;
    if (written !== 'ok') throw new Error(`the page's clipboard took no text: ${written}`);
    made.push('clipboard holds the text,');
    const keys = a.via === 'shift+Insert' ? ['Shift_L', 'Insert'] : ['Control_L', 'Shift_L', 'v'];
    for (const key of keys) await this.act({ kind: 'key-down', key }, made);
    for (const key of [...keys].reverse()) await this.act({ kind: 'key-up', key }, made);
  }

  private async numlocked(kind: 'key-down' | 'key-up' | 'key-repeat', k: { key: string; code: string; keyCode: number }): Promise<void> {
    const common = { modifiers: this.modifiers(), key: k.key, code: k.code, windowsVirtualKeyCode: k.keyCode, location: 3 };
    if (kind === 'key-up') await this.cdp!.send('Input.dispatchKeyEvent', { type: 'keyUp', ...common });
    else await this.cdp!.send('Input.dispatchKeyEvent', { type: 'keyDown', text: k.key, unmodifiedText: k.key, autoRepeat: kind === 'key-repeat', ...common });
  }

  private modifiers(): number {
    let modifiers = 0;
    for (const key of this.held) modifiers |= MOD_BITS[key]!;
    return modifiers;
  }

  private async mouse(type: 'mouseMoved' | 'mousePressed' | 'mouseReleased' | 'mouseWheel', button?: string, delta?: [number, number]): Promise<void> {
    await this.cdp!.send('Input.dispatchMouseEvent', {
      type,
      x: this.at.x,
      y: this.at.y,
      modifiers: this.modifiers(),
      buttons: this.buttons,
      ...(button ? { button: button as 'left', clickCount: 1 } : { button: 'none' as const }),
      ...(delta ? { deltaX: delta[0], deltaY: delta[1] } : {}),
    });
  }

  async close(): Promise<void> {
    await this.browser?.close();
    this.browser = undefined;
  }
}

/**
 * A page expression dispatching a paste event holding `text` on the element `target` (an expression), as a browser's
 * paste does; its value names the element.
 */
function pasteEvent(target: string, text: Uint8Array): string {
  return `(() => {
    const data = new DataTransfer();
    data.setData('text/plain', ${JSON.stringify(new TextDecoder().decode(text))});
    const e = ${target};
    e.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    return e.tagName.toLowerCase() + (e.id ? '#' + e.id : '');
  })()`;
}
