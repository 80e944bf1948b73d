/** Test helper: small in-memory results files, one answer (a cursor) per probe. */
import type { ProbeResult, ResultsFile } from '../results/results-schema.js';
import { viewRun, type RunView } from './run-view.js';

export function cursorResult(id: string, cursor: string): ProbeResult {
  if (cursor === 'no-reply') return { id, status: 'no-reply', replies: [] };
  const [row, col] = cursor.split(';').map(Number) as [number, number];
  return { id, status: 'ok', cursor: { row, col, via: 'cpr', raw: `\\e[${row};${col}R` }, replies: [] };
}

/** A run of `target` (version 1.0 unless given) answering each probe with the cursor given. */
export function fakeRun(target: string, answers: Record<string, string>, version = '1.0', engine?: { name: string; version?: string }): RunView {
  const run: ResultsFile = {
    schema: 'termprobe-results/1',
    tool: { name: 'termprobe', version: '0.0.0' },
    corpus: { hash: `sha256:${'0'.repeat(64)}`, probes: Object.keys(answers).length },
    target: { id: target, identity: { name: target, version, identifiedBy: 'package', chain: {} }, ...(engine ? { engine } : {}) },
    settings: { cols: 80, rows: 24 },
    run: { startedAt: '2026-01-01T00:00:00.000Z', elapsedMs: 1 },
    probes: Object.entries(answers).map(([id, c]) => cursorResult(id, c)),
  };
  return viewRun(`${target}.json`, run);
}
