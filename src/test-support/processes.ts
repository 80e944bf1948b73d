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
