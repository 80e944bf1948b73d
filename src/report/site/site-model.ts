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
import type { Probe } from '../../corpus/probe-schema.js';
import type { ProbeResult } from '../../results/results-schema.js';
import { cellKind, type CellKind } from './cell-kind.js';
import { SlugAllocator } from './slug.js';

export interface SiteColumn {
  index: number;
  view: RunView;
  slug: string;
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
}

export interface SiteRow {
  row: ComparisonRow;
  id: string;
  slug: string;
  /** The probe as the corpus defines it, when the corpus has this id. */
  probe: Probe | undefined;
  title: string;
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

export function buildSiteModel(cmp: Comparison, corpus: Corpus | undefined, toolVersion: string): SiteModel {
  const terminalSlugs = new SlugAllocator('terminal');
  const columns: SiteColumn[] = cmp.columns.map((view, index) => ({
    index,
    view,
    slug: terminalSlugs.take(`${view.name}-${view.version}`),
    summary: cmp.summaries[index]!,
    isReference: view === cmp.reference.view,
  }));
  const probeSlugs = new SlugAllocator('probe');
  const views = cmp.columns;
  const rows: SiteRow[] = cmp.rows.map((row) => {
    const probe = corpus?.byId.get(row.id);
    const groups = answerGroups(row.id, views);
    const cells = row.cells.map((verdict, i): SiteCell => {
      const view = views[i]!;
      const result = view.result(row.id);
      return { verdict, kind: cellKind(verdict), result, answer: verdict.support.why === 'not-run' ? '—' : view.summary(row.id), group: groups[i]! };
    });
    return { row, id: row.id, slug: probeSlugs.take(row.id), probe, title: probe?.title ?? '(not in the current corpus)', cells };
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
