/**
 * What changed between two runs, probe by probe (matched by id, so two corpus
 * versions compare too): added, removed, and changed answers with both sides
 * and a printf repro. Timings, raw spellings and evidence never count.
 */
import type { Corpus } from '../corpus/load-corpus.js';
import { reproCommand } from '../corpus/repro-bytes.js';
import { makeSigner } from '../classify/answer-signer.js';
import type { RunView } from '../classify/run-view.js';
import type { ProbeResult } from '../results/results-schema.js';
import { plural } from '../util/plural.js';

export interface DiffSide {
  file: string;
  label: string;
  target: string;
  corpus: string;
  size: string;
}

export interface AnswerShown {
  answer: string;
  status: ProbeResult['status'];
  /** The raw replies as received (escape notation), e.g. "cursor \e[1;80R". */
  raw: string[];
}

export interface ProbeChange {
  id: string;
  a?: AnswerShown;
  b?: AnswerShown;
  /** printf reproducing the probe, or null with reproNote saying why not. */
  repro: string | null;
  reproNote?: string;
}

export interface ResultsDiff {
  a: DiffSide;
  b: DiffSide;
  corpusChanged: boolean;
  changed: ProbeChange[];
  added: ProbeChange[];
  removed: ProbeChange[];
  unchanged: number;
  notes: string[];
}

function side(v: RunView): DiffSide {
  return { file: v.file, label: v.label, target: v.targetId, corpus: v.run.corpus.hash, size: `${v.run.settings.cols}x${v.run.settings.rows}` };
}

function shown(v: RunView, id: string): AnswerShown | undefined {
  const r = v.result(id);
  if (!r) return undefined;
  const raw: string[] = [];
  if (r.cursor) raw.push(`cursor ${r.cursor.raw}`);
  for (const rep of r.replies) raw.push(`${rep.query} ${rep.raw ?? '(none)'}`);
  return { answer: v.summary(id), status: r.status, raw };
}

/** The corpus for repro bytes, or the reason there is none (it failed to load). */
export type ReproCorpus = { corpus: Corpus } | { error: string };

function repro(id: string, b: RunView, source: ReproCorpus): Pick<ProbeChange, 'repro' | 'reproNote'> {
  if ('error' in source) return { repro: null, reproNote: `no repro: the corpus did not load (${source.error})` };
  const probe = source.corpus.byId.get(id);
  if (!probe) return { repro: null, reproNote: 'no repro: this probe id is not in the corpus' };
  const [cols, rows] = (probe.size ?? `${b.run.settings.cols}x${b.run.settings.rows}`).split('x').map(Number) as [number, number];
  return { repro: reproCommand(probe, { cols, rows }) };
}

export function diffResults(a: RunView, b: RunView, source: ReproCorpus): ResultsDiff {
  const aIds = a.run.probes.map((p) => p.id);
  const bIds = b.run.probes.map((p) => p.id);
  const inA = new Set(aIds);
  const inB = new Set(bIds);
  const signer = makeSigner([a, b]);
  const diff: ResultsDiff = { a: side(a), b: side(b), corpusChanged: a.run.corpus.hash !== b.run.corpus.hash, changed: [], added: [], removed: [], unchanged: 0, notes: [] };
  for (const id of aIds) {
    if (!inB.has(id)) diff.removed.push({ id, a: shown(a, id), ...repro(id, b, source) });
    else if (signer.of(a, id) !== signer.of(b, id)) diff.changed.push({ id, a: shown(a, id), b: shown(b, id), ...repro(id, b, source) });
    else diff.unchanged++;
  }
  for (const id of bIds) if (!inA.has(id)) diff.added.push({ id, b: shown(b, id), ...repro(id, b, source) });
  if (diff.a.size !== diff.b.size) diff.notes.push(`the runs have different sizes (${diff.a.size}, ${diff.b.size}): size-dependent answers differ for that reason`);
  if ('corpus' in source && (a.run.corpus.hash !== source.corpus.hash || b.run.corpus.hash !== source.corpus.hash) && diff.changed.length + diff.added.length + diff.removed.length > 0) {
    diff.notes.push(`repro bytes come from the corpus at hand (${source.corpus.hash.slice(0, 19)}…), which is not the corpus of every run here`);
  }
  return diff;
}

/** Exit status for CI: 1 when an answer changed; added or removed probes alone do not fail. */
export function diffExitCode(diff: ResultsDiff): 0 | 1 {
  return diff.changed.length > 0 ? 1 : 0;
}

export function diffHeadline(diff: ResultsDiff): string {
  const n = diff.changed.length;
  const extra = [diff.added.length ? `${diff.added.length} added` : '', diff.removed.length ? `${diff.removed.length} removed` : ''].filter(Boolean).join(', ');
  if (n === 0) return `No answers changed (${plural(diff.unchanged, 'probe')} compared${extra ? `; ${extra}` : ''}).`;
  return `${n} answer${n === 1 ? '' : 's'} changed (${diff.unchanged} unchanged${extra ? `, ${extra}` : ''}).`;
}

export function corpusLine(diff: ResultsDiff): string {
  return diff.corpusChanged
    ? `Corpus changed: ${diff.a.corpus.slice(0, 19)}… → ${diff.b.corpus.slice(0, 19)}…; probes are compared by id.`
    : `Corpus: ${diff.a.corpus.slice(0, 19)}… (same in both).`;
}
