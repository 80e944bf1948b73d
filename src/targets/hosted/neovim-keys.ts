/**
 * A corpus key (key-names.ts) with the modifiers held, in Neovim 0.7.2's key
 * notation for nvim_input (`:help key-notation`; the names are those of
 * src/nvim/keymap.c at v0.7.2, key_names_table). A printable key gives its
 * character: with shift held, the character a US keyboard gives (shift+5 is
 * "%", shift+a "A"), as a person's terminal would tell Neovim; a letter with
 * shift and another modifier keeps S- (<C-S-a>), since <C-A> is <C-a> to
 * Neovim. Modifiers: C- ctrl, S- shift, M- alt, D- super (`<D-…>` "command-key
 * or super key", intro.txt at v0.7.2).
 */
import type { ChordModifier } from '../../corpus/input/key-names.js';

const NAMED: Record<string, string> = {
  BackSpace: 'BS', Tab: 'Tab', Return: 'CR', Escape: 'Esc', Delete: 'Del', Insert: 'Insert', Home: 'Home', End: 'End',
  Prior: 'PageUp', Next: 'PageDown', Up: 'Up', Down: 'Down', Left: 'Left', Right: 'Right', space: 'Space',
  KP_Insert: 'kInsert', KP_End: 'kEnd', KP_Down: 'kDown', KP_Next: 'kPageDown', KP_Left: 'kLeft', KP_Begin: 'kOrigin',
  KP_Right: 'kRight', KP_Home: 'kHome', KP_Up: 'kUp', KP_Prior: 'kPageUp', KP_Delete: 'kDel',
  KP_Add: 'kPlus', KP_Subtract: 'kMinus', KP_Multiply: 'kMultiply', KP_Divide: 'kDivide', KP_Enter: 'kEnter', KP_Decimal: 'kPoint',
  ...Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`KP_${i}`, `k${i}`])),
  ...Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`F${i + 1}`, `F${i + 1}`])),
};

/** Keys of the corpus Neovim 0.7.2 has no name for, and why. */
const UNNAMED: Record<string, string> = {
  Menu: 'Neovim 0.7.2 has no name for the Menu key (keymap.c key_names_table at v0.7.2): nvim_input cannot make it',
  Pause: 'Neovim 0.7.2 has no name for the Pause key (keymap.c key_names_table at v0.7.2): nvim_input cannot make it',
};

const US_SHIFTED: Record<string, string> = {
  '`': '~', '1': '!', '2': '@', '3': '#', '4': '$', '5': '%', '6': '^', '7': '&', '8': '*', '9': '(', '0': ')',
  '-': '_', '=': '+', '[': '{', ']': '}', '\\': '|', ';': ':', "'": '"', ',': '<', '.': '>', '/': '?',
};

/** Characters that stand for something else in key notation, by the name that makes them. */
const SPECIAL_CHARS: Record<string, string> = { '<': 'lt', '\\': 'Bslash', '|': 'Bar' };

const PREFIX: Record<ChordModifier, string> = { ctrl: 'C-', shift: 'S-', alt: 'M-', super: 'D-' };

/** The notation for `key` with `mods` held, or why Neovim's notation cannot say it ({ cannot }). */
export function neovimKey(key: string, mods: readonly ChordModifier[]): { notation: string } | { cannot: string } {
  if (UNNAMED[key]) return { cannot: UNNAMED[key] };
  let held = [...mods];
  let name = NAMED[key];
  if (name === undefined) {
    if ([...key].length !== 1) return { cannot: `Neovim's key notation has no name for the key ${key}` };
    let ch = key;
    const shift = held.includes('shift');
    if (shift && /[a-z]/.test(ch)) {
      if (held.length === 1) {
        ch = ch.toUpperCase();
        held = [];
      }
    } else if (shift) {
      const shifted = US_SHIFTED[ch];
      if (shifted === undefined) return { cannot: `no shifted character for ${key}` };
      ch = shifted;
      held = held.filter((m) => m !== 'shift');
    }
    if (held.length === 0) return { notation: SPECIAL_CHARS[ch] ? `<${SPECIAL_CHARS[ch]}>` : ch };
    name = SPECIAL_CHARS[ch] ?? ch;
  }
  return { notation: `<${held.map((m) => PREFIX[m]).join('')}${name}>` };
}

/** The modifier string nvim_input_mouse takes (C, S, A, D). */
export function neovimMouseMods(mods: Iterable<ChordModifier>): string {
  const letter: Record<ChordModifier, string> = { ctrl: 'C', shift: 'S', alt: 'A', super: 'D' };
  return [...mods].map((m) => letter[m]).join('');
}
