/**
 * Where terminals gave a probe the same answer and still got different classes
 * against the reference (kitty and zutty ✗ D deliberate, xterm.js ✗ B bug, for
 * one `1;7`): the answer groups of a probe page are keyed by mark, class and
 * answer, so such an answer is split over rows a reader may not connect. This
 * names each such answer once, above the table, with each class, its terminals
 * and why it is that class (the registry entry and its kind of evidence, or
 * that none explains it).
 */
import { AGREEMENT_LETTERS } from '../class-marks.js';
import type { AnswerGroupView } from './answer-groups.js';
import { html, joinHtml, type Html } from './html.js';

export interface ClassSplit {
  answer: string;
  groups: AnswerGroupView[];
}

/** The answers given by terminals in more than one class (reference runs in 'same' count as their own class). */
export function classSplits(groups: readonly AnswerGroupView[]): ClassSplit[] {
  const byAnswer = new Map<string, AnswerGroupView[]>();
  for (const g of groups) byAnswer.set(g.answer, [...(byAnswer.get(g.answer) ?? []), g]);
  return [...byAnswer].filter(([, gs]) => new Set(gs.map(classOf)).size > 1).map(([answer, gs]) => ({ answer, groups: gs }));
}

/** The reference run has no class against itself: it is in the 'same' class of those answering as it does. */
function classOf(g: AnswerGroupView): string {
  return g.cell.verdict.agreement?.class ?? 'same';
}

/** Why a group has its class, in a few words. */
function why(g: AnswerGroupView): string {
  const entries = [...new Set(g.reasons.flatMap((r) => (r.entry ? [`${r.entry.class} entry in ${r.entry.file}${r.entry.line !== undefined ? `:${r.entry.line}` : ''}${r.entry.intent ? ' (with the maintainers’ statement of intent)' : ''}`] : [])))];
  const cls = classOf(g);
  if (entries.length > 0) return `a registry entry says so: ${entries.join('; ')}`;
  switch (cls) {
    case 'bug': return 'its ✗ says so, and no registry entry documents the answer as a choice';
    case 'unexplained': return 'no registry entry explains this answer for these terminals';
    case 'same': return 'the reference gives this answer';
    case 'variant': return 'the same support as the reference with another answer, here in what the line does not show (cell styles, the raw replies)';
    case 'reference': return 'the terminal implements the behaviour and the reference does not';
    case 'inconclusive': return g.reasons.find((r) => r.text)?.text ?? 'one side cannot tell';
    default: return cls;
  }
}

export function renderClassSplits(splits: readonly ClassSplit[]): Html {
  if (splits.length === 0) return html``;
  const items = splits.map((s) => html`<li><code class="raw">${s.answer}</code>: ${joinHtml(
    s.groups.map((g) => {
      const cls = classOf(g);
      const letter = `${AGREEMENT_LETTERS[cls as keyof typeof AGREEMENT_LETTERS]} ${cls}`;
      return html`<b>${letter}</b> for ${g.columns.map((c) => c.view.label).join(', ')} <span class="n">(${why(g)})</span>`;
    }),
    '; ',
  )}</li>`);
  // Folded, one line tall: a probe page's answers table is at most 1,500 px tall at 1440 px wide (site-layout.test.ts).
  const n = splits.length;
  return html`<details class="class-splits"><summary>${n === 1 ? 'One answer' : `${n} answers`} given in different classes: why</summary><p class="n">The class comes from the registry, terminal by terminal, not from the answer alone.</p><ul class="groups">${items}</ul></details>`;
}
