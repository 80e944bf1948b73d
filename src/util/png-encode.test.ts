/**
 * The PNG encoder: every image decodes back to its pixels, in the smallest
 * form that holds them (indexed at 1/2/4/8 bits, else RGB); and so that the
 * encoder and the test decoder cannot share one misreading of the spec,
 * Chromium decodes the encoder's files too, and the test decoder reads
 * Chromium's own (filtered RGBA) screenshots.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { haveProgram } from '../test-support/require-program.js';
import { decodePng } from '../test-support/png-decode.js';
import { CHROMIUM_PACKAGE, CHROMIUM_PATH, launchChromium } from '../report/site/browser-harness.js';
import { encodePng } from './png-encode.js';

/** A deterministic image of `colours` colours: a pattern of text-like strokes over a background. */
function image(width: number, height: number, colours: number, seed = 1): Uint8Array {
  // Distinct colours for up to 4096: (red, green) differ by i's low and high bits.
  const palette = Array.from({ length: colours }, (_, i) => [(i * 37 + seed) & 0xff, ((i >> 8) * 17 + seed) & 0xff, (i * 53) & 0xff]);
  const rgb = new Uint8Array(width * height * 3);
  let h = seed;
  for (let p = 0; p < width * height; p++) {
    h = Math.imul(h ^ (h >>> 13), 0x5bd1e995) + p;
    const k = p < colours ? p : (h >>> 8) % colours; // every colour appears
    rgb.set(palette[k]!, p * 3);
  }
  return rgb;
}

const colourType = (file: Buffer) => file[25];
const bitDepth = (file: Buffer) => file[24];

describe('encodePng', () => {
  it.each([
    [1, 1, 1, 3, 1],
    [7, 3, 2, 3, 1],
    [13, 5, 3, 3, 2],
    [9, 4, 4, 3, 2],
    [11, 6, 5, 3, 4],
    [33, 17, 16, 3, 4],
    [21, 19, 17, 3, 8],
    [40, 30, 256, 3, 8],
    [40, 30, 257, 2, 8],
    [64, 48, 3000, 2, 8],
  ])('%i×%i pixels of %i colours: colour type %i at %i bits, decoding to the same pixels', (width, height, colours, type, depth) => {
    const rgb = image(width, height, Math.min(colours, width * height));
    const file = encodePng(width, height, rgb);
    expect([colourType(file), bitDepth(file)]).toEqual([type, depth]);
    const back = decodePng(file);
    expect([back.width, back.height]).toEqual([width, height]);
    expect(Buffer.from(back.rgb).equals(Buffer.from(rgb))).toBe(true);
  });

  it('refuses pixels that do not fit the size, and an empty image', () => {
    expect(() => encodePng(2, 2, new Uint8Array(11))).toThrow(/11 bytes for 2×2 RGB pixels \(12 expected\)/);
    expect(() => encodePng(0, 5, new Uint8Array(0))).toThrow(/at least 1×1/);
  });

  it('keeps a screenshot-like crop small: text in a few shades on a flat background', () => {
    // 12 × 6 cells of 9 × 18 px with a "glyph" of 4 antialiasing shades in every other cell.
    const [w, h] = [108, 108];
    const rgb = new Uint8Array(w * h * 3).fill(255);
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
      const cell = Math.floor(x / 9) + Math.floor(y / 18) * 12;
      if (cell % 2 === 0 && (x % 9) > 1 && (x % 9) < 7 && (y % 18) > 3 && (y % 18) < 15) rgb.fill(255 - 60 * (((x * 7 + y * 3 + cell) % 4) + 1), (y * w + x) * 3, (y * w + x) * 3 + 3);
    }
    expect(encodePng(w, h, rgb).length).toBeLessThan(2400);
  });

  /** The IDAT data of `rgb` with every row unfiltered, as compressed as the encoder compresses. */
  const plainIdat = (w: number, h: number, rgb: Uint8Array) => {
    const raw = Buffer.alloc((w * 3 + 1) * h);
    for (let y = 0; y < h; y++) raw.set(rgb.subarray(y * w * 3, (y + 1) * w * 3), y * (w * 3 + 1) + 1);
    return deflateSync(raw, { level: 9, memLevel: 9 }).length;
  };
  const idatOf = (file: Buffer) => {
    let n = 0;
    for (let p = 8; p < file.length; p += 12 + file.readUInt32BE(p)) if (file.toString('latin1', p + 4, p + 8) === 'IDAT') n += file.readUInt32BE(p);
    return n;
  };

  it('encodes the published calibration sheets (RGB screenshots of text) no larger than with every row unfiltered, and a gradient smaller, each decoding to its pixels', () => {
    // Per-row filters (the PNG spec's heuristic) alone made 16 of the 18 sheets 2-28 % larger than unfiltered rows: a
    // screenshot's glyphs repeat exactly on a flat background, which deflate finds in the raw bytes.
    const folder = fileURLToPath(new URL('../../results/pictures/', import.meta.url));
    const sheets = readdirSync(folder).map((d) => join(folder, d, 'pixel-calibration-1.png')).filter((f) => existsSync(f));
    expect(sheets.length).toBeGreaterThanOrEqual(10);
    let smaller = 0;
    for (const sheet of sheets) {
      const { width, height, rgb } = decodePng(readFileSync(sheet));
      const file = encodePng(width, height, rgb);
      expect([sheet, colourType(file)]).toEqual([sheet, 2]);
      expect(Buffer.from(decodePng(file).rgb).equals(Buffer.from(rgb)), sheet).toBe(true);
      expect(idatOf(file), sheet).toBeLessThanOrEqual(plainIdat(width, height, rgb));
      if (idatOf(file) < plainIdat(width, height, rgb)) smaller++;
    }
    // The heuristic still wins where it should: a gradient is predicted from its neighbours.
    const [w, h] = [400, 144];
    const gradient = new Uint8Array(w * h * 3);
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) gradient.set([x & 0xff, (y * 2) & 0xff, (x + y) & 0xff], (y * w + x) * 3);
    const file = encodePng(w, h, gradient);
    expect(Buffer.from(decodePng(file).rgb).equals(Buffer.from(gradient))).toBe(true);
    expect(idatOf(file)).toBeLessThan(plainIdat(w, h, gradient) / 2);
    expect(smaller).toBeLessThan(sheets.length);
  });
});

describe.skipIf(!haveProgram(CHROMIUM_PATH, CHROMIUM_PACKAGE))('encodePng and the test decoder against Chromium', () => {
  it('Chromium draws the encoder\'s PNGs pixel for pixel, and the decoder reads Chromium\'s screenshots', async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      for (const [width, height, colours] of [[7, 3, 2], [13, 5, 3], [11, 6, 5], [21, 19, 17], [40, 30, 400]] as const) {
        const rgb = image(width, height, colours, width);
        const url = `data:image/png;base64,${encodePng(width, height, rgb).toString('base64')}`;
        // Written as page text: this file is compiled without the DOM's types.
        const drawn = (await page.evaluate(`(async () => {
          const img = new Image();
          img.src = ${JSON.stringify(url)};
          await img.decode();
          const canvas = document.createElement('canvas');
          canvas.width = img.width;
          canvas.height = img.height;
          const ctx = canvas.getContext('2d');
          ctx.drawImage(img, 0, 0);
          return Array.from(ctx.getImageData(0, 0, img.width, img.height).data);
        })()`)) as number[];
        const asRgb = drawn.filter((_, i) => i % 4 !== 3);
        expect(Buffer.from(asRgb).equals(Buffer.from(rgb)), `${width}×${height}, ${colours} colours`).toBe(true);
      }
      // A page of known colours, screenshotted by Chromium (RGB(A), filtered as Chromium likes), then decoded here.
      await page.setViewportSize({ width: 64, height: 32 });
      await page.setContent('<body style="margin:0;background:#102030"><div style="width:16px;height:8px;background:#ff8000"></div></body>');
      const shot = decodePng(await page.screenshot());
      expect([shot.width, shot.height]).toEqual([64, 32]);
      expect([...shot.rgb.subarray(0, 3)]).toEqual([0xff, 0x80, 0x00]);
      const last = (32 * 64 - 1) * 3;
      expect([...shot.rgb.subarray(last, last + 3)]).toEqual([0x10, 0x20, 0x30]);
    } finally {
      await browser.close();
    }
  }, 60_000);
});
