/**
 * PNGs made here, for the tests and the bench of the probes' pictures
 * (site-pictures.ts) until the capture side writes real ones: a minimal PNG
 * encoder (8-bit RGB, filter "up", zlib), and a stand-in screenshot of a screen
 * region — each character drawn as a grey pattern of its own in a 9×18 px cell,
 * with a margin of one cell — as big in bytes as a real crop: over xterm's 187
 * screen regions these average 0.94 KB, and Chromium drawing the same text in
 * DejaVu Sans Mono (15 px, the same cells and margin) 0.90 KB. It says nothing
 * about any terminal.
 */
import { crc32, deflateSync } from 'node:zlib';

/** Pixels per cell and the margin (in cells) around the probed region. */
export const CELL_PX = { width: 9, height: 18 } as const;
export const MARGIN_CELLS = 1;

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** A PNG of `rgb` (width × height × 3 bytes, row by row). */
export function encodePng(width: number, height: number, rgb: Uint8Array): Buffer {
  if (rgb.length !== width * height * 3) throw new Error(`encodePng: ${rgb.length} bytes for ${width}×${height} RGB`);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter method variants, no interlace
  const stride = width * 3;
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (stride + 1)] = y === 0 ? 0 : 2; // "up": each byte minus the one above
    for (let x = 0; x < stride; x++) raw[y * (stride + 1) + 1 + x] = (rgb[y * stride + x]! - (y === 0 ? 0 : rgb[(y - 1) * stride + x]!)) & 0xff;
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

/** A small deterministic hash of a character and a pixel → [0, 256). */
function shade(cp: number, x: number, y: number): number {
  let h = Math.imul(cp ^ 0x9e3779b9, 16777619) ^ Math.imul(x + 31, 2246822519) ^ Math.imul(y + 17, 3266489917);
  h = Math.imul(h ^ (h >>> 15), 2246822519);
  return (h ^ (h >>> 13)) & 0xff;
}

/** A stand-in screenshot of a region's text rows (cols × rows cells, plus the margin), dark text on white. */
export function drawText(lines: readonly string[], cols: number, rows: number): { png: Buffer; width: number; height: number } {
  const width = (cols + 2 * MARGIN_CELLS) * CELL_PX.width;
  const height = (rows + 2 * MARGIN_CELLS) * CELL_PX.height;
  const rgb = new Uint8Array(width * height * 3).fill(255);
  lines.slice(0, rows).forEach((line, row) => {
    [...line].slice(0, cols).forEach((ch, col) => {
      if (ch === ' ') return;
      const cp = ch.codePointAt(0)!;
      const x0 = (col + MARGIN_CELLS) * CELL_PX.width + 1;
      const y0 = (row + MARGIN_CELLS) * CELL_PX.height + 3;
      // A 7×12 glyph: about half its pixels ink, in greys (the edges of antialiased strokes).
      for (let y = 0; y < 12; y++) {
        for (let x = 0; x < 7; x++) {
          const s = shade(cp, x, y);
          if (s < 128) continue;
          const grey = s > 208 ? 20 : (s * 7) & 0xff;
          rgb.fill(grey, ((y0 + y) * width + x0 + x) * 3, ((y0 + y) * width + x0 + x) * 3 + 3);
        }
      }
    });
  });
  return { png: encodePng(width, height, rgb), width, height };
}
