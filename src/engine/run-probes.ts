/**
 * The engine's core loop: pipeline probes into a target inside a bounded window,
 * collect replies through the reply parser, close each probe's answer at its DA1
 * sentinel, and fall back to an idle timeout only as the last resort.
 */
import type { SizeVars } from '../corpus/escape-notation.js';
import { escapeText } from '../corpus/escape-bytes.js';
import { wireBytes, type Wire } from '../corpus/probe-wires.js';
import type { Probe } from '../corpus/probe-schema.js';
import { baseQuery } from '../corpus/query-names.js';
import { sizeShortfall } from '../corpus/probe-needs.js';
import { ReplyParser } from '../protocol/reply-parser.js';
import type { ReplyEvent } from '../protocol/reply-events.js';
import type { CapturedPicture } from '../results/picture-files.js';
import type { ProbeResult, ScreenAnswer } from '../results/results-schema.js';
import type { TargetSession } from '../targets/target.js';
import { assembleAnswer } from './assemble-answer.js';
import { screenHints } from './screen-hints.js';
import type { PreludeKind } from '../corpus/prelude.js';
import { planContext, planProbe, type PlanContext, type ProbePlan } from './probe-plan.js';
import { DEFAULT_BYTES_IN_FLIGHT, DEFAULT_WINDOW } from './window.js';

export interface EngineOptions {
  size: SizeVars;
  /** Probes written ahead of their answers (default DEFAULT_WINDOW; 1: one at a time). */
  window?: number;
  /** Bytes written ahead of their answers, at most (default DEFAULT_BYTES_IN_FLIGHT); one probe always goes. */
  maxBytesInFlight?: number;
  /** With probes in flight and nothing received for this long, the oldest is closed as no-reply. */
  idleTimeoutMs?: number;
  /** After this many probes in a row time out, the rest are not sent. */
  maxTimeouts?: number;
  prelude?: PreludeKind | 'none';
  /** Bytes the prelude adds to put toggled modes back to their initial state. */
  restore?: string;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
  /** A reason not to send this probe to this target (it is recorded as skipped with that note), or undefined. */
  skip?: (probe: Probe) => string | undefined;
  /** Takes the pictures of screen probes, where the session can take them (capturePicture); without it none are taken. */
  onPicture?: (probeId: string, picture: CapturedPicture) => void;
}

export interface EngineRun {
  results: ProbeResult[];
  /** Set when the engine stopped sending because the terminal stopped answering. */
  gaveUp?: string;
  /** Text events (keystrokes, stray bytes) dropped during the run. */
  droppedText: number;
  /**
   * Set when the terminal went away: why, the index of the first probe it had not fully answered
   * (the one it most likely died on), and the index just past the last probe written by then (the
   * probes from `at` to `to` were in flight: any of them may be the one it died on).
   */
  exit?: RunTrouble;
  /**
   * Set when the run ended with probes given up on by the idle timeout and nothing answered after
   * them (the terminal stopped answering, whether or not the engine had to give up): why, the index
   * of the first of those probes (the one it most likely hung on), and the index just past the last
   * probe written when that one timed out.
   */
  stalled?: RunTrouble;
}

export interface RunTrouble {
  reason: string;
  at: number;
  to: number;
}

interface InFlight {
  index: number;
  plan: ProbePlan;
  events: ReplyEvent[];
  da1Seen: number;
  startedAt: number;
  /** Reads asked as soon as the probe was written (a session that readsInOrder); its cleanup went out after them. */
  early?: EarlyReads;
}

interface EarlyReads {
  screen?: Promise<ScreenAnswer>;
  cursor?: Promise<{ row: number; col: number }>;
}

export async function runProbes(session: TargetSession, probes: Probe[], opts: EngineOptions): Promise<EngineRun> {
  return new ProbeRunner(session, probes, opts).run();
}

class ProbeRunner {
  // c1Bytes: after S8C1T a terminal may answer with raw 8-bit C1 controls (c1-controls.s8c1t-replies).
  private readonly parser = new ReplyParser({ c1Bytes: true });
  private readonly inflight: InFlight[] = [];
  /** Bytes of the probes in flight (see maxBytesInFlight). */
  private bytesInFlight = 0;
  private readonly done: InFlight[] = [];
  private readonly results: (ProbeResult | undefined)[];
  private wake: (() => void) | null = null;
  private lastActivity = performance.now();
  private droppedText = 0;
  /** Set when the target reports that the terminal went away. */
  private exited: string | undefined;
  private size: SizeVars;

  constructor(
    private readonly session: TargetSession,
    private readonly probes: Probe[],
    private readonly opts: EngineOptions,
  ) {
    this.results = new Array(probes.length);
    this.size = opts.size;
    session.onData((chunk) => this.onEvents(this.parser.feed(chunk)));
    session.onExit?.((reason) => {
      this.exited = reason;
      this.wake?.();
    });
  }

  private onEvents(events: ReplyEvent[]): void {
    if (events.length === 0) return;
    this.lastActivity = performance.now();
    // Indexed loops in this file: before the JIT warms up, for-of allocates an iterator result per element.
    for (let i = 0; i < events.length; i++) {
      const ev = events[i]!;
      if (ev.kind === 'text') {
        this.droppedText += ev.text.length;
        continue;
      }
      if (this.syncing) {
        // Between a probe that may have left a sequence open and the next: the report the resync asked for ends it.
        const at = this.planContext().resyncAt;
        if (ev.kind === 'cpr' && !ev.private && ev.row === at.row && ev.col === at.col) this.syncing.done = true;
        else this.syncing.strays.push(ev.raw);
        continue;
      }
      const head = this.inflight[0];
      if (!head) continue; // a late reply after its probe timed out: nothing to attach it to
      head.events.push(ev);
      if (ev.kind === 'da1' && ++head.da1Seen === head.plan.da1Needed) {
        this.done.push(this.land());
      }
    }
    this.wake?.();
  }

  /**
   * Wait until a reply arrives or `ms` pass. One lazily re-armed timer serves the
   * whole run: a reply only wakes the loop, it creates and clears no timer (timer
   * churn was a measurable share of the per-probe cost on fast terminals).
   */
  private waitForActivity(ms: number): Promise<void> {
    // Aborted while the loop was busy elsewhere (reading a screen): the abort's wake found no waiter, so do not start one.
    if (this.opts.signal?.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      this.wake = () => {
        this.wake = null;
        resolve();
      };
      const due = performance.now() + ms;
      if (this.timer === null || this.timerDue > due) {
        if (this.timer !== null) clearTimeout(this.timer);
        this.timerDue = due;
        this.timer = setTimeout(() => {
          this.timer = null;
          this.wake?.();
        }, ms);
      }
    });
  }

  private timer: ReturnType<typeof setTimeout> | null = null;
  private timerDue = 0;

  /**
   * Record a probe's answer. Synchronous unless the screen or cursor must be
   * read first (then it returns the promise to await): most probes read
   * nothing, and an await per probe was a measurable share of the engine's time.
   */
  private finish(f: InFlight, complete: boolean): Promise<void> | undefined {
    const result = assembleAnswer(f.plan, f.events, complete);
    const host = this.session.hostAnswers;
    if (host) for (const rep of result.replies) if (rep.value !== undefined && host.includes(baseQuery(rep.query))) rep.source = 'host';
    result.elapsedMs = Math.round((performance.now() - f.startedAt) * 100) / 100;
    const screen = complete && f.plan.probe.screen !== undefined && this.session.readScreen !== undefined;
    const cursor = complete && f.plan.needsScreen && this.session.readCursor !== undefined;
    const picture = complete && f.plan.needsScreen && this.takesPictures();
    if (f.plan.probe.screen && !this.session.readScreen) {
      result.evidence = { ...result.evidence, screen: 'not read: this target cannot read its screen back; the answer is the cursor and replies only' };
    }
    if (screen || cursor || picture) return this.readBack(f, result, screen, cursor, picture);
    // An incomplete probe's early reads are dropped (their failures were marked handled when asked).
    this.record(f, result);
    return undefined;
  }

  private takesPictures(): boolean {
    return this.session.capturePicture !== undefined && this.opts.onPicture !== undefined;
  }

  private async readBack(f: InFlight, result: ProbeResult, screen: boolean, cursor: boolean, picture: boolean): Promise<void> {
    const tRead = performance.now();
    // The picture first: a read-back may draw on the window (the selection read-back's highlight).
    if (picture) {
      try {
        const taken = await this.session.capturePicture!(f.plan.region!);
        this.opts.onPicture!(f.plan.probe.id, taken);
        if (taken.note) result.evidence = { ...result.evidence, picture: taken.note };
      } catch (error) {
        // A picture that could not be taken this once costs this probe its picture, not the run.
        if (!(error instanceof Error) || error.name !== 'PictureError') throw error;
        result.evidence = { ...result.evidence, picture: `not taken: ${error.message}` };
      }
    }
    if (screen) {
      try {
        result.screen = await (f.early?.screen ?? this.session.readScreen!(f.plan.region!, screenHints(f.plan.probe, result)));
      } catch (error) {
        // A read-back that failed this once (a ScreenReadError from the target) costs this probe its screen, not the run.
        if (!(error instanceof Error) || error.name !== 'ScreenReadError') throw error;
        result.evidence = { ...result.evidence, screen: `not read: ${error.message}` };
      }
    }
    if (cursor) {
      const c = await (f.early?.cursor ?? this.session.readCursor!());
      result.evidence = { ...result.evidence, internalCursor: `${c.row};${c.col}` };
    }
    if (process.env['TERMPROBE_DEBUG_READS']) process.stderr.write(`[read] ${f.plan.probe.id}: ${(performance.now() - tRead).toFixed(1)} ms${picture ? ' picture' : ''}${screen ? ' screen' : ''}${cursor ? ' cursor' : ''}\n`);
    this.record(f, result);
  }

  private record(f: InFlight, result: ProbeResult): void {
    // Only now, with screen and cursor read, may the probe's cleanup run (with early reads it went out after them).
    if (f.plan.afterScreen.length > 0 && !f.early) this.session.write(wireBytes(f.plan.afterScreen));
    this.results[f.index] = result;
    this.finished++;
  }

  private finished = 0;

  /** The oldest probe in flight leaves the window (answered, or given up on). */
  private land(): InFlight {
    const f = this.inflight.shift()!;
    this.bytesInFlight -= f.plan.wire.length;
    return f;
  }

  /** Every probe in flight leaves the window. */
  private landAll(): InFlight[] {
    this.bytesInFlight = 0;
    return this.inflight.splice(0);
  }

  /** Write the planned probes in one go and empty the list. */
  private writeBatch(batch: Wire[]): void {
    if (batch.length === 0) return;
    this.lastActivity = performance.now();
    this.session.write(wireBytes(batch.join('')));
    batch.length = 0;
  }

  /** The plan context for the current size (built again only when a probe changes the size). */
  private planContext(): PlanContext {
    const readsBack = this.session.readScreen !== undefined || this.session.readCursor !== undefined || this.takesPictures();
    if (this.ctx?.size !== this.size) this.ctx = planContext(this.size, this.opts.prelude, this.opts.restore, readsBack);
    return this.ctx;
  }

  private ctx: PlanContext | undefined;

  /**
   * A probe whose screen is read goes last in its batch and nothing is added
   * while it is in flight, so if one is in flight it is the newest.
   */
  private screenBarrierInFlight(): boolean {
    const newest = this.inflight[this.inflight.length - 1];
    return newest !== undefined && ((newest.plan.needsScreen && !newest.early) || newest.plan.resync);
  }

  /** Set while a resync is waited for: the replies that came before its report. */
  private syncing: { done: boolean; strays: string[] } | undefined;

  /**
   * After a probe that may have left a sequence open (ProbePlan.resync), answered and read: close what may be open,
   * reset, and wait for the report the resync asks for, so what the terminal still says about the probe is not taken
   * for the next probe's answer. rxvt-unicode 9.30 parsed `CSI 5 ESC [ 3 C` and the queries after it again when
   * more bytes came (interrupted-sequence.ts): in a pipelined run under load, the four probes after it got the
   * replies of the four before, and the 66 after those each the answer of the probe four places earlier. What came
   * between is recorded with the probe; a terminal that does not report within the idle timeout is noted, and the
   * run goes on.
   */
  private async resync(f: InFlight, idleTimeoutMs: number): Promise<void> {
    const ctx = this.planContext();
    const sync = (this.syncing = { done: false, strays: [] as string[] });
    this.session.write(wireBytes(ctx.resync));
    this.lastActivity = performance.now();
    while (!sync.done && this.exited === undefined && !this.opts.signal?.aborted) {
      const idleFor = performance.now() - this.lastActivity;
      if (idleFor >= idleTimeoutMs) break;
      await this.waitForActivity(idleTimeoutMs - idleFor);
    }
    this.syncing = undefined;
    const result = this.results[f.index];
    if (!result) return;
    const said = sync.strays.length > 0 ? `the terminal sent ${sync.strays.length} more repl${sync.strays.length === 1 ? 'y' : 'ies'} after this probe's answer, set aside: ${sync.strays.map(escapeText).join(' ').slice(0, 200)}` : undefined;
    const late = sync.done ? undefined : `no cursor report within ${idleTimeoutMs} ms of the resync after this probe (it may have left a sequence open)`;
    const note = [said, late].filter(Boolean).join('; ');
    if (note) result.evidence = { ...result.evidence, resync: note };
  }

  /**
   * On a session whose reads follow its writes in order, a screen probe just written is read at once and its cleanup
   * follows the requests: it is then no barrier, and the probes after it go out without waiting for its answer.
   * Whether the reads are used is decided as before, when the probe is answered (finish).
   */
  private readsEarly(): boolean {
    return this.session.readsInOrder === true && !this.takesPictures();
  }

  private readEarly(): void {
    const f = this.inflight[this.inflight.length - 1];
    if (!f || !f.plan.needsScreen || f.early || !this.readsEarly()) return;
    const early: EarlyReads = {};
    if (f.plan.probe.screen !== undefined && this.session.readScreen) early.screen = this.session.readScreen(f.plan.region!);
    if (this.session.readCursor) early.cursor = this.session.readCursor();
    // Awaited only if the probe is answered: a failure of an unused read must not surface as an unhandled rejection.
    early.screen?.catch(() => undefined);
    early.cursor?.catch(() => undefined);
    f.early = early;
    if (f.plan.afterScreen.length > 0) this.session.write(wireBytes(f.plan.afterScreen));
  }

  private sizeFor(probe: Probe): SizeVars | null {
    if (!probe.size) return null;
    const [cols, rows] = probe.size.split('x').map(Number) as [number, number];
    return cols === this.size.cols && rows === this.size.rows ? null : { cols, rows };
  }

  async run(): Promise<EngineRun> {
    const onAbort = () => this.wake?.();
    this.opts.signal?.addEventListener('abort', onAbort);
    try {
      return await this.loop();
    } finally {
      this.opts.signal?.removeEventListener('abort', onAbort);
      if (this.timer !== null) clearTimeout(this.timer);
    }
  }

  private async loop(): Promise<EngineRun> {
    const { window = DEFAULT_WINDOW, maxBytesInFlight = DEFAULT_BYTES_IN_FLIGHT, idleTimeoutMs = 2000, maxTimeouts = 2 } = this.opts;
    // A window below 1 (or NaN) would never let a probe go out: the loop would spin without yielding, deaf to Ctrl-C.
    if (!Number.isInteger(window) || window < 1) throw new RangeError(`the engine's window must be a whole number of at least 1, not ${window}`);
    if (!(maxBytesInFlight > 0) || !(idleTimeoutMs > 0)) throw new RangeError(`the engine's byte budget and idle timeout must be positive (got ${maxBytesInFlight}, ${idleTimeoutMs})`);
    // Write as soon as a quarter of the window is planned: the terminal works on it while the engine plans the rest.
    const writeEvery = Math.max(1, Math.ceil(window / 4));
    const total = this.probes.length;
    let next = 0;
    let timeouts = 0;
    /** The first probe of the current run of timeouts (-1 while the last probe to land was answered), and the probes written by then. */
    let stallFrom = -1;
    let stallTo = 0;
    let gaveUp: string | undefined;
    let exit: EngineRun['exit'];
    let restoreSize: SizeVars | null = null;
    while (next < total || this.inflight.length > 0 || this.done.length > 0) {
      if (this.opts.signal?.aborted) throw this.opts.signal.reason ?? new Error('aborted');
      const done = this.done.splice(0);
      for (let i = 0; i < done.length; i++) {
        const f = done[i]!;
        const reading = this.finish(f, true);
        if (reading) await reading;
        if (f.plan.resync) await this.resync(f, idleTimeoutMs);
        timeouts = 0;
        stallFrom = -1;
      }
      this.opts.onProgress?.(this.finished, total);
      if (this.exited !== undefined) {
        gaveUp = `the terminal went away during the run: ${this.exited}`;
        const inFlight = this.landAll();
        exit = { reason: this.exited, at: inFlight[0]?.index ?? next, to: next };
        for (const f of inFlight) this.finish(f, false); // incomplete: nothing to read
        for (; next < total; next++) this.results[next] = { id: this.probes[next]!.id, status: 'no-reply', replies: [], note: 'not sent: the terminal had gone away' };
        break;
      }
      if (restoreSize && this.inflight.length === 0) {
        await this.session.resize!(restoreSize.cols, restoreSize.rows);
        this.size = restoreSize;
        restoreSize = null;
      }
      // Fill the window. A probe that needs the screen read, or its own size, goes last in its batch. Not while
      // probes that landed during an await above wait to be finished: one of them may be a barrier (a probe to
      // resync after, whose resync must go out before anything more).
      const batch: Wire[] = [];
      while (next < total && this.inflight.length < window && !restoreSize && !this.screenBarrierInFlight() && this.done.length === 0) {
        const probe = this.probes[next]!;
        // An input probe is made by run-input.ts, through the target's input channel, never written here.
        const skipped = probe.input ? 'an input probe: it needs an event made through the target (run-input.ts)' : this.opts.skip?.(probe);
        if (skipped) {
          this.results[next] = { id: probe.id, status: 'skipped', replies: [], note: skipped };
          next++;
          continue;
        }
        const wanted = this.sizeFor(probe);
        // A probe that needs a larger screen than this one (and asks for no size of its own) is skipped, saying why.
        const tooSmall = wanted ? undefined : sizeShortfall(probe, this.size);
        if (tooSmall) {
          this.results[next] = { id: probe.id, status: 'skipped', replies: [], note: tooSmall };
          next++;
          continue;
        }
        if (wanted) {
          if (!this.session.resize) {
            this.results[next] = { id: probe.id, status: 'skipped', replies: [], note: `needs ${probe.size}; this terminal is ${this.size.cols}x${this.size.rows} and cannot be resized` };
            next++;
            continue;
          }
          if (this.inflight.length > 0 || batch.length > 0) break;
          restoreSize = this.size;
          await this.session.resize(wanted.cols, wanted.rows);
          this.size = wanted;
        }
        const plan = planProbe(probe, this.planContext());
        // Over the byte budget: wait for answers (the plan is cached for the next try).
        if (this.inflight.length > 0 && this.bytesInFlight + plan.wire.length > maxBytesInFlight) break;
        this.inflight.push({ index: next, plan, events: [], da1Seen: 0, startedAt: performance.now() });
        this.bytesInFlight += plan.wire.length;
        batch.push(plan.wire);
        next++;
        if (batch.length >= writeEvery) this.writeBatch(batch);
        if (restoreSize || plan.resync) break;
        if (plan.needsScreen) {
          // Read at once where the reads follow the writes in order: the probes after it need not wait for its answer.
          if (!this.readsEarly()) break;
          this.writeBatch(batch);
          this.readEarly();
        }
      }
      this.writeBatch(batch);
      this.readEarly();
      if (this.inflight.length === 0 || this.done.length > 0) continue;
      const idleFor = performance.now() - this.lastActivity;
      if (idleFor < idleTimeoutMs) {
        await this.waitForActivity(idleTimeoutMs - idleFor);
        continue;
      }
      // Last resort: nothing came for idleTimeoutMs.
      const stuck = this.land();
      if (stallFrom < 0) {
        stallFrom = stuck.index;
        stallTo = next;
      }
      this.finish(stuck, false);
      this.lastActivity = performance.now();
      if (++timeouts >= maxTimeouts) {
        gaveUp = `the terminal stopped answering (no reply to CSI 6n or DA1 for ${idleTimeoutMs} ms, ${timeouts} times in a row)`;
        for (const f of this.landAll()) this.finish(f, false); // incomplete: nothing to read
        for (; next < total; next++) this.results[next] = { id: this.probes[next]!.id, status: 'no-reply', replies: [], note: 'not sent: the terminal had stopped answering' };
      }
    }
    if (restoreSize) await this.session.resize!(restoreSize.cols, restoreSize.rows);
    this.opts.onProgress?.(total, total);
    // Ended on a timeout with nothing answered since: the terminal stopped answering (not merely skipped one reply).
    const stalled = !exit && stallFrom >= 0 ? { reason: `no reply to its queries or the DA1 sentinel for ${idleTimeoutMs} ms`, at: stallFrom, to: stallTo } : undefined;
    return {
      results: this.results.map((r, i) => r ?? { id: this.probes[i]!.id, status: 'error', replies: [], note: 'no result recorded' }),
      gaveUp,
      droppedText: this.droppedText,
      ...(exit ? { exit } : {}),
      ...(stalled ? { stalled } : {}),
    };
  }
}

