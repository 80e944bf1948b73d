/**
 * The X server's keyboard map, read over termprobe's own connection: which
 * keycode gives a keysym (GetKeyboardMapping), which keycodes are modifiers
 * (GetModifierMapping), and one spare keycode given a keysym of termprobe's own
 * (ChangeKeyboardMapping) for the marker key that delimits an event's bytes.
 * Encodings from the X Window System Protocol, "Encoding" appendix (X11R7.7).
 */
import type { X11Client } from './x11-client.js';
import { X11Error } from './x11-client.js';

export interface Keymap {
  minKeycode: number;
  /** The keysyms of each keycode from minKeycode on (columns: unshifted, shifted, …; 0 is NoSymbol). */
  syms: number[][];
  /** The keycodes of each of the 8 modifiers (Shift, Lock, Control, Mod1…Mod5). */
  modifiers: number[][];
}

/** Modifier bits of the core protocol's key-button state. */
export const MOD_MASK = { shift: 0x01, lock: 0x02, control: 0x04, mod1: 0x08, mod2: 0x10, mod3: 0x20, mod4: 0x40, mod5: 0x80 } as const;

export async function readKeymap(x: X11Client): Promise<Keymap> {
  const { minKeycode, maxKeycode } = x.setup;
  const count = maxKeycode - minKeycode + 1;
  const body = Buffer.alloc(4);
  body[0] = minKeycode;
  body[1] = count;
  const r = await x.requestReply(101, 0, body);
  const per = r[1]!;
  const syms: number[][] = [];
  for (let k = 0; k < count; k++) {
    const row: number[] = [];
    for (let c = 0; c < per; c++) row.push(r.readUInt32LE(32 + (k * per + c) * 4));
    syms.push(row);
  }
  const m = await x.requestReply(119, 0, Buffer.alloc(0));
  const perMod = m[1]!;
  const modifiers = Array.from({ length: 8 }, (_, i) => Array.from({ length: perMod }, (_, j) => m[32 + i * perMod + j]!).filter((k) => k !== 0));
  return { minKeycode, syms, modifiers };
}

/**
 * The keycode that gives `keysym` in column 0 (or, with `column1`, in column 1: a keypad key's NumLock keysym),
 * the lowest such keycode.
 */
export function keycodeOf(map: Keymap, keysym: number, column1 = false): number | undefined {
  const col = column1 ? 1 : 0;
  for (let i = 0; i < map.syms.length; i++) if (map.syms[i]![col] === keysym) return map.minKeycode + i;
  return undefined;
}

/** The modifier bit a keycode is bound to (0: none). */
export function modifierBitOf(map: Keymap, keycode: number): number {
  let bits = 0;
  map.modifiers.forEach((codes, i) => {
    if (codes.includes(keycode)) bits |= 1 << i;
  });
  return bits;
}

/** The highest keycode with no keysym at all and bound to no modifier: free for a keysym of termprobe's own. */
export function spareKeycode(map: Keymap): number | undefined {
  for (let i = map.syms.length - 1; i >= 0; i--) {
    const code = map.minKeycode + i;
    if (map.syms[i]!.every((s) => s === 0) && modifierBitOf(map, code) === 0) return code;
  }
  return undefined;
}

/** Give one keycode these keysyms (the rest of its columns NoSymbol); every client hears a MappingNotify. */
export function setKeysyms(x: X11Client, map: Keymap, keycode: number, keysyms: number[]): void {
  const per = map.syms[0]?.length ?? 0;
  if (keysyms.length > per) throw new X11Error(`a keycode holds ${per} keysyms here, not ${keysyms.length}`);
  const row = [...keysyms, ...new Array<number>(per - keysyms.length).fill(0)];
  const body = Buffer.alloc(4 + per * 4);
  body[0] = keycode;
  body[1] = per;
  row.forEach((s, i) => body.writeUInt32LE(s >>> 0, 4 + i * 4));
  x.request(100, 1, body);
  map.syms[keycode - map.minKeycode] = row;
}

/** The core key-button state (modifier bits, locks included) as QueryPointer reports it. */
export async function keyboardState(x: X11Client): Promise<number> {
  const body = Buffer.alloc(4);
  body.writeUInt32LE(x.setup.root, 0);
  const r = await x.requestReply(38, 0, body);
  return r.readUInt16LE(24);
}
