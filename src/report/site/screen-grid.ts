/**
 * A screen answer drawn as an HTML table, one table cell per terminal cell, with
 * its text, width and style as classes (bold, dim, italic, underline and its style,
 * strikethrough, overline, blink, invisible, colours;
 * reverse video swaps the colours). Not a screenshot: the cells themselves.
 */
import type { Cell, ScreenAnswer, Style } from '../../results/results-schema.js';
import type { ColourSheet } from './colour-sheet.js';
import { html, type Html } from './html.js';

function styleClasses(s: Style | undefined, colours: ColourSheet): string[] {
  if (!s) return [];
  const out: string[] = [];
  if (s.bold) out.push('s-b');
  if (s.dim) out.push('s-d');
  if (s.italic) out.push('s-i');
  if (s.underline) out.push(s.underlineStyle ? `s-u s-u-${s.underlineStyle}` : 's-u');
  if (s.strikethrough) out.push('s-s');
  if (s.overline) out.push('s-o');
  if (s.blink) out.push('s-bl');
  if (s.invisible) out.push('s-inv');
  const fg = s.reverse ? (s.bg ?? 'default-bg') : s.fg;
  const bg = s.reverse ? (s.fg ?? 'default-fg') : s.bg;
  if (fg !== undefined) out.push(colours.use(fg, 'f'));
  if (bg !== undefined) out.push(colours.use(bg, 'g'));
  return out.filter(Boolean);
}

function describeCell(c: Cell): string {
  const points = [...c.t].map((ch) => `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`).join(' ');
  const s = c.s;
  const style = s ? Object.entries(s).map(([k, v]) => (v === true ? k : `${k} ${String(v)}`)).join(', ') : '';
  return [points || 'empty', c.w === 2 ? 'wide' : '', style].filter(Boolean).join(' · ');
}

/**
 * One cell, or `run` blank cells of the same style as one table cell spanning
 * their columns (class "run": the stylesheet draws the lines between them).
 * Blank runs are most of a screen (a dialog's blue backdrop is 1,447 of its
 * 1,920 cells): one element each made a session page 0.4 MB.
 */
function cellHtml(c: Cell, colours: ColourSheet, marked = false, run = 1): Html | undefined {
  if (c.w === 0 && c.t === '') return undefined;
  const classes = styleClasses(c.s, colours);
  if (c.w === 2) classes.push('w2');
  if (run > 1) classes.push('run');
  if (marked) classes.push('diff');
  // An unstyled blank or printable ASCII cell says all there is to say by itself; any other gets its code points and style as a title.
  const plain = !c.s && c.w === 1 && run === 1 && /^[\x20-\x7e]$/.test(c.t);
  const cls = classes.length ? classes.join(' ') : undefined;
  const span = c.w === 2 ? 2 : run;
  const title = run > 1 ? `${run} × ${describeCell(c)}` : describeCell(c);
  return html`<td${cls ? html` class="${cls}"` : ''}${span > 1 ? html` colspan="${span}"` : ''}${plain ? '' : html` title="${title}"`}>${run > 1 ? c.t.repeat(run) : c.t}</td>`;
}

const blank = (c: Cell) => c.t === ' ' && c.w === 1;
const sameStyle = (a: Cell, b: Cell) => a.s === b.s || JSON.stringify(a.s) === JSON.stringify(b.s);

/** A row's cells, runs of blank cells of one style (none of them marked) drawn as one. */
function rowHtml(cells: Cell[], colours: ColourSheet, isMarked: (j: number) => boolean): Html[] {
  const out: Html[] = [];
  for (let j = 0; j < cells.length; ) {
    const c = cells[j]!;
    let n = 1;
    if (blank(c) && !isMarked(j)) while (j + n < cells.length && blank(cells[j + n]!) && !isMarked(j + n) && sameStyle(c, cells[j + n]!)) n++;
    const h = cellHtml(c, colours, isMarked(j), n);
    if (h) out.push(h);
    j += n;
  }
  return out;
}

/** Rows of cells: from `cells` when the target gave them, else one cell per character of `text`. */
function cellRows(screen: ScreenAnswer): Cell[][] {
  if (screen.cells) return screen.cells;
  const width = screen.region.right - screen.region.left + 1;
  return screen.text.map((line) => {
    const chars = [...line].map((t): Cell => ({ t, w: 1 }));
    while (chars.length < width) chars.push({ t: ' ', w: 1 });
    return chars;
  });
}

/**
 * `marked(row, col)` (1-based, on the screen), when given, picks cells to
 * highlight (class "diff"): the sessions page marks the cells where two
 * terminals' screens differ. `vias` names how the screen was read when one grid
 * stands for several terminals' identical screens, read in different ways.
 */
export function screenGrid(screen: ScreenAnswer, caption: string, colours: ColourSheet, marked?: (row: number, col: number) => boolean, vias: readonly string[] = [screen.via]): Html {
  const rows = cellRows(screen);
  const { top, left, bottom, right } = screen.region;
  let width = 0; // a loop, not Math.max(...rows): the rows come from an untrusted file
  for (const r of rows) width = Math.max(width, r.reduce((n, c) => n + (c.w === 0 && c.t === '' ? 0 : Math.max(1, c.w)), 0));
  const colNums = Array.from({ length: width }, (_, i) => html`<td class="colnum">${left + i}</td>`);
  const body = rows.map((r, i) => html`<tr><th class="rownum" scope="row">${top + i}</th>${rowHtml(r, colours, (j) => marked?.(top + i, left + j) ?? false)}</tr>`);
  const how = `${screen.cells ? '' : 'text only, widths unknown · '}via ${vias.join(', ')} · rows ${top}–${bottom}, columns ${left}–${right}`;
  return html`<figure><figcaption>${caption} <span class="n">${how}</span></figcaption><table class="screen ${colours.use('default-fg', 'f')} ${colours.use('default-bg', 'g')}"><colgroup><col><col span="${Math.max(1, width)}" class="cell"></colgroup><tr><td class="colnum"></td>${colNums}</tr>${body}</table></figure>`;
}

/** The classes of a screen's default colours, which screen.js takes when the data gives none. */
export const SCREEN_DEFAULT_BASE = 'f-111111 g-ffffff';

const ASCII = /^[\x20-\x7e]$/;
/** Plain one-column ASCII cells from `from` on, at least `n` of them. */
function ascii(cells: Cell[], from: number, n: number): boolean {
  for (let k = from; k < from + n; k++) if (k >= cells.length || cells[k]!.s || cells[k]!.w !== 1 || !ASCII.test(cells[k]!.t)) return false;
  return true;
}
/** Plain cells become a sequence from this many on: ["abcdef",1,"",0] is shorter than "a","b",… from 6. */
const SEQUENCE = 6;

/**
 * The same screen as data for a page's script (probe.js draws the grid): its
 * region, how it was read, the default colours' classes where they are not
 * SCREEN_DEFAULT_BASE, and its rows — a cell
 * as its text when it is a plain one-column cell, else [text, width, classes,
 * run] (run: that many blank cells of one style as one; a `marked` cell, as
 * screenGrid's, is never part of a run and has the class "diff"). Run 0 is a
 * sequence: one one-column cell per character of text, each printable ASCII, all
 * with those classes (styled text, a marked stretch, or 6 plain cells or more);
 * screen.js makes them the cells they stand for. Over the published probe and
 * session pages that is 0.33 -> 0.24 MB of rows. Colours are classes
 * of generated.css, registered here as screenGrid registers them.
 */
export function screenData(screen: ScreenAnswer, colours: ColourSheet, vias: readonly string[] = [screen.via], marked?: (row: number, col: number) => boolean): unknown {
  const { top, left, bottom, right } = screen.region;
  const rows = cellRows(screen).map((cells, i) => {
    const isMarked = (j: number) => marked?.(top + i, left + j) ?? false;
    const out: (string | [string, number, string, number])[] = [];
    for (let j = 0; j < cells.length; ) {
      const c = cells[j]!;
      const mark = isMarked(j);
      let n = 1;
      if (blank(c) && !mark) while (j + n < cells.length && blank(cells[j + n]!) && !isMarked(j + n) && sameStyle(c, cells[j + n]!)) n++;
      j += n;
      if (c.w === 0 && c.t === '') continue;
      const classes = [...styleClasses(c.s, colours), ...(mark ? ['diff'] : [])].join(' ');
      const last = out[out.length - 1];
      if (n === 1 && c.w === 1 && ASCII.test(c.t) && Array.isArray(last) && last[3] === 0 && last[2] === classes) last[0] += c.t;
      else if (n === 1 && c.w === 1 && ASCII.test(c.t) && (classes || ascii(cells, j - 1, SEQUENCE))) out.push([c.t, 1, classes, 0]);
      else out.push(!classes && c.w === 1 && n === 1 ? c.t : [c.t, c.w, classes, n]);
    }
    // A sequence of one cell is that cell.
    return out.map((c) => (Array.isArray(c) && c[3] === 0 && c[0].length === 1 ? (c[2] ? [c[0], 1, c[2], 1] : c[0]) : c));
  });
  // The default colours' classes are the same for every screen (colour-sheet.ts DEFAULT_FG, DEFAULT_BG): screen.js's
  // DEFAULT_BASE, which screen-grid.test.ts holds to them. 1,855 screens on the published pages gave them each.
  const base = `${colours.use('default-fg', 'f')} ${colours.use('default-bg', 'g')}`;
  return { how: `${screen.cells ? '' : 'text only, widths unknown · '}via ${vias.join(', ')} · rows ${top}–${bottom}, columns ${left}–${right}`, top, left, ...(base === SCREEN_DEFAULT_BASE ? {} : { base }), rows };
}
