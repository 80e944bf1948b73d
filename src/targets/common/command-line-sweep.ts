/**
 * The last sweep of a session: processes whose command line names one of its
 * private paths (a relay script in a folder nobody else knows). A multiplexer's
 * window child that had forked but not yet run the relay still carries its
 * parent's command line, which names the script too; when the session's
 * processes have been asked to end, whatever is left of these is killed.
 */
import { readdirSync, readFileSync } from 'node:fs';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function pidsNaming(text: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      if (/^\d+ \(.*\) [ZX]/s.test(readFileSync(`/proc/${entry}/stat`, 'utf8'))) continue;
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(text)) found.push(Number(entry));
    } catch {
      // ended meanwhile, or not ours to read
    }
  }
  return found;
}

/** SIGKILL every process naming `text`, and wait (up to half a second) until none is left. */
export async function killNaming(text: string): Promise<void> {
  for (let round = 0; round < 50; round++) {
    const left = pidsNaming(text);
    if (left.length === 0) return;
    for (const pid of left) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone already
      }
    }
    await sleep(10);
  }
}
