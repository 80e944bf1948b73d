/**
 * The site's data tables, one shape everywhere: a header row naming every
 * column (terminal names included, so each table reads on its own), a row
 * header per row, and each cell carrying its column's name (data-h) so that on
 * a phone, where the stylesheet stacks a row into a block, every value still
 * says what it is. The two tables with thousands of rows across the site (a
 * terminal's differences, a probe's answers) name their cells from the
 * stylesheet instead (STACK_LABELS, written into generated.css): a data-h on
 * each of their cells was 1 MB of the site.
 */
import { html, type Html, type HtmlValue } from './html.js';

/** Per table class: the names its cells get on a phone, by column after the row header. */
export const STACK_LABELS: Record<string, readonly string[]> = {
  divergences: ['support', 'class', 'answer', 'the reference’s', 'reason'],
  answers: ['support · class', 'terminals', 'why'],
};

/** The rules that name those tables' cells on a phone (for generated.css). */
export function stackLabelsCss(): string {
  const rules = Object.entries(STACK_LABELS).flatMap(([cls, labels]) =>
    labels.map((label, i) => `table.stack.${cls}>tbody>tr>td:nth-of-type(${i + 1})::before{content:${JSON.stringify(`${label}: `)}}`),
  );
  return `@media (max-width:44rem){${rules.join('')}}`;
}

export interface DataRow {
  id?: string;
  head: HtmlValue;
  cells: HtmlValue[];
  /** Extra classes on each cell, by column (e.g. 'num'). */
  cellClass?: (string | undefined)[];
}

export interface DataTableSpec {
  cls?: string;
  /** Column names: the row headers' column first. */
  columns: string[];
  rows: DataRow[];
  foot?: DataRow;
  caption?: HtmlValue;
  /** Stack rows into blocks on a phone (default); false for narrow tables that fit as they are. */
  stack?: boolean;
}

function row(r: DataRow, columns: string[] | undefined, tag: 'tbody' | 'tfoot'): Html {
  const cells = r.cells.map((c, i) => {
    const cls = r.cellClass?.[i];
    return html`<td${columns ? html` data-h="${columns[i + 1] ?? ''}"` : ''}${cls ? html` class="${cls}"` : ''}>${c}</td>`;
  });
  return html`<tr${r.id ? html` id="${r.id}"` : ''}${tag === 'tfoot' ? html` class="foot"` : ''}><th scope="row">${r.head}</th>${cells}</tr>`;
}

export function dataTable(spec: DataTableSpec): Html {
  const head = html`<thead><tr>${spec.columns.map((c) => html`<th scope="col">${c}</th>`)}</tr></thead>`;
  // A table that never stacks needs no names on its cells; the two big stacking tables get theirs from the stylesheet.
  const labels = spec.stack === false || (spec.cls && Object.hasOwn(STACK_LABELS, spec.cls)) ? undefined : spec.columns;
  const body = html`<tbody>${spec.rows.map((r) => row(r, labels, 'tbody'))}</tbody>`;
  const foot = spec.foot ? html`<tfoot>${row(spec.foot, labels, 'tfoot')}</tfoot>` : '';
  return html`<table class="data${spec.stack === false ? '' : ' stack'}${spec.cls ? ` ${spec.cls}` : ''}">${spec.caption ? html`<caption>${spec.caption}</caption>` : ''}${head}${body}${foot}</table>`;
}
