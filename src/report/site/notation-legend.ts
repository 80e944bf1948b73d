/**
 * The legend every page carries: what the marks, the short answers ("1;5",
 * "?2026=2", "[main⏎ALT]"), the class letters against the reference and the raw
 * replies' escape notation mean. The marks come from cell-kind.ts and the
 * letters from class-marks.ts, so the legend cannot drift from what the tables show.
 */
import { AGREEMENT_LETTERS } from '../class-marks.js';
import { CELL_KINDS, KIND_STYLES } from './cell-kind.js';
import { html, type Html } from './html.js';

const ANSWERS: [string, string][] = [
  ['5;10', 'cursor row;column after the probe (its position report)'],
  ['4;9→5;10', 'a report judged after its terminal’s reply convention (dvtm counts from 0): raw, then as judged'],
  ['?2026=2', 'query=reply; DECRQM: 1 set, 2 reset, 3/4 permanently, 0 unknown; none: no reply'],
  ['[ab⏎cd]', 'screen text read back, rows joined by ⏎; � a cell not readable'],
  ['no-reply', 'nothing came back (error: the run failed; crashed, hung: the terminal died or stopped answering on it, twice); — not run'],
  ['\\e[5;10R', 'raw bytes: \\e ESC, \\a BEL, \\r \\n \\t, \\xNN others'],
];

export function notationLegend(reference: string): Html {
  const marks = CELL_KINDS.map((k) => html`<li><span class="mark k-${k}" aria-hidden="true">${KIND_STYLES[k].mark}</span> ${KIND_STYLES[k].word}</li>`);
  const letters = Object.entries(AGREEMENT_LETTERS).map(([cls, letter]) => html`<li><b>${letter}</b> ${cls}</li>`);
  return html`<section class="notation" aria-labelledby="notation-h"><h2 id="notation-h">Notation</h2>
<div class="mark-lines"><ul class="marks" aria-label="support marks">${marks}</ul> <span class="n">against ${reference}:</span> <ul class="letters" aria-label="classes against ${reference}">${letters}</ul></div>
<dl class="answers-notation">${ANSWERS.map(([form, meaning]) => html`<div><dt><code>${form}</code></dt><dd>${meaning}</dd></div>`)}</dl></section>`;
}
