/**
 * The X11 requests the window pictures use, encoded for X11Client
 * (little-endian; layouts from the protocol's Encoding appendix and the
 * DAMAGE extension protocol 1.1): reading pixels (GetImage), asking a window to
 * redraw part of itself (ClearArea with exposures), hearing every drawing
 * (DAMAGE), and finding the window that holds a point (TranslateCoordinates).
 */
import { X11Client, X11Error, type XEvent } from './x11-client.js';
import { queryExtension, type Extension } from './x11-requests.js';

const Z_PIXMAP = 2;
const ALL_PLANES = 0xffffffff;
/** DamageReportLevel RawRectangles: an event for every drawing, none to acknowledge. */
const DAMAGE_RAW_RECTANGLES = 0;

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The pixels of a rectangle of `drawable` as 8-bit RGB, row by row. Reads
 * 24-bit TrueColor at 32 bits per pixel, as termprobe's Xvfb (depth 24) serves
 * them; any other layout is refused rather than misread.
 */
export async function getImageRgb(x: X11Client, drawable: number, rect: Rect): Promise<Uint8Array> {
  const body = Buffer.alloc(16);
  body.writeUInt32LE(drawable, 0);
  body.writeInt16LE(rect.x, 4);
  body.writeInt16LE(rect.y, 6);
  body.writeUInt16LE(rect.width, 8);
  body.writeUInt16LE(rect.height, 10);
  body.writeUInt32LE(ALL_PLANES, 12);
  const reply = await x.requestReply(73, Z_PIXMAP, body);
  const depth = reply[1]!;
  const pixels = rect.width * rect.height;
  const data = reply.subarray(32);
  if (depth !== 24 || data.length !== pixels * 4 || !x.setup.imageLsbFirst) {
    throw new X11Error(`GetImage gave depth ${depth}, ${data.length} bytes for ${pixels} pixels (${x.setup.imageLsbFirst ? 'LSB' : 'MSB'} first); only 24-bit pixels at 32 bits, LSB first, are read`);
  }
  const rgb = new Uint8Array(pixels * 3);
  for (let i = 0; i < pixels; i++) {
    rgb[i * 3] = data[i * 4 + 2]!;
    rgb[i * 3 + 1] = data[i * 4 + 1]!;
    rgb[i * 3 + 2] = data[i * 4]!;
  }
  return rgb;
}

/** ClearArea with exposures: the window's owner is sent Expose for the rectangle and redraws it (a window with background None is not cleared first). */
export function exposeArea(x: X11Client, window: number, rect: Rect): void {
  const body = Buffer.alloc(12);
  body.writeUInt32LE(window, 0);
  body.writeInt16LE(rect.x, 4);
  body.writeInt16LE(rect.y, 6);
  body.writeUInt16LE(rect.width, 8);
  body.writeUInt16LE(rect.height, 10);
  x.request(61, 1, body);
}

/** NoOperation: its sequence number marks a point in the server's processing (see eventAfter). */
export function mark(x: X11Client): number {
  return x.request(127, 0, Buffer.alloc(0));
}

/** True when the event was generated after the server processed our request `seq` (16-bit sequence numbers, wrapping). */
export function eventAfter(ev: XEvent, seq: number): boolean {
  return ((ev.bytes.readUInt16LE(2) - seq) & 0xffff) < 0x8000;
}

/** DAMAGE: an event for every drawing on `drawable` and its inferiors, from now on; undefined without DAMAGE. */
export async function watchDamage(x: X11Client, drawable: number): Promise<Extension | undefined> {
  const ext = await queryExtension(x, 'DAMAGE');
  if (!ext) return undefined;
  const version = Buffer.alloc(8);
  version.writeUInt32LE(1, 0);
  version.writeUInt32LE(1, 4);
  await x.requestReply(ext.opcode, 0, version);
  const create = Buffer.alloc(12);
  create.writeUInt32LE(x.newId(), 0);
  create.writeUInt32LE(drawable, 4);
  create[8] = DAMAGE_RAW_RECTANGLES;
  x.request(ext.opcode, 1, create);
  return ext;
}

/** The damaged area of a DamageNotify event, in the damaged drawable's coordinates. */
export function damageArea(ev: XEvent): Rect {
  return { x: ev.bytes.readInt16LE(16), y: ev.bytes.readInt16LE(18), width: ev.bytes.readUInt16LE(20), height: ev.bytes.readUInt16LE(22) };
}

export function intersects(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The innermost window at point (px, py) of `window`, and the point in its coordinates. */
export async function windowAt(x: X11Client, window: number, px: number, py: number): Promise<{ window: number; x: number; y: number }> {
  let at = { window, x: px, y: py };
  for (let depth = 0; depth < 16; depth++) {
    const body = Buffer.alloc(12);
    body.writeUInt32LE(at.window, 0);
    body.writeUInt32LE(at.window, 4);
    body.writeInt16LE(at.x, 8);
    body.writeInt16LE(at.y, 10);
    const child = (await x.requestReply(40, 0, body)).readUInt32LE(8);
    if (child === 0) return at;
    body.writeUInt32LE(child, 4);
    const r = await x.requestReply(40, 0, body);
    at = { window: child, x: r.readInt16LE(12), y: r.readInt16LE(14) };
  }
  return at;
}
