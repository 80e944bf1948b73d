/**
 * The Windows console host (conhost.exe) as a target, through ConPTY: the relay
 * runs in a pseudo-console node-pty opens, so conhost's VT engine interprets the
 * probes and answers the queries, and its rendered output shows its screen (see
 * console-host-session.ts). Windows only: elsewhere it says why it cannot run.
 */
import { release } from 'node:os';
import type { OpenOptions, TargetFactory } from '../target.js';
import { validateTargetOptions } from '../target-options.js';
import { startOrClose } from '../target-start-error.js';
import { ConsoleHostSession, NAME, type ConsoleHostParts } from './console-host-session.js';
import { nodePtyVersion, spawnConPty } from './pseudo-console.js';
import { RelayLink } from './relay-link.js';
import { RenderedScreen } from './rendered-screen.js';
import { conptyAvailability } from './windows-build.js';

/** Open a session; the parts say how the console is started (tests play the console on a Unix pty). */
export async function openConsoleHost(opts: OpenOptions, parts: ConsoleHostParts): Promise<ConsoleHostSession> {
  validateTargetOptions(NAME, opts.options, {});
  if (opts.signal?.aborted) throw opts.signal.reason ?? new Error(`${NAME}: the run was cancelled before the console started`);
  const link = await RelayLink.listen();
  const session = new ConsoleHostSession(link, new RenderedScreen(opts.cols, opts.rows), opts.cols, opts.rows, parts, opts.signal);
  return startOrClose(session, opts.signal);
}

export const conptyTarget: TargetFactory = {
  name: NAME,
  kind: 'console-host',
  platforms: ['win32'],
  description: "the Windows console host (conhost.exe) through ConPTY (node-pty): a relay in the console, its screen from the VT stream it renders",
  available: async () => conptyAvailability(process.platform, release(), nodePtyVersion()),
  open: (opts) => openConsoleHost(opts, { spawn: spawnConPty }),
};
