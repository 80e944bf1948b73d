/**
 * Synthetic results at the scale the site must handle (21 terminals × 300
 * probes by default): a corpus of plain probes, one results file per terminal
 * with mostly agreeing answers, some differences, some silences and screen
 * regions with styled cells, and a registry explaining part of the differences.
 * Deterministic, so timings compare across runs. Used by the scale test and the bench.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { hashProbes } from '../../corpus/corpus-hash.js';
import type { Corpus } from '../../corpus/load-corpus.js';
import type { Probe } from '../../corpus/probe-schema.js';
import { answerSummary } from '../../results/answer-key.js';
import type { Cell, ProbeResult, ResultsFile } from '../../results/results-schema.js';
import { regionAt } from '../../corpus/probe-needs.js';

const CATEGORIES = ['alt-screen', 'cursor', 'erase', 'insert-delete', 'margins', 'origin-mode', 'pending-wrap', 'save-restore', 'scroll-region', 'tabs', 'unicode-width', 'modes'];

export interface SyntheticSet {
  files: string[];
  registry: string;
  corpus: Corpus;
}

/** A small deterministic hash → [0, 1). */
function noise(...xs: number[]): number {
  let h = 2166136261;
  for (const x of xs) h = Math.imul(h ^ (x + 0x9e3779b9), 16777619) >>> 0;
  return (h % 10007) / 10007;
}

function syntheticProbes(count: number): Probe[] {
  return Array.from({ length: count }, (_, i): Probe => {
    const category = CATEGORIES[i % CATEGORIES.length]!;
    const screen = i % 10 === 0;
    return {
      id: `${category}.synthetic-${String(i).padStart(3, '0')}`,
      title: `Synthetic probe ${i}: cursor ${i % 7 === 0 ? 'wraps at the margin' : 'moves by a count'}`,
      description: 'A generated probe for measuring the site at scale; it says nothing about any terminal.',
      spec: 'ECMA-48 8.3.21 CUP',
      send: `\\e[5;10H\\e[${(i % 9) + 1}C`,
      query: ['cursor'],
      ...(screen ? { screen: { top: 1, left: 1, bottom: 3, right: 12 } } : {}),
      expect: { implements: { cursor: `5;${11 + (i % 9)}` } },
      category,
      file: 'synthetic',
    };
  });
}

function screenCells(t: number, p: number): Cell[][] {
  return [0, 1, 2].map((row) => Array.from({ length: 12 }, (_, col): Cell => {
    const ch = row === 1 && col < 6 ? 'abcdef'[col]! : ' ';
    const styled = row === 1 && col >= 2 && col < 5 + (noise(t, p, 9) < 0.1 ? 1 : 0);
    return styled ? { t: ch, w: 1, s: { bold: true, fg: 'bright-yellow', bg: (16 + ((p * 7) % 200)) } } : { t: ch, w: 1 };
  }));
}

function answer(t: number, probe: Probe, p: number): ProbeResult {
  const r = noise(t, p);
  const base = 11 + (p % 9);
  if (t > 1 && r < 0.02) return { id: probe.id, status: 'no-reply', note: 'no CPR before the sentinel', replies: [] };
  const col = t === 0 || r > 0.15 ? base : r < 0.08 ? base - 1 : 80;
  const result: ProbeResult = { id: probe.id, status: 'ok', replies: [], cursor: { row: 5, col, via: 'cpr', raw: `\\e[5;${col}R` }, elapsedMs: 1 + noise(p, t) * 3 };
  if (probe.screen) result.screen = { via: 'hosted', region: regionAt(probe.screen, { cols: 80, rows: 24 }), text: ['', 'abcdef', ''], cells: screenCells(t, p) };
  return result;
}

function terminal(t: number): Pick<ResultsFile, 'target'> & { file: string } {
  const id = t === 0 ? 'xterm.js' : t === 1 ? 'ghostty' : `synth-${t}`;
  const name = t === 0 ? 'xterm.js' : t === 1 ? 'ghostty' : `Synthetic Term ${t}`;
  const version = `${t}.${t % 4}.${(t * 7) % 10}`;
  const identity = { name, version, identifiedBy: t < 2 ? 'package' as const : 'xtversion' as const, chain: { xtversion: `\\eP>|${name} ${version}\\e\\\\`, da1: '\\e[?62;22c', da2: `\\e[>1;${t};0c` } };
  return { target: { id, identity }, file: `${id}-${version}.json` };
}

export function writeSyntheticResults(dir: string, terminals = 21, probeCount = 300): SyntheticSet {
  mkdirSync(dir, { recursive: true });
  const probes = syntheticProbes(probeCount);
  const hash = hashProbes(probes);
  const files = Array.from({ length: terminals }, (_, t) => {
    const { target, file } = terminal(t);
    const run: ResultsFile = {
      schema: 'termprobe-results/1',
      tool: { name: 'termprobe', version: '0.1.0' },
      corpus: { hash, probes: probes.length },
      target,
      settings: { cols: 80, rows: 24, term: 'xterm-256color', modes: { '?7': 'set', '?2027': t % 3 === 0 ? 'set' : 'reset' } },
      run: { startedAt: '2026-01-01T00:00:00.000Z', elapsedMs: 500 + t },
      probes: probes.map((p, i) => answer(t, p, i)),
    };
    const path = join(dir, file);
    writeFileSync(path, JSON.stringify(run, null, 2) + '\n');
    return path;
  });
  const registry = join(dir, 'divergences.yaml');
  // Each entry names the answers it explains: the synthetic terminal's answers in that category that miss the probe's expectation.
  const answersOf = (t: number, category: string): string[] => {
    const out = new Set<string>();
    probes.forEach((p, i) => {
      if (p.category !== category) return;
      const r = answer(t, p, i);
      if (r.status === 'ok' && r.cursor?.col !== 11 + (i % 9)) out.add(answerSummary(r));
    });
    return [...out];
  };
  const entries = [2, 3, 5, 8, 13].flatMap((t, k) => {
    const answers = answersOf(t, CATEGORIES[k]!);
    if (answers.length === 0) return [];
    const cls = ['bug', 'deliberate', 'bug', 'deliberate', 'bug'][k]!;
    const intent = cls === 'deliberate' ? '    intent: docs https://example.org/termprobe/synthetic (a synthetic statement of intent)\n' : '';
    return [`  - probe: '${CATEGORIES[k]}.*'\n    target: synth-${t}\n    answer: ${JSON.stringify(answers)}\n    class: ${cls}\n    reason: Synthetic entry for measuring the site.\n${intent}    evidence:\n      - https://example.org/termprobe/synthetic\n`];
  });
  writeFileSync(registry, `divergences:\n${entries.join('')}`);
  return { files, registry, corpus: { dir, probes, byId: new Map(probes.map((p) => [p.id, p])), categories: CATEGORIES, hash } };
}
