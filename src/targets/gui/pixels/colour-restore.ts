/**
 * The colours the calibration learned, put back after a probe that changed
 * them. The OSC colour probes reset what they set (OSC 104, 110, 111), but a
 * terminal that sets colours and does not reset them kept them for the rest of
 * the run (urxvt 9.30 and st 0.9 drew every later probe pink on blue, or dark on
 * blue, in the published pictures), and every later cell read against the
 * calibration would misname its colours. So once a probe has set a colour (OSC
 * 4, 10–19, or their resets), the bytes that set the default colours and the
 * palette entries it named back to what the sheet showed go out just before the
 * next probe's prelude: after the probe's last step, its queries, its screen read
 * and its cleanup. (Put back after the probe's first DA1 instead, a probe with
 * steps had its colours put back between them: urxvt's
 * osc-colours.reset-restores-before read #fe0000 at step 3, the colour put back,
 * not the one its step 2 set.)
 */
import { standardPaletteRgb } from '../../../results/standard-palette.js';
import type { PixelModel } from '../../../results/results-schema.js';
import { COLOR_NAMES } from '../../../results/results-constants.js';

/** An OSC that sets or resets a colour: 4 / 104 (palette), 10–19 / 110–119 (dynamic colours); queries ("?") set nothing. */
const COLOUR_OSC = /\x1b\](1?0?4|1[0-9]|11[0-9])(;[^\x07\x1b]*)?(?:\x07|\x1b\\)/g;
/**
 * Where a probe's prelude (corpus/prelude.ts) has begun: DECSCA set and cleared, then DECSTR, in every kind of
 * prelude and in no probe.
 */
const PRELUDE = '\x1b[1"q\x1b[0"q\x1b[!p';
/** A colour OSC (groups: its kind, its arguments) or a prelude's start. */
const WATCHED = `${COLOUR_OSC.source}|\\x1b\\[1"q\\x1b\\[0"q\\x1b\\[!p`;

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

  /** Palette entries a probe set that are not put back yet (undefined: nothing to put back). */
  private pending: Set<number> | undefined;

  /**
   * The bytes to write in place of `text` (whole probes, a probe's cleanup alone, or any other bytes): the same,
   * with the colours put back before each probe's prelude that follows a probe that changed them.
   */
  rewrite(text: string): string {
    const re = new RegExp(WATCHED, 'g');
    let out = '';
    let from = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      if (m[0] === PRELUDE) {
        if (!this.pending) continue;
        out += text.slice(from, m.index) + this.restore(this.pending);
        from = m.index;
        this.pending = undefined;
        continue;
      }
      const set = touched(m[1]!, m[2]?.slice(1) ?? '');
      if (!set) continue;
      this.pending ??= new Set();
      for (const n of set) this.pending.add(n);
    }
    return out + text.slice(from);
  }
}
