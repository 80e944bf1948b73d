/**
 * The processes of a GUI or hosted session, found by the session's marker
 * (marked-processes.ts): each the terminal's own, or the harness's — the display
 * (Xvfb), the compositor (weston and its helper clients), the session bus
 * (dbus-run-session and its daemon), the relay (its sh and cats), the pty a
 * hosted program runs in (util-linux script) and the read-back's helpers — by
 * its program's name (argv[0] in /proc/PID/cmdline). Whatever else carries the
 * marker was started by the terminal or on its behalf (gnome-terminal-server, a
 * D-Bus activated service, EFL's efreetd, mosh-server): the terminal's own.
 */
import { readFileSync } from 'node:fs';
import type { SessionProcess } from '../target.js';
import { markedProcesses } from './marked-processes.js';

export const HARNESS_PROGRAMS: ReadonlySet<string> = new Set(['Xvfb', 'dbus-run-session', 'dbus-daemon', 'sh', 'cat', 'xdotool', 'script']);

const isHarness = (name: string) => HARNESS_PROGRAMS.has(name) || name === 'weston' || name.startsWith('weston-');

/**
 * A process's program name: the last part of its argv[0] (a server may rewrite its argv: "tmux: server"), else the
 * kernel's short name (comm, cut to 15 characters); undefined when it is gone.
 */
export function processName(pid: number): string | undefined {
  try {
    const argv0 = readFileSync(`/proc/${pid}/cmdline`, 'latin1').split('\0')[0] ?? '';
    if (argv0 !== '') return argv0.slice(argv0.lastIndexOf('/') + 1);
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return undefined;
  }
}

export function markedSessionProcesses(marker: string): SessionProcess[] {
  const out: SessionProcess[] = [];
  for (const pid of markedProcesses(marker)) {
    const name = processName(pid);
    if (name !== undefined) out.push({ pid, own: !isHarness(name) });
  }
  return out;
}
