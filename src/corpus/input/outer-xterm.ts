/**
 * What xterm sends for a person's input, as a model: the outer terminal of a
 * multiplexer (tmux, GNU screen), whose bytes termprobe writes to the
 * multiplexer's client. It follows the modes the multiplexer sets in its outer
 * terminal (watched in the client's output: `see`) and turns each hand movement
 * of an event plan (event-plan.ts) into xterm's bytes (`encode`).
 *
 * The encodings are xterm ctlseqs' (xterm-379): PC-style function keys with
 * their modifier parameter, DECCKM and DECKPAM (with NumLock on the keypad's
 * digits override application mode), the mouse protocols 9/1000/1002/1003 with
 * the encodings 1005/1006/1015, focus 1004 and bracketed paste 2004, newlines
 * pasted as CR. Where ctlseqs says nothing (the control characters of ctrl with
 * digits and punctuation), the kitty keyboard protocol's legacy ctrl table, which
 * xterm 379 follows except ctrl+` (NUL), as measured. Two settings differ from
 * xterm's defaults and are recorded: alt sends ESC first (metaSendsEscape, what
 * people who run a multiplexer set), and modifyOtherKeys is never on (no
 * multiplexer here asks for it by default).
 */
import type { InputAction } from './event-plan.js';
import { KEY_NAMES } from './key-names.js';

export const OUTER_XTERM_SETTINGS = 'xterm 379 as the outer terminal (TERM=xterm): ctlseqs encodings, alt sends ESC first (metaSendsEscape), NumLock off; its DA1, DA2 and XTVERSION replies as measured (results/xterm-379.json)';

/** xterm 379's replies to the queries a multiplexer asks its outer terminal at attach (measured, results/xterm-379.json). */
export const OUTER_XTERM_REPLIES: readonly [RegExp, string][] = [
  [/\x1b\[>0?c/, '\x1b[>41;379;0c'],
  [/\x1b\[0?c/, '\x1b[?64;1;2;6;9;15;16;17;18;21;22;28c'],
  [/\x1b\[>0?q/, '\x1bP>|XTerm(379)\x1b\\'],
];

const CURSOR: Record<string, string> = { Up: 'A', Down: 'B', Right: 'C', Left: 'D', Home: 'H', End: 'F', KP_Up: 'A', KP_Down: 'B', KP_Right: 'C', KP_Left: 'D', KP_Home: 'H', KP_End: 'F', KP_Begin: 'E' };
const TILDE: Record<string, number> = {
  Insert: 2, Delete: 3, Prior: 5, Next: 6, KP_Insert: 2, KP_Delete: 3, KP_Prior: 5, KP_Next: 6, Menu: 29,
  F5: 15, F6: 17, F7: 18, F8: 19, F9: 20, F10: 21, F11: 23, F12: 24,
};
const SS3_F: Record<string, string> = { F1: 'P', F2: 'Q', F3: 'R', F4: 'S' };
const KEYPAD_OPS: Record<string, [string, string]> = { KP_Add: ['+', 'k'], KP_Subtract: ['-', 'm'], KP_Multiply: ['*', 'j'], KP_Divide: ['/', 'o'], KP_Enter: ['\r', 'M'] };
/** A US keyboard's shifted characters. */
const SHIFTED: Record<string, string> = { '`': '~', '1': '!', '2': '@', '3': '#', '4': '$', '5': '%', '6': '^', '7': '&', '8': '*', '9': '(', '0': ')', '-': '_', '=': '+', '[': '{', ']': '}', '\\': '|', ';': ':', "'": '"', ',': '<', '.': '>', '/': '?' };
/** ctrl with a key that is not a letter (kitty keyboard protocol, legacy ctrl mapping; ctrl+` as xterm 379 sends it). */
const CTRL: Record<string, number> = { ' ': 0, '2': 0, '3': 27, '4': 28, '5': 29, '6': 30, '7': 31, '8': 127, '/': 31, '[': 27, '\\': 28, ']': 29, '`': 0 };

export interface OuterModes {
  decckm: boolean;
  keypadApplication: boolean;
  /** 0 (none), 9, 1000, 1002 or 1003. */
  mouse: number;
  /** The last encoding set: x10 (none), utf8 (1005), sgr (1006), urxvt (1015), pixels (1016). */
  encoding: 'x10' | 'utf8' | 'sgr' | 'urxvt' | 'pixels';
  focus: boolean;
  bracketedPaste: boolean;
}

export class OuterXterm {
  readonly modes: OuterModes = { decckm: false, keypadApplication: false, mouse: 0, encoding: 'x10', focus: false, bracketedPaste: false };
  private readonly held = new Set<string>();
  private readonly buttons = new Set<number>();
  private cell: readonly [number, number] = [1, 1];
  private tail = '';

  /** The multiplexer's output to its terminal: follow the modes it sets. A sequence split across calls is still seen. */
  see(output: string): void {
    const text = this.tail + output;
    const re = /\x1b\[\?([\d;]+)([hl])|\x1b([=>])/g;
    let done = 0;
    for (let m: RegExpExecArray | null; (m = re.exec(text)); done = re.lastIndex) {
      if (m[3]) {
        this.modes.keypadApplication = m[3] === '=';
        continue;
      }
      const on = m[2] === 'h';
      for (const p of m[1]!.split(';').map(Number)) this.setMode(p, on);
    }
    this.tail = text.slice(Math.max(done, text.length - 32));
  }

  private setMode(mode: number, on: boolean): void {
    const m = this.modes;
    if (mode === 1) m.decckm = on;
    else if (mode === 66) m.keypadApplication = on;
    else if (mode === 9 || mode === 1000 || mode === 1002 || mode === 1003) m.mouse = on ? mode : m.mouse === mode ? 0 : m.mouse;
    else if (mode === 1004) m.focus = on;
    else if (mode === 2004) m.bracketedPaste = on;
    else {
      const enc = ({ 1005: 'utf8', 1006: 'sgr', 1015: 'urxvt', 1016: 'pixels' } as const)[mode as 1005];
      if (enc) m.encoding = on ? enc : m.encoding === enc ? 'x10' : m.encoding;
    }
  }

  /** The bytes (latin1, one character per byte) xterm sends for one hand movement. */
  encode(a: InputAction): string {
    switch (a.kind) {
      case 'key-down':
      case 'key-repeat':
        if (KEY_NAMES.get(a.key)?.modifier) {
          this.held.add(a.key);
          return '';
        }
        return this.key(a.key);
      case 'key-up':
        this.held.delete(a.key);
        return '';
      case 'numlock':
        // The plan turns NumLock on before a keypad key that needs it: the key names what it gives.
        return '';
      case 'pointer': {
        const moved = a.cell[0] !== this.cell[0] || a.cell[1] !== this.cell[1];
        this.cell = a.cell;
        const button = [...this.buttons].find((b) => b <= 3);
        const m = this.modes.mouse;
        if (!moved || !(m === 1003 || (m === 1002 && button !== undefined))) return '';
        return this.report(32 + (button === undefined ? 3 : button - 1) + this.mouseMods(), true);
      }
      case 'button-down':
        this.buttons.add(a.button);
        if (this.modes.mouse === 0) return '';
        if (this.modes.mouse === 9) return a.button <= 3 ? this.report(a.button - 1, true) : '';
        return this.report(buttonCode(a.button) + this.mouseMods(), true);
      case 'button-up': {
        this.buttons.delete(a.button);
        const m = this.modes.mouse;
        // No release for the wheel's up and down (ctlseqs); xterm 379 reports one for 6 to 9 (measured).
        if (m === 0 || m === 9 || a.button === 4 || a.button === 5) return '';
        return this.modes.encoding === 'sgr' || this.modes.encoding === 'pixels' ? this.report(buttonCode(a.button) + this.mouseMods(), false) : this.report(3 + this.mouseMods(), false);
      }
      case 'focus-away':
        return this.modes.focus ? '\x1b[O' : '';
      case 'focus-back':
        return this.modes.focus ? '\x1b[I' : '';
      case 'paste': {
        // xterm's bindings: a middle click pastes unless mouse tracking takes it (then it is reported); shift+Insert
        // pastes; ctrl+shift+v is no binding of xterm's: the key itself, ^V (measured, xterm 379).
        if (a.via === 'ctrl+shift+v') return '\x16';
        if (a.via === 'middle-click' && this.modes.mouse !== 0) return this.encode({ kind: 'button-down', button: 2 }) + this.encode({ kind: 'button-up', button: 2 });
        const text = Buffer.from(a.text).toString('latin1').replace(/\n/g, '\r');
        return this.modes.bracketedPaste ? `\x1b[200~${text}\x1b[201~` : text;
      }
    }
  }

  /** 1 + shift 1 + alt 2 + ctrl 4 (super is no modifier to xterm). */
  private modifier(): number {
    return 1 + (this.held.has('Shift_L') ? 1 : 0) + (this.held.has('Alt_L') ? 2 : 0) + (this.held.has('Control_L') ? 4 : 0);
  }

  /** Mouse modifier bits: shift 4, meta 8 (alt is on Mod1 with Meta_L), control 16. */
  private mouseMods(): number {
    return (this.held.has('Shift_L') ? 4 : 0) + (this.held.has('Alt_L') ? 8 : 0) + (this.held.has('Control_L') ? 16 : 0);
  }

  private key(name: string): string {
    const m = this.modifier();
    const alt = this.held.has('Alt_L');
    const ctrl = this.held.has('Control_L');
    const shift = this.held.has('Shift_L');
    const numlockDigit = KEY_NAMES.get(name)?.numlock;
    if (numlockDigit) return name === 'KP_Decimal' ? '.' : name.slice(3);
    const cursor = CURSOR[name];
    if (cursor) return m > 1 ? `\x1b[1;${m}${cursor}` : `${this.modes.decckm && cursor !== 'E' ? '\x1bO' : '\x1b['}${cursor}`;
    const tilde = TILDE[name];
    if (tilde !== undefined) return m > 1 ? `\x1b[${tilde};${m}~` : `\x1b[${tilde}~`;
    const f = SS3_F[name];
    if (f) return m > 1 ? `\x1b[1;${m}${f}` : `\x1bO${f}`;
    const op = KEYPAD_OPS[name];
    if (op) return this.modes.keypadApplication ? `\x1bO${op[1]}` : op[0];
    const prefix = alt ? '\x1b' : '';
    switch (name) {
      case 'Pause':
        return '';
      case 'Return':
        return `${prefix}\r`;
      case 'Tab':
        return shift ? `${prefix}\x1b[Z` : `${prefix}\t`;
      case 'BackSpace':
        return `${prefix}${ctrl ? '\b' : '\x7f'}`;
      case 'Escape':
        return `${prefix}\x1b`;
    }
    const base = name === 'space' ? ' ' : name;
    if (base.length !== 1) return '';
    if (ctrl) {
      const c = /[a-z]/.test(base) ? base.charCodeAt(0) & 0x1f : CTRL[base];
      return `${prefix}${c === undefined ? base : String.fromCharCode(c)}`;
    }
    return `${prefix}${shift ? (SHIFTED[base] ?? base.toUpperCase()) : base}`;
  }

  /** A mouse report at the pointer's cell, in the encoding in force. */
  private report(code: number, press: boolean): string {
    const [col, row] = this.cell;
    switch (this.modes.encoding) {
      case 'sgr':
      case 'pixels':
        return `\x1b[<${code};${col};${row}${press ? 'M' : 'm'}`;
      case 'urxvt':
        return `\x1b[${32 + code};${col};${row}M`;
      case 'utf8':
        return `\x1b[M${[32 + code, 32 + col, 32 + row].map((v) => Buffer.from(String.fromCodePoint(v), 'utf8').toString('latin1')).join('')}`;
      case 'x10':
        return `\x1b[M${String.fromCharCode(32 + code, 32 + col, 32 + row)}`;
    }
  }
}

/** ctlseqs: buttons 1–3 are 0–2; 4–7 (the wheel) 64–67; 8–11 128–131. */
function buttonCode(button: number): number {
  return button <= 3 ? button - 1 : button <= 7 ? 64 + button - 4 : 128 + button - 8;
}
