/**
 * Probes that must not run in the user's own terminal, whatever it reports, and
 * why. termprobe probes only inside the alternate screen and puts back what it
 * changed; a probe that would leave the alternate screen (and so write over the
 * user's main screen), resize the window, reset the terminal, or change
 * something no restoration can put back (the font, the clipboard, the special
 * colours, titles other programs saved on the title stack: self-outside.ts) is
 * skipped there with that reason. Colours and titles the terminal reports are
 * put back; a probe that changes one it did not report is skipped once the
 * run knows (self-outside-state.ts, unreportedChange). The embedded and
 * multiplexer targets still run them all.
 */
import type { Probe } from '../../corpus/probe-schema.js';
import { CsiQueryScanner, type CsiSequence } from '../common/csi-query-scanner.js';
import { modesIn, probeBytes } from './self-modes.js';
import { outsideChangesOf } from './self-outside.js';

const ALT_SCREEN_MODES = new Set(['?47', '?1047', '?1049']);

/** XTWINOPS that move, resize, iconify or raise the window; 24 and above set the number of lines (DECSLPP). */
const isWindowOp = (s: CsiSequence) => s.final === 't' && s.marker === '' && s.intermediates === '' && (/^(?:[1-9]|10)(?:;|$)/.test(s.params) || Number(s.params.split(';')[0]) >= 24);
/** DECSCPP (CSI Pn $ |) and DECSNLS (CSI Pn * |) change the page size. */
const isPageSize = (s: CsiSequence) => s.final === '|' && (s.intermediates === '$' || s.intermediates === '*');

function reasonFor(bytes: Uint8Array): string | undefined {
  const latin1 = Buffer.from(bytes).toString('latin1');
  if (/\x1bc/.test(latin1)) return 'it sends RIS (ESC c), which would wipe your terminal\'s state';
  const leaves = new CsiQueryScanner((s) => s.final === 'l' && s.marker === '?' && s.intermediates === '' && s.params.split(';').some((p) => ALT_SCREEN_MODES.has(`?${Number(p)}`)));
  if (leaves.scan(bytes).length > 0) return 'it leaves the alternate screen, so it would write over your main screen';
  if (modesIn(bytes).includes('?3')) return 'it switches 80/132 columns (DECCOLM), which clears the screen and may resize your window';
  const resizes = new CsiQueryScanner((s) => isWindowOp(s) || isPageSize(s));
  if (resizes.scan(bytes).length > 0) return 'it would move or resize your window';
  // States a Ctrl-C between the probe and its cleanup would leave the terminal in, and that no restoration can ask about first.
  if (/\x1b G/.test(latin1)) return 'it switches your terminal to 8-bit replies (S8C1T)';
  if (/\x1b%@/.test(latin1)) return 'it takes your terminal out of UTF-8 (ESC % @)';
  const vt52 = new CsiQueryScanner((s) => s.final === 'l' && s.marker === '?' && s.intermediates === '' && s.params.split(';').some((p) => Number(p) === 2));
  if (vt52.scan(bytes).length > 0) return 'it puts your terminal in VT52 mode';
  return undefined;
}

/** Why this probe is not run in the user's own terminal, or undefined when it is safe there. */
export function unsafeForSelf(probe: Probe): string | undefined {
  if (probe.tags?.includes('touches-main-screen')) return 'skipped in your own terminal: the probe writes to the main screen, which termprobe never touches';
  for (const bytes of probeBytes(probe)) {
    const reason = reasonFor(bytes);
    if (reason) return `skipped in your own terminal: ${reason}`;
  }
  const outside = outsideChangesOf(probe).unrestorable;
  return outside ? `skipped in your own terminal: ${outside}, which cannot be put back` : undefined;
}
