/**
 * A PNG decoder for the tests (PNG spec, W3C 2003): non-interlaced images of
 * bit depth 1–8, greyscale, RGB, indexed, greyscale+alpha or RGBA, every
 * filter type. Gives RGB pixels (alpha dropped). Checks each chunk's CRC, so a
 * damaged file fails here rather than decoding to something plausible.
 */
import { crc32, inflateSync } from 'node:zlib';

export interface DecodedPng {
  width: number;
  height: number;
  colourType: number;
  bitDepth: number;
  /** width × height × 3 bytes, row by row. */
  rgb: Uint8Array;
}

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

export function decodePng(file: Uint8Array): DecodedPng {
  const buf = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  if (buf.toString('latin1', 1, 4) !== 'PNG') throw new Error('not a PNG: bad signature');
  let at = 8;
  let width = 0;
  let height = 0;
  let bitDepth = 0;
  let colourType = 0;
  let palette: Buffer | undefined;
  const idat: Buffer[] = [];
  for (;;) {
    if (at + 12 > buf.length) throw new Error('PNG ends before IEND');
    const length = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    const data = buf.subarray(at + 8, at + 8 + length);
    if ((crc32(buf.subarray(at + 4, at + 8 + length)) >>> 0) !== buf.readUInt32BE(at + 8 + length)) throw new Error(`PNG chunk ${type}: bad CRC`);
    at += 12 + length;
    if (type === 'IHDR') {
      [width, height, bitDepth, colourType] = [data.readUInt32BE(0), data.readUInt32BE(4), data[8]!, data[9]!];
      if (data[12] !== 0) throw new Error('interlaced PNGs are not decoded here');
    } else if (type === 'PLTE') palette = Buffer.from(data);
    else if (type === 'IDAT') idat.push(Buffer.from(data));
    else if (type === 'IEND') break;
  }
  const channels = CHANNELS[colourType];
  if (!channels || bitDepth > 8) throw new Error(`PNG colour type ${colourType} at ${bitDepth} bits is not decoded here`);
  const raw = inflateSync(Buffer.concat(idat));
  const bpp = Math.max(1, (channels * bitDepth) / 8);
  const stride = Math.ceil((width * channels * bitDepth) / 8);
  if (raw.length !== (stride + 1) * height) throw new Error(`PNG data is ${raw.length} bytes; ${(stride + 1) * height} expected`);
  const lines = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    for (let i = 0; i < stride; i++) {
      const x = raw[y * (stride + 1) + 1 + i]!;
      const a = i >= bpp ? lines[y * stride + i - bpp]! : 0;
      const b = y > 0 ? lines[(y - 1) * stride + i]! : 0;
      const c = y > 0 && i >= bpp ? lines[(y - 1) * stride + i - bpp]! : 0;
      const p = a + b - c;
      const nearest = Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c) ? a : Math.abs(p - b) <= Math.abs(p - c) ? b : c;
      const predicted = [0, a, b, (a + b) >> 1, nearest][filter];
      if (predicted === undefined) throw new Error(`PNG row ${y}: unknown filter ${filter}`);
      lines[y * stride + i] = (x + predicted) & 0xff;
    }
  }
  const sample = (y: number, k: number): number => {
    const bit = k * bitDepth;
    const byte = lines[y * stride + (bit >> 3)]!;
    return (byte >> (8 - bitDepth - (bit & 7))) & ((1 << bitDepth) - 1);
  };
  const scale = 255 / ((1 << bitDepth) - 1);
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 3;
      if (colourType === 3) {
        const i = sample(y, x);
        if (!palette || i * 3 + 2 >= palette.length) throw new Error(`PNG pixel ${x},${y}: palette index ${i} out of range`);
        rgb.set(palette.subarray(i * 3, i * 3 + 3), o);
      } else if (colourType === 0 || colourType === 4) {
        rgb.fill(Math.round(sample(y, x * channels) * scale), o, o + 3);
      } else {
        for (let k = 0; k < 3; k++) rgb[o + k] = sample(y, x * channels + k);
      }
    }
  }
  return { width, height, colourType, bitDepth, rgb };
}
