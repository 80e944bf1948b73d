/** Live processes (zombies excluded) whose command line contains a text: for "nothing is left running" checks. */
import { readdirSync, readFileSync } from 'node:fs';

export interface ProcessInfo {
  pid: number;
  cmd: string;
}

export function processesMatching(text: string): ProcessInfo[] {
  const found: ProcessInfo[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (/^\d+ \(.*\) [ZX]/s.test(stat)) continue;
      const cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' ').trim();
      if (cmd.includes(text)) found.push({ pid: Number(entry), cmd });
    } catch {
      // ended while we looked
    }
  }
  return found;
}

/**
 * Live processes started, directly or not, by a run that had `TMPDIR=tmp` (and,
 * for GUI sessions, whose environment is built from nothing, the marker
 * `TERMPROBE_GUI_SESSION=<cliPid>-…`), or whose command line names that folder.
 */
export function processesOfRun(tmp: string, cliPid: number): ProcessInfo[] {
  const needles = [`\0TMPDIR=${tmp}\0`, `\0TERMPROBE_GUI_SESSION=${cliPid}-`];
  const found: ProcessInfo[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (/^\d+ \(.*\) [ZX]/s.test(stat)) continue;
      const env = `\0${readFileSync(`/proc/${entry}/environ`, 'latin1')}`;
      const cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' ').trim();
      if (needles.some((n) => env.includes(n)) || cmd.includes(tmp)) found.push({ pid: Number(entry), cmd });
    } catch {
      // ended while we looked
    }
  }
  return found;
}
