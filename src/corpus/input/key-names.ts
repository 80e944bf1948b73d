/**
 * The keys an input probe may press, by the name a probe writes: X keysym names
 * (values from X11's keysymdef.h), and for the unshifted keys of a US keyboard
 * their character ("a", "5", "[", …). A key is named by what it produces with no
 * modifier: shift is a modifier of the chord ("shift+a"), never a key name ("A").
 * Keypad keys give one keysym with NumLock off (KP_End) and another with it on
 * (KP_1): the latter say so (`numlock`), and a probe pressing them sets NumLock.
 */

export interface KeyName {
  /** The X keysym the key produces at its base level (or, for `numlock` keys, with NumLock on). */
  keysym: number;
  /** The key produces this keysym only with NumLock on. */
  numlock?: boolean;
  /** A modifier key itself (pressed and released like any key, reported by kitty's "all keys" flag). */
  modifier?: boolean;
}

const named: Record<string, number> = {
  BackSpace: 0xff08, Tab: 0xff09, Return: 0xff0d, Escape: 0xff1b, Delete: 0xffff, Insert: 0xff63,
  Home: 0xff50, End: 0xff57, Prior: 0xff55, Next: 0xff56, Up: 0xff52, Down: 0xff54, Left: 0xff51, Right: 0xff53,
  Menu: 0xff67, Pause: 0xff13, space: 0x20,
  F1: 0xffbe, F2: 0xffbf, F3: 0xffc0, F4: 0xffc1, F5: 0xffc2, F6: 0xffc3, F7: 0xffc4, F8: 0xffc5, F9: 0xffc6, F10: 0xffc7, F11: 0xffc8, F12: 0xffc9,
  KP_Insert: 0xff9e, KP_End: 0xff9c, KP_Down: 0xff99, KP_Next: 0xff9b, KP_Left: 0xff96, KP_Begin: 0xff9d, KP_Right: 0xff98,
  KP_Home: 0xff95, KP_Up: 0xff97, KP_Prior: 0xff9a, KP_Delete: 0xff9f,
  KP_Add: 0xffab, KP_Subtract: 0xffad, KP_Multiply: 0xffaa, KP_Divide: 0xffaf, KP_Enter: 0xff8d,
};

const numlocked: Record<string, number> = {
  KP_0: 0xffb0, KP_1: 0xffb1, KP_2: 0xffb2, KP_3: 0xffb3, KP_4: 0xffb4, KP_5: 0xffb5, KP_6: 0xffb6, KP_7: 0xffb7, KP_8: 0xffb8, KP_9: 0xffb9, KP_Decimal: 0xffae,
};

const modifiers: Record<string, number> = { Shift_L: 0xffe1, Control_L: 0xffe3, Alt_L: 0xffe9, Super_L: 0xffeb };

/** Printable keys of a US keyboard's base level: the keysym is the character's code. */
const PRINTABLE = 'abcdefghijklmnopqrstuvwxyz0123456789`-=[]\\;\',./';

export const KEY_NAMES: ReadonlyMap<string, KeyName> = new Map<string, KeyName>([
  ...Object.entries(named).map(([name, keysym]) => [name, { keysym }] as const),
  ...Object.entries(numlocked).map(([name, keysym]) => [name, { keysym, numlock: true }] as const),
  ...Object.entries(modifiers).map(([name, keysym]) => [name, { keysym, modifier: true }] as const),
  ...[...PRINTABLE].map((ch) => [ch, { keysym: ch.charCodeAt(0) }] as const),
]);

/** Modifiers a chord may hold, in the order a person presses them (and releases them in reverse). */
export const CHORD_MODIFIERS = ['ctrl', 'shift', 'alt', 'super'] as const;
export type ChordModifier = (typeof CHORD_MODIFIERS)[number];

/** The modifier key each chord modifier presses (its left-hand key). */
export const MODIFIER_KEYS: Readonly<Record<ChordModifier, string>> = { ctrl: 'Control_L', shift: 'Shift_L', alt: 'Alt_L', super: 'Super_L' };

export interface Chord {
  mods: ChordModifier[];
  key: string;
}

/**
 * "ctrl+shift+F5" → { mods: [ctrl, shift], key: F5 }; the key is last, modifiers before it in any order (kept in
 * CHORD_MODIFIERS order), each once. "+" alone is no key name; the key "=" with shift gives "+".
 */
export function parseChord(text: string): Chord | string {
  const parts = text.split('+');
  const key = parts.pop() ?? '';
  if (!KEY_NAMES.has(key)) return `"${key}" is not a key name (X keysym names such as F5, Up, KP_1, Return, or an unshifted character of a US keyboard such as a, 5, [)`;
  const mods: ChordModifier[] = [];
  for (const m of parts) {
    if (!(CHORD_MODIFIERS as readonly string[]).includes(m)) return `"${m}" is not a modifier (one of ${CHORD_MODIFIERS.join(', ')})`;
    if (mods.includes(m as ChordModifier)) return `modifier "${m}" is given twice`;
    mods.push(m as ChordModifier);
  }
  mods.sort((a, b) => CHORD_MODIFIERS.indexOf(a) - CHORD_MODIFIERS.indexOf(b));
  return { mods, key };
}

export function chordText(chord: Chord): string {
  return [...chord.mods, chord.key].join('+');
}
