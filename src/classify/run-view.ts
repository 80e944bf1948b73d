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
}

const EMBEDDED = new Set<string>(EMBEDDED_TARGET_IDS);

export function isRealTerminal(run: ResultsFile): boolean {
  // A headless core behind a stdio adapter is an embedded emulator too.
  return !EMBEDDED.has(run.target.id) && !run.target.id.startsWith('stdio:');
}

export function viewRun(file: string, run: ResultsFile): RunView {
  const byId = new Map(run.probes.map((p) => [p.id, p]));
  const caches: Record<SignatureLevel, Map<string, string>> = { cells: new Map(), text: new Map(), none: new Map() };
  const sums = new Map<string, string>();
  const bareSums = new Map<string, string>();
  const judgedById = new Map<string, ProbeResult>();
  const { name, version } = run.target.identity;
  const engine = engineOfRun(run);
  const judged = (id: string): ProbeResult | undefined => {
    const r = byId.get(id);
    if (!r || !view.convention) return r;
    let j = judgedById.get(id);
    if (j === undefined) judgedById.set(id, (j = judgeByConvention(r, view.convention)));
    return j;
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
    result: (id) => byId.get(id),
    convention: undefined,
    useConvention(c) {
      if (c === view.convention) return;
      view.convention = c;
      for (const m of [...Object.values(caches), sums, bareSums, judgedById]) m.clear();
    },
    judged,
    corrected: (id) => judged(id) !== byId.get(id),
    signature(id, requested = 'cells') {
      // Without a screen every level signs the same: one cache then, whatever level is asked.
      const level = byId.get(id)?.screen === undefined ? 'cells' : requested;
      const cache = caches[level];
      let s = cache.get(id);
      if (s === undefined) {
        const r = judged(id);
        if (!r) return undefined;
        s = level === 'cells' ? answerSignature(r) : textSignature(r, level === 'text');
        if (r !== byId.get(id)) s += CORRECTED_MARK;
        cache.set(id, s);
      }
      return s;
    },
    summary(id, withScreen = true) {
      const cache = withScreen ? sums : bareSums;
      let s = cache.get(id);
      if (s === undefined) {
        const raw = byId.get(id);
        const r = judged(id);
        const shown = (x: ProbeResult | undefined) => (x && !withScreen ? { ...x, screen: undefined } : x);
        s = raw && r && r !== raw ? correctedSummary(raw, shown(r)!) : answerSummary(shown(raw));
        cache.set(id, s);
      }
      return s;
    },
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
