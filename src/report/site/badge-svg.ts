/**
 * A small SVG badge per terminal, for projects that want to embed their score,
 * saying what it measures: "termprobe implements | 87.5% of 240" — the share of
 * the probes its answers decide (implements, lacks or other; inconclusive ones
 * never count) that it implements. Its title says the same in a sentence. Width
 * is estimated from the character count; the colour steps with the score. Text is
 * XML-escaped like any other text.
 */
import { escapeHtml } from './html.js';

export interface Badge {
  svg: string;
  width: number;
}

const CHAR_PX = 7;
const PAD = 10;

function colourFor(score: number | null): string {
  if (score === null) return '#767676';
  if (score >= 95) return '#1a7f37';
  if (score >= 85) return '#4c8c2b';
  if (score >= 70) return '#8a6d00';
  return '#b35900';
}

export function scoreBadge(score: number | null, title: string, decided: number): Badge {
  const right = score === null ? 'no probe decided' : `${score.toFixed(1)}% of ${decided}`;
  const sentence = score === null ? `${title}: no probe decided (termprobe)` : `${title} implements ${score.toFixed(1)}% of the ${decided} termprobe probes its answers decide`;
  return labelBadge('termprobe implements', right, colourFor(score), sentence);
}

/**
 * A feature's badge: "<feature> | ✓ 9 ◐ 2 of 28" — how many terminals support it
 * fully and partly, of those measured. Coloured by the share supported (partial
 * counting half).
 */
export function featureBadge(name: string, counts: { supported: number; partial: number; unsupported: number; unmeasured: number }): Badge {
  const measured = counts.supported + counts.partial + counts.unsupported;
  const right = measured === 0 ? 'not measured' : `✓ ${counts.supported} ◐ ${counts.partial} of ${measured}`;
  const share = measured === 0 ? null : (100 * (counts.supported + counts.partial / 2)) / measured;
  const sentence = measured === 0 ? `${name}: not measured by termprobe` : `${name}: supported by ${counts.supported} and partly by ${counts.partial} of the ${measured} terminals termprobe measured it on`;
  return labelBadge(name.length > 48 ? `${name.slice(0, 47)}…` : name, right, colourFor(share), sentence);
}

function labelBadge(left: string, right: string, colour: string, sentence: string): Badge {
  const lw = left.length * CHAR_PX + PAD;
  const rw = right.length * CHAR_PX + PAD;
  const width = lw + rw;
  const t = escapeHtml(sentence);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="20" role="img" aria-label="${t}">
<title>${t}</title>
<rect width="${lw}" height="20" fill="#555"/>
<rect x="${lw}" width="${rw}" height="20" fill="${colour}"/>
<g fill="#fff" font-family="DejaVu Sans,Verdana,Geneva,sans-serif" font-size="11" text-anchor="middle">
<text x="${lw / 2}" y="14">${escapeHtml(left)}</text>
<text x="${lw + rw / 2}" y="14">${escapeHtml(right)}</text>
</g>
</svg>
`;
  return { svg, width };
}
