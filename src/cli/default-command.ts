/**
 * `termprobe` with no command. In a terminal it probes that terminal (the `self`
 * target, see self-command.ts); without one (CI, a pipe) it says so in one line
 * and runs the embedded targets, so the command never fails for lack of a
 * terminal. Only stdin needs to be the terminal: the report (or the results,
 * with --json) goes to stdout, wherever it points, and the terminal is reached
 * through /dev/tty.
 * Either way results go to termprobe-results/ (or --out), and the path is printed.
 */
import { isatty } from 'node:tty';
import { EMBEDDED_TARGETS } from '../targets/registry.js';
import { outFile, requireFolderFor, type OutPath } from './options/out-option.js';
import { OWN_RESULTS_DIR } from './results-dirs.js';
import type { SelfOptions } from './self-command.js';

/** Differences the report without a terminal lists (issue 26: a short summary and the 20 most telling). */
const TELLING = 20;

export async function defaultCommand(opts: SelfOptions): Promise<void> {
  // A terminal on stdin is the one to probe (through /dev/tty), wherever stdout goes: `termprobe > report.txt`
  // typed in a terminal probes that terminal and writes its report to the file, saying so on the terminal.
  if (isatty(0)) {
    if (!isatty(1) && opts.json !== true) process.stderr.write('termprobe: probing this terminal; stdout is not one, so the report goes there\n');
    await (await import('./self-command.js')).selfCommand(opts);
    return;
  }
  const out: OutPath = opts.out ?? { kind: 'dir', path: OWN_RESULTS_DIR };
  requireFolderFor(out, EMBEDDED_TARGETS.length, `the run without a terminal (${EMBEDDED_TARGETS.join(', ')})`);
  // A reference file is read (and checked) before anything runs; it joins the table. The embedded ones are run anyway.
  const reference = opts.reference?.kind === 'file' ? [(await import('../results/read-results.js')).readResults(opts.reference.path)] : [];
  process.stderr.write(`termprobe: no terminal on stdin/stdout, so running the embedded emulators (${EMBEDDED_TARGETS.join(', ')}) instead\n`);
  // Imported here, not above: the run command's modules (tables, every target) are a third of the heap, and the self path needs none of them.
  const { runCommand } = await import('./run-command.js');
  // The 20 most telling differences (--all: every one), the summary and the next command first.
  const runs = await runCommand({ out, ...(opts.window ? { window: opts.window } : {}), ...(opts.json ? { quiet: true } : {}), alsoCompare: reference, width: opts.width, ...(opts.all ? {} : { limit: TELLING, allOption: '--all' }) });
  if (!opts.json) return;
  process.stdout.write(JSON.stringify(runs, null, 2) + '\n');
  // Quiet about progress under --json, but never about where the files went.
  const { resultsFileFor } = await import('../results/write-results.js');
  for (const r of runs) process.stderr.write(`termprobe: results saved to ${outFile(out, resultsFileFor(r))}\n`);
}
