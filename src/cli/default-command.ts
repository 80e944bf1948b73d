/**
 * `termprobe` with no command. In a terminal it probes that terminal (the `self`
 * target); without one (CI, a pipe) it says so in one line and runs the
 * embedded targets, so the command never fails for lack of a terminal.
 */
import { isTargetName } from '../targets/registry.js';
import { runCommand } from './run-command.js';

export async function defaultCommand(opts: { out?: string }): Promise<void> {
  const tty = process.stdin.isTTY && process.stdout.isTTY;
  if (tty && isTargetName('self')) {
    await runCommand({ target: ['self'], out: opts.out ?? '.' });
    return;
  }
  process.stderr.write(
    tty
      ? 'termprobe: probing your own terminal is not built yet; running the embedded emulators instead\n'
      : 'termprobe: no terminal on stdin/stdout, so running the embedded emulators (xterm.js, ghostty) instead\n',
  );
  await runCommand({ out: opts.out ?? 'results' });
}
