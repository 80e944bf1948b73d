/** Probe pages group terminals by answer: over the 21 published results, every terminal once, each reason once. */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { longKeys } from './answers-keys.js';
import { viewRun } from '../../classify/run-view.js';
import { readResults } from '../../results/read-results.js';
import { groupAnswers } from './answer-groups.js';
import { escapeHtml } from './html.js';
import { classSplits } from './class-splits.js';
import { buildSiteModelFrom } from './build-site.js';
import { ColourSheet } from './colour-sheet.js';
import { answersData, ReasonTable, renderProbePage } from './probe-page.js';
import type { SiteModel } from './site-model.js';

const PUBLISHED = fileURLToPath(new URL('../../../results/', import.meta.url));

describe('answer groups on probe pages (published results)', () => {
  let model: SiteModel;
  beforeAll(async () => {
    const files = readdirSync(PUBLISHED).filter((f) => f.endsWith('.json')).map((f) => join(PUBLISHED, f));
    model = await buildSiteModelFrom(files.map((f) => viewRun(f, readResults(f))));
  });

  it('lists every terminal exactly once, in groups of one answer, mark and class each', () => {
    for (const r of model.rows) {
      const groups = groupAnswers(r, model);
      expect(groups.flatMap((g) => g.columns.map((c) => c.index)).sort((a, b) => a - b), r.id).toEqual(model.columns.map((c) => c.index));
      for (const g of groups) for (const c of g.columns) expect([r.cells[c.index]!.answer, r.cells[c.index]!.kind]).toEqual([g.answer, g.cell.kind]);
      const keys = groups.map((g) => `${g.answer} ${g.cell.kind} ${g.cell.verdict.agreement?.class === 'same' ? '' : g.cell.verdict.agreement?.class}`);
      expect(new Set(keys).size, r.id).toBe(keys.length);
    }
  });

  it('shows each reason once on the page, however many terminals it explains', () => {
    let shared = 0;
    for (const r of model.rows) {
      // The page's answers are data its script draws: a reason is a sentence of its own, or a number into the registry's reasons.
      const table = new ReasonTable();
      const data = longKeys(answersData(r, model, new ColourSheet(), table)) as { groups: { reasons?: [unknown, string | number | null][] }[] };
      const given = data.groups.flatMap((g) => (g.reasons ?? []).flatMap((x) => (x[1] === null ? [] : typeof x[1] === 'number' ? [table.rows[x[1]]![0] as string] : [x[1]])));
      const reasons = new Map<string, number>();
      for (const cell of r.cells) {
        const text = cell.verdict.entry?.reason ?? (cell.verdict.support.support === 'inconclusive' ? cell.verdict.support.detail : undefined);
        if (text) reasons.set(text, (reasons.get(text) ?? 0) + 1);
      }
      for (const [text, cells] of reasons) {
        if (cells > 1) shared++;
        expect(given.filter((p) => p === text), `${r.id}: ${text}`).toHaveLength(1);
      }
    }
    expect(shared).toBeGreaterThan(10);
  });

  it('gives a note said on an earlier page by its number in the shared table, and every number leads to the same words', () => {
    // One table for the whole site, as the pages are written: a note's words are in its first page, then numbered.
    const table = new ReasonTable();
    const said = new Map<string, number>();
    let numbered = 0;
    type Data = { groups: { raw: [unknown, [string, string | number][]][]; screens?: [unknown, { how: string | number }][] }[] };
    const wordsIn = (t: ReasonTable) => (x: string | number) => (typeof x === 'number' ? t.sayings[x] : x);
    const words = wordsIn(table);
    for (const r of model.rows) {
      const data = longKeys(answersData(r, model, new ColourSheet(), table)) as Data;
      // The page alone (a table of its own), its numbers read back as probe.js reads them.
      const own = new ReasonTable();
      const alone = longKeys(answersData(r, model, new ColourSheet(), own)) as Data;
      const ownWords = wordsIn(own);
      const plain = { groups: alone.groups.map((g) => ({ raw: g.raw.map(([who, lines]) => [who, lines.map(([l, t]) => [l, ownWords(t)])] as [unknown, [string, string | number][]]), screens: (g.screens ?? []).map(([who, sc]) => [who, { how: ownWords(sc.how) }] as [unknown, { how: string | number }]) })) };
      data.groups.forEach((g, gi) => {
        g.raw.forEach(([, lines], bi) => lines.forEach(([label, text], li) => {
          if (typeof text === 'number') numbered++;
          expect([label, words(text)], r.id).toEqual(plain.groups[gi]!.raw[bi]![1][li]);
        }));
        (g.screens ?? []).forEach(([, s], si) => expect(words(s.how), r.id).toBe(plain.groups[gi]!.screens[si]![1].how));
      });
      const onPage = new Set<string>();
      for (const g of data.groups) for (const [, lines] of g.raw) for (const [label, text] of lines) if (label.startsWith('#') && typeof text === 'string' && text.length >= 12) onPage.add(text);
      for (const text of onPage) said.set(text, (said.get(text) ?? 0) + 1);
    }
    // A note's words are carried by the first page that says them only (the input probes' "#via …" lines are said hundreds of times).
    for (const [text, n] of said) expect(n, text).toBe(1);
    expect(numbered).toBeGreaterThan(1000);
  });

  it('names, above the answers, each answer that terminals gave in different classes, and why each class', () => {
    let split = 0;
    for (const r of model.rows) {
      const splits = classSplits(groupAnswers(r, model));
      const page = renderProbePage(r, model, new ColourSheet());
      if (splits.length === 0) {
        expect(page, r.id).not.toMatch(/given in different classes: why/);
        continue;
      }
      split++;
      expect(page, r.id).toMatch(/<details class="class-splits"><summary>(One answer|\d+ answers) given in different classes: why<\/summary>/);
      for (const s of splits) {
        expect(new Set(s.groups.map((g) => g.cell.verdict.agreement?.class)).size, r.id).toBeGreaterThan(1);
        expect(page, r.id).toContain(`<code class="raw">${escapeHtml(s.answer)}</code>: `);
      }
    }
    expect(split).toBeGreaterThan(0);
    // mlterm says in a comment that mode 45 is permanently reset (deliberate); the VTE front ends give the same answer with no such statement (bug).
    const page = renderProbePage(model.rows.find((x) => x.id === 'reports.decrqm-45')!, model, new ColourSheet());
    expect(page).toMatch(/<b>D deliberate<\/b> for mlterm [\d.]+ <span class="n">\(a registry entry says so: deliberate entry in probes\/divergences\/mlterm\.yaml:\d+ \(with the maintainers’ statement of intent\)\)/);
    expect(page).toMatch(/<b>B bug<\/b> for gnome-terminal [^<]*xfce4-terminal [\d.]+ <span class="n">\(/);
  });

  it('says how many engines implement the behaviour', () => {
    const r = model.rows.find((x) => x.row.consensus.engines.length > 0)!;
    expect(renderProbePage(r, model, new ColourSheet())).toMatch(/Implemented by \d+ of \d+ engines/);
  });
});
