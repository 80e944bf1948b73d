/**
 * The X11 client against a real private Xvfb: two connections, as the read-back
 * and a terminal would be. One takes PRIMARY; the other hears it through XFIXES,
 * asks for a conversion and is refused (the read-back's helper holds no text);
 * closing a connection gives the selection up. A bad DISPLAY is one clear error.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { havePrograms } from '../../test-support/require-program.js';
import { startXvfb, type XDisplay } from './x-display.js';
import { XLink } from './x-link.js';
import { displaySocket, X11Client } from './x11-client.js';
import { ATOM_PRIMARY, convertSelection, createHelperWindow, EV, getSelectionOwner, internAtom, setSelectionOwner, sync } from './x11-requests.js';

test('DISPLAY must name a local display', () => {
  expect(displaySocket(':7')).toBe('/tmp/.X11-unix/X7');
  expect(displaySocket(':7.0')).toBe('/tmp/.X11-unix/X7');
  expect(() => displaySocket('remote:7')).toThrow(/not a local display/);
});

describe.skipIf(!havePrograms([{ program: 'Xvfb', pkg: 'xvfb' }]))('X11 client on a private Xvfb', () => {
  let display: XDisplay;
  // Xvfb resets itself when its last client leaves (and refuses connections meanwhile): one stays connected.
  let keeper: X11Client | undefined;
  beforeAll(async () => {
    display = await startXvfb({ env: process.env });
    keeper = await X11Client.open(display.display);
  }, 20_000);
  afterAll(async () => {
    keeper?.close();
    await display?.stop();
  });

  test('ownership moves between clients, XFIXES reports it, and a conversion asked of the read-back is refused', async () => {
    const controller = new AbortController();
    const link = await XLink.open(display.display, controller.signal);
    const other = await X11Client.open(display.display);
    try {
      expect(await getSelectionOwner(link.x)).toBe(link.helper);
      expect(link.xfixes).toBeDefined();
      // The other client takes PRIMARY: the read-back hears of it.
      const theirs = createHelperWindow(other);
      const heard = link.waitFor({ limitMs: 5000, test: (ev) => (ev.code === link.xfixes!.firstEvent ? ev.bytes.readUInt32LE(8) : undefined) });
      setSelectionOwner(other, theirs);
      expect(await heard).toBe(theirs);
      // The read-back takes it back; a conversion the other client asks for is refused (property None).
      setSelectionOwner(link.x, link.helper);
      await sync(link.x);
      const answered = new Promise<number>((resolve) => other.onEvent((ev) => ev.code === EV.SelectionNotify && resolve(ev.bytes.readUInt32LE(20))));
      convertSelection(other, theirs, await internAtom(other, 'UTF8_STRING'), await internAtom(other, 'TEST_PROPERTY'));
      expect(await answered).toBe(0);
      // Closing the read-back's connection gives PRIMARY up.
      link.close();
      await sync(other);
      expect(await getSelectionOwner(other, ATOM_PRIMARY)).toBe(0);
    } finally {
      link.close();
      other.close();
    }
  }, 20_000);

  test('an abort ends a wait at once, and opening after an abort is refused', async () => {
    const controller = new AbortController();
    const link = await XLink.open(display.display, controller.signal);
    const waiting = link.waitFor({ limitMs: 60_000, test: () => undefined });
    controller.abort(new Error('cancelled'));
    await expect(waiting).rejects.toThrow('cancelled');
    expect(link.x.closed).toBe(true);
    await expect(XLink.open(display.display, controller.signal)).rejects.toThrow('cancelled');
  }, 20_000);
});
