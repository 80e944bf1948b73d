/**
 * The X11 client against a real private Xvfb: two connections, as the read-back
 * and a terminal would be. One takes PRIMARY; the other hears it through XFIXES,
 * asks for a conversion and is refused (the read-back's helper holds no text);
 * closing a connection gives the selection up. A bad DISPLAY is one clear error.
 */
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
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

/**
 * A display of our own that answers the set-up, then to any request a stream of an event, a reply of `replyWords`
 * words and another event, written in pieces of `piece` bytes, each its own write a turn of the loop apart: the
 * client must see the reply whole and the events in order however the stream is cut (a GetImage reply of a whole
 * window comes in many chunks).
 */
/** The displays of the tests, closed after each (a test that timed out would otherwise leave its socket). */
const chopped: { close(): void }[] = [];
afterEach(() => {
  for (const server of chopped.splice(0)) server.close();
});

async function choppedDisplay(replyWords: number, piece: number): Promise<{ display: string; close(): void }> {
  mkdirSync('/tmp/.X11-unix', { recursive: true });
  let n = 900 + Math.floor(Math.random() * 90);
  while (existsSync(`/tmp/.X11-unix/X${n}`)) n++;
  const path = `/tmp/.X11-unix/X${n}`;
  const sockets: Socket[] = [];
  const server = createServer((socket) => {
    sockets.push(socket);
    let setUp = false;
    socket.on('data', async (data) => {
      if (!setUp) {
        setUp = true;
        // Success, protocol 11.0, 18 words more: vendor '' and no pixmap formats, one screen at byte 40.
        const hello = Buffer.alloc(8 + 18 * 4);
        hello[0] = 1;
        hello.writeUInt16LE(11, 2);
        hello.writeUInt16LE(18, 6);
        hello.writeUInt32LE(0x200000, 12);
        hello.writeUInt32LE(0x1fffff, 16);
        hello.writeUInt32LE(0x123, 40);
        hello.writeUInt16LE(640, 60);
        hello.writeUInt16LE(480, 62);
        socket.write(hello);
        return;
      }
      const seq = 1;
      const event = (code: number) => {
        const e = Buffer.alloc(32);
        e[0] = code;
        e.writeUInt16LE(seq, 2);
        return e;
      };
      const reply = Buffer.alloc(32 + replyWords * 4);
      reply[0] = 1;
      reply.writeUInt16LE(seq, 2);
      reply.writeUInt32LE(replyWords, 4);
      for (let i = 32; i < reply.length; i++) reply[i] = i % 251;
      const stream = Buffer.concat([event(12), reply, event(28)]);
      void data;
      for (let at = 0; at < stream.length; at += piece) {
        socket.write(stream.subarray(at, at + piece));
        await new Promise((resolve) => setImmediate(resolve));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(path, resolve));
  let closed = false;
  const display = {
    display: `:${n}`,
    close: () => {
      if (closed) return;
      closed = true;
      for (const s of sockets) s.destroy();
      server.close();
      rmSync(path, { force: true });
    },
  };
  chopped.push(display);
  return display;
}

test.each([
  [1, 1],
  [3, 7],
  [4000, 1],
  [4000, 31],
  [4000, 33],
  [4000, 4096],
  [250_000, 65_536],
])('a reply of %i words and two events, the stream cut every %i bytes, come whole, the events in order', async (words, piece) => {
  const server = await choppedDisplay(words, piece);
  const client = await X11Client.open(server.display);
  try {
    const seen: string[] = [];
    const last = new Promise<void>((resolve) =>
      client.onEvent((ev) => {
        seen.push(`event ${ev.code} (${ev.bytes.length} bytes)`);
        if (ev.code === 28) resolve();
      }),
    );
    const reply = await client.requestReply(43, 0, Buffer.alloc(0));
    await last;
    // (A reply is handed over through its promise, so after any event that came in the same chunk: no order between them is asserted.)
    expect(seen).toEqual(['event 12 (32 bytes)', 'event 28 (32 bytes)']);
    expect(reply.length).toBe(32 + words * 4);
    expect(reply.readUInt32LE(4)).toBe(words);
    expect([...reply.subarray(32, 40)]).toEqual([32, 33, 34, 35, 36, 37, 38, 39].slice(0, words * 4));
    expect(reply[reply.length - 1]).toBe((reply.length - 1) % 251);
  } finally {
    client.close();
    server.close();
  }
}, 30_000);

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
