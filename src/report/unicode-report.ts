/**
 * The Unicode verdicts as text, Markdown and JSON: one row per terminal with
 * its best-matching Unicode and emoji versions and the sequence shares, then
 * the per-version shares of new wide / zero-width code points, then each
 * terminal's disagreements grouped. Also the lines `termprobe --unicode` adds
 * to the your-terminal report.
 */
import { BELOW_ALL, groupDisagreements, percent, verdictSentence, type DisagreementGroup, type UnicodeVerdict } from '../classify/unicode-verdict.js';
import { mdTable } from './markdown.js';

const SEQUENCES = ['emoji-zwj', 'vs16', 'vs15', 'flag', 'skin-tone', 'keycap', 'lone-indicator', 'hangul-jamo', 'ambiguous', 'text'] as const;
const SHORT: Record<string, string> = { 'emoji-zwj': 'ZWJ', vs16: 'VS16', vs15: 'VS15', flag: 'flags', 'skin-tone': 'skin', keycap: 'keycap', 'lone-indicator': 'lone RI', 'hangul-jamo': 'jamo', ambiguous: 'ambig.', text: 'text' };

const best = (v: string) => (v === BELOW_ALL ? '≤8.0' : v);

function summaryRows(verdicts: readonly UnicodeVerdict[]): string[][] {
  return verdicts.map((v) => [`${v.name} ${v.version}`, v.answered === 0 ? '–' : best(v.unicode.best), v.emoji.best === BELOW_ALL ? '–' : v.emoji.best, v.mode2027, ...SEQUENCES.map((c) => percent(v.shares[c])), String(v.disagreements.length)]);
}

function versionRows(verdicts: readonly UnicodeVerdict[]): { head: string[]; rows: string[][] } {
  const versions = [...new Set(verdicts.flatMap((v) => v.unicode.versions.map((r) => r.version)))].filter((x) => Number(x) >= 9).sort((a, b) => Number(a) - Number(b));
  const rows = verdicts.map((v) => [`${v.name} ${v.version}`, ...versions.map((ver) => {
    const r = v.unicode.versions.find((x) => x.version === ver);
    return r ? `${percent(r.wide)}/${percent(r.zero)}` : '–';
  })]);
  return { head: ['terminal', ...versions], rows };
}

function groupLine(g: DisagreementGroup, bestMatch: string): string {
  const cols = (n: number) => `${n} column${n === 1 ? '' : 's'}`;
  const what = g.got === g.expected ? `${cols(g.got)} as specified, though newer than the best match (${best(bestMatch)})` : g.got === null ? `no answer (${cols(g.expected)} specified)` : `${cols(g.got)}, not ${g.expected}`;
  return `${g.count} ${g.category} ${g.version} (2027 ${g.pass}): ${what} — e.g. ${g.examples.join(', ')}`;
}

function pad(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => [...r[i]!].length)));
  return rows.map((r) => r.map((c, i) => c + ' '.repeat(widths[i]! - [...c].length)).join('  ').trimEnd());
}

const SUMMARY_HEAD = ['terminal', 'Unicode', 'emoji', '2027', ...SEQUENCES.map((c) => SHORT[c]!), 'disagree'];

export function unicodeText(verdicts: readonly UnicodeVerdict[], opts: { groups?: number } = {}): string {
  const out = ['Unicode widths: best-matching versions and shares drawn as the specification says', '', ...pad([SUMMARY_HEAD, ...summaryRows(verdicts)])];
  const { head, rows } = versionRows(verdicts);
  out.push('', 'New wide / zero-width code points of each version drawn so', '', ...pad([head, ...rows]));
  for (const v of verdicts) {
    const groups = groupDisagreements(v);
    out.push('', `${v.name} ${v.version}: ${verdictSentence(v)}${groups.length ? ', except:' : ''}`);
    for (const g of groups.slice(0, opts.groups ?? 8)) out.push(`  ${groupLine(g, v.unicode.best)}`);
    if (groups.length > (opts.groups ?? 8)) out.push(`  … ${groups.length - (opts.groups ?? 8)} more groups`);
  }
  return out.join('\n') + '\n';
}

export function unicodeMarkdown(verdicts: readonly UnicodeVerdict[]): string {
  const { head, rows } = versionRows(verdicts);
  return ['## Unicode widths', '', mdTable(SUMMARY_HEAD, summaryRows(verdicts)), '', '### New wide / zero-width code points drawn so, by version', '', mdTable(head, rows), ''].join('\n');
}

/** JSON: every verdict, with the disagreements grouped and at most `limit` listed one by one. */
export function unicodeJson(verdicts: readonly UnicodeVerdict[], limit = 200): string {
  return JSON.stringify(verdicts.map((v) => ({ ...v, sentence: verdictSentence(v), disagreementCount: v.disagreements.length, disagreementGroups: groupDisagreements(v), disagreements: v.disagreements.slice(0, limit) })), null, 2) + '\n';
}

/** The your-terminal report's lines: the sentence, then the largest disagreement groups. */
export function unicodeSelfLines(v: UnicodeVerdict, groups = 4): string[] {
  const g = groupDisagreements(v);
  const lines = [`Unicode widths: your terminal ${verdictSentence(v)}${g.length ? ', except:' : '.'}`];
  for (const x of g.slice(0, groups)) lines.push(`    ${groupLine(x, v.unicode.best)}`);
  if (g.length > groups) lines.push(`    … ${g.length - groups} more groups (termprobe compare --unicode)`);
  return lines;
}
