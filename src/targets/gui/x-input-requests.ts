/**
 * The X11 requests the input probes add to those of the read-back (x11-requests.ts): the input focus, a window of
 * termprobe's own to move the focus to, and answers to the terminal's requests for a selection termprobe holds.
 * Encodings from the X Window System Protocol, "Encoding" appendix (X11R7.7).
 */
import type { X11Client } from './x11-client.js';

const words = (...values: number[]): Buffer => {
  const b = Buffer.alloc(values.length * 4);
  values.forEach((v, i) => b.writeUInt32LE(v >>> 0, i * 4));
  return b;
};

/** RevertTo PointerRoot: if the focus window goes away, the focus follows the pointer again. */
const REVERT_TO_POINTER_ROOT = 1;

export function setInputFocus(x: X11Client, window: number): void {
  x.request(42, REVERT_TO_POINTER_ROOT, words(window, 0));
}

/** The focus window (0: None, 1: PointerRoot). */
export async function getInputFocus(x: X11Client): Promise<number> {
  return (await x.requestReply(43, 0, Buffer.alloc(0))).readUInt32LE(8);
}

/**
 * A mapped 1×1 window of termprobe's own in the display's bottom-right corner, out of the way of the terminal's
 * window (override-redirect: no window manager would frame it), to move the input focus to and back.
 */
export function createDecoyWindow(x: X11Client): number {
  const id = x.newId();
  const body = Buffer.alloc(28 + 4);
  body.writeUInt32LE(id, 0);
  body.writeUInt32LE(x.setup.root, 4);
  body.writeInt16LE(x.setup.rootWidth - 1, 8);
  body.writeInt16LE(x.setup.rootHeight - 1, 10);
  body.writeUInt16LE(1, 12);
  body.writeUInt16LE(1, 14);
  body.writeUInt16LE(0, 16); // border
  body.writeUInt16LE(1, 18); // InputOutput
  body.writeUInt32LE(0, 20); // visual: CopyFromParent
  body.writeUInt32LE(0x200, 24); // value mask: override-redirect
  body.writeUInt32LE(1, 28);
  x.request(1, 0, body);
  x.request(8, 0, words(id)); // MapWindow
  return id;
}

/** Replace a property with 32-bit items (e.g. the ATOM list of TARGETS). */
export function changeProperty32(x: X11Client, window: number, property: number, type: number, items: number[]): void {
  x.request(18, 0, Buffer.concat([words(window, property, type), Buffer.from([32, 0, 0, 0]), words(items.length), words(...items)]));
}

/** The fields of a SelectionRequest event. */
export interface SelectionRequest {
  time: number;
  requestor: number;
  selection: number;
  target: number;
  /** Where the answer goes (0, None, from an obsolete client: then the target's name). */
  property: number;
}

export function readSelectionRequest(bytes: Buffer): SelectionRequest {
  return { time: bytes.readUInt32LE(4), requestor: bytes.readUInt32LE(12), selection: bytes.readUInt32LE(16), target: bytes.readUInt32LE(20), property: bytes.readUInt32LE(24) };
}

/** Tell the requestor its conversion is done (in `property`) or refused (0). */
export function notifySelection(x: X11Client, req: SelectionRequest, property: number): void {
  const ev = Buffer.alloc(32);
  ev[0] = 31; // SelectionNotify
  ev.writeUInt32LE(req.time, 4);
  ev.writeUInt32LE(req.requestor, 8);
  ev.writeUInt32LE(req.selection, 12);
  ev.writeUInt32LE(req.target, 16);
  ev.writeUInt32LE(property, 20);
  x.request(25, 0, Buffer.concat([words(req.requestor, 0), ev]));
}

/**
 * Send the window's owner a FocusIn (mode Normal, detail Nonlinear) and the KeymapNotify (no key down) the server sends
 * after one, as SendEvent with an empty event mask (delivered to the client that made the window): what a client that
 * lost the server's pair sees again (see InputQuirks.focusInLost).
 */
export function sendFocusIn(x: X11Client, window: number): void {
  const focusIn = Buffer.alloc(32);
  focusIn[0] = 9; // FocusIn
  focusIn[1] = 3; // detail: Nonlinear
  focusIn.writeUInt32LE(window, 4);
  focusIn[8] = 0; // mode: Normal
  const keymap = Buffer.alloc(32);
  keymap[0] = 11; // KeymapNotify: the keys down as bits, keycodes 8 to 255; none
  x.request(25, 0, Buffer.concat([words(window, 0), focusIn]));
  x.request(25, 0, Buffer.concat([words(window, 0), keymap]));
}

/** Hear MapNotify for every window mapped on the display (SubstructureNotify on the root; other clients may select it too). */
export function watchMaps(x: X11Client): void {
  x.request(2, 0, words(x.setup.root, 0x800, 0x80000));
}

/** MapNotify's code (UnmapNotify's, DestroyNotify's), and the window it names (at the same place in all three). */
export const MAP_NOTIFY = 19;
export const UNMAP_NOTIFY = 18;
export const DESTROY_NOTIFY = 17;
export const mappedWindow = (bytes: Buffer): number => bytes.readUInt32LE(8);

/** The window's parent (0 for the root), from QueryTree. */
export async function parentOf(x: X11Client, window: number): Promise<number> {
  const r = await x.requestReply(15, 0, words(window));
  return r.readUInt32LE(12);
}

/** True when `window` is `ancestor` or inside it. */
export async function isWithin(x: X11Client, window: number, ancestor: number): Promise<boolean> {
  for (let w = window, depth = 0; w > 1 && depth < 32; depth++) {
    if (w === ancestor) return true;
    w = await parentOf(x, w).catch(() => 0);
  }
  return false;
}
