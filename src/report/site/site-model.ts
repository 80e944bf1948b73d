/**
 * What the site renders: the comparison from src/classify (classes, consensus,
 * scores — computed there, once), plus what only pages need: a safe slug per
 * terminal and probe, the probe's corpus entry (title, bytes), each cell's kind,
 * and an answer group per cell so the page can tell which visible terminals disagree.
 */
import type { Comparison, ComparisonCell, ComparisonRow } from '../../classify/build-comparison.js';
import type { RunView, SignatureLevel } from '../../classify/run-view.js';
import type { TargetSummary } from '../../classify/score.js';
import type { Corpus } from '../../corpus/load-corpus.js';
import type { UnicodeVerdict } from '../../classify/unicode-verdict.js';
import type { ChunkingReport } from '../../results/chunking-report-schema.js';
import type { ReplayReport } from '../../results/replay-report-schema.js';
import type { SpeedResults } from '../../results/speed-results-schema.js';
import type { Probe } from '../../corpus/probe-schema.js';
import type { ProbeResult } from '../../results/results-schema.js';
import { decodeNotation } from '../../corpus/escape-notation.js';
import { queryMnemonics, sequenceMnemonics } from '../../corpus/sequence-mnemonics.js';
import { allQueries, sendNotations } from '../../corpus/probe-steps.js';
import { cellKind, type CellKind } from './cell-kind.js';
import type { SiteHistory } from './history-page.js';
import type { SiteFeatures } from './site-features.js';
import { SlugAllocator } from './slug.js';

export interface SiteColumn {
  index: number;
  view: RunView;
  slug: string;
  /** The name alone when no other column has it ("kitty"), else the slug: compare pages are named with it. */
  short: string;
  summary: TargetSummary;
  isReference: boolean;
}

export interface SiteCell {
  verdict: ComparisonCell;
  kind: CellKind;
  result: ProbeResult | undefined;
  /** Short answer ("1;80", "no-reply"); "—" when not run. */
  answer: string;
  /**
   * How this answer compares with the others, for the "disagree" filter, which
   * compares two terminals at the deepest level both read (as the classifier does):
   * "depth/none/text/cells" — the screen depth this run read (0 none, 1 text,
   * 2 cells) and its answer's group number at each level; "-1" when it has no answer.
   */
  group: string;
  /** `group` parsed: [depth, none, text, cells], or null without an answer. */
  groupParts: number[] | null;
}

export interface SiteRow {
  row: ComparisonRow;
  id: string;
  slug: string;
  /** The probe as the corpus defines it, when the corpus has this id. */
  probe: Probe | undefined;
  title: string;
  /** Mnemonics of what the probe sends and asks (CUP, DECSET 1049, OSC 52, DECRQM ?2026), for search and the page. */
  sequences: string[];
  cells: SiteCell[];
}

export interface SiteCategory {
  name: string;
  slug: string;
  rows: SiteRow[];
}

export interface SiteModel {
  cmp: Comparison;
  columns: SiteColumn[];
  reference: SiteColumn;
  rows: SiteRow[];
  categories: SiteCategory[];
  toolVersion: string;
  /** The Unicode verdicts, when the site is built with Unicode results (unicode-page.ts). */
  unicode?: readonly UnicodeVerdict[];
  /**
   * Unicode files made from those verdicts on the Unicode thread (unicode-page.ts unicodeTerminalFiles), written as
   * they are; while a promise, the writing awaits it only when it comes to the Unicode pages (write-site.ts).
   */
  unicodeFiles?: readonly { path: string; text: string }[] | Promise<readonly { path: string; text: string }[] | undefined>;
  /** Terminals across their versions (history-page.ts), when the build was given other versions. */
  histories?: SiteHistory[];
  /** Replayed sessions and chunking runs, when the site is built with them (sessions-page.ts). */
  sessions?: readonly ReplayReport[];
  chunking?: readonly ChunkingReport[];
  /** Speed results, when the site is built with them (speed-page.ts). */
  speed?: readonly SpeedResults[];
  /** The features and their marks (site-features.ts), when the site is built with a features folder. */
  features?: SiteFeatures;
}

const LEVELS: SignatureLevel[] = ['none', 'text', 'cells'];

/** Per cell: its screen depth and its answer's group at each comparison level (see SiteCell.group). */
function answerGroups(id: string, views: RunView[]): string[] {
  const groups = LEVELS.map(() => new Map<string, number>());
  return views.map((v) => {
    const r = v.result(id);
    if (!r || r.status === 'skipped') return '-1';
    const depth = !r.screen ? 0 : r.screen.cells === undefined ? 1 : 2;
    const ids = LEVELS.map((level, i) => {
      const sig = v.signature(id, level)!;
      let g = groups[i]!.get(sig);
      if (g === undefined) groups[i]!.set(sig, (g = groups[i]!.size));
      return g;
    });
    return `${depth}/${ids.join('/')}`;
  });
}

function sizeOf(probe: Probe, cmp: Comparison): { cols: number; rows: number } {
  const m = probe.size?.match(/^(\d+)x(\d+)$/);
  if (m) return { cols: Number(m[1]), rows: Number(m[2]) };
  const s = cmp.reference.view.run.settings;
  return { cols: s.cols, rows: s.rows };
}

/** Whether two columns answer a row differently, compared at the deepest level both read (the classifier's notion; see SiteCell.group). */
export function answersDiffer(row: SiteRow, a: number, b: number): boolean {
  const pa = row.cells[a]!.groupParts;
  const pb = row.cells[b]!.groupParts;
  if (!pa || !pb) return false;
  const level = Math.min(pa[0]!, pb[0]!);
  return pa[1 + level] !== pb[1 + level];
}

export function buildSiteModel(cmp: Comparison, corpus: Corpus | undefined, toolVersion: string): SiteModel {
  const terminalSlugs = new SlugAllocator('terminal');
  const columns: SiteColumn[] = cmp.columns.map((view, index) => ({
    index,
    view,
    slug: terminalSlugs.take(`${view.name}-${view.version}`),
    short: '',
    summary: cmp.summaries[index]!,
    isReference: view === cmp.reference.view,
  }));
  const nameCount = new Map<string, number>();
  for (const c of columns) nameCount.set(c.view.name, (nameCount.get(c.view.name) ?? 0) + 1);
  const shortSlugs = new SlugAllocator('terminal');
  for (const c of columns) c.short = shortSlugs.take(nameCount.get(c.view.name) === 1 ? c.view.name : c.slug);
  const probeSlugs = new SlugAllocator('probe');
  const views = cmp.columns;
  const rows: SiteRow[] = cmp.rows.map((row) => {
    const probe = corpus?.byId.get(row.id);
    const groups = answerGroups(row.id, views);
    const cells = row.cells.map((verdict, i): SiteCell => {
      const view = views[i]!;
      const result = view.result(row.id);
      const group = groups[i]!;
      return { verdict, kind: cellKind(verdict), result, answer: verdict.support.why === 'not-run' ? '—' : view.summary(row.id), group, groupParts: group === '-1' ? null : group.split('/').map(Number) };
    });
    const sequences = probe ? [...new Set([...sendNotations(probe).flatMap((send) => sequenceMnemonics(decodeNotation(send, sizeOf(probe, cmp)))), ...queryMnemonics(allQueries(probe))])] : [];
    return { row, id: row.id, slug: probeSlugs.take(row.id), probe, title: probe?.title ?? '(not in the current corpus)', sequences, cells };
  });
  const byCategory = new Map<string, SiteRow[]>();
  for (const r of rows) {
    const list = byCategory.get(r.row.category) ?? [];
    list.push(r);
    byCategory.set(r.row.category, list);
  }
  const categorySlugs = new SlugAllocator('category');
  const categories = [...byCategory].map(([name, catRows]) => ({ name, slug: categorySlugs.take(name), rows: catRows }));
  const reference = columns.find((c) => c.isReference)!;
  return { cmp, columns, reference, rows, categories, toolVersion };
}
