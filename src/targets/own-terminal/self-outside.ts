/**
 * What a probe changes outside the screen, found by parsing its bytes (send,
 * then cleanup): palette entries (OSC 4 sets, OSC 104 resets; OSC 104 alone
 * resets all 256), the dynamic colours 10–19 (OSC 10–19, chained values going
 * on to the next number; OSC 110–119 reset), the window title and icon title
 * (OSC 0/1/2, and popping the title stack, CSI 23 t), and the kitty keyboard
 * flags (CSI > u, CSI < u, CSI = u). In the user's terminal these are asked
 * before the run and set back afterwards (self-restore.ts). Some changes no
 * restoration can undo: the font (OSC 50), the clipboard (OSC 52), the special
 * colours (OSC 5/105, OSC 4 beyond 255), and pops of the title stack below what
 * the probe pushed (they would drop titles other programs saved there).
 *
 * An OSC cut short (by CAN, SUB, another escape sequence, or the end of the
 * bytes) counts as applied: terminals differ there, and that is what the
 * parser probes measure.
 *
 * An APC string (in the probe's bytes or its queries', e.g. the kitty graphics
 * query) is noted apart: tmux sets the pane title from it (tmux 3.3a input.c,
 * input_exit_apc) and GNU screen the window's hardstatus (screen manual, 10.8
 * Hardstatus: APC, and OSC 0–2 as well), while a terminal ignores it or reads it
 * as a graphics command; self-outside-state.ts counts it as a title change
 * inside those multiplexers only.
 */
import type { Probe } from '../../corpus/probe-schema.js';
import { allQueries } from '../../corpus/probe-steps.js';
import { querySpec } from '../../corpus/queries.js';
import { parseReplies } from '../../protocol/reply-parser.js';
import type { ReplyEvent } from '../../protocol/reply-events.js';
import { probeBytes } from './self-modes.js';

export interface OutsideChanges {
  /** Palette indices 0–255 set or reset. */
  palette: ReadonlySet<number>;
  /** Dynamic colours 10–19 set or reset. */
  dynamic: ReadonlySet<number>;
  title: boolean;
  icon: boolean;
  keyboard: boolean;
  /** An APC string goes out (a title change in tmux and GNU screen). */
  apc: boolean;
  /** What no restoration can put back, as a reason ("it changes your font (OSC 50)"). */
  unrestorable?: string;
}

export const PALETTE_SIZE = 256;
const ALL_PALETTE = Array.from({ length: PALETTE_SIZE }, (_, i) => i);

/** Commands whose change is never put back, and what they change. */
const UNRESTORABLE: Readonly<Record<number, string>> = {
  5: 'special colours (OSC 5)',
  105: 'special colours (OSC 105)',
  50: 'font (OSC 50)',
  52: 'clipboard (OSC 52)',
};

/** The command number and text of an OSC event, or of an OSC that was cut short. */
function oscOf(ev: ReplyEvent): { command: number; data: string } | undefined {
  if (ev.kind === 'osc') return ev.command === null ? undefined : { command: ev.command, data: ev.data };
  if (ev.kind !== 'aborted') return undefined;
  const m = /^(?:\x1b\]|\u009d)(\d+)(?:;([^]*))?$/.exec(ev.raw.replace(/[\x18\x1a]$/, ''));
  return m ? { command: Number(m[1]), data: m[2] ?? '' } : undefined;
}

class Collector {
  readonly palette = new Set<number>();
  readonly dynamic = new Set<number>();
  title = false;
  icon = false;
  keyboard = false;
  apc = false;
  unrestorable: string | undefined;
  /** Title and icon stack depth pushed by the probe itself. */
  private depth = { title: 0, icon: 0 };

  private refuse(why: string): void {
    this.unrestorable ??= why;
  }

  osc(command: number, data: string): void {
    const fields = data === '' ? [] : data.split(';');
    if (UNRESTORABLE[command]) this.refuse(`it changes your ${UNRESTORABLE[command]}`);
    else if (command === 0 || command === 2) this.title = true;
    if (command === 0 || command === 1) this.icon = true;
    if (command === 4) {
      for (let i = 0; i < fields.length; i += 2) {
        if (fields[i + 1] === '?') continue; // a query changes nothing
        this.index(fields[i]!);
      }
    }
    if (command === 104) for (const f of fields.length === 0 ? ALL_PALETTE.map(String) : fields) this.index(f);
    if (command >= 10 && command <= 19) {
      fields.forEach((spec, i) => {
        if (spec !== '?' && command + i <= 19) this.dynamic.add(command + i);
      });
      if (fields.length === 0) this.dynamic.add(command); // an empty set: treated as a change
    }
    if (command >= 110 && command <= 119) this.dynamic.add(command - 100);
  }

  private index(field: string): void {
    const n = Number(field);
    if (/^\d+$/.test(field) && n < PALETTE_SIZE) this.palette.add(n);
    else this.refuse('it changes your special colours (OSC 4 beyond 255)');
  }

  /** CSI 22 ; Ps t pushes, CSI 23 ; Ps t pops (Ps 0 both, 1 icon, 2 title). */
  titleStack(params: number[]): void {
    const [op, which = 0] = params;
    if (op !== 22 && op !== 23) return;
    const stacks = which === 0 ? (['title', 'icon'] as const) : which === 1 ? (['icon'] as const) : which === 2 ? (['title'] as const) : [];
    for (const s of stacks) {
      // A pop within the probe's own pushes brings back a title the probe held: only its sets change anything.
      if (op === 22) this.depth[s]++;
      else if (this.depth[s] > 0) this.depth[s]--;
      else this.refuse('it pops titles that other programs saved on your title stack (it pops more than it pushed)');
    }
  }
}

/** An APC string: a generic one, a kitty graphics one (APC G), or one cut short. */
const isApc = (ev: ReplyEvent) => (ev.kind === 'string' && ev.introducer === 'apc') || ev.kind === 'kitty-graphics' || (ev.kind === 'aborted' && /^(?:\x1b_|\u009f)/.test(ev.raw));

const cache = new WeakMap<Probe, OutsideChanges>();

/** What the probe changes outside the screen (its send and cleanup, in order). */
export function outsideChangesOf(probe: Probe): OutsideChanges {
  let found = cache.get(probe);
  if (found) return found;
  const [send, cleanup] = probeBytes(probe) as [Uint8Array, Uint8Array];
  const bytes = new Uint8Array(send.length + cleanup.length);
  bytes.set(send);
  bytes.set(cleanup, send.length);
  const c = new Collector();
  for (const ev of parseReplies(bytes, { c1Bytes: true })) {
    const osc = oscOf(ev);
    if (osc) c.osc(osc.command, osc.data);
    else if (ev.kind === 'xtwinops') c.titleStack(ev.params);
    else if (ev.kind === 'csi' && ev.final === 'u' && ev.intermediates === '' && ['>', '<', '='].includes(ev.prefix)) c.keyboard = true;
    else if (isApc(ev)) c.apc = true;
  }
  // The queries' bytes go out too: only an APC among them changes anything (queries ask, they set nothing else).
  if (allQueries(probe).some((q) => parseReplies(new TextEncoder().encode(querySpec(q).bytes)).some(isApc))) c.apc = true;
  found = { palette: c.palette, dynamic: c.dynamic, title: c.title, icon: c.icon, keyboard: c.keyboard, apc: c.apc, ...(c.unrestorable ? { unrestorable: c.unrestorable } : {}) };
  cache.set(probe, found);
  return found;
}

/** Everything the probes change outside the screen (those with an unrestorable change left out: they are skipped). */
export function touchedOutside(probes: readonly Probe[]): OutsideChanges {
  const palette = new Set<number>();
  const dynamic = new Set<number>();
  let title = false;
  let icon = false;
  let keyboard = false;
  let apc = false;
  for (const p of probes) {
    const c = outsideChangesOf(p);
    if (c.unrestorable) continue;
    for (const i of c.palette) palette.add(i);
    for (const i of c.dynamic) dynamic.add(i);
    title ||= c.title;
    icon ||= c.icon;
    keyboard ||= c.keyboard;
    apc ||= c.apc;
  }
  const sorted = (s: Set<number>) => new Set([...s].sort((a, b) => a - b));
  return { palette: sorted(palette), dynamic: sorted(dynamic), title, icon, keyboard, apc };
}

/** Nothing touched outside the screen. */
export const NOTHING_OUTSIDE: OutsideChanges = { palette: new Set(), dynamic: new Set(), title: false, icon: false, keyboard: false, apc: false };

/** The queries that read what `touched` names: each colour, the title (CSI 21 t), the icon title (CSI 20 t), the keyboard flags. */
export function outsideQueries(touched: OutsideChanges): string[] {
  return [
    ...[...touched.palette].map((i) => `osc4:${i}`),
    ...[...touched.dynamic].map((n) => `osc:${n}`),
    ...(touched.title ? ['xtwinops:21'] : []),
    ...(touched.icon ? ['xtwinops:20'] : []),
    ...(touched.keyboard ? ['kitty-keyboard'] : []),
  ];
}
