/**
 * The X window of the terminal termprobe runs in: $WINDOWID where the terminal
 * sets it (xterm, urxvt, st, kitty, alacritty), else a window whose
 * _NET_WM_PID is one of this process's ancestors (the terminal that started
 * the shell that started termprobe; GTK and Qt terminals set it). Read-only:
 * nothing on the display is touched.
 */
import { readFileSync } from 'node:fs';
import { X11Client } from '../gui/x11-client.js';
import { getProperty, internAtom, isViewable, queryChildren } from '../gui/x11-requests.js';

/** This process's ancestors, nearest first (Linux /proc); empty where that is not readable. */
export function ancestorPids(pid = process.pid): number[] {
  const out: number[] = [];
  for (let at = pid; at > 1 && out.length < 64; ) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${at}/stat`, 'utf8');
    } catch {
      break;
    }
    // pid (comm) state ppid …: comm may hold spaces and parentheses, so count from the last ')'.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (!Number.isInteger(ppid) || ppid <= 1) break;
    out.push(ppid);
    at = ppid;
  }
  return out;
}

export type FoundWindow = { id: number; how: string } | { reason: string };

/** The window, and how it was found; or why there is none. */
export async function findOwnWindow(env: NodeJS.ProcessEnv, signal: AbortSignal): Promise<FoundWindow> {
  const display = env['DISPLAY'];
  if (!display) return { reason: 'no X display ($DISPLAY is not set)' };
  const fromEnv = Number(env['WINDOWID']);
  if (Number.isInteger(fromEnv) && fromEnv > 0) return { id: fromEnv, how: '$WINDOWID' };
  let x: X11Client;
  try {
    x = await X11Client.open(display, signal);
  } catch (error) {
    return { reason: `the X display ${display} cannot be opened (${error instanceof Error ? error.message : String(error)})` };
  }
  try {
    const pids = new Set(ancestorPids());
    const wmPid = await internAtom(x, '_NET_WM_PID');
    // Top-level windows and, under a window manager, the clients its frames hold.
    const queue = (await queryChildren(x, x.setup.root)).map((id) => ({ id, depth: 0 }));
    while (queue.length > 0) {
      const { id, depth } = queue.shift()!;
      const prop = await getProperty(x, id, wmPid, false, 4).catch(() => undefined);
      if (prop && prop.format === 32 && prop.data.length >= 4 && pids.has(prop.data.readUInt32LE(0)) && (await isViewable(x, id).catch(() => false))) {
        return { id, how: `_NET_WM_PID ${prop.data.readUInt32LE(0)} (an ancestor of this process)` };
      }
      if (depth < 2) for (const child of await queryChildren(x, id).catch(() => [])) queue.push({ id: child, depth: depth + 1 });
    }
    return { reason: `no window on ${display} names this process's terminal: $WINDOWID is not set and no window's _NET_WM_PID is an ancestor of this process` };
  } finally {
    x.close();
  }
}
