/**
 * kitty's remote control, spoken directly over its unix socket (no `kitty @`
 * process per read: that costs a Python start-up each time). One request, one
 * JSON reply, both framed as DCS @kitty-cmd … ST.
 */
import { connect } from 'node:net';

const INTRO = '\x1bP@kitty-cmd';
const ST = '\x1b\\';

export class KittyRemoteError extends Error {
  override name = 'KittyRemoteError';
}

/** Send one command and resolve with the reply's data. */
export function kittyCommand(socketPath: string, version: [number, number, number], cmd: string, payload: Record<string, unknown>, timeoutMs = 5000): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const socket = connect(socketPath);
    let text = '';
    const timer = setTimeout(() => done(new KittyRemoteError(`kitty did not answer "${cmd}" within ${timeoutMs} ms`)), timeoutMs);
    const done = (result: Error | { data: unknown }) => {
      clearTimeout(timer);
      socket.destroy();
      if (result instanceof Error) reject(result);
      else resolve(result.data);
    };
    socket.on('error', (error) => done(new KittyRemoteError(`kitty remote control (${socketPath}): ${error.message}`)));
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const start = text.indexOf(INTRO);
      const end = text.indexOf(ST, start + INTRO.length);
      if (start < 0 || end < 0) return;
      try {
        const reply = JSON.parse(text.slice(start + INTRO.length, end)) as { ok?: boolean; data?: unknown; error?: string };
        done(reply.ok ? { data: reply.data } : new KittyRemoteError(`kitty refused "${cmd}": ${reply.error ?? 'no reason given'}`));
      } catch (error) {
        done(new KittyRemoteError(`kitty's reply to "${cmd}" is not JSON: ${(error as Error).message}`));
      }
    });
    socket.write(`${INTRO}${JSON.stringify({ cmd, version, no_response: false, payload })}${ST}`);
  });
}

/** The visible screen's text, one string per row (kitty trims trailing blanks). */
export async function kittyScreenText(socketPath: string, version: [number, number, number]): Promise<string[]> {
  const data = await kittyCommand(socketPath, version, 'get-text', { extent: 'screen', ansi: false });
  if (typeof data !== 'string') throw new KittyRemoteError('kitty answered get-text without text');
  return data.replace(/\n$/, '').split('\n');
}

/** "0.26.5" → [0, 26, 5] (missing parts are 0). */
export function kittyVersionTriple(version: string): [number, number, number] {
  const parts = version.split('.').map((p) => Number.parseInt(p, 10));
  return [parts[0] || 0, parts[1] || 0, parts[2] || 0];
}
