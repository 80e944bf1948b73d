/**
 * The colours the calibration learned, put back after a probe that changed
 * them. The OSC colour probes reset what they set (OSC 104, 110, 111), but a
 * terminal that sets colours and does not reset them kept them for the rest of
 * the run (urxvt 9.30 and st 0.9 drew every later probe pink on blue, or dark on
 * blue, in the published pictures), and every later cell read against the
 * calibration would misname its colours. So after the sentinel of a probe that
 * sets a colour (OSC 4, 10–19, or their resets), the bytes set the default
 * colours and the palette entries it named back to what the sheet showed — the
 * probe's own queries and cleanup run first, the next probe's prelude after.
 */
import { standardPaletteRgb } from '../../../results/standard-palette.js';
import type { PixelModel } from '../../../results/results-schema.js';
import { COLOR_NAMES } from '../../../results/results-constants.js';

/** An OSC that sets or resets a colour: 4 / 104 (palette), 10–19 / 110–119 (dynamic colours); queries ("?") set nothing. */
const COLOUR_OSC = /\x1b\](1?0?4|1[0-9]|11[0-9])(;[^\x07\x1b]*)?(?:\x07|\x1b\\)/g;
const SENTINEL = '\x1b[c';

function osc(body: string): string {
  return `\x1b]${body}\x1b\\`;
}

/** The palette entries an OSC sets or resets (its index list), or undefined when it sets nothing (a query). */
function touched(kind: string, args: string): number[] | undefined {
  const parts = args === '' ? [] : args.split(';');
  if (kind === '104') return parts.length === 0 ? Array.from({ length: 16 }, (_, i) => i) : parts.filter((p) => /^\d+$/.test(p)).map(Number);
  if (kind.startsWith('11')) return [];
  if (kind === '4') {
    const set: number[] = [];
    for (let i = 0; i + 1 < parts.length; i += 2) if (parts[i + 1] !== '?' && /^\d+$/.test(parts[i]!)) set.push(Number(parts[i]));
    return set.length > 0 ? set : undefined;
  }
  return parts.some((p) => p !== '?') ? [] : undefined;
}

export class ColourRestore {
  constructor(private readonly model: PixelModel) {}

  /** The bytes that put the palette entries named (and the default colours) back. */
  private restore(entries: ReadonlySet<number>): string {
    let out = osc(`10;${this.model.fg.default}`) + osc(`11;${this.model.bg.default}`);
    for (const n of [...entries].sort((a, b) => a - b)) {
      const hex = n < 16 ? this.model.bg[COLOR_NAMES[n]!] : (this.model.palette?.[String(n)] ?? `#${standardPaletteRgb(n).toString(16).padStart(6, '0')}`);
      if (hex) out += osc(`4;${n};${hex}`);
    }
    return out;
  }

  /**
   * The bytes to write in place of `text` (whole probes, each ending in its sentinel, or a probe's cleanup alone):
   * the same, with the colours put back after each probe that changed them.
   */
  rewrite(text: string): string {
    const re = new RegExp(COLOUR_OSC.source, 'g');
    let out = '';
    let from = 0;
    let entries: Set<number> | undefined;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const set = touched(m[1]!, m[2]?.slice(1) ?? '');
      if (!set) continue;
      entries ??= new Set();
      for (const n of set) entries.add(n);
      // Put back once this probe's sentinel has gone out (its queries and cleanup come before it).
      const sentinel = text.indexOf(SENTINEL, m.index + m[0].length);
      if (sentinel < 0) break;
      const at = sentinel + SENTINEL.length;
      out += text.slice(from, at) + this.restore(entries);
      from = re.lastIndex = at;
      entries = undefined;
    }
    out += text.slice(from);
    // A probe's cleanup alone (written after its screen was read) has no sentinel: its probe is answered, so now.
    return entries ? out + this.restore(entries) : out;
  }
}
