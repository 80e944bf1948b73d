/**
 * Whether a GUI terminal is back in its event loop, from /proc: the main thread of each of its processes asleep in
 * poll(2), select(2) or epoll_wait(2). An X client sends the requests it buffered while it handled events (a menu it
 * mapped on a button press) before it goes to sleep there: xterm 379's in_put flushes "before waiting" (charproc.c),
 * Xlib's event reads do not. The marker after an event is written while the terminal is still handling events, so it
 * can reach termprobe before the X server has the map: waited for here instead, then one round trip to the server.
 *
 * A thread that waits for one X reply sleeps in poll(2) too: libxcb's xcb_wait_for_reply polls its one connection
 * (alacritty 0.11.0's x11-clipboard store makes two round trips while it handles a drag). A poll on a single file
 * is not taken for the event loop: every terminal's loop waits on its X connection and its pty at least (and
 * glib's and Qt's on a wake-up file besides), read from /proc/PID/syscall where the kernel shows it.
 */
import { readFileSync } from 'node:fs';
import { pastLimit } from '../../util/cpu-wait.js';

/** The kernel functions a thread waits in inside poll, select and epoll_wait (/proc/PID/wchan; names vary by version). */
const IN_POLL = /poll|select/;

/** How often the wait looks again (ms). */
const LOOK_MS = 1;

/** The numbers of poll(2) and ppoll(2), whose second argument is the number of files polled, by architecture. */
const POLL_SYSCALLS: Partial<Record<string, readonly number[]>> = { x64: [7, 271], arm64: [73] };

/** Where the process's main thread is: 'loop' asleep in poll (on more than one file), select or epoll_wait, 'asleep'
 * elsewhere, 'running' (or ready to), undefined when it is gone. */
export function mainThreadState(pid: number): 'loop' | 'asleep' | 'running' | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    // The state follows the command name, which is in parentheses and may hold any character.
    const state = stat[stat.lastIndexOf(')') + 2];
    if (state !== 'S' && state !== 'D') return 'running';
    if (!IN_POLL.test(readFileSync(`/proc/${pid}/wchan`, 'latin1'))) return 'asleep';
    return pollsOneFile(pid) ? 'asleep' : 'loop';
  } catch {
    return undefined;
  }
}

/**
 * Whether the thread sleeps in poll or ppoll on a single file (a wait for one reply), from /proc/PID/syscall: the
 * call's number, then its arguments in hex. False where that cannot be read (the call ended meanwhile, "running";
 * a kernel without it; another architecture).
 */
function pollsOneFile(pid: number): boolean {
  const calls = POLL_SYSCALLS[process.arch];
  if (!calls) return false;
  let fields: string[];
  try {
    fields = readFileSync(`/proc/${pid}/syscall`, 'latin1').trim().split(' ');
  } catch {
    return false;
  }
  return calls.includes(Number(fields[0])) && Number(fields[2]) === 1;
}

/**
 * Resolves true once, at one look, the terminal's processes (`pids`) all sleep and one of them in its event loop: the
 * others are helpers that wait for it in a read (urxvt's and pterm's second process, which keep the utmp entry), false
 * after `limitMs` (a terminal that never sleeps there: it draws all the time) or at once with no pid to look at.
 * `lost`: time (ms) not counted against the limit, the processes' own wait for a CPU (a loaded machine is no busy
 * terminal: on two cores at a load of 23, a process ready to run waited 85 ms for one).
 */
export async function untilInEventLoop(pids: readonly number[], limitMs: number, signal?: AbortSignal, lost?: () => number): Promise<boolean> {
  const t0 = performance.now();
  for (;;) {
    const states = pids.map(mainThreadState).filter((s) => s !== undefined);
    if (states.length === 0) return false;
    if (states.includes('loop') && !states.includes('running')) return true;
    if (signal?.aborted || pastLimit(performance.now() - t0, limitMs, lost)) return false;
    await new Promise((resolve) => setTimeout(resolve, LOOK_MS));
  }
}
