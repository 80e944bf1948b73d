/**
 * `termprobe diff` on two speed files: which figures changed beyond their
 * measured spread — those whose trials in the two runs do not overlap at all
 * (speed-stats.ts, compareTrials; memory, whose trials are samples of one
 * instance, beyond the 5 % measured between instances) — and which changed status (measured, stalled,
 * unmeasured). Figures whose trials overlap are counted as unchanged, however
 * far apart their medians. Two runs of different payloads (another generator
 * version, another size) measured different work and are not compared.
 */
import { BadInputError } from '../util/bad-input-error.js';
import { FIGURE_TITLES, shownValue, sig3 } from '../results/speed-figures.js';
import { SPEED_FIGURES, type SpeedFigure, type SpeedFigureId, type SpeedResults } from '../results/speed-results-schema.js';
import { compareTrials, MEMORY_TOLERANCE } from '../results/speed-stats.js';

export type SpeedChangeKind = 'faster' | 'slower' | 'larger' | 'smaller' | 'status';

export interface SpeedChange {
  id: SpeedFigureId;
  title: string;
  kind: SpeedChangeKind;
  /** One line: the medians as read (ms, MB/s, MiB) and the ratio, or the two statuses. */
  text: string;
  a?: SpeedFigure;
  b?: SpeedFigure;
}

export interface SpeedSide {
  file: string;
  label: string;
  load: SpeedResults['load'];
}

export interface SpeedDiff {
  a: SpeedSide;
  b: SpeedSide;
  payloads: string;
  changed: SpeedChange[];
  /** Figures measured in both whose trials overlap. */
  unchanged: number;
  /** Figures not measured (or not present) in either. */
  notCompared: number;
}

const side = (file: string, r: SpeedResults): SpeedSide => ({ file, label: `${r.target.identity.name} ${r.target.identity.version} (${r.target.id})`, load: r.load });

function shown(f: SpeedFigure): string {
  const v = shownValue(f, f.stats!.median);
  return `${sig3(v.value)} ${v.unit}`;
}

function statusText(f: SpeedFigure | undefined): string {
  if (!f) return 'absent';
  if (f.status === 'stalled') return `stalled (${f.stall!.consumed} of ${f.stall!.of} bytes consumed)`;
  return f.status === 'measured' ? `measured, ${shown(f)}` : `unmeasured${f.note ? ` (${f.note})` : ''}`;
}

function change(id: SpeedFigureId, a: SpeedFigure | undefined, b: SpeedFigure | undefined): SpeedChange | 'same' | 'none' {
  const title = FIGURE_TITLES[id];
  if (a?.status === 'measured' && b?.status === 'measured') {
    const how = compareTrials(a.trials, b.trials, a.unit === 'KiB' ? MEMORY_TOLERANCE : 0);
    if (how === 'same') return 'same';
    const memory = a.unit === 'KiB';
    const kind: SpeedChangeKind = memory ? (how === 'higher' ? 'larger' : 'smaller') : how === 'higher' ? 'slower' : 'faster';
    const ratio = Math.max(a.stats!.median, b.stats!.median) / Math.max(1e-9, Math.min(a.stats!.median, b.stats!.median));
    const range = (f: SpeedFigure) => `${sig3(f.stats!.min)}–${sig3(f.stats!.max)} ${f.unit}`;
    return { id, title, kind, a, b, text: `${shown(a)} → ${shown(b)} (${sig3(ratio)}× ${kind}; trials ${range(a)} → ${range(b)})` };
  }
  if (a?.status === b?.status && a?.status !== 'stalled') return 'none';
  if (a?.status === 'stalled' && b?.status === 'stalled') return 'none';
  return { id, title, kind: 'status', ...(a ? { a } : {}), ...(b ? { b } : {}), text: `${statusText(a)} → ${statusText(b)}` };
}

export function diffSpeed(fileA: string, a: SpeedResults, fileB: string, b: SpeedResults): SpeedDiff {
  if (a.payloads.version !== b.payloads.version || a.payloads.hash !== b.payloads.hash) {
    throw new BadInputError(`${fileA} and ${fileB} wrote different payloads (${a.payloads.version} #${a.payloads.hash}, ${b.payloads.version} #${b.payloads.hash}${a.settings.cols !== b.settings.cols || a.settings.rows !== b.settings.rows ? `, at ${a.settings.cols}x${a.settings.rows} and ${b.settings.cols}x${b.settings.rows}` : ''}): their figures measure different work`);
  }
  const changed: SpeedChange[] = [];
  let unchanged = 0;
  let notCompared = 0;
  for (const id of SPEED_FIGURES) {
    const c = change(id, a.figures.find((f) => f.id === id), b.figures.find((f) => f.id === id));
    if (c === 'same') unchanged++;
    else if (c === 'none') notCompared++;
    else changed.push(c);
  }
  return { a: side(fileA, a), b: side(fileB, b), payloads: `${a.payloads.version} #${a.payloads.hash}`, changed, unchanged, notCompared };
}

export function speedDiffExitCode(diff: SpeedDiff): 0 | 1 {
  return diff.changed.length > 0 ? 1 : 0;
}

function headline(diff: SpeedDiff): string {
  const n = diff.changed.length;
  const rest = `${diff.unchanged} within their spread${diff.notCompared ? `, ${diff.notCompared} measured in neither` : ''}`;
  return n === 0 ? `No figure changed beyond its spread (${rest}).` : `${n} figure${n === 1 ? '' : 's'} changed beyond the spread (${rest}).`;
}

const loadText = (s: SpeedSide) => `other work ${s.load.otherCores} of ${s.load.cpus} cores, load average ${s.load.before[0]} → ${s.load.after[0]}`;

export function renderSpeedDiffText(diff: SpeedDiff): string {
  return [
    `a: ${diff.a.file} — ${diff.a.label}; ${loadText(diff.a)}`,
    `b: ${diff.b.file} — ${diff.b.label}; ${loadText(diff.b)}`,
    `Payloads ${diff.payloads}. A figure changed when none of its trials in a overlaps one in b (memory: by more than ${MEMORY_TOLERANCE * 100} %).`,
    ...(diff.changed.length ? ['', `Changed (${diff.changed.length}):`, ...diff.changed.map((c) => `  ${c.id} (${c.title}): ${c.text}`)] : []),
    '',
    headline(diff),
  ].join('\n') + '\n';
}

export function renderSpeedDiffMarkdown(diff: SpeedDiff): string {
  const cell = (t: string) => t.replace(/\|/g, '\\|');
  return [
    `**a:** \`${diff.a.file}\` — ${diff.a.label}; ${loadText(diff.a)}  `,
    `**b:** \`${diff.b.file}\` — ${diff.b.label}; ${loadText(diff.b)}`,
    '',
    `Payloads ${diff.payloads}. A figure changed when none of its trials in a overlaps one in b (memory: by more than ${MEMORY_TOLERANCE * 100} %).`,
    ...(diff.changed.length ? ['', '| figure | change |', '| --- | --- |', ...diff.changed.map((c) => `| ${cell(c.title)} (\`${c.id}\`) | ${cell(c.text)} |`)] : []),
    '',
    headline(diff),
  ].join('\n') + '\n';
}

export function renderSpeedDiffJson(diff: SpeedDiff): string {
  return JSON.stringify({ ...diff, changed: diff.changed.map(({ id, title, kind, text }) => ({ id, title, kind, text })) }, null, 2) + '\n';
}

export const SPEED_DIFF_RENDERERS = { text: renderSpeedDiffText, markdown: renderSpeedDiffMarkdown, json: renderSpeedDiffJson } as const;
