/**
 * How fast one terminal is (`termprobe speed`): open it at the run's size,
 * identify it as the corpus run does, then, trial after trial, its reply latency
 * (idle and right after a burst), the time to its first frame after output (GUI
 * terminals), its drain time for each payload and its resident size at start and
 * after a large scrollback fill (speed-figures.ts). Trials of the drains go round
 * the payloads (trial 1 of each, then trial 2 …), so a change in the machine's
 * load falls on every payload alike. A terminal that stalls on a payload is
 * stopped there (closed: every process it started ends) and a fresh instance
 * makes the figures after it. The session is always closed at the end.
 */
import { DRAIN_PAYLOADS, PAYLOAD_VERSION, payloadsHash, speedPayloads, type Payload } from '../corpus/speed-payloads.js';
import { SPEED_RESULTS_SCHEMA_ID, type SpeedFigureId, type SpeedResults } from '../results/speed-results-schema.js';
import { loadTarget } from '../targets/registry.js';
import type { TargetSession } from '../targets/target.js';
import { TargetUnavailableError } from '../targets/target-unavailable-error.js';
import { toolVersion } from '../util/tool-version.js';
import { engineOfIdentity } from './engine-identity.js';
import { chooseIdentity, IDENTIFY_PROBES, readIdentification } from './identify.js';
import { currentPlatform } from './platform.js';
import { runProbes } from './run-probes.js';
import { FigureBook } from './speed-book.js';
import { CpuLedger, cpuCount, loadAverage } from './speed-machine.js';
import { ReplyClock } from './speed-replies.js';
import { afterBurstTrial, drainPlan, drainTrial, frameTrial, IDLE_GAP_MS, memorySample, replyTrial, settle, type DrainPlan } from './speed-trials.js';

export interface SpeedRunOptions {
  cols?: number;
  rows?: number;
  options?: Record<string, string>;
  /** Trials per figure (default 5). */
  trials?: number;
  /** A drain with no progress for this long is stalled (default 5 s). */
  stallMs?: number;
  /** A drain taking longer than this in all is stopped (default 30 s). */
  boundMs?: number;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
  /** Called with each session once it is open and identified, before the run listens to it (tests: to make a terminal stall). */
  onSession?: (session: TargetSession) => void;
}

export const SPEED_KINDS = ['gui', 'multiplexer'] as const;
/** Bytes of output in the burst before an after-burst reply trial. */
const BURST_BYTES = 32 * 1024;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The first lines of a payload, at least `bytes` of them. */
function burstOf(payload: Payload, bytes: number): Uint8Array {
  const cut = payload.cuts.find((c) => c >= bytes) ?? payload.bytes.length;
  return payload.bytes.subarray(0, cut);
}

export async function runSpeedTarget(targetId: string, opts: SpeedRunOptions = {}): Promise<SpeedResults> {
  const factory = await loadTarget(targetId);
  if (!(SPEED_KINDS as readonly string[]).includes(factory.kind)) throw new TargetUnavailableError(targetId, `speed runs measure GUI terminals and multiplexers; ${targetId} is ${factory.kind}`);
  const avail = await factory.available();
  if (!avail.ok) throw new TargetUnavailableError(targetId, avail.reason + (avail.install ? ` (install: ${avail.install})` : ''));
  const size = { cols: opts.cols ?? 80, rows: opts.rows ?? 24 };
  const trials = opts.trials ?? 5;
  const bounds = { stallMs: opts.stallMs ?? 5000, boundMs: opts.boundMs ?? 30_000, signal: opts.signal };
  const payloads = speedPayloads(size);
  const plans = new Map(payloads.map((p) => [p.id, drainPlan(p)] as const));
  const burst = burstOf(payloads[0]!, BURST_BYTES);
  const startedAt = new Date();
  const t0 = performance.now();
  const book = new FigureBook(plans);
  const restarts: string[] = [];
  const open = async () => {
    const session = await factory.open({ ...size, options: opts.options ?? {}, signal: opts.signal });
    try {
      const ident = await runProbes(session, IDENTIFY_PROBES, { size, prelude: 'none', signal: opts.signal });
      opts.onSession?.(session);
      const clock = new ReplyClock(session);
      return { session, clock, ident };
    } catch (error) {
      await session.close();
      throw error;
    }
  };
  let current = await open();
  const ledger = new CpuLedger(() => current.session.processes?.() ?? []);
  const before = loadAverage();
  const total = trials * (4 + (current.session.openFrameTimer ? 1 : 0) + DRAIN_PAYLOADS.length) + 1;
  let done = 0;
  const step = () => opts.onProgress?.(++done, total);
  try {
    const described = await current.session.describe();
    const { session } = current;
    const reset = async () => {
      const why = await settle(current.session, current.clock, size, opts.signal);
      if (why) throw new Error(why);
    };
    await reset();
    // Frames first, while the screen is clear and nothing has been drawn: the timer finds the grid by mouse reports.
    const timer = session.openFrameTimer ? await session.openFrameTimer().catch((error: Error) => error) : undefined;
    if (!session.processes) book.unmeasured(['memory.start', 'memory.scrollback'], `${targetId} does not tell its processes`);
    for (let i = 0; i < trials; i++) {
      for (const kind of ['cpr', 'da1'] as const) {
        await sleep(IDLE_GAP_MS);
        book.trial(`reply.${kind}.idle`, await replyTrial(session, current.clock, kind, opts.signal));
        step();
      }
      const mem = memorySample(session);
      if (mem) book.memory('memory.start', mem);
    }
    for (let i = 0; i < trials; i++) {
      for (const kind of ['cpr', 'da1'] as const) {
        book.trial(`reply.${kind}.after-burst`, await afterBurstTrial(session, current.clock, burst, kind, opts.signal));
        step();
      }
      await reset();
    }
    if (timer === undefined) book.unmeasured(['frame.first'], `${targetId} has no window to watch`);
    else if (timer instanceof Error) book.unmeasured(['frame.first'], `its window's cells could not be found: ${timer.message}`);
    else {
      try {
        // A terminal that draws nothing over the cells once will not the next time: one miss ends the figure.
        for (let i = 0; i < trials && !book.failed('frame.first'); i++) {
          book.trial('frame.first', await frameTrial(timer, size, i));
          step();
        }
      } finally {
        timer.close();
      }
    }
    ledger.sample();
    // The drains, round the payloads; a stall stops that payload's trials and brings a fresh instance.
    const drainIds = DRAIN_PAYLOADS.map((id) => `drain.${id}` as const);
    for (let i = 0; i < trials; i++) {
      for (const id of drainIds) {
        step();
        if (book.stalled(id)) continue;
        await reset();
        const outcome = await drainTrial(current.session, current.clock, plans.get(id.slice('drain.'.length) as Payload['id'])!, bounds);
        if (outcome.ok) book.trial(id, outcome.ms);
        else {
          book.stall(id, i + 1, outcome);
          current = await restart(current, id);
        }
      }
      ledger.sample();
    }
    await fillScrollback(plans.get('scrollback')!, trials);
    opts.onProgress?.((done = total), total);
    ledger.sample();
    const seen = readIdentification(current.ident.results[0]!, current.ident.results[1]!);
    const identity = chooseIdentity(described, seen, factory.resultsId ?? targetId);
    const settings = described.settings ?? {};
    const cores = ledger.cores();
    return {
      schema: SPEED_RESULTS_SCHEMA_ID,
      tool: { name: 'termprobe', version: toolVersion() },
      payloads: { version: PAYLOAD_VERSION, hash: payloadsHash(payloads), trials },
      target: { id: factory.resultsId ?? targetId, identity, engine: described.engine ?? engineOfIdentity(targetId, identity) },
      settings: { ...settings, ...size, modes: { ...seen.modes, ...settings.modes }, ...(opts.options && Object.keys(opts.options).length > 0 ? { options: { ...settings.options, ...opts.options } } : {}) },
      run: { startedAt: startedAt.toISOString(), elapsedMs: Math.round(performance.now() - t0), platform: currentPlatform(), ...(restarts.length > 0 ? { restarts } : {}) },
      load: { cpus: cpuCount(), before, after: loadAverage(), otherCores: cores.other, runCores: cores.run },
      figures: book.figures(),
    };
  } finally {
    await current.session.close();
  }

  /** Close a stalled session (every process it started ends) and open a fresh one. */
  async function restart(stalled: Awaited<ReturnType<typeof open>>, id: SpeedFigureId) {
    ledger.sample();
    await stalled.session.close();
    restarts.push(id);
    const fresh = await open();
    const why = await settle(fresh.session, fresh.clock, size, opts.signal);
    if (why) {
      await fresh.session.close();
      throw new Error(`after ${id} stalled, a fresh instance ${why.replace(/^the terminal /, '')}`);
    }
    return fresh;
  }

  /** The scrollback fill (a drain of its own, bounded the same way), then `samples` memory samples IDLE_GAP_MS apart. */
  async function fillScrollback(plan: DrainPlan, samples: number): Promise<void> {
    const id = 'memory.scrollback';
    if (!current.session.processes) return;
    const why = await settle(current.session, current.clock, size, opts.signal);
    if (why) throw new Error(why);
    const outcome = await drainTrial(current.session, current.clock, plan, bounds);
    if (!outcome.ok) {
      book.unmeasured([id], `the terminal stalled on the scrollback fill (${outcome.reason}; ${outcome.consumed} of ${plan.payload.bytes.length} bytes consumed)`);
      current = await restart(current, id);
      return;
    }
    for (let i = 0; i < samples; i++) {
      await sleep(IDLE_GAP_MS);
      const mem = memorySample(current.session);
      if (mem) book.memory(id, mem);
    }
    if (restarts.length > 0) book.note(id, `measured in the fresh instance started after ${restarts.join(', ')} stalled`);
  }
}
