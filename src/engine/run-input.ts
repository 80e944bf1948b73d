/**
 * The input probes: for each, the terminal is put in the probe's modes, a
 * person's event is made through the target's input channel, and every byte
 * the terminal sends for it is recorded as the reply `input`.
 *
 * Probes that set the same modes (the same `send` and `cleanup`) run as a group,
 * the groups in the order their modes first appear in the corpus: the previous
 * group's cleanup, the input baseline, the prelude and the group's modes, then a
 * DA1 round trip (the modes are in effect once it is back: the event travels
 * another path, the X server or the multiplexer's client, so only a round trip
 * orders the two); then each probe's event between its two markers. So the modes
 * are in effect for each probe of the group and reset after it, with one round
 * trip per group: terminals that answer DA1 only on their next redraw (VTE:
 * 10–30 ms) stay fast.
 *
 * Faults, per probe: the marker after the event does not come back — the
 * terminal kept the key for itself (a menu, a shortcut): what it sent until then
 * is the answer, with a note; the terminal is put back (the channel closes what
 * opened and checks a marker passes), else started afresh. The window lost the
 * input focus while the event was made: the probe is made once more, then
 * recorded as failed with the reason, and the terminal started afresh.
 */
import { escapeBytes } from '../corpus/escape-bytes.js';
import type { SizeVars } from '../corpus/escape-notation.js';
import { planEvent } from '../corpus/input/event-plan.js';
import { INPUT_BASELINE } from '../corpus/input/input-baseline.js';
import { describeInput, INPUT_REPLY, inputKind, type InputKind } from '../corpus/input/describe-input.js';
import { preludeBytes, type PreludeKind } from '../corpus/prelude.js';
import { probeWire, wireBytes } from '../corpus/probe-wires.js';
import type { Probe } from '../corpus/probe-schema.js';
import type { ProbeResult } from '../results/results-schema.js';
import type { TargetSession } from '../targets/target.js';
import { MarkerLostError, type InputChannel, type MarkerIo } from '../targets/input-channel.js';
import { lostTime, pastLimit, type QueuedMsReader } from '../util/cpu-wait.js';
import { InputStream } from './input-stream.js';
import type { SessionHolder } from './run-with-restarts.js';

export interface InputRunOptions {
  size: SizeVars;
  prelude?: PreludeKind;
  /** Bytes the prelude adds to put toggled modes back (see run-target.ts). */
  restore?: string;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
  skip?: (probe: Probe) => string | undefined;
  /** How long a DA1 round trip may take before the terminal counts as not answering. */
  roundTripMs?: number;
  /** How a process's run-queue wait is read (cpu-wait.ts; a model's in tests). */
  queuedMs?: QueuedMsReader;
  /**
   * The probes after which this target's published run started a fresh instance, and why (its run.restarts): a spare
   * instance is started only while one of them is among the next probes (see maybeSpare). Without it, after every
   * restart.
   */
  restartsExpected?: ReadonlyMap<string, string>;
}

export interface InputRun {
  results: ProbeResult[];
  /** Settings the channel reported (how events went in), for the results file. */
  settings: Record<string, string>;
  gaveUp?: string;
  /** Fresh instances started because the terminal stopped passing keys on or took the focus away: the probe, why. */
  restarts: { probe: string; why: string }[];
}

const DA1 = '\x1b[c';
/**
 * For modes that leave the terminal in VT52 mode (DECANM reset), where no CSI is understood: VT52's identify first
 * (answered ESC / Z), then DA1 for a terminal without VT52 mode (one with DECID, the obsolete form of DA1, answers
 * both: the second reply comes before the event's first marker, with the bytes dropped there).
 */
const VT52_IDENTIFY = '\x1bZ\x1b[c';
const enterVt52 = (bytes: string) => /\x1b\[\?(?:[\d;]*;)?2(?:;[\d;]*)?l/.test(bytes);
/** Marker round trips remembered, the factor on the slowest, and the least a marker is waited for (markerLimit). */
const RTT_WINDOW = 32;
const RTT_FACTOR = 10;
const MIN_MARKER_MS = 120;
/** Fresh instances an input run may start before it gives up (mlterm's shift+F1 to F7 split and close its screen). */
const MAX_RESTARTS = 12;
/**
 * How far ahead an expected restart starts a spare: a GUI terminal starts in 1-4 s, an input probe takes 50-150 ms,
 * so a spare started 30 probes before is mostly ready when the restart comes.
 */
const SPARE_LOOKAHEAD = 30;
/** How a restart after a font-size shortcut begins its why (the published runs' restarts are read for it). */
const SIZE_CHANGED = 'the terminal changed its size';
/** How long the far corner has to come back after the terminal's font-size reset key before it is started afresh. */
const RESET_SIZE_MS = 2000;

const modesOf = (p: Probe) => `${p.send}\n${p.cleanup ?? ''}`;

/** The probes grouped by the modes they set, groups in the order their modes first appear. */
export function inputGroups(probes: readonly Probe[]): Probe[][] {
  const byModes = new Map<string, Probe[]>();
  for (const p of probes) {
    const list = byModes.get(modesOf(p));
    if (list) list.push(p);
    else byModes.set(modesOf(p), [p]);
  }
  return [...byModes.values()];
}

export async function runInputProbes(holder: SessionHolder, probes: Probe[], opts: InputRunOptions): Promise<InputRun> {
  return new InputRunner(holder, probes, opts).run();
}

class GiveUp extends Error {}

const debug = (text: string) => {
  if (process.env['TERMPROBE_DEBUG_INPUT']) process.stderr.write(`[input] ${text}\n`);
};

class InputRunner {
  private readonly results = new Map<string, ProbeResult>();
  private stream!: InputStream;
  private channel: InputChannel | undefined;
  private settings: Record<string, string> = {};
  private readonly restarts: InputRun['restarts'] = [];
  private readonly kinds: Set<InputKind>;
  private readonly prelude: string;
  private done = 0;
  /** The cleanup of the group just run, written with the next round trip. */
  private cleanup = '';

  constructor(
    private readonly holder: SessionHolder,
    private readonly probes: Probe[],
    private readonly opts: InputRunOptions,
  ) {
    this.kinds = new Set(probes.map((p) => inputKind(p.input!)));
    this.prelude = INPUT_BASELINE + preludeBytes(opts.size, opts.prelude ?? 'default', opts.restore ?? '');
  }

  private finish(gaveUp?: string): InputRun {
    return {
      results: this.probes.map((p) => this.results.get(p.id) ?? { id: p.id, status: 'no-reply', replies: [], note: gaveUp ? `not sent: ${gaveUp}` : 'no result recorded' }),
      settings: this.settings,
      restarts: this.restarts,
      ...(gaveUp ? { gaveUp } : {}),
    };
  }

  async run(): Promise<InputRun> {
    const why = await this.attach();
    debug(`attached: ${why ?? 'ready'}`);
    if (why) {
      for (const p of this.probes) this.results.set(p.id, { id: p.id, status: 'skipped', replies: [], note: why });
      return this.finish();
    }
    try {
      this.corner = await this.farCorner();
      const groups = inputGroups(this.probes);
      this.order = groups.flat();
      for (const group of groups) {
        const live = group.filter((p) => !this.setAside(p));
        if (live.length === 0) continue;
        await this.setModes(live[0]!);
        for (const probe of live) {
          this.at = this.order.indexOf(probe);
          this.maybeSpare(this.at, false);
          await this.probe(probe, live[0]!);
          this.previous = probe.id;
          if (this.results.get(probe.id)?.replies[0]?.value === '') this.lastKept = probe.id;
          this.opts.onProgress?.(++this.done, this.probes.length);
        }
        this.stream.setMarking(false);
        this.lastKept = undefined;
        this.cleanEnd = undefined;
        this.cleanup = live[0]!.cleanup ? probeWire(live[0]!, 'cleanup', this.opts.size) : '';
      }
      await this.roundTrip(this.cleanup + this.prelude);
    } catch (error) {
      if (error instanceof GiveUp) return this.finish(error.message);
      throw error;
    } finally {
      await this.channel?.close?.();
      // A spare no restart took: ended like any instance (one that failed to start has nothing to end).
      const spare = this.spare;
      this.spare = undefined;
      await spare?.then((session) => session.close(), () => undefined);
    }
    return this.finish();
  }

  /** The processes a marker passes through besides termprobe (the session's, as they were when it was attached). */
  private pids: readonly number[] = [];

  /** Take the current session's input channel and get it ready; why input cannot be made here, or undefined. */
  private async attach(): Promise<string | undefined> {
    const session = this.holder.current;
    this.pids = (session.processes?.() ?? []).map((p) => p.pid);
    const channel = session.input;
    if (!channel) return `input: ${session.noInputBecause ?? 'this target has no way to make input events'}`;
    this.stream = new InputStream(channel.markers, channel.markerNoise);
    session.onData((chunk) => this.stream.feed(chunk));
    try {
      this.settings = await channel.prepare(this.kinds);
    } catch (error) {
      if (this.opts.signal?.aborted) throw this.opts.signal.reason ?? error;
      const why = `input events cannot be made in this terminal: ${error instanceof Error ? error.message : String(error)}`;
      this.settings = { 'input.method': `none: ${why}` };
      return why;
    }
    this.channel = channel;
    return undefined;
  }

  /**
   * The group's modes, after the last group's cleanup, the baseline and the prelude; one round trip. A terminal that
   * no longer answers (an earlier key switched it to another pty: mlterm's ctrl+F2) is started afresh once for it.
   */
  private async setModes(head: Probe, afresh = true): Promise<void> {
    this.stream.setMarking(false);
    try {
      await this.roundTrip(this.cleanup + this.prelude + probeWire(head, 'send', this.opts.size));
    } catch (error) {
      if (!(error instanceof GiveUp) || !afresh) throw error;
      await this.restart(head, error.message, head);
      return;
    }
    this.cleanup = '';
    this.stream.setMarking(true);
    try {
      await this.settle(head);
    } catch (error) {
      if (!(error instanceof MarkerLostError)) throw error;
      if (!afresh) throw new GiveUp(`${error.message}, in a fresh instance too`);
      await this.restart(head, error.message, head);
    }
  }

  /**
   * After a group's modes, for pointer events: one marker through the events' own path before any event (the channel's
   * settle), so what the terminal does for the modes outside the bytes it answers has reached the display. xterm 379
   * asks the X server for motion events when 1003 is set (charproc.c, srm_ANY_EVENT_MOUSE: MotionOn, an XSelectInput
   * Xlib keeps in its buffer) and answers the DA1 after it at once: the server sends it motion only once xterm has
   * flushed that buffer, which it does on its way back to reading events. A pointer put on its cell before then (a
   * move's start) went unseen, in 1 run of 60 here under load and twice in one CI run, and the move that followed, to
   * the cell of the last report, was no change to report (button.c, EditorButton: motion only to another cell): the
   * marker, an event read after that flush, is the terminal's word that it is past it.
   */
  private async settle(head: Probe): Promise<void> {
    if (!head.input?.mouse || !this.channel!.settleModes) return;
    await this.channel!.settleModes(this.markerIo('the marker after a mouse group\'s modes'));
  }

  /** A reason this probe is not made here (recorded as skipped), or false. */
  private setAside(probe: Probe): boolean {
    const why = this.opts.skip?.(probe) ?? this.channel!.refuse(probe.input!);
    if (!why) return false;
    this.results.set(probe.id, { id: probe.id, status: 'skipped', replies: [], note: why });
    this.opts.onProgress?.(++this.done, this.probes.length);
    return true;
  }

  /** Write the bytes and a DA1 request, and wait for its reply: the terminal has then processed them. */
  private async roundTrip(bytes: string): Promise<void> {
    const want = this.stream.da1Replies + 1;
    this.holder.current.write(wireBytes(bytes + (enterVt52(bytes) ? VT52_IDENTIFY : DA1)));
    const limit = this.opts.roundTripMs ?? 5000;
    if (!(await this.stream.until(() => this.stream.da1Replies >= want, limit, this.opts.signal))) {
      throw new GiveUp(`the terminal did not answer DA1 within ${limit / 1000} s while the input probes set its modes`);
    }
  }

  /**
   * Marker waits for one delivery: which markers were the first and the last it waited for. `lead`: the index of the
   * marker that stands for this delivery's first (the last probe's second).
   */
  private markerIo(what: string, lead?: number): MarkerIo & { first: number; last: number } {
    const io = {
      first: lead ?? -1,
      last: lead ?? this.stream.markers - 1,
      leadDone: lead !== undefined,
      awaitMarker: async (poke?: () => void, channelHopeless?: (lostMs: () => number) => boolean, limitMs?: number) => {
        const want = ++io.last + 1;
        if (io.first < 0) io.first = io.last;
        const t0 = performance.now();
        const ready = () => this.stream.markers >= want;
        const pids = this.pids;
        const lost = lostTime(() => pids, this.opts.queuedMs);
        const hopeless = channelHopeless && (() => channelHopeless(lost));
        let ok = await this.stream.until(ready, Math.min(this.markerLimit(), limitMs ?? Infinity), this.opts.signal, poke, 20, hopeless);
        // The time the display, the terminal, its relay or termprobe stood ready to run with no CPU to run on is no
        // time the terminal had to send the marker: waited for again, as long as that was, until a wait passes with
        // none (a key the terminal kept costs nothing more on a quiet machine). Else a marker late on a loaded machine
        // passes for a key the terminal kept, its answer for nothing, and the late marker for recovery's: on two cores
        // at a load of 23, a `cat` that needed 0.8 ms of CPU waited 85 ms for it, where the shortest limit is 120 ms.
        // At most the channel's own limit more: a terminal spinning on a loaded machine is not waited for without end.
        for (let granted = 0; !ok && !hopeless?.() && granted < this.channel!.markerLimitMs; ) {
          const owed = lost() - granted;
          if (owed < 1) break;
          granted += owed;
          ok = await this.stream.until(ready, owed, this.opts.signal, poke, 20, hopeless);
        }
        if (ok) this.rtts.push(performance.now() - t0) > RTT_WINDOW && this.rtts.shift();
        const opened = !ok && (hopeless?.() ?? false);
        if (!ok) throw new MarkerLostError(`the ${io.last === io.first ? 'marker before' : 'marker after'} the event (${what}) did not come back${opened ? ' (the terminal opened a window)' : ''}`, opened);
      },
      forgetLost: () => {
        if (io.last > io.first) io.last--;
      },
      received: () => this.stream.received,
      sentSinceFirst: () => (io.first < 0 ? '' : this.sentSince(io.first)),
    };
    return io;
  }

  private async probe(probe: Probe, head: Probe): Promise<void> {
    debug(`probe ${probe.id}`);
    const t0 = performance.now();
    const input = probe.input!;
    // Asked again: a fresh instance started since the group began may not take what the last one took.
    const refused = this.channel!.refuse(input);
    if (refused) {
      this.results.set(probe.id, { id: probe.id, status: 'skipped', replies: [], note: refused });
      return;
    }
    let focusNote: string | undefined;
    const plan = planEvent(input);
    for (let attempt = 1; attempt <= 2; attempt++) {
      // The last probe's second marker can be this one's first when nothing is made before this event, the last left
      // nothing to let go of after its own, and nothing has come since (its release reports, a late paste). Not after
      // an event that sent nothing where a key the terminal kept can take effect late: tilix's F12 sidebar took the
      // keyboard after the marker that followed F12 had passed (its handler runs the event loop while it draws the
      // sidebar), and the Return made next, with no marker of its own before it, went to the sidebar, which closed.
      const keptLate = this.channel!.lateEffects === true && this.lastKept !== undefined && this.lastKept === this.previous;
      const share = attempt === 1 && !keptLate && plan.before.length === 0 && this.cleanEnd !== undefined && this.cleanEnd === this.stream.markers - 1 && this.stream.pending() === '';
      const io = this.markerIo(describeInput(input), share ? this.cleanEnd : undefined);
      this.cleanEnd = undefined;
      try {
        const delivery = await this.channel!.deliver(input, plan, io);
        if (delivery.focusLost && attempt === 1) {
          focusNote = delivery.focusLost;
          continue;
        }
        if (delivery.focusLost) {
          this.results.set(probe.id, { id: probe.id, status: 'error', replies: [], note: `the terminal's window lost the input focus while the event was made, twice: ${focusNote}; then ${delivery.focusLost}` });
          await this.restart(probe, 'the window lost the input focus', head);
          return;
        }
        const evidence = { via: delivery.via, ...(delivery.note ? { input: delivery.note } : {}), ...(delivery.kept ? { kept: delivery.kept } : {}), ...(focusNote ? { focusLostOnce: focusNote } : {}), ...(delivery.opened ? { opened: delivery.opened } : {}) };
        const bytes = this.stream.between(io.first, io.last);
        this.record(probe, bytes, evidence, t0);
        if (plan.after.length === 0 && !delivery.opened && !delivery.focusLost) this.cleanEnd = io.last;
        if (delivery.opened) await this.putBack(probe, head, delivery.opened);
        else if (bytes === '') await this.checkSize(probe, head);
        return;
      } catch (error) {
        if (!(error instanceof MarkerLostError)) throw error;
        const leadSeen = io.first >= 0 && this.stream.markers > io.first;
        // What the terminal sent for the event, before anything recovery does reaches it (its Escape, when the menu it
        // is meant to close has closed already: qterminal's Menu key answered ESC ESC in one run of two).
        const sentBefore = leadSeen ? this.sentSince(io.first) : '';
        if (!leadSeen && attempt === 1 && this.previous && (await this.channel!.recover?.(this.markerIo('recovery')))) {
          // Not even the first marker came: what the last event opened (a menu, a popover) took it. Closed now; the
          // last probe says so, and this one is made again.
          const last = this.results.get(this.lastKept ?? this.previous);
          if (last) last.evidence = { ...last.evidence, opened: 'after the event, the terminal took the next key for itself (a menu or popover the event opened, closed with Escape)' };
          await this.setModes(head);
          continue;
        }
        const lateTry = leadSeen && !error.opened && attempt === 1 && this.channel!.lateEffects === true && this.channel!.recover !== undefined;
        if (lateTry && (await this.channel!.recover!(this.markerIo('recovery')))) {
          // The marker after the event was lost with no window of the terminal's to say why: something the last event
          // started may have taken the keyboard only now (tilix's F12 sidebar slides in and takes the focus). Put back,
          // and made again: a key the terminal keeps for itself is lost again.
          await this.setModes(head);
          continue;
        }
        // A recovery that just failed is not tried again before the fresh instance (tilix's ctrl+alt+a, which opens a
        // pane that keeps the keyboard: 1.2 s a probe).
        await this.markerLost(probe, head, io, error, t0, sentBefore, lateTry);
        return;
      }
    }
  }

  /** The last markers' round trips (ms): how long this terminal takes now. */
  private readonly rtts: number[] = [];

  /**
   * How long a marker may take: many times the slowest of the last round trips, within the channel's limit and never
   * under MIN_MARKER_MS, so a key the terminal keeps costs little where markers come back in a millisecond (Emacs
   * takes many keys as prefixes), and a loaded machine, whose round trips grow, gets longer.
   */
  private markerLimit(): number {
    const limit = this.channel!.markerLimitMs;
    if (this.rtts.length < RTT_WINDOW / 4 || this.channel!.markersAlwaysPass) return limit;
    return Math.min(limit, Math.max(MIN_MARKER_MS, RTT_FACTOR * Math.max(...this.rtts)));
  }

  /** The far corner's cursor report at the start of the run (checkSize compares with it). */
  private corner: { row: number; col: number } | undefined;

  /** The cursor report from the far corner (outside marking). */
  private async farCorner(): Promise<{ row: number; col: number } | undefined> {
    this.stream.cursor = undefined;
    await this.roundTrip('\x1b7\x1b[999;999H\x1b[6n\x1b8');
    return this.stream.cursor as { row: number; col: number } | undefined;
  }

  /** The index of the last probe's second marker, when its event ended cleanly and left nothing held. */
  private cleanEnd: number | undefined;

  /** The probe made last, and the last of its group whose event sent nothing: what a later event finds open is theirs. */
  private previous: string | undefined;
  private lastKept: string | undefined;

  private record(probe: Probe, bytes: string, evidence: Record<string, string>, t0: number): void {
    const value = escapeBytes(Buffer.from(bytes, 'latin1'));
    this.results.set(probe.id, {
      id: probe.id,
      status: 'ok',
      replies: [{ query: INPUT_REPLY, value, raw: value }],
      evidence,
      elapsedMs: Math.round((performance.now() - t0) * 100) / 100,
    });
  }

  /** What the terminal has sent since marker `first`, markers left out, up to now. */
  private sentSince(first: number): string {
    return this.stream.between(first, this.stream.markers - 1) + this.stream.pending();
  }

  /**
   * The marker after the event did not come back: the terminal kept the key (or the click) for itself — a menu took
   * the keyboard, a shortcut ran. What it sent since the first marker is its answer (usually nothing). Without even
   * the first marker the event was never made: no answer. Then put the terminal back, or start it afresh.
   */
  private async markerLost(probe: Probe, head: Probe, io: { first: number; last: number }, error: MarkerLostError, t0: number, sent: string, recoveryFailed = false): Promise<void> {
    const leadSeen = io.first >= 0 && this.stream.markers > io.first;
    if (leadSeen) {
      let bytes = sent;
      // The rest of a marker whose first byte the terminal took for itself (screen's ctrl+a takes the next key).
      const marker = this.channel!.markerText ?? '';
      for (let cut = 1; cut < marker.length; cut++) {
        if (bytes.endsWith(marker.slice(cut))) {
          bytes = bytes.slice(0, bytes.length - (marker.length - cut));
          break;
        }
      }
      this.record(probe, bytes, { via: 'the event was made; the marker typed after it did not come back', kept: `the terminal kept the event for itself: ${error.message} (a menu or dialog took the keyboard, or a shortcut ran); its answer is what it sent before` }, t0);
    } else {
      this.results.set(probe.id, { id: probe.id, status: 'no-reply', replies: [], note: `${error.message}: the terminal passed no key on before the event` });
    }
    if (recoveryFailed) await this.restart(probe, error.message, head);
    else await this.putBack(probe, head, error.message);
  }

  /**
   * After an event the terminal kept for itself (it sent nothing), whether it changed its size: a font-size shortcut
   * (ctrl+minus in konsole, alacritty, VTE) gives the window more or fewer cells, and every later cell and answer would
   * be off. One cursor report from the far corner says; a terminal of another size is started afresh.
   */
  private async checkSize(probe: Probe, head: Probe): Promise<void> {
    this.stream.setMarking(false);
    const seen = await this.farCorner();
    // Against the report at the start of the run, not the size asked for: dvtm reports the cursor counting from 0.
    const was = this.corner;
    if (seen && was && (seen.row !== was.row || seen.col !== was.col)) {
      const last = this.results.get(probe.id);
      const why = `${SIZE_CHANGED} (its far corner was ${was.row};${was.col}, now ${seen.row};${seen.col}: a font-size shortcut)`;
      const reset = await this.resetFontSize(was);
      if (last) last.evidence = { ...last.evidence, changed: reset ? `${why}; put back with ${reset}` : why };
      if (!reset) await this.restart(probe, why, head);
      else this.stream.setMarking(true);
      return;
    }
    this.stream.setMarking(true);
  }

  /**
   * The terminal's own key for the font's size as it started (channel.resetFontSize), pressed, and the far corner back
   * where it was: how (the key, and where the terminal says so); undefined when the channel has no such key, the marker
   * after it is lost, or the far corner is not back within RESET_SIZE_MS (the terminal is then started afresh).
   */
  private async resetFontSize(was: { row: number; col: number }): Promise<string | undefined> {
    if (!this.channel!.resetFontSize) return undefined;
    this.stream.setMarking(true);
    let how: string | undefined;
    try {
      how = await this.channel!.resetFontSize(this.markerIo('the font-size reset'));
    } catch (error) {
      if (!(error instanceof MarkerLostError)) throw error;
    }
    this.stream.setMarking(false);
    if (!how) return undefined;
    // The terminal resizes its grid when it next lays out, which may be after the marker: asked until it is back.
    // The limit is for a key that did nothing; the time the terminal and termprobe waited for a CPU is not counted.
    const t0 = performance.now();
    const pids = this.pids;
    const lost = lostTime(() => pids, this.opts.queuedMs);
    for (;;) {
      const seen = await this.farCorner();
      if (seen && seen.row === was.row && seen.col === was.col) return how;
      if (pastLimit(performance.now() - t0, RESET_SIZE_MS, lost)) return undefined;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /** Close what the event opened and check keys pass again, the group's modes set anew; else a fresh instance. */
  private async putBack(probe: Probe, head: Probe, why: string): Promise<void> {
    debug(`put back after ${probe.id}: ${why}`);
    const recovered = (await this.channel!.recover?.(this.markerIo('recovery'))) ?? false;
    if (recovered) {
      await this.setModes(head);
    } else {
      await this.restart(probe, why, head);
    }
  }

  /** An instance started ahead of the next restart (see maybeSpare and restart). */
  private spare: Promise<TargetSession> | undefined;
  /** The probes in the order the run makes them, and the index of the one being made. */
  private order: Probe[] = [];
  private at = 0;

  /**
   * Start the next instance now, while this one takes the probes, so that the next restart waits for no start (1-4 s
   * each; every instance has a display, a scratch HOME and a D-Bus session of its own). Where the published run tells
   * which probes restart the target, when one of the next SPARE_LOOKAHEAD probes from `from` on is one of them: a spare
   * no restart takes costs a whole start (0.5-0.7 core-seconds for konsole, alacritty or terminator, measured alone),
   * which the rule below, for a target that restarts once, paid in every run. Without a published run, right after
   * each restart (`afterRestart`): a terminal started afresh once is likely to be again (tilix: 9 times in a run,
   * qterminal 5: a menu, a pane, a font-size shortcut each).
   */
  private maybeSpare(from: number, afterRestart: boolean): void {
    if (this.spare || !this.holder.reopen || this.restarts.length >= MAX_RESTARTS || this.opts.signal?.aborted) return;
    const expected = this.opts.restartsExpected;
    // A size change the channel now undoes with the terminal's own key (resetFontSize) restarts nothing.
    const resets = this.holder.current.input?.resetFontSize !== undefined;
    const restarts = (id: string) => {
      const why = expected?.get(id);
      return why !== undefined && !(resets && why.includes(SIZE_CHANGED));
    };
    const due = expected ? this.order.slice(from, from + SPARE_LOOKAHEAD).some((p) => restarts(p.id)) : afterRestart;
    if (!due) return;
    this.spare = this.holder.reopen();
    this.spare.catch(() => undefined);
  }

  /** Start the terminal afresh (the last one is past help), get its channel ready, and set the group's modes again. */
  private async restart(probe: Probe, why: string, head: Probe): Promise<void> {
    if (!this.holder.reopen) throw new GiveUp(`${why}, and this target cannot be started again`);
    if (this.restarts.length >= MAX_RESTARTS) throw new GiveUp(`${why} (after ${MAX_RESTARTS} fresh instances, no more)`);
    this.restarts.push({ probe: probe.id, why });
    debug(`restart after ${probe.id}: ${why}`);
    await this.channel?.close?.();
    this.channel = undefined;
    await this.holder.current.close();
    const spare = this.spare;
    this.spare = undefined;
    // A spare that failed to start is no answer: an instance is started now, as without one.
    this.holder.current = await (spare ? spare.catch(() => this.holder.reopen!()) : this.holder.reopen());
    this.maybeSpare(this.at + 1, true);
    const refused = await this.attach();
    if (refused) throw new GiveUp(`the fresh instance takes no input: ${refused}`);
    this.cleanup = '';
    await this.setModes(head, false);
  }
}
