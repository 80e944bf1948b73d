import { describe, expect, it } from 'vitest';
import { buildStyle, paletteColor, rgbColor, standardPaletteRgb } from './canonical-style.js';

describe('canonical colours and styles', () => {
  it('names palette 0–15 and keeps 16–255 as numbers', () => {
    expect([0, 1, 7, 8, 15, 16, 255].map(paletteColor)).toEqual(['black', 'red', 'white', 'bright-black', 'bright-white', 16, 255]);
    expect(() => paletteColor(256)).toThrow(RangeError);
  });

  it('writes truecolour as lowercase #rrggbb', () => {
    expect(rgbColor(0x0102ff)).toBe('#0102ff');
    expect(rgbColor(0xabcdef)).toBe('#abcdef');
  });

  it("knows xterm's standard 256-colour values", () => {
    expect(standardPaletteRgb(16)).toBe(0x000000);
    expect(standardPaletteRgb(52)).toBe(0x5f0000);
    expect(standardPaletteRgb(200)).toBe(0xff00d7);
    expect(standardPaletteRgb(231)).toBe(0xffffff);
    expect(standardPaletteRgb(232)).toBe(0x080808);
    expect(standardPaletteRgb(255)).toBe(0xeeeeee);
  });

  it('leaves out default colours and false flags, and the style itself when nothing is set', () => {
    expect(buildStyle({ bold: false, fg: undefined })).toBeUndefined();
    expect(buildStyle({ bold: true, reverse: true, bg: 'blue' })).toEqual({ bold: true, reverse: true, bg: 'blue' });
  });
});
