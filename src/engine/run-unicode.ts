/**
 * The Unicode width suite against one target: identify (as for the corpus),
 * then two passes of batched width measurements (width-batches.ts,
 * run-widths.ts): every item with mode 2027 reset, then the grapheme-cluster
 * items with it set; then the modes the terminal started with are put back.
 */
import type { WidthItem, WidthSuite } from '../corpus/width-suite/width-item.js';
import { UNICODE_RESULTS_SCHEMA_ID, type UnicodePass, type UnicodeResults } from '../results/unicode-results-schema.js';
import { answerChar } from '../results/width-answers.js';
import { loadTarget } from '../targets/registry.js';
import type { TargetSession } from '../targets/target.js';
import { TargetUnavailableError } from '../targets/target-unavailable-error.js';
import { toolVersion } from '../util/tool-version.js';
import { engineOfIdentity } from './engine-identity.js';
import { chooseIdentity, IDENTIFY_PROBES, readIdentification } from './identify.js';
import { preludeBytes, restoreModesBytes, type PreludeKind } from '../corpus/prelude.js';
import { runProbes } from './run-probes.js';
import { DEFAULT_IDLE_MS, measureWidths, type WidthPass } from './run-widths.js';

export interface UnicodeRunOptions {
  cols?: number;
  rows?: number;
  options?: Record<string, string>;
  idleTimeoutMs?: number;
  prelude?: PreludeKind;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
  maxBytesInFlight?: number;
  /** Bytes per batch, at most (see WidthPassOptions.batchBytes). */
  batchBytes?: number;
}

export interface UnicodeRun {
  results: UnicodeResults;
  gaveUp?: string;
}

const MODE_2027_RESET = '\x1b[?2027l';
const MODE_2027_SET = '\x1b[?2027h';

/** The session in use, and how to start a fresh one when a choke item leaves the terminal hung or dead. */
export interface UnicodeSessionHolder {
  current: TargetSession;
  reopen?: () => Promise<TargetSession>;
}

/** Fresh instances a run may start after the terminal hung or died, at most (as for the corpus). */
export const MAX_RESTARTS = 12;

/** Run the suite in an open session (any target, the user's own terminal included). */
export async function measureSession(targetId: string, sessionOrHolder: TargetSession | UnicodeSessionHolder, suite: WidthSuite, opts: UnicodeRunOptions & { cols: number; rows: number }): Promise<UnicodeRun> {
  const holder: UnicodeSessionHolder = 'current' in sessionOrHolder ? sessionOrHolder : { current: sessionOrHolder };
  const startedAt = new Date();
  const t0 = performance.now();
  const described = await holder.current.describe();
  const size = { cols: opts.cols, rows: opts.rows };
  const ident = await runProbes(holder.current, IDENTIFY_PROBES, { size, idleTimeoutMs: opts.idleTimeoutMs, prelude: 'none', signal: opts.signal });
  const seen = readIdentification(ident.results[0]!, ident.results[1]!);
  const modes = { ...seen.modes, ...described.settings?.modes };
  const restore = restoreModesBytes(modes);
  const prelude = preludeBytes(size, opts.prelude ?? 'default', restore);
  const items = suite.items;
  const all = items.map((_, i) => i);
  const chokes = all.filter((i) => items[i]!.category === 'choke');
  const plain = all.filter((i) => items[i]!.category !== 'choke');
  // Mode 2027 is measured both ways only where DECRQM reports it settable: a terminal without it, or with it fixed, draws the same either way.
  const mode2027 = modes['?2027'] ?? 'no-reply';
  const settable = mode2027 === 'set' || mode2027 === 'reset';
  const clusters = settable ? all.filter((i) => items[i]!.cluster !== undefined) : [];
  const total = all.length + clusters.length;
  const tMeasure = performance.now();
  let done = 0;
  let restarts = 0;
  const idle = opts.idleTimeoutMs ?? DEFAULT_IDLE_MS;

  const measure = (modeBytes: string, indexes: number[], how: { alone?: boolean } = {}) => {
    const offset = done;
    return measureWidths(holder.current, items, indexes, {
      size,
      modeBytes,
      prelude,
      idleTimeoutMs: opts.idleTimeoutMs,
      signal: opts.signal,
      // Alone, to find a culprit: one item in flight, one timeout to give.
      ...(how.alone ? { alone: true, maxBytesInFlight: 1, maxTimeouts: 1 } : { maxBytesInFlight: opts.maxBytesInFlight }),
      ...(opts.batchBytes ? { batchBytes: opts.batchBytes } : {}),
      onProgress: (n) => opts.onProgress?.(offset + n, total),
    });
  };
  const restart = async () => {
    restarts++;
    await holder.current.close();
    holder.current = await holder.reopen!();
    await runProbes(holder.current, IDENTIFY_PROBES, { size, idleTimeoutMs: opts.idleTimeoutMs, prelude: 'none', signal: opts.signal });
  };

  /**
   * One pass over `indexes`, going on past a terminal that hangs or dies: the
   * items of the window that was in flight are measured again alone in a fresh
   * instance; the one it hangs or dies on again is recorded as the cause, and
   * the rest of the pass goes on in another fresh instance.
   */
  const pass = async (modeBytes: string, indexes: number[], how: { alone?: boolean } = {}): Promise<WidthPass> => {
    const out: WidthPass = { advances: new Map(), notes: new Map(), remeasured: [], batches: 0 };
    let todo = indexes;
    let aloneFirst = how.alone ? todo.length : 0;
    while (todo.length > 0) {
      const alone = todo.slice(0, aloneFirst);
      const rest = todo.slice(aloneFirst);
      const r = alone.length > 0 ? await measure(modeBytes, alone, { alone: true }) : await measure(modeBytes, rest);
      out.batches += r.batches;
      out.remeasured.push(...r.remeasured);
      const measured = alone.length > 0 ? alone : rest;
      for (const i of measured) {
        const a = r.advances.get(i);
        if (a !== undefined && a !== null) out.advances.set(i, a);
        else if (!r.gaveUp) {
          out.advances.set(i, a ?? null);
          const note = r.notes.get(i);
          if (note) out.notes.set(i, note);
        }
      }
      if (!r.gaveUp) {
        todo = alone.length > 0 ? rest : [];
        aloneFirst = how.alone ? todo.length : 0;
        continue;
      }
      const missing = measured.filter((i) => !out.advances.has(i));
      if (!holder.reopen || restarts >= MAX_RESTARTS || opts.signal?.aborted) {
        out.gaveUp = holder.reopen ? `${r.gaveUp}; ${MAX_RESTARTS} fresh instances started already` : r.gaveUp;
        for (const i of [...missing, ...(alone.length > 0 ? rest : [])]) {
          out.advances.set(i, null);
          out.notes.set(i, r.notes.get(i) ?? `not measured: ${r.gaveUp}`);
        }
        break;
      }
      if (alone.length > 0) {
        // Alone, the first item without an answer is the one the terminal hung or died on.
        const culprit = missing[0]!;
        out.advances.set(culprit, null);
        const died = /^the terminal went away during the run: (.*)$/.exec(r.gaveUp);
        out.notes.set(culprit, `${died ? `the terminal died on this item (${died[1]})` : `no answer within ${idle} ms: the terminal hung on this item`}; a fresh instance measured the rest`);
        await restart();
        todo = [...missing.slice(1), ...rest];
        aloneFirst = how.alone ? todo.length : 0;
        continue;
      }
      // Batched: the cause is in the first batch lost. Its items go alone, first, in a fresh instance.
      await restart();
      const suspects = new Set((r.suspects ?? missing.slice(0, 1)).filter((i) => !out.advances.has(i)));
      todo = [...missing.filter((i) => suspects.has(i)), ...missing.filter((i) => !suspects.has(i))];
      aloneFirst = suspects.size;
    }
    return out;
  };

  let off: WidthPass;
  let on: WidthPass | undefined;
  if (ident.gaveUp) {
    off = { advances: new Map(all.map((i) => [i, null])), notes: new Map(), remeasured: [], batches: 0, gaveUp: ident.gaveUp };
  } else {
    off = await pass(MODE_2027_RESET, plain);
    done += plain.length;
    if (!off.gaveUp && clusters.length > 0) on = await pass(MODE_2027_SET, clusters);
    done += clusters.length;
    // The items terminals choke on go last, each alone: one that leaves the terminal hung or dead
    // is marked, and a fresh instance (where the target can start one) measures the rest.
    if (!off.gaveUp) {
      const c = await pass(MODE_2027_RESET, chokes, { alone: true });
      for (const i of chokes) off.advances.set(i, c.advances.get(i) ?? null);
      for (const [i, note] of c.notes) off.notes.set(i, note);
      off.batches += c.batches;
    }
    for (const i of chokes) if (!off.advances.has(i)) {
      off.advances.set(i, null);
      off.notes.set(i, `not measured: ${off.gaveUp ?? 'the terminal stopped answering'}`);
    }
    // Put back what the run changed: the prelude restores the recorded modes (2027 included).
    holder.current.write(new TextEncoder().encode(prelude));
  }
  const measuringMs = Math.round(performance.now() - tMeasure);
  const identity = chooseIdentity(described, seen, targetId);
  const settings = described.settings ?? {};
  const gaveUp = off.gaveUp ?? on?.gaveUp;
  const results: UnicodeResults = {
    schema: UNICODE_RESULTS_SCHEMA_ID,
    tool: { name: 'termprobe', version: toolVersion() },
    suite: { hash: suite.hash, unicode: suite.unicode, emoji: suite.emoji, items: items.length, sources: suite.sources },
    target: { id: targetId, identity, engine: described.engine ?? engineOfIdentity(targetId, identity) },
    settings: {
      ...settings,
      cols: opts.cols,
      rows: opts.rows,
      modes,
      ...(opts.options && Object.keys(opts.options).length > 0 ? { options: { ...settings.options, ...opts.options } } : {}),
    },
    run: {
      startedAt: startedAt.toISOString(),
      elapsedMs: Math.round(performance.now() - t0),
      measuringMs,
      batches: off.batches + (on?.batches ?? 0),
      ...(restarts > 0 ? { restarts } : {}),
      ...(settable ? {} : { on: `DECRQM ?2027 answered ${mode2027}: not settable` }),
      ...(gaveUp ? { gaveUp } : {}),
    },
    answers: { off: encodePass(items, off), on: on ? encodePass(items, on) : '.'.repeat(items.length) },
    long: { off: longOf(items, off), on: on ? longOf(items, on) : {} },
    remeasured: { off: off.remeasured.map((i) => items[i]!.id), on: on ? on.remeasured.map((i) => items[i]!.id) : [] },
    notes: { off: notesOf(items, off), on: on ? notesOf(items, on) : {} },
  };
  return { results, ...(gaveUp ? { gaveUp } : {}) };
}

function encodePass(items: readonly WidthItem[], pass: WidthPass): string {
  let out = '';
  for (let i = 0; i < items.length; i++) out += answerChar(pass.advances.get(i));
  return out;
}

function longOf(items: readonly WidthItem[], pass: WidthPass): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [i, advance] of pass.advances) if (advance !== null && advance > 35) out[items[i]!.id] = advance;
  return out;
}

function notesOf(items: readonly WidthItem[], pass: WidthPass): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [i, note] of pass.notes) out[items[i]!.id] = note;
  return out;
}

export type { UnicodePass };

/** Open a target, run the suite, close it (always). */
export async function runUnicodeTarget(targetId: string, suite: WidthSuite, opts: UnicodeRunOptions = {}): Promise<UnicodeRun> {
  const factory = await loadTarget(targetId);
  const avail = await factory.available();
  if (!avail.ok) throw new TargetUnavailableError(targetId, avail.reason + (avail.install ? ` (install: ${avail.install})` : ''));
  if (factory.kind === 'self') return (await import('./run-self-unicode.js')).runSelfUnicode(suite, opts);
  const cols = opts.cols ?? 80;
  const rows = opts.rows ?? 24;
  const open = () => factory.open({ cols, rows, options: opts.options ?? {}, signal: opts.signal, pixels: false });
  const holder: UnicodeSessionHolder = { current: await open(), reopen: open };
  try {
    // A terminal that takes only so many bytes at once gets batches no larger, one at a time.
    const limit = factory.maxBytesInFlight;
    const limits = limit ? { maxBytesInFlight: Math.min(limit, opts.maxBytesInFlight ?? limit), batchBytes: limit } : {};
    return await measureSession(targetId, holder, suite, { ...opts, ...limits, cols, rows });
  } finally {
    await holder.current.close();
  }
}
