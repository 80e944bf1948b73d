/** Processes a test's GUI sessions may leave behind if their cleanup failed. */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { MARKER_VAR } from '../targets/common/marked-processes.js';

/** Programs the GUI tests' runs start (ps's 15-character names). */
const WATCHED = new Set(['Xvfb', 'weston', 'weston-keyboard', 'weston-desktop-', 'dbus-daemon', 'dbus-run-sessio', 'xterm', 'kitty', 'foot', 'xfce4-terminal', 'gnome-terminal', 'gnome-terminal-', 'konsole', 'qterminal', 'cool-retro-term', 'cool-retro-te', 'cat', 'sh', 'script']);

/**
 * Live processes (per `ps`) started by this test process's GUI sessions: a
 * watched name and this process's pid in the session marker of its environment.
 */
export function guiLeftovers(): string[] {
  const prefix = `${MARKER_VAR}=${process.pid}-`;
  const ps = execFileSync('ps', ['-eo', 'pid=,stat=,comm='], { encoding: 'utf8' });
  const found: string[] = [];
  for (const line of ps.trim().split('\n')) {
    const [pid, stat, comm] = line.trim().split(/\s+/, 3) as [string, string, string];
    if (stat.startsWith('Z') || !WATCHED.has(comm)) continue;
    try {
      if (readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0').some((v) => v.startsWith(prefix))) found.push(`${pid} ${comm}`);
    } catch {
      // ended meanwhile
    }
  }
  return found;
}
