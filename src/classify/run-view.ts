/**
 * One results file as the classifier sees it: probes by id, and each probe's
 * answer signature and short summary computed once (never per cell).
 */
import { basename } from 'node:path';
import { answerSignature, answerSummary, hasNoAnswer, signatureHead } from '../results/answer-key.js';
import type { ProbeResult, ResultsFile } from '../results/results-schema.js';
import { EMBEDDED_TARGET_IDS, engineOfRun } from '../results/engines.js';
import type { Answerer } from './load-divergences.js';
import { CORRECTED_MARK, correctedSummary, judgeByConvention, type ReplyConvention } from './reply-convention.js';

/** How much of an answer counts: screen cells, the screen's text only, or no screen at all. */
export type SignatureLevel = 'cells' | 'text' | 'none';

/** Like answerSignature, but the screen counts by its text only, or not at all: for runs that could not read more. */
export function textSignature(r: ProbeResult, withScreen = true): string {
  if (hasNoAnswer(r)) return r.status;
  // A reply termprobe's pipe wrote is no terminal's answer: it never equals one a terminal gave (signatureHead).
  const head = signatureHead(r);
  return r.screen && withScreen ? `${head} text=${JSON.stringify(r.screen.text.map((l) => l.replace(/ +$/, '')))}` : head;
}

export interface RunView {
  /** The file as given (or a description such as "(xterm.js, run now)"). */
  file: string;
  run: ResultsFile;
  /** Target name as the registry knows it (results' target.id). */
  targetId: string;
  name: string;
  version: string;
  /** Where it was made ("linux", "macos", "windows", …); undefined in files made before termprobe recorded it. */
  platform: string | undefined;
  /** Column label: "name version", made unique among the runs compared. */
  label: string;
  /** A real terminal (not an embedded emulator). */
  real: boolean;
  /** The emulation engine behind it (six VTE front ends share one); consensus counts engines. */
  engine: { name: string; version?: string };
  /** Who answered, as registry entries match it. */
  answerer: Answerer;
  /** The result as the terminal gave it (raw replies, cursor as reported). */
  result(id: string): ProbeResult | undefined;
  /** The reply convention the registry states for this run, under which its answers are judged (see reply-convention.ts). */
  convention: ReplyConvention | undefined;
  /** Judge this run's answers under a convention from now on (or under none). */
  useConvention(c: ReplyConvention | undefined): void;
  /** The result as judged: under a convention, corrected (the raw reports unchanged); else the result itself. */
  judged(id: string): ProbeResult | undefined;
  /** Whether the convention changed this probe's answer. */
  corrected(id: string): boolean;
  /** The answer's signature: with screen cells ("cells", the default), screen text only ("text"), or no screen ("none"). */
  signature(id: string, level?: SignatureLevel): string | undefined;
  /** The short answer for tables ("1;4→2;5" where a convention corrected it); without the screen part when withScreen is false. */
  summary(id: string, withScreen?: boolean): string;
  /**
   * What the view keeps of one probe (undefined: the run has no result for it), for a caller that asks many
   * questions of one cell: the *In methods answer them from it without looking the id up again (compare's grid).
   */
  slot(id: string): ProbeSlot | undefined;
  judgedIn(slot: ProbeSlot): ProbeResult;
  signatureIn(slot: ProbeSlot, level?: SignatureLevel): string;
  summaryIn(slot: ProbeSlot, withScreen?: boolean): string;
}

const EMBEDDED = new Set<string>(EMBEDDED_TARGET_IDS);

export function isRealTerminal(run: ResultsFile): boolean {
  // A headless core behind a stdio adapter is an embedded emulator too.
  return !EMBEDDED.has(run.target.id) && !run.target.id.startsWith('stdio:');
}

/**
 * What a view keeps of one probe: its result, and what it worked out from it once (the result as judged, the
 * signatures, the summaries). One map lookup per cell instead of one per question: compare asks each of its
 * 31,000 cells for its result, its judged result, two or three signatures and a summary, and a lookup by id
 * cost about 0.2 µs, as much as the rest of answering.
 */
export interface ProbeSlot {
  readonly r: ProbeResult;
  judged?: ProbeResult;
  cells?: string;
  text?: string;
  none?: string;
  sum?: string;
  bare?: string;
  /** The support mark, and the marker that made it (marks.ts): a slot is new when the view's convention changes. */
  mark?: unknown;
  markedBy?: object;
}

export function viewRun(file: string, run: ResultsFile): RunView {
  const slots = new Map<string, ProbeSlot>();
  for (const p of run.probes) slots.set(p.id, { r: p });
  const { name, version } = run.target.identity;
  const engine = engineOfRun(run);
  const judgedIn = (slot: ProbeSlot): ProbeResult => {
    let j = slot.judged;
    if (j === undefined) slot.judged = j = view.convention ? judgeByConvention(slot.r, view.convention) : slot.r;
    return j;
  };
  const signatureIn = (slot: ProbeSlot, requested: SignatureLevel = 'cells'): string => {
    // Without a screen every level signs the same: one cache then, whatever level is asked.
    const level = slot.r.screen === undefined ? 'cells' : requested;
    let s = slot[level];
    if (s === undefined) {
      const r = judgedIn(slot);
      s = level === 'cells' ? answerSignature(r) : textSignature(r, level === 'text');
      if (r !== slot.r) s += CORRECTED_MARK;
      slot[level] = s;
    }
    return s;
  };
  const summaryIn = (slot: ProbeSlot, withScreen = true): string => {
    let s = withScreen ? slot.sum : slot.bare;
    if (s === undefined) {
      const raw = slot.r;
      const r = judgedIn(slot);
      const shown = (x: ProbeResult) => (withScreen ? x : { ...x, screen: undefined });
      s = r !== raw ? correctedSummary(raw, shown(r)) : answerSummary(shown(raw));
      if (withScreen) slot.sum = s;
      else slot.bare = s;
    }
    return s;
  };
  const view: RunView = {
    file,
    run,
    targetId: run.target.id,
    name,
    version,
    platform: run.run.platform?.os,
    label: `${name} ${version}`,
    real: isRealTerminal(run),
    engine,
    answerer: { targetId: run.target.id, version, engine },
    result: (id) => slots.get(id)?.r,
    convention: undefined,
    useConvention(c) {
      if (c === view.convention) return;
      view.convention = c;
      for (const p of run.probes) slots.set(p.id, { r: p });
    },
    judged: (id) => {
      const slot = slots.get(id);
      return slot && judgedIn(slot);
    },
    corrected: (id) => {
      const slot = slots.get(id);
      return slot !== undefined && judgedIn(slot) !== slot.r;
    },
    signature: (id, level) => {
      const slot = slots.get(id);
      return slot && signatureIn(slot, level);
    },
    summary: (id, withScreen) => {
      const slot = slots.get(id);
      return slot ? summaryIn(slot, withScreen) : answerSummary(undefined);
    },
    slot: (id) => slots.get(id),
    judgedIn,
    signatureIn,
    summaryIn,
  };
  return view;
}

/**
 * Make labels unique. A row is (terminal, version, platform): when the runs do
 * not all come from one platform, each run that records its platform says it
 * ("iTerm2 3.5.0 on macos"); two runs still alike get their file names added.
 */
export function labelRuns(views: RunView[]): void {
  const platforms = new Set(views.map((v) => v.platform));
  if (platforms.size > 1) for (const v of views) if (v.platform && !v.label.endsWith(` on ${v.platform}`)) v.label = `${v.label} on ${v.platform}`;
  const count = new Map<string, number>();
  for (const v of views) count.set(v.label, (count.get(v.label) ?? 0) + 1);
  for (const v of views) if ((count.get(v.label) ?? 0) > 1) v.label = `${v.label} (${basename(v.file)})`;
}
