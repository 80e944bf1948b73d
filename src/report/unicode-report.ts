/**
 * The Unicode verdicts as text, Markdown and JSON: one row per terminal with
 * its best-matching Unicode and emoji versions and the shares per category
 * (ZWJ, VS16, VS15, SRI, SFZ, RI flags, …; the ambiguous set by its reading;
 * language lines and spacing marks under both conventions for spacing marks),
 * then the version ladder (new wide / zero-width code points of each version
 * drawn so; the CJK extensions of planes 2-3 in a table of their own), then
 * each terminal's disagreements grouped, one `printf` per group to see it by
 * hand. Also the lines `termprobe --unicode` adds to the your-terminal report.
 */
import { BELOW_ALL, groupDisagreements, percent, verdictSentence, type DisagreementGroup, type Share, type UnicodeVerdict } from '../classify/unicode-verdict.js';
import { itemPrintf } from '../corpus/width-suite/item-printf.js';
import { CATEGORY_LABELS, type WidthCategory } from '../corpus/width-suite/width-item.js';
import { mdTable } from './markdown.js';

/** The per-category columns, in a reader's order. */
export const SHARE_CATEGORIES = ['wide', 'narrow', 'zero-width', 'emoji-zwj', 'vs16', 'vs15', 'lone-indicator', 'lone-modifier', 'flag', 'skin-tone', 'keycap', 'emoji-tag', 'hangul-jamo'] as const satisfies readonly WidthCategory[];

const best = (v: string) => (v === BELOW_ALL ? '≤8.0' : v);
const num = (v: string) => Number(v.split('.')[0]) * 100 + Number(v.split('.')[1] ?? 0);

/** "100%/95%": drawn as the convention where spacing marks advance says / where they do not. */
export function conventionCell(v: UnicodeVerdict, category: 'language' | 'spacing-mark'): string {
  const c = v.conventions[category];
  return c.advance.total === 0 ? '–' : `${percent(c.advance)}/${percent(c.zero)}`;
}

/** "narrow 99%" or "wide 97%". */
export function ambiguousCell(v: UnicodeVerdict): string {
  const a = v.ambiguous;
  if (a.total === 0) return '–';
  return `${a.reading} ${Math.floor((100 * (a.reading === 'wide' ? a.wide : a.narrow)) / a.total)}%`;
}

function summaryRows(verdicts: readonly UnicodeVerdict[]): string[][] {
  return verdicts.map((v) => [
    `${v.name} ${v.version}`,
    v.answered === 0 ? '–' : best(v.unicode.best),
    v.emoji.best === BELOW_ALL ? '–' : v.emoji.best,
    v.mode2027,
    ...SHARE_CATEGORIES.map((c) => percent(v.shares[c])),
    ambiguousCell(v),
    conventionCell(v, 'language'),
    conventionCell(v, 'spacing-mark'),
    String(v.disagreements.length),
  ]);
}

export const SUMMARY_HEAD = ['terminal', 'Unicode', 'emoji', '2027', ...SHARE_CATEGORIES.map((c) => CATEGORY_LABELS[c]), 'ambiguous', 'languages (Mc 1/0)', 'spacing marks (Mc 1/0)', 'disagree'];

/** The versions of 9.0 on, and those of the planes 2-3 table (every version that added CJK there). */
export function ladderVersions(verdicts: readonly UnicodeVerdict[], pick: (r: UnicodeVerdict['unicode']['versions'][number]) => Share): string[] {
  return [...new Set(verdicts.flatMap((v) => v.unicode.versions.filter((r) => pick(r).total > 0).map((r) => r.version)))].sort((a, b) => num(a) - num(b));
}

function versionRows(verdicts: readonly UnicodeVerdict[]): { head: string[]; rows: string[][] } {
  const versions = ladderVersions(verdicts, (r) => ({ matched: 0, total: r.wide.total + r.zero.total })).filter((x) => num(x) >= 900);
  const rows = verdicts.map((v) => [`${v.name} ${v.version}`, ...versions.map((ver) => {
    const r = v.unicode.versions.find((x) => x.version === ver);
    return r ? `${percent(r.wide)}/${percent(r.zero)}` : '–';
  })]);
  return { head: ['terminal', ...versions], rows };
}

function planesRows(verdicts: readonly UnicodeVerdict[]): { head: string[]; rows: string[][] } {
  const versions = ladderVersions(verdicts, (r) => r.wideExt);
  const rows = verdicts.map((v) => [`${v.name} ${v.version}`, ...versions.map((ver) => percent(v.unicode.versions.find((x) => x.version === ver)?.wideExt))]);
  return { head: ['terminal', ...versions], rows };
}

/** One line per group: count, category, version, what was drawn, an example and the printf that shows it. */
function groupLine(g: DisagreementGroup, v: UnicodeVerdict): string {
  const cols = (n: number) => `${n} column${n === 1 ? '' : 's'}`;
  const what = g.got === g.expected ? `${cols(g.got)} as specified, though newer than the best match (${best(v.unicode.best)})` : g.got === null ? `no answer (${cols(g.expected)} specified)` : `${cols(g.got)}, not ${g.expected}`;
  const example = v.disagreements.find((d) => d.id === g.examples[0]);
  const repro = example?.text ? `; ${itemPrintf(example.text, g.pass)}` : '';
  const convention = example?.convention ? ` [spacing marks ${example.convention === 'advance' ? 'advancing' : 'not advancing'}]` : '';
  return `${g.count} ${CATEGORY_LABELS[g.category]} ${g.version} (2027 ${g.pass}): ${what}${convention} — e.g. ${g.examples.join(', ')}${repro}`;
}

function pad(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => [...r[i]!].length)));
  return rows.map((r) => r.map((c, i) => c + ' '.repeat(widths[i]! - [...c].length)).join('  ').trimEnd());
}

/** What a results file of an earlier suite lacks, in one line (or none). */
export function lacksLine(v: UnicodeVerdict): string | undefined {
  if (!v.lacks) return undefined;
  const cats = Object.entries(v.lacks.categories).sort((a, b) => b[1] - a[1]).map(([c, n]) => `${CATEGORY_LABELS[c as WidthCategory] ?? c} ${n}`);
  return `measured with the earlier width suite ${v.lacks.suite} (${v.lacks.items} items): it lacks ${v.lacks.lacking} items of this suite (${cats.join(', ')}), not judged${v.lacks.dropped ? `; ${v.lacks.dropped} of its items are no longer in the suite` : ''}. Run it again to measure them.`;
}

/** What mode 2027 changed, or why it was not measured both ways. */
export function mode2027Line(v: UnicodeVerdict): string {
  if (!v.pass2027.measured) return `mode 2027: measured reset only (${v.pass2027.why})`;
  const changed = v.pass2027.changes.filter((c) => c.changed > 0);
  if (changed.length === 0) return 'mode 2027: measured reset and set; no item changed';
  return `mode 2027: measured reset and set; drawn as one cluster ${changed.map((c) => `${CATEGORY_LABELS[c.category]} ${percent(c.off)} -> ${percent(c.on)} (${c.changed} changed)`).join(', ')}`;
}

export function unicodeText(verdicts: readonly UnicodeVerdict[], opts: { groups?: number } = {}): string {
  const out = ['Unicode widths: best-matching versions, and shares drawn as the specification says (languages and spacing marks: if spacing marks advance / if not)', '', ...pad([SUMMARY_HEAD, ...summaryRows(verdicts)])];
  const { head, rows } = versionRows(verdicts);
  out.push('', 'New wide / zero-width code points of each version drawn so (planes 2-3 apart, below)', '', ...pad([head, ...rows]));
  const planes = planesRows(verdicts);
  out.push('', 'New CJK ideographs of planes 2-3 drawn wide, by version', '', ...pad([planes.head, ...planes.rows]));
  for (const v of verdicts) {
    const groups = groupDisagreements(v);
    out.push('', `${v.name} ${v.version}: ${verdictSentence(v)}${groups.length ? ', except:' : ''}`);
    const lacks = lacksLine(v);
    if (lacks) out.push(`  ${lacks}`);
    for (const g of groups.slice(0, opts.groups ?? 8)) out.push(`  ${groupLine(g, v)}`);
    if (groups.length > (opts.groups ?? 8)) out.push(`  … ${groups.length - (opts.groups ?? 8)} more groups`);
    out.push(`  ${mode2027Line(v)}`);
  }
  return out.join('\n') + '\n';
}

export function unicodeMarkdown(verdicts: readonly UnicodeVerdict[]): string {
  const { head, rows } = versionRows(verdicts);
  const planes = planesRows(verdicts);
  const lacks = verdicts.flatMap((v) => {
    const l = lacksLine(v);
    return l ? [`- ${v.name} ${v.version}: ${l}`] : [];
  });
  return ['## Unicode widths', '', 'Languages and spacing marks: drawn as the convention where spacing marks advance says / where they do not.', '', mdTable(SUMMARY_HEAD, summaryRows(verdicts)), '', '### New wide / zero-width code points drawn so, by version', '', mdTable(head, rows), '', '### New CJK ideographs of planes 2-3 drawn wide, by version', '', mdTable(planes.head, planes.rows), '', ...(lacks.length ? [...lacks, ''] : [])].join('\n');
}

/** JSON: every verdict, with the disagreements grouped and at most `limit` listed one by one, each with its printf. */
export function unicodeJson(verdicts: readonly UnicodeVerdict[], limit = 200): string {
  return JSON.stringify(
    verdicts.map((v) => ({
      ...v,
      sentence: verdictSentence(v),
      disagreementCount: v.disagreements.length,
      disagreementGroups: groupDisagreements(v),
      disagreements: v.disagreements.slice(0, limit).map((d) => (d.text ? { ...d, printf: itemPrintf(d.text, d.pass) } : d)),
    })),
    null,
    2,
  ) + '\n';
}

/** The your-terminal report's lines: the sentence, then the largest disagreement groups. */
export function unicodeSelfLines(v: UnicodeVerdict, groups = 4): string[] {
  const g = groupDisagreements(v);
  const lines = [`Unicode widths: your terminal ${verdictSentence(v)}${g.length ? ', except:' : '.'}`];
  for (const x of g.slice(0, groups)) lines.push(`    ${groupLine(x, v)}`);
  if (g.length > groups) lines.push(`    … ${g.length - groups} more groups (termprobe compare --unicode)`);
  return lines;
}
