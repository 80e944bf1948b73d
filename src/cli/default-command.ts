/**
 * `termprobe` with no command. In a terminal it probes that terminal (the `self`
 * target, see self-command.ts); without one (CI, a pipe) it says so in one line
 * and runs the embedded targets, so the command never fails for lack of a
 * terminal. With --json only stdin needs to be the terminal: the results go to
 * stdout, wherever it points, and the terminal is reached through /dev/tty.
 */
import { isatty } from 'node:tty';
import type { SelfOptions } from './self-command.js';

export async function defaultCommand(opts: SelfOptions): Promise<void> {
  if (isatty(0) && (isatty(1) || opts.json === true)) {
    await (await import('./self-command.js')).selfCommand(opts);
    return;
  }
  process.stderr.write('termprobe: no terminal on stdin/stdout, so running the embedded emulators (xterm.js, ghostty) instead\n');
  // Not results/: in a clone of termprobe that folder holds the published runs, and a quick try must not rewrite them.
  // Imported here, not above: the run command's modules (tables, every target) are a third of the heap, and the self path needs none of them.
  const { runCommand } = await import('./run-command.js');
  const runs = await runCommand({ out: opts.out ?? 'termprobe-results', ...(opts.json ? { quiet: true } : {}) });
  if (opts.json) process.stdout.write(JSON.stringify(runs, null, 2) + '\n');
}
