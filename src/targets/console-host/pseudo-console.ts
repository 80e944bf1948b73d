/**
 * The pseudo-console the relay runs in. In production it is node-pty's: on
 * Windows a ConPTY, whose console host is the system's own conhost.exe
 * (useConptyDll false; node-pty would fall back to winpty below build 18309,
 * which availability rules out). The session needs only this narrow view of it,
 * so a test can hand one that plays the console on a Unix pty.
 */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { IPty } from 'node-pty';

export interface PseudoConsole {
  /** The process in the console: the relay. */
  readonly pid: number;
  /** What the console renders for its host (a VT stream): strings on Windows, bytes on Unix. */
  onData(listener: (data: string | Uint8Array) => void): unknown;
  onExit(listener: (event: { exitCode: number; signal?: number }) => void): unknown;
  /** Close the console and end the processes in it. */
  kill(): void;
}

export interface ConsoleSpawnOptions {
  cols: number;
  rows: number;
  env: Record<string, string>;
}

export type SpawnConsole = (file: string, args: readonly string[], opts: ConsoleSpawnOptions) => PseudoConsole;

/** The relay program, compiled: the same path from src/ (tests) and dist/. */
export const RELAY_PATH = fileURLToPath(new URL('../../../dist/targets/console-host/console-relay.js', import.meta.url));

const require = createRequire(import.meta.url);

/** node-pty's version, or undefined when it is not installed (it is a dev dependency). */
export function nodePtyVersion(): string | undefined {
  try {
    return (require('node-pty/package.json') as { version: string }).version;
  } catch {
    return undefined;
  }
}

/** node-pty's pseudo-console (a SpawnConsole): ConPTY with the inbox conhost on Windows, a pty elsewhere. */
export function spawnConPty(file: string, args: readonly string[], { cols, rows, env }: ConsoleSpawnOptions): IPty {
  const { spawn } = require('node-pty') as typeof import('node-pty');
  const pty = spawn(file, [...args], { cols, rows, env, encoding: null, useConpty: true, useConptyDll: false });
  // node-pty rethrows an error of the console's pipe (other than EIO) when nobody else listens for it;
  // the session learns that the console ended from onExit and from the relay's connection.
  (pty as unknown as { on(event: 'error', listener: () => void): void }).on('error', () => undefined);
  return pty;
}
