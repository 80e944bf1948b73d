/**
 * The corpus's own rule: a probe that changes the terminal for good undoes it
 * in its own cleanup, without counting on the next probe's isolation prelude
 * (the last probe has none after it, and a terminal's DECSTR may not reset what
 * the probe changed). Checked here for the character sets (G0–G3 designated
 * back to ASCII, GL back to G0) and the kitty keyboard flags (what was pushed
 * popped, the flags set back to 0), by following the probe's send and cleanup
 * bytes in order. Colours and titles: self-outside.ts finds them, and the
 * user's own terminal sets them back whatever the cleanup does.
 */
import { describe, expect, it } from 'vitest';
import { sendNotations } from './probe-steps.js';
import { parseReplies } from '../protocol/reply-parser.js';
import type { ReplyEvent } from '../protocol/reply-events.js';
import { decodeNotation } from './escape-notation.js';
import { loadCorpus } from './load-corpus.js';
import type { Probe } from './probe-schema.js';

const corpus = await loadCorpus();

/** ESC ( ) * + designate G0–G3 (94-character sets), ESC - . / G1–G3 (96-character sets). */
const DESIGNATE: Readonly<Record<string, number>> = { '(': 0, ')': 1, '*': 2, '+': 3, '-': 1, '.': 2, '/': 3 };
/** Locking shifts: SI and SO (C0 controls) into GL; ESC n, ESC o (LS2, LS3) into GL and ESC ~ } | (LS1R, LS2R, LS3R) into GR. */
const SHIFT_IN_OUT: Readonly<Record<string, number>> = { '\x0f': 0, '\x0e': 1 };
const LOCKING: Readonly<Record<string, ['gl' | 'gr', number]>> = { n: ['gl', 2], o: ['gl', 3], '~': ['gr', 1], '}': ['gr', 2], '|': ['gr', 3] };

interface Charsets {
  g: string[];
  gl: number;
  gr: number;
}

function events(probe: Probe): ReplyEvent[] {
  const text = sendNotations(probe).join('') + (probe.cleanup ?? '');
  return parseReplies(decodeNotation(text), { c1Bytes: true });
}

/** G0–G3, GL and GR after the probe's send and cleanup, from ASCII everywhere, GL = G0, GR = G2; DECSC/DECRC save and restore them. */
function charsetsAfter(probe: Probe): Charsets {
  let cs: Charsets = { g: ['B', 'B', 'B', 'B'], gl: 0, gr: 2 };
  let saved: Charsets | undefined;
  for (const ev of events(probe)) {
    if (ev.kind === 'text') {
      for (const ch of ev.text) if (SHIFT_IN_OUT[ch] !== undefined) cs = { ...cs, gl: SHIFT_IN_OUT[ch] };
    } else if (ev.kind === 'esc') {
      const g = DESIGNATE[ev.intermediates[0] ?? ''];
      if (g !== undefined) cs = { ...cs, g: cs.g.map((set, i) => (i === g ? ev.intermediates.slice(1) + ev.final : set)) };
      else if (ev.intermediates === '' && LOCKING[ev.final]) cs = { ...cs, [LOCKING[ev.final]![0]]: LOCKING[ev.final]![1] };
      else if (ev.intermediates === '' && ev.final === '7') saved = { ...cs, g: [...cs.g] };
      else if (ev.intermediates === '' && ev.final === '8' && saved) cs = { ...saved, g: [...saved.g] };
    }
  }
  return cs;
}

interface Flags {
  pushed: number;
  changed: boolean;
  zeroAfter: boolean;
}

/** Private modes that switch to (h) and from (l) the alternate screen. */
const ALT_SCREEN = new Set(['1049', '1047', '47']);

/**
 * Kitty keyboard flags, per screen (the main and alternate screens keep their own stacks, so a push on the
 * alternate one stays there after leaving it): entries pushed and not popped, and whether the flags are 0
 * again after the last change.
 */
function keyboardAfter(probe: Probe): { main: Flags; alt: Flags } {
  const screens = { main: { pushed: 0, changed: false, zeroAfter: true }, alt: { pushed: 0, changed: false, zeroAfter: true } };
  let on: Flags = screens.main;
  for (const ev of events(probe)) {
    if (ev.kind !== 'csi' || ev.intermediates !== '') continue;
    if (ev.prefix === '?' && (ev.final === 'h' || ev.final === 'l') && ev.params.split(';').some((m) => ALT_SCREEN.has(m))) {
      on = ev.final === 'h' ? screens.alt : screens.main;
      continue;
    }
    if (ev.final !== 'u') continue;
    const [first = '', mode = '1'] = ev.params.split(';');
    if (ev.prefix === '>') {
      on.pushed++;
      on.changed = true;
      on.zeroAfter = false;
    } else if (ev.prefix === '<') on.pushed = Math.max(0, on.pushed - Number(first || 1));
    else if (ev.prefix === '=') {
      on.changed = true;
      on.zeroAfter = Number(first || 0) === 0 && (mode === '1' || mode === '');
    }
  }
  return screens;
}

describe('probe cleanups put back what the probe changed for good', () => {
  it('character sets: G0–G3 designated back to ASCII, GL back to G0 and GR to G2, by the cleanup', () => {
    const left = corpus.probes
      .map((p) => ({ id: p.id, cs: charsetsAfter(p) }))
      .filter(({ cs }) => cs.g.some((set) => set !== 'B') || cs.gl !== 0 || cs.gr !== 2)
      .map(({ id, cs }) => `${id}: G0–G3 ${cs.g.join(' ')}, GL G${cs.gl}, GR G${cs.gr}`);
    expect(left).toEqual([]);
  });

  it('kitty keyboard flags: on each screen, every push popped and the flags set back to 0 after the last change', () => {
    const left = corpus.probes.flatMap((p) =>
      Object.entries(keyboardAfter(p))
        .filter(([, k]) => k.changed && (k.pushed > 0 || !k.zeroAfter))
        .map(([screen, k]) => `${p.id}: ${screen} screen: ${k.pushed} pushed and not popped${k.zeroAfter ? '' : ', flags not set back to 0'}`),
    );
    expect(left).toEqual([]);
  });

  it('the checks find what they look for', () => {
    const probe = (send: string, cleanup?: string): Probe => ({ id: 't.x', category: 't', file: 't', title: 'x', description: 'test probe', spec: 'ECMA-48 x', send, ...(cleanup ? { cleanup } : {}), query: ['cursor'], expect: { implements: {} } });
    expect(charsetsAfter(probe('\\e(0q'))).toEqual({ g: ['0', 'B', 'B', 'B'], gl: 0, gr: 2 });
    expect(charsetsAfter(probe('\\e(0q', '\\e(B'))).toEqual({ g: ['B', 'B', 'B', 'B'], gl: 0, gr: 2 });
    expect(charsetsAfter(probe('\\e)0\\x0eq')).gl).toBe(1);
    expect(charsetsAfter(probe('\\e(0\\e7\\e(B\\e8')).g[0]).toBe('0');
    expect(keyboardAfter(probe('\\e[>1u')).main).toEqual({ pushed: 1, changed: true, zeroAfter: false });
    expect(keyboardAfter(probe('\\e[>1u', '\\e[<99u\\e[=0;1u')).main).toEqual({ pushed: 0, changed: true, zeroAfter: true });
    // A push on the alternate screen stays on its stack after leaving it: popping on the main screen does not undo it.
    expect(keyboardAfter(probe('\\e[?1049h\\e[>4u\\e[?1049l', '\\e[<99u\\e[=0;1u')).alt).toEqual({ pushed: 1, changed: true, zeroAfter: false });
    expect(keyboardAfter(probe('\\e[?1049h\\e[>4u\\e[?1049l', '\\e[?1049h\\e[<99u\\e[=0;1u\\e[?1049l')).alt).toEqual({ pushed: 0, changed: true, zeroAfter: true });
  });
});
