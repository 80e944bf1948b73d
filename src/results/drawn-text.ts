/**
 * What a probe's screen shows where its replies and its screen disagree: the
 * first cell's style and, where it was read, the cursor as drawn — the screen's
 * side of a finding, written as the probe's `style` and `cursorStyle` answers
 * are ("underline:dotted", "fg=#0a141e", "cursor block blink").
 */
import { cursorStyleText } from './answer-key.js';
import type { ProbeResult } from './results-schema.js';
import { styleText } from './style-text.js';

export function drawnText(r: ProbeResult): string {
  const first = r.screen?.cells?.[0]?.[0];
  const cursor = cursorStyleText(r.screen?.cursor);
  const parts = [...(first ? [styleText(first.s)] : []), ...(cursor ? [`cursor ${cursor}`] : [])];
  return parts.length > 0 ? parts.join(', ') : 'nothing read';
}
