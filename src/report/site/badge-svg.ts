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
  const left = 'termprobe implements';
  const right = score === null ? 'no probe decided' : `${score.toFixed(1)}% of ${decided}`;
  const lw = left.length * CHAR_PX + PAD;
  const rw = right.length * CHAR_PX + PAD;
  const width = lw + rw;
  const t = escapeHtml(score === null ? `${title}: no probe decided (termprobe)` : `${title} implements ${score.toFixed(1)}% of the ${decided} termprobe probes its answers decide`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="20" role="img" aria-label="${t}">
<title>${t}</title>
<rect width="${lw}" height="20" fill="#555"/>
<rect x="${lw}" width="${rw}" height="20" fill="${colourFor(score)}"/>
<g fill="#fff" font-family="DejaVu Sans,Verdana,Geneva,sans-serif" font-size="11" text-anchor="middle">
<text x="${lw / 2}" y="14">${left}</text>
<text x="${lw + rw / 2}" y="14">${escapeHtml(right)}</text>
</g>
</svg>
`;
  return { svg, width };
}
