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

/**
 * For `termprobe site`: TurboFan without inlining. The build runs hundreds of functions a few thousand times
 * each (classifying 31,000 cells, rendering 5,600 files) beside a few hot loops (the Unicode verdicts'), so
 * the baseline tier alone would slow those loops threefold (the Unicode thread took 3.2 s of CPU instead of
 * 0.9 s), while TurboFan as it is spent 2.0-2.5 s of CPU compiling on background threads: with inlining, one
 * function's compile pulls in all it calls (unicodeVerdict 1.35 s in ten compiles, unmetFields 0.54 s in four,
 * by `node --trace-opt`), and on 2 cores that work takes turns with the page-making thread. Without it, the
 * process used 4.1-4.3 s of CPU instead of 5.2-5.4 s, and took 2.9-3.0 s instead of 3.3-3.7 s (three builds
 * each, alternated, load 3.7-4.0); the page-making thread's own CPU fell as well (1.7 s against 1.8-2.0 s).
 * A function is also optimised only after four times the default interrupt budget (V8 11's 67,584 bytes of
 * bytecode run): that leaves the lukewarm functions to the baseline tier, 573 -> 277 TurboFan compiles; the
 * compiling threads used 0.8-0.9 s of CPU instead of 1.4 s, the page-making and Unicode threads as much as
 * before (1.86-1.87 s, 0.77-0.79 s; two builds each, load 5.5-6).
 * The flags are the process's: the build's worker threads (the writer, the Unicode verdicts) get the same.
 */
export function optimiseWithoutInlining(): void {
  setFlagsFromString('--no-turbo-inlining');
  setFlagsFromString(`--interrupt-budget=${4 * 67_584}`);
}
