/**
 * Show a report through a pager when it is longer than the screen: only when
 * stdin and stdout are both a terminal (a pipe, a file or CI never waits on
 * one: not with $CI set, nor on TERM=dumb), unless --no-pager. $PAGER when set (run by the shell, as git does),
 * else `less -R -F -X` (colours kept, quits at once if the text fits, leaves it
 * on the screen). A pager that cannot start means printing the text instead.
 */
import { spawn } from 'node:child_process';
import { isatty } from 'node:tty';

export interface PageOptions {
  /** false with --no-pager. */
  pager: boolean;
}

function rowsNeeded(text: string, columns: number): number {
  let n = 0;
  for (const line of text.split('\n')) n += Math.max(1, Math.ceil([...line].length / columns));
  return n - 1;
}

export function wantsPager(text: string, opts: PageOptions): boolean {
  if (!opts.pager || !isatty(0) || !isatty(1) || process.env['CI'] || process.env['TERM'] === 'dumb') return false;
  const { rows, columns } = process.stdout;
  return rows !== undefined && columns !== undefined && rowsNeeded(text, columns) > rows - 1;
}

export async function pageOut(text: string, opts: PageOptions): Promise<void> {
  if (!wantsPager(text, opts)) {
    process.stdout.write(text);
    return;
  }
  const command = process.env['PAGER']?.trim();
  const child = command ? spawn(command, { shell: true, stdio: ['pipe', 'inherit', 'inherit'] }) : spawn('less', ['-R', '-F', '-X'], { stdio: ['pipe', 'inherit', 'inherit'] });
  // The pager owns Ctrl-C while it runs (less ignores it; node would otherwise die under it).
  const ignore = () => {};
  process.on('SIGINT', ignore);
  try {
    const shown = await new Promise<boolean>((resolve) => {
      child.on('error', () => resolve(false));
      child.on('close', (code) => resolve(code !== 127)); // 127: the shell found no such pager
      child.stdin.on('error', () => undefined); // the user quit before reading it all
      child.stdin.end(text);
    });
    if (!shown) process.stdout.write(text);
  } finally {
    process.off('SIGINT', ignore);
  }
}
