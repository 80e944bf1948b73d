/**
 * The host-view channel against a stand-in host (a socket client speaking the
 * same lines): answers matched by number, an answer that comes after its
 * request gave up never taken for the next one, and every wait ended by its
 * time limit, an abort or close() — with the abort's own reason.
 */
import { connect, type Socket } from 'node:net';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { useTempDirs } from '../../test-support/temp-dirs.js';
import { HostViewChannel } from './host-view-channel.js';

const tempDir = useTempDirs();
const open: { channel: HostViewChannel; host?: Socket }[] = [];
afterEach(async () => {
  for (const o of open.splice(0)) {
    o.host?.destroy();
    await o.channel.close();
  }
});

/** A channel and a host connected to it; `requests` collects what the host received. */
async function pair(): Promise<{ channel: HostViewChannel; host: Socket; requests: string[] }> {
  const channel = await HostViewChannel.listen(join(tempDir('termprobe-host-view-'), 'screen.sock'));
  const host = connect(channel.path);
  const requests: string[] = [];
  host.setEncoding('utf8');
  host.on('data', (text: string) => requests.push(...text.split('\n').filter(Boolean)));
  open.push({ channel, host });
  host.write('hello\n');
  expect(await channel.connected(5000)).toBe('hello');
  return { channel, host, requests };
}

const until = async (cond: () => boolean) => {
  while (!cond()) await new Promise((resolve) => setTimeout(resolve, 5));
};

describe('HostViewChannel', () => {
  it('answers each request with the line that carries its number, whatever the order', async () => {
    const { channel, host, requests } = await pair();
    const first = channel.request(5000);
    const second = channel.request(5000);
    await until(() => requests.length === 2);
    host.write(`${requests[1]}\t{"lines":["two"]}\n${requests[0]}\t{"lines":["one"]}\n`);
    expect(await first).toBe('{"lines":["one"]}');
    expect(await second).toBe('{"lines":["two"]}');
  });

  it('drops an answer that came after its request gave up', async () => {
    const { channel, host, requests } = await pair();
    await expect(channel.request(30)).rejects.toMatchObject({ name: 'ScreenReadError', message: /did not answer a screen request within 0.03 s/ });
    const next = channel.request(5000);
    await until(() => requests.length === 2);
    host.write(`${requests[0]}\t"late"\n`);
    host.write(`${requests[1]}\t"current"\n`);
    expect(await next).toBe('"current"');
  });

  it('ends a wait on abort with the abort\'s reason, and on close', async () => {
    const { channel } = await pair();
    const controller = new AbortController();
    const waiting = channel.request(60_000, controller.signal);
    controller.abort(new Error('cancelled by the user'));
    await expect(waiting).rejects.toThrow('cancelled by the user');
    const pending = channel.request(60_000);
    await channel.close();
    await expect(pending).rejects.toMatchObject({ name: 'ScreenReadError' });
    expect(existsSync(channel.path)).toBe(false);
  });

  it('says when no host connected, and when the host went away', async () => {
    const lonely = await HostViewChannel.listen(join(tempDir('termprobe-host-view-'), 'screen.sock'));
    open.push({ channel: lonely });
    await expect(lonely.connected(30)).rejects.toThrow(/did not connect to .*screen\.sock within 0.03 s/);
    await expect(lonely.request(1000)).rejects.toThrow('the screen channel is not connected');
    const { channel, host } = await pair();
    const pending = channel.request(60_000);
    host.destroy();
    await expect(pending).rejects.toThrow('closed its screen channel');
  });
});
