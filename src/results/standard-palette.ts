/**
 * xterm's standard 256-colour palette, entries 16–255: a 6×6×6 colour cube,
 * then a 24-step grey ramp (xterm's 256colres.h; every terminal measured here
 * uses it unless configured otherwise). Entries 0–15 have no standard value:
 * each terminal chooses its own.
 */

const CUBE_LEVELS = [0, 95, 135, 175, 215, 255] as const;

/** Pack three channels into 0xRRGGBB. */
export function packRgb(r: number, g: number, b: number): number {
  return ((r & 0xff) << 16) | ((g & 0xff) << 8) | (b & 0xff);
}

/** The RGB value of standard palette entry 16–255, as 0xRRGGBB. */
export function standardPaletteRgb(index: number): number {
  if (index < 16 || index > 255) throw new RangeError(`${index} is not in the 16–255 range`);
  if (index >= 232) {
    const level = 8 + (index - 232) * 10;
    return packRgb(level, level, level);
  }
  const cube = index - 16;
  return packRgb(CUBE_LEVELS[Math.floor(cube / 36)]!, CUBE_LEVELS[Math.floor(cube / 6) % 6]!, CUBE_LEVELS[cube % 6]!);
}
