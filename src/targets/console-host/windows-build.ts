/** Which Windows build this is, what `ver` says of it, and whether ConPTY can run here at all. */
import type { Availability } from '../target.js';

/** node-pty uses ConPTY from this build on and winpty below it (node-pty 1.1.0, lib/windowsPtyAgent.js). */
export const FIRST_CONPTY_BUILD = 18309;

/** "10.0.20348" (os.release() on Windows) → 20348. */
export function windowsBuild(osRelease: string): number | undefined {
  const build = Number(/^\d+\.\d+\.(\d+)/.exec(osRelease)?.[1]);
  return Number.isInteger(build) ? build : undefined;
}

/** "Microsoft Windows [Version 10.0.20348.2582]" (cmd's `ver`) → "10.0.20348.2582". */
export function parseVerLine(line: string | undefined): string | undefined {
  return /\[Version (\d+\.\d+\.\d+(?:\.\d+)?)\]/.exec(line ?? '')?.[1];
}

export function conptyAvailability(platform: string, osRelease: string, nodePty: string | undefined): Availability {
  if (platform !== 'win32') return { ok: false, reason: `ConPTY is Windows' pseudo-console; this is ${platform}` };
  const build = windowsBuild(osRelease);
  if (build === undefined || build < FIRST_CONPTY_BUILD) {
    return { ok: false, reason: `node-pty drives ConPTY from Windows build ${FIRST_CONPTY_BUILD} on (winpty below it); this is ${osRelease}` };
  }
  if (!nodePty) return { ok: false, reason: 'node-pty is not installed', install: 'npm install node-pty' };
  return { ok: true };
}
