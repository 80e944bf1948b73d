/**
 * The chunking property as a run: every probe is sent whole and cut into pieces
 * (split-variants.ts) through a ChunkedSession, in one pipelined run of the
 * engine, and a probe whose answer (cursor, replies, screen) depends on the cut
 * is a finding: a parser that loses state between reads, the bug that shows
 * over SSH. Only the probe's own bytes are cut, never the prelude or queries.
 */
import type { Corpus } from '../corpus/load-corpus.js';
import { probeWire, rememberWires } from '../corpus/probe-wires.js';
import type { Probe } from '../corpus/probe-schema.js';
import { probeSession } from '../engine/run-target.js';
import { answerSignature, answerSummary } from '../results/answer-key.js';
import type { ProbeResult } from '../results/results-schema.js';
import { loadTarget } from '../targets/registry.js';
import { TargetUnavailableError } from '../targets/target-unavailable-error.js';
import { toolVersion } from '../util/tool-version.js';
import { CHUNKING_SCHEMA_ID, type ChunkingFinding, type ChunkingReport } from '../results/chunking-report-schema.js';
export { CHUNKING_SCHEMA_ID, type ChunkingFinding, type ChunkingReport } from '../results/chunking-report-schema.js';
import { ChunkedSession, SPLIT } from './chunked-session.js';
import { markCuts, splitVariants } from './split-variants.js';

/** The pause after each piece for targets behind a pipe (multiplexers, GUI terminals). */
export const PIPE_PAUSE_MS = 15;

export interface ChunkingOptions {
  cols: number;
  rows: number;
  signal?: AbortSignal;
  window?: number;
}

/** Group the variants' results by probe and keep the probes whose answer moved with the cut. */
export function compareVariants(variants: readonly { id: string; label: string }[], results: readonly ProbeResult[]): { findings: ChunkingFinding[]; notCut: ChunkingReport['notCut'] } {
  const byProbe = new Map<string, { whole?: string; wholeSummary?: string; others: { split: string; sig: string; answer: string }[]; count: number }>();
  const notCut: ChunkingReport['notCut'] = [];
  results.forEach((r, i) => {
    const v = variants[i]!;
    let entry = byProbe.get(v.id);
    if (!entry) byProbe.set(v.id, (entry = { others: [], count: 0 }));
    entry.count++;
    const sig = answerSignature(r);
    if (v.label === 'whole') {
      entry.whole = sig;
      entry.wholeSummary = answerSummary(r);
      if (r.status !== 'ok') notCut.push({ probe: v.id, why: `whole, it answered ${r.status}${r.note ? `: ${r.note}` : ''}` });
    } else entry.others.push({ split: v.label, sig, answer: answerSummary(r) });
  });
  const findings: ChunkingFinding[] = [];
  for (const [id, e] of byProbe) {
    if (e.whole === undefined || notCut.some((n) => n.probe === id)) continue;
    const differing = e.others.filter((o) => o.sig !== e.whole).map((o) => ({ split: o.split, answer: o.answer }));
    if (differing.length > 0) findings.push({ probe: id, whole: e.wholeSummary!, differing, variants: e.count });
  }
  return { findings, notCut };
}

export async function runChunking(targetId: string, corpus: Corpus, probes: Probe[], opts: ChunkingOptions): Promise<ChunkingReport> {
  const factory = await loadTarget(targetId);
  if (factory.kind === 'self') throw new TargetUnavailableError(targetId, 'the chunking run is for the other targets; your own terminal is probed with `termprobe`');
  const avail = await factory.available();
  if (!avail.ok) throw new TargetUnavailableError(targetId, avail.reason + (avail.install ? ` (install: ${avail.install})` : ''));
  const startedAt = new Date();
  const t0 = performance.now();
  const variants: { probe: Probe; original: Probe; label: string }[] = [];
  for (const probe of probes) {
    const [c, r] = probe.size ? (probe.size.split('x').map(Number) as [number, number]) : [opts.cols, opts.rows];
    const size = { cols: c, rows: r };
    const send = probeWire(probe, 'send', size);
    const cleanup = probe.cleanup === undefined ? undefined : probeWire(probe, 'cleanup', size);
    for (const v of splitVariants(probe.id, send.length)) {
      const copy: Probe = { ...probe };
      rememberWires(copy, { send: markCuts(send, v.cuts, SPLIT), ...(cleanup !== undefined ? { cleanup } : {}) });
      variants.push({ probe: copy, original: probe, label: v.label });
    }
  }
  const pauseMs = factory.kind === 'embedded' ? 0 : PIPE_PAUSE_MS;
  const inner = await factory.open({ cols: opts.cols, rows: opts.rows, options: {}, signal: opts.signal });
  const session = new ChunkedSession(inner, pauseMs);
  let run;
  try {
    run = await probeSession(targetId, session, corpus, variants.map((v) => v.probe), { cols: opts.cols, rows: opts.rows, signal: opts.signal, window: opts.window, idleTimeoutMs: 5000 });
  } finally {
    await session.close();
  }
  const { findings, notCut } = compareVariants(variants.map((v) => ({ id: v.original.id, label: v.label })), run.results.probes);
  const identity = run.results.target.identity;
  return {
    schema: CHUNKING_SCHEMA_ID,
    tool: { name: 'termprobe', version: toolVersion() },
    corpus: { hash: corpus.hash, probes: probes.length },
    target: { id: targetId, name: identity.name, version: identity.version },
    settings: { cols: opts.cols, rows: opts.rows, pauseMs },
    run: { startedAt: startedAt.toISOString(), elapsedMs: Math.round(performance.now() - t0), variants: variants.length, pieces: session.pieces },
    notCut,
    findings,
    summary: findings.length === 0 ? 'none' : `${findings.length} probe(s) answer differently when their bytes are cut`,
  };
}
