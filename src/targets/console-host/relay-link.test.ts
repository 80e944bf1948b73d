import { connect, type Socket } from 'node:net';
import { afterEach, expect, test } from 'vitest';
import { readFirstLine, RELAY_ENV, RelayLink } from './relay-link.js';

const links: RelayLink[] = [];
afterEach(async () => {
  await Promise.all(links.splice(0).map((l) => l.close()));
});

async function listen(): Promise<{ link: RelayLink; port: number; token: string }> {
  const link = await RelayLink.listen();
  links.push(link);
  const [port, token] = link.env[RELAY_ENV]!.split(' ');
  return { link, port: Number(port), token: token! };
}

function dial(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = connect({ host: '127.0.0.1', port }, () => resolve(s));
    s.once('error', reject);
  });
}

const closed = (s: Socket) => new Promise<void>((resolve) => (s.destroyed ? resolve() : s.once('close', () => resolve())));

test('readFirstLine takes the size only with the exact token', () => {
  const token = 'ab'.repeat(32);
  expect(readFirstLine(`termprobe-relay ${token} 80 24`, token)).toEqual({ cols: 80, rows: 24 });
  expect(readFirstLine(`termprobe-relay ${'ac'.repeat(32)} 80 24`, token)).toBeUndefined();
  expect(readFirstLine(`termprobe-relay ${token.slice(1)} 80 24`, token)).toBeUndefined();
  expect(readFirstLine(`termprobe-relay ${token} 80`, token)).toBeUndefined();
  expect(readFirstLine(`termprobe-relay ${token} 80 24 x`, token)).toBeUndefined();
  expect(readFirstLine(`hello ${token} 80 24`, token)).toBeUndefined();
});

test('listens on 127.0.0.1 only, with a fresh token each time', async () => {
  const a = await listen();
  const b = await listen();
  expect(a.token).toMatch(/^[0-9a-f]{64}$/);
  expect(a.token).not.toBe(b.token);
  expect(a.port).not.toBe(b.port);
});

test('drops connections without the token (and endless first lines), then takes the relay; its first line may come a byte at a time, its replies in the same chunk', async () => {
  const { link, port, token } = await listen();
  const wrong = await dial(port);
  wrong.write(`termprobe-relay ${'0'.repeat(64)} 80 24\n`);
  await closed(wrong);
  const endless = await dial(port);
  endless.write('x'.repeat(300));
  await closed(endless);
  const relay = await dial(port);
  const line = `termprobe-relay ${token} 80 24\n`;
  for (const ch of line.slice(0, -1)) relay.write(ch);
  relay.write('\n\x1b[1;1R');
  expect(await link.connected({ timeoutMs: 60_000 })).toEqual({ cols: 80, rows: 24 });
  const got: number[] = [];
  const more = new Promise<void>((resolve) => link.onData((chunk) => (got.push(...chunk), got.length >= 12 && resolve())));
  relay.write('\x1b[?1;2c');
  await more;
  expect(Buffer.from(got).toString()).toBe('\x1b[1;1R\x1b[?1;2c');
  // One-time: nobody else gets in now.
  await expect(dial(port)).rejects.toThrow(/ECONNREFUSED/);
  // The engine's bytes go to the relay.
  const sent = new Promise<string>((resolve) => relay.once('data', (d) => resolve(d.toString())));
  link.write(new TextEncoder().encode('\x1b[6n'));
  expect(await sent).toBe('\x1b[6n');
  // Its connection ending is reported; closing the link ends the relay's connection.
  const ended = new Promise<void>((resolve) => link.onClose(resolve));
  relay.destroy();
  await ended;
});

test('connected() ends on its limit, on abort and on fail(), and close() ends the relay connection', async () => {
  const { link, port, token } = await listen();
  await expect(link.connected({ timeoutMs: 10 })).rejects.toThrow('the relay did not connect within 0 s');
  const controller = new AbortController();
  const waiting = link.connected({ signal: controller.signal });
  controller.abort(new Error('cancelled'));
  await expect(waiting).rejects.toThrow('cancelled');
  const relay = await dial(port);
  relay.write(`termprobe-relay ${token} 80 24\n`);
  await link.connected();
  await link.close();
  await closed(relay);
  const other = await listen();
  other.link.fail(new Error('the relay exited'));
  await expect(other.link.connected()).rejects.toThrow('the relay exited');
});
