/**
 * Processes a GUI target starts: each in its own process group (so one signal
 * reaches the program and whatever it forked), and each carrying a marker in its
 * environment, so anything that escaped the group (a D-Bus-activated server, a
 * daemon that called setsid) is still found in /proc and ended.
 */
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** The environment variable every process of one GUI session inherits. */
export const MARKER_VAR = 'TERMPROBE_GUI_SESSION';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Running, not a zombie (init may reap zombies late; they hold nothing). */
export function isRunning(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) [ZX]/s.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

function send(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // gone already, or not ours
  }
}

/** Signal a child's process group (it leads one: spawned detached). */
export function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid !== undefined) send(-child.pid, signal);
}

/**
 * End a client's process group (script(1) and the program it runs) that ends by itself once its input closes: stdin
 * closed, SIGTERM to the group after termAfterMs, SIGKILL 1 s after that; resolves once the leader has exited.
 */
export async function endClientGroup(child: ChildProcess, termAfterMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.stdin?.end();
  const term = setTimeout(() => signalGroup(child, 'SIGTERM'), termAfterMs);
  const kill = setTimeout(() => signalGroup(child, 'SIGKILL'), termAfterMs + 1000);
  await gone;
  clearTimeout(term);
  clearTimeout(kill);
}

/** Start a program as the leader of a new process group. */
export function spawnGroup(program: string, args: string[], env: NodeJS.ProcessEnv, stdio: StdioOptions = 'ignore'): ChildProcess {
  const child = spawn(program, args, { env, stdio, detached: true });
  child.on('error', () => undefined); // reported through exit / the caller's checks
  return child;
}

/** Pids of running processes whose environment holds MARKER_VAR=marker (or `variable`=marker). */
export function markedProcesses(marker: string, variable = MARKER_VAR): number[] {
  const needle = `${variable}=${marker}\0`;
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    if (pid === process.pid) continue;
    try {
      if (`${readFileSync(`/proc/${entry}/environ`, 'latin1')}\0`.includes(needle) && isRunning(pid)) found.push(pid);
    } catch {
      // ended meanwhile, or not readable
    }
  }
  return found;
}

/**
 * End a process group: SIGTERM, then SIGKILL for whatever still runs after
 * graceMs. Resolves once the leader and every marked process are gone (or after
 * a last SIGKILL round).
 */
export async function stopGroup(child: ChildProcess | undefined, graceMs = 1000): Promise<void> {
  const pid = child?.pid;
  if (pid === undefined) return;
  const groupAlive = () => groupHasRunning(pid);
  if (!groupAlive()) return;
  send(-pid, 'SIGTERM');
  send(-pid, 'SIGCONT');
  for (let waited = 0; waited < graceMs && groupAlive(); waited += 20) await sleep(20);
  if (groupAlive()) {
    send(-pid, 'SIGKILL');
    for (let i = 0; i < 50 && groupAlive(); i++) await sleep(20);
  }
}

/** Whether any non-zombie process is still in process group pgid. */
function groupHasRunning(pgid: number): boolean {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after "(comm)": state ppid pgrp …
      const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(rest[2]) === pgid && rest[0] !== 'Z' && rest[0] !== 'X') return true;
    } catch {
      // ended meanwhile
    }
  }
  return false;
}

/** End every process still carrying the marker: SIGTERM, a short wait, then SIGKILL, until none is left. */
export async function sweepMarked(marker: string, graceMs = 500, variable = MARKER_VAR): Promise<number[]> {
  const first = markedProcesses(marker, variable);
  if (first.length === 0) return [];
  for (const pid of first) send(pid, 'SIGTERM');
  let left = first;
  for (let waited = 0; waited < graceMs && left.length > 0; waited += 20) {
    await sleep(20);
    left = markedProcesses(marker, variable);
  }
  for (const pid of left) send(pid, 'SIGKILL');
  // One found now was forked after the first scan (script(1)'s child on its way to exec `screen -x`): ended as well,
  // or it outlives the sweep (and a screen client makes its SCREENDIR again). A killed process forks no more.
  for (let i = 0; i < 50; i++) {
    const still = markedProcesses(marker, variable);
    if (still.length === 0) break;
    for (const pid of still) send(pid, 'SIGKILL');
    await sleep(20);
  }
  return first;
}

/** Resolves when the child exits (at once if it already has). */
export function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}
