/**
 * The X11 requests the read-back uses, encoded for X11Client (little-endian;
 * layouts from the protocol's Encoding appendix, XTEST 2.2 and XFIXES 5.0).
 */
import { X11Client, X11Error } from './x11-client.js';

export const ATOM_PRIMARY = 1;
export const ATOM_STRING = 31;
export const ATOM_WM_CLASS = 67;
export const CURRENT_TIME = 0;
/** The predefined atoms CUT_BUFFER0 to CUT_BUFFER7 (X protocol, Predefined Atoms): 9 to 16. */
export const ATOM_CUT_BUFFERS = [9, 10, 11, 12, 13, 14, 15, 16] as const;

/** Core event codes. */
export const EV = { ButtonPress: 4, ButtonRelease: 5, MotionNotify: 6, PropertyNotify: 28, SelectionClear: 29, SelectionRequest: 30, SelectionNotify: 31 } as const;

const PROPERTY_CHANGE_MASK = 0x400000;

function words(...values: number[]): Buffer {
  const b = Buffer.alloc(values.length * 4);
  values.forEach((v, i) => b.writeUInt32LE(v >>> 0, i * 4));
  return b;
}

function named(name: string): Buffer {
  const text = Buffer.from(name, 'latin1');
  const head = Buffer.alloc(4);
  head.writeUInt16LE(text.length, 0);
  return Buffer.concat([head, text]);
}

export async function internAtom(x: X11Client, name: string): Promise<number> {
  return (await x.requestReply(16, 0, named(name))).readUInt32LE(8);
}

/** An unmapped input-only window of our own, hearing property changes: the requestor of conversions and owner of PRIMARY between reads. */
export function createHelperWindow(x: X11Client): number {
  const id = x.newId();
  const body = Buffer.alloc(28 + 4);
  body.writeUInt32LE(id, 0);
  body.writeUInt32LE(x.setup.root, 4);
  body.writeInt16LE(-10, 8);
  body.writeInt16LE(-10, 10);
  body.writeUInt16LE(1, 12);
  body.writeUInt16LE(1, 14);
  body.writeUInt16LE(0, 16); // border
  body.writeUInt16LE(2, 18); // InputOnly
  body.writeUInt32LE(0, 20); // visual: CopyFromParent
  body.writeUInt32LE(0x800, 24); // value mask: event-mask
  body.writeUInt32LE(PROPERTY_CHANGE_MASK, 28);
  x.request(1, 0, body);
  return id;
}

export interface WindowGeometry {
  width: number;
  height: number;
}

export async function getGeometry(x: X11Client, window: number): Promise<WindowGeometry> {
  const r = await x.requestReply(14, 0, words(window));
  return { width: r.readUInt16LE(16), height: r.readUInt16LE(18) };
}

/** ConfigureWindow with a new width and height (no window manager here to redirect it). */
export function resizeWindow(x: X11Client, window: number, width: number, height: number): void {
  const body = Buffer.alloc(16);
  body.writeUInt32LE(window, 0);
  body.writeUInt16LE(0x4 | 0x8, 4); // value mask: width, height
  body.writeUInt32LE(width, 8);
  body.writeUInt32LE(height, 12);
  x.request(12, 0, body);
}

export async function queryChildren(x: X11Client, window: number): Promise<number[]> {
  const r = await x.requestReply(15, 0, words(window));
  const n = r.readUInt16LE(16);
  return Array.from({ length: n }, (_, i) => r.readUInt32LE(32 + i * 4));
}

/** True when the window and all its ancestors are mapped. */
export async function isViewable(x: X11Client, window: number): Promise<boolean> {
  const r = await x.requestReply(3, 0, words(window));
  return r[26] === 2;
}

/** Where the window's (0, 0) lies on the root window. */
export async function rootPosition(x: X11Client, window: number): Promise<{ x: number; y: number }> {
  const body = Buffer.alloc(12);
  body.writeUInt32LE(window, 0);
  body.writeUInt32LE(x.setup.root, 4);
  const r = await x.requestReply(40, 0, body);
  return { x: r.readInt16LE(12), y: r.readInt16LE(14) };
}

export function setSelectionOwner(x: X11Client, owner: number, selection = ATOM_PRIMARY, time = CURRENT_TIME): void {
  x.request(22, 0, words(owner, selection, time));
}

export async function getSelectionOwner(x: X11Client, selection = ATOM_PRIMARY): Promise<number> {
  return (await x.requestReply(23, 0, words(selection))).readUInt32LE(8);
}

export function convertSelection(x: X11Client, requestor: number, target: number, property: number, selection = ATOM_PRIMARY): void {
  x.request(24, 0, words(requestor, selection, target, property, CURRENT_TIME));
}

export interface Property {
  type: number;
  format: number;
  data: Buffer;
  bytesAfter: number;
}

/** Read (and with `remove`, delete) a property: up to `maxBytes` of its value. */
export async function getProperty(x: X11Client, window: number, property: number, remove: boolean, maxBytes = 1 << 24): Promise<Property> {
  const r = await x.requestReply(20, remove ? 1 : 0, words(window, property, 0, 0, Math.ceil(maxBytes / 4)));
  const format = r[1]!;
  const units = r.readUInt32LE(16);
  const length = units * (format / 8);
  return { type: r.readUInt32LE(8), format, bytesAfter: r.readUInt32LE(12), data: Buffer.from(r.subarray(32, 32 + length)) };
}

/** Replace a property with 8-bit data (PropModeReplace). */
export function changeProperty(x: X11Client, window: number, property: number, type: number, data: Buffer): void {
  x.request(18, 0, Buffer.concat([words(window, property, type), Buffer.from([8, 0, 0, 0]), words(data.length), data]));
}

/** Delete a property (no event when it did not exist). */
export function deleteProperty(x: X11Client, window: number, property: number): void {
  x.request(19, 0, words(window, property));
}

/** A round trip: every request before it has been processed by the server when it resolves. */
export async function sync(x: X11Client): Promise<void> {
  await x.requestReply(43, 0, Buffer.alloc(0));
}

export interface Extension {
  opcode: number;
  firstEvent: number;
}

export async function queryExtension(x: X11Client, name: string): Promise<Extension | undefined> {
  const r = await x.requestReply(98, 0, named(name));
  return r[8] === 1 ? { opcode: r[9]!, firstEvent: r[10]! } : undefined;
}

/** XTEST, version checked (2.2 has FakeInput as used here). */
export async function openXtest(x: X11Client): Promise<Extension> {
  const ext = await queryExtension(x, 'XTEST');
  if (!ext) throw new X11Error('the X display has no XTEST extension (the read-back presses and moves the pointer through it)');
  const body = Buffer.from([2, 0, 2, 0]);
  await x.requestReply(ext.opcode, 0, body);
  return ext;
}

/** One synthetic input event: MotionNotify to root coordinates, or a button press/release at the pointer. */
export function fakeInput(x: X11Client, xtest: Extension, type: number, detail: number, rootX = 0, rootY = 0): void {
  const body = Buffer.alloc(32);
  body[0] = type;
  body[1] = detail;
  body.writeUInt32LE(0, 4); // time: at once
  body.writeUInt32LE(type === EV.MotionNotify ? x.setup.root : 0, 8);
  body.writeInt16LE(rootX, 20);
  body.writeInt16LE(rootY, 22);
  x.request(xtest.opcode, 2, body);
}

/** XFIXES: ask for SelectionNotify events when PRIMARY changes owner (sent to `window`); undefined without XFIXES. */
export async function watchSelectionOwner(x: X11Client, window: number, selection = ATOM_PRIMARY): Promise<Extension | undefined> {
  const ext = await queryExtension(x, 'XFIXES');
  if (!ext) return undefined;
  await x.requestReply(ext.opcode, 0, words(5, 0));
  x.request(ext.opcode, 2, words(window, selection, 1));
  return ext;
}

/** Refuse a conversion asked of us (we own PRIMARY between reads, holding nothing). */
export function refuseSelectionRequest(x: X11Client, request: Buffer): void {
  const ev = Buffer.alloc(32);
  ev[0] = EV.SelectionNotify;
  ev.writeUInt32LE(request.readUInt32LE(4), 4); // time
  ev.writeUInt32LE(request.readUInt32LE(12), 8); // requestor
  ev.writeUInt32LE(request.readUInt32LE(16), 12); // selection
  ev.writeUInt32LE(request.readUInt32LE(20), 16); // target
  ev.writeUInt32LE(0, 20); // property: None
  x.request(25, 0, Buffer.concat([words(request.readUInt32LE(12), 0), ev]));
}

/** SetInputFocus to `window` (revert to PointerRoot): the window draws as the one typed into (a solid cursor, not an outline). */
export function setInputFocus(x: X11Client, window: number): void {
  x.request(42, 1, words(window, CURRENT_TIME));
}

/** GetInputFocus: the window that has the X focus (0 None, 1 PointerRoot, or a window). */
export async function getInputFocus(x: X11Client): Promise<number> {
  return (await x.requestReply(43, 0, Buffer.alloc(0))).readUInt32LE(8);
}
