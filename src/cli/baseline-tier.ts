/**
 * For a command that runs once over many small functions and exits, such as `compare`: V8's baseline
 * compiler (Sparkplug) only, no optimising compiler (TurboFan).
 *
 * compare of the 28 published files calls its cell functions ~31,000 times each, once, then exits.
 * TurboFan compiled some 150 of them on background threads (`node --trace-opt`), and in a process of
 * about a second that work never paid back: with it off, the process used 1.03-1.11 s of CPU instead of
 * 1.56-1.66 s, and its wall time fell by a third on the shared 2-core machine (load 20-23; commit
 * message for the figures). Commands with a hot loop keep TurboFan: `run --target xterm.js` took
 * 0.70-0.75 s of CPU without it, 0.52-0.56 s with it.
 *
 * Set once the VM runs (node:v8 setFlagsFromString): it changes which tier later functions reach, never
 * what they compute. Node's documentation warns that a flag set late may do nothing; this one was
 * measured to take effect on Node 20.20. An embedder that calls compareCommand in-process is not
 * affected: only the CLI's action sets it.
 */
import { setFlagsFromString } from 'node:v8';

export function baselineTierOnly(): void {
  setFlagsFromString('--max-opt=1');
}
