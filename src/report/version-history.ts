/**
 * A terminal's history across its releases: its runs (same settings, same
 * platform) in version order, and for each pair of consecutive versions the
 * probes whose answer changed, with both answers — what a terminal author asks
 * ("what changed between my releases"). Built on the diff of two runs
 * (diff-results.ts), so an answer counts as changed exactly when `termprobe
 * diff` says so.
 */
import { compareVersionStrings, terminalKey } from '../classify/newest-versions.js';
import type { RunView } from '../classify/run-view.js';
import { diffResults, type ProbeChange, type ReproCorpus } from './diff-results.js';

export interface HistoryStep {
  from: string;
  to: string;
  changed: ProbeChange[];
  added: number;
  removed: number;
  unchanged: number;
}

export interface VersionHistory {
  terminal: string;
  /** The runs, oldest first. */
  versions: { version: string; file: string }[];
  steps: HistoryStep[];
  /** Releases known but not run, with why (e.g. a ghostty-web whose engine sends no replies). */
  notRun: { version: string; reason: string }[];
  notes: string[];
  settings: string;
}

/** The runs of one terminal: by results name or target id; when they fall in several groups (platforms, settings), the one with most versions. */
export function historyRuns(views: RunView[], terminal: string): { runs: RunView[]; notes: string[] } {
  const mine = views.filter((v) => v.name === terminal || v.targetId === terminal);
  const groups = new Map<string, RunView[]>();
  for (const v of mine) groups.set(terminalKey(v), [...(groups.get(terminalKey(v)) ?? []), v]);
  const sorted = [...groups.values()].sort((a, b) => new Set(b.map((v) => v.version)).size - new Set(a.map((v) => v.version)).size);
  const chosen = sorted[0] ?? [];
  const notes = sorted.length > 1 ? [`${sorted.length - 1} other run group(s) of ${terminal} (another platform or settings) left out: ${sorted.slice(1).map((g) => g[0]!.label).join(', ')}`] : [];
  const byVersion = new Map<string, RunView>();
  for (const v of chosen) if (!byVersion.has(v.version)) byVersion.set(v.version, v);
  return { runs: [...byVersion.values()].sort((a, b) => compareVersionStrings(a.version, b.version)), notes };
}

function settingsOf(v: RunView | undefined): string {
  if (!v) return '';
  const s = v.run.settings;
  return [`${s.cols}x${s.rows}`, s.unicode ? `unicode ${s.unicode}` : '', v.platform ? `on ${v.platform}` : ''].filter(Boolean).join(', ');
}

export function buildHistory(views: RunView[], terminal: string, source: ReproCorpus, notRun: VersionHistory['notRun'] = []): VersionHistory {
  const { runs, notes } = historyRuns(views, terminal);
  const steps: HistoryStep[] = [];
  for (let i = 1; i < runs.length; i++) {
    const d = diffResults(runs[i - 1]!, runs[i]!, source);
    steps.push({ from: runs[i - 1]!.version, to: runs[i]!.version, changed: d.changed, added: d.added.length, removed: d.removed.length, unchanged: d.unchanged });
    for (const n of d.notes) if (!notes.includes(n)) notes.push(n);
  }
  const ran = new Set(runs.map((r) => r.version));
  return { terminal, versions: runs.map((r) => ({ version: r.version, file: r.file })), steps, notRun: notRun.filter((n) => !ran.has(n.version)), notes, settings: settingsOf(runs[0]) };
}
