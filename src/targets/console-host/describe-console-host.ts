/**
 * What the conpty target knows of itself without asking the console: conhost.exe
 * ships with Windows and is updated with it, so the Windows version (with the
 * update revision `ver` shows) names the console host's version; and how the
 * console was set up for the run, so it can be repeated.
 */
import { release } from 'node:os';
import type { Description } from '../common/fifo-relay.js';
import { commandLine } from '../common/program-version.js';
import { nodePtyVersion } from './pseudo-console.js';
import { parseVerLine } from './windows-build.js';

/** conhost, at the Windows version `ver` names, else os.release(). */
export async function consoleHostIdentity(): Promise<Pick<Description, 'name' | 'version' | 'identifiedBy' | 'chain'>> {
  const line = await commandLine('cmd.exe', ['/d', '/c', 'ver']);
  const version = parseVerLine(line);
  if (version) return { name: 'conhost', version, identifiedBy: 'command', chain: { command: line! } };
  return { name: 'conhost', version: release(), identifiedBy: 'command', chain: { command: `os.release() ${release()}` } };
}

export async function describeConsoleHost(cols: number, rows: number, cornerAnswer: string): Promise<Description> {
  const identity = await consoleHostIdentity();
  return {
    ...identity,
    engine: { name: 'conhost', version: identity.version, source: `conhost.exe of Windows ${identity.version}, in ConPTY mode` },
    settings: {
      cols,
      rows,
      options: {
        console: `ConPTY through node-pty ${nodePtyVersion() ?? '(unknown version)'} (the system's conhost.exe, not a bundled OpenConsole)`,
        relay: 'node console-relay.js in the console: bytes written with WriteFile (fs.writeSync) after chcp 65001, replies read in raw mode (libuv), both over 127.0.0.1 TCP with a one-time token',
        'console-modes': 'ENABLE_VIRTUAL_TERMINAL_PROCESSING set (libuv does, for a console stdout); DISABLE_NEWLINE_AUTO_RETURN left at its default, unset',
        screen: 'the VT stream the console renders for its host, replayed into xterm.js (Unicode 11 widths), read once the window title set after the probe comes out of it',
        'size-check': `CPR after CUP 999;999 answered ${cornerAnswer}`,
      },
    },
  };
}
