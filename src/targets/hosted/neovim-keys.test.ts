/** Corpus chords in Neovim 0.7.2's key notation: names from its key table, shifted characters of a US keyboard, and "?" reasons. */
import { describe, expect, it } from 'vitest';
import { neovimKey, neovimMouseMods } from './neovim-keys.js';

describe('neovimKey', () => {
  it('names special keys, keypad keys and modifiers as Neovim does', () => {
    expect(neovimKey('Left', ['ctrl'])).toEqual({ notation: '<C-Left>' });
    expect(neovimKey('KP_Add', [])).toEqual({ notation: '<kPlus>' });
    expect(neovimKey('KP_Begin', [])).toEqual({ notation: '<kOrigin>' });
    expect(neovimKey('F5', ['ctrl', 'shift', 'alt'])).toEqual({ notation: '<C-S-M-F5>' });
    expect(neovimKey('Return', ['super'])).toEqual({ notation: '<D-CR>' });
  });
  it('gives a printable key its character, shifted as a US keyboard shifts it', () => {
    expect(neovimKey('a', [])).toEqual({ notation: 'a' });
    expect(neovimKey('a', ['shift'])).toEqual({ notation: 'A' });
    expect(neovimKey('a', ['ctrl', 'shift'])).toEqual({ notation: '<C-S-a>' });
    expect(neovimKey('5', ['shift'])).toEqual({ notation: '%' });
    expect(neovimKey(',', ['shift'])).toEqual({ notation: '<lt>' });
    expect(neovimKey(',', ['ctrl', 'shift'])).toEqual({ notation: '<C-lt>' });
    expect(neovimKey('\\', ['ctrl'])).toEqual({ notation: '<C-Bslash>' });
    expect(neovimKey('\\', ['shift'])).toEqual({ notation: '<Bar>' });
  });
  it('says why a key has no notation', () => {
    expect(neovimKey('Menu', [])).toEqual({ cannot: expect.stringMatching(/no name for the Menu key/) });
  });
  it('writes nvim_input_mouse modifiers', () => {
    expect(neovimMouseMods(['ctrl', 'alt'])).toBe('CA');
  });
});
