/**
 * The support mark of one answer: does the terminal implement the probed
 * behaviour? It comes from the probe's own expectations and the answer alone, so
 * the same answer to the same probe gets the same mark whoever gave it:
 *
 *   ✓ implements     the answer is the probe's `implements` answer
 *   ✗ lacks          the answer is its `lacks` answer
 *   ~ other          an answer neither names (a registry entry must explain it)
 *   ? inconclusive   the answer cannot tell, with the reason: no reply, not run,
 *                    the terminal crashed or hung on the probe, the screen
 *                    decides and was not read,
 *                    the reply came from termprobe's own pipe, or the probe says
 *                    this answer observes nothing (its `inconclusive` answers)
 *
 * Scores count conclusive marks only.
 */
import type { SizeVars } from '../corpus/escape-notation.js';
import type { Expectation, Probe } from '../corpus/probe-schema.js';
import { matchExpectation } from '../results/answer-key.js';
import type { ProbeResult, Settings } from '../results/results-schema.js';

export const SUPPORTS = ['implements', 'lacks', 'other', 'inconclusive'] as const;
export type Support = (typeof SUPPORTS)[number];

export const SUPPORT_SYMBOLS: Record<Support, string> = { implements: '✓', lacks: '✗', other: '~', inconclusive: '?' };

export const INCONCLUSIVE_REASONS = ['not-run', 'skipped', 'no-reply', 'incomplete', 'crashed', 'hung', 'error', 'unknown-probe', 'host-reply', 'screen-unread', 'unobservable', 'untold'] as const;
export type InconclusiveReason = (typeof INCONCLUSIVE_REASONS)[number];

export interface SupportMark {
  support: Support;
  /** Why the mark is inconclusive. */
  why?: InconclusiveReason;
  /** One line saying it, for tables and pages. */
  detail?: string;
  /** The replies could not tell, and what the screen shows (the probe's `drawn` answers) decided the mark. */
  drawn?: true;
  /** The replies and the screen as drawn both decide, and disagree: the mark follows the replies; this is the screen's. */
  conflict?: { drawn: Support; detail: string };
}

const REASON_TEXT: Record<InconclusiveReason, string> = {
  'not-run': 'not run',
  skipped: 'skipped',
  'no-reply': 'no reply: the DA1 sentinel never came',
  incomplete: 'incomplete: the DA1 sentinel never came, so the answer may be cut short',
  crashed: 'the terminal crashed on this probe (twice)',
  hung: 'the terminal stopped answering on this probe (twice)',
  error: 'no result was recorded',
  'unknown-probe': 'the probe is not in the corpus at hand, so its expectations are unknown',
  'host-reply': "the reply was written by termprobe's pipe for this target, not by the terminal",
  'screen-unread': 'the screen decides, and this target could not read it back',
  unobservable: 'this answer observes nothing about the behaviour',
  untold: 'the screen read cannot tell the answer that implements it from the one that lacks it: the terminal draws them alike, or its read-back does not report the attribute that decides (recorded as untold)',
};

export function describeInconclusive(why: InconclusiveReason): string {
  return REASON_TEXT[why];
}

function inconclusive(why: InconclusiveReason, detail?: string): SupportMark {
  return { support: 'inconclusive', why, detail: detail ?? REASON_TEXT[why] };
}

/** The size a probe's `${cols}`/`${rows}` stand for in a run: the probe's own size, else the run's. */
export function sizeForProbe(probe: Probe, settings: Pick<Settings, 'cols' | 'rows'>): SizeVars {
  const m = probe.size ? /^(\d+)x(\d+)$/.exec(probe.size) : null;
  return m ? { cols: Number(m[1]), rows: Number(m[2]) } : { cols: settings.cols, rows: settings.rows };
}

function queriesOf(e: Expectation | undefined): string[] {
  return e?.replies ? Object.keys(e.replies) : [];
}

export function supportMark(probe: Probe | undefined, r: ProbeResult | undefined, settings: Pick<Settings, 'cols' | 'rows' | 'pixels'>): SupportMark {
  if (!r) return inconclusive('not-run');
  switch (r.status) {
    case 'skipped':
      return inconclusive('skipped', r.note ? `skipped: ${r.note}` : undefined);
    case 'no-reply':
      return inconclusive('no-reply', r.note ? `no reply: ${r.note}` : undefined);
    case 'partial':
      return inconclusive('incomplete');
    case 'crashed':
      return inconclusive('crashed', r.note);
    case 'hung':
      return inconclusive('hung', r.note);
    case 'error':
      return inconclusive('error', r.note);
    case 'ok':
      break;
  }
  if (!probe) return inconclusive('unknown-probe');
  const decisive = new Set([...queriesOf(probe.expect.implements), ...queriesOf(probe.expect.lacks)]);
  const host = r.replies.find((rep) => rep.source === 'host' && decisive.has(rep.query));
  if (host) return inconclusive('host-reply', `the ${host.query} reply was written by termprobe's pipe for this target, not by the terminal`);
  const size = sizeForProbe(probe, settings);
  const pixels = settings.pixels;
  const silent = (probe.expect.inconclusive ?? []).find((clause) => ['yes', 'alike'].includes(matchExpectation(r, clause, size, pixels)));
  const byReplies = silent ? inconclusive('unobservable', silent.why) : decide(r, probe.expect.implements, probe.expect.lacks, size, pixels);
  const drawn = probe.expect.drawn;
  if (!drawn) return byReplies;
  // What the screen shows decides where the replies cannot; where both decide they must agree.
  const byScreen = decide(r, drawn.implements, drawn.lacks, size, pixels, true);
  if (byReplies.support === 'inconclusive') {
    // Neither decides: the screen's reason where it was read and draws both answers alike, else the replies'.
    if (byScreen.support === 'inconclusive') return byScreen.why === 'untold' ? byScreen : byReplies;
    return { ...byScreen, drawn: true, detail: `decided by the screen as drawn: the replies cannot tell (${byReplies.detail ?? byReplies.why})` };
  }
  if (byScreen.support !== 'inconclusive' && byScreen.support !== byReplies.support) {
    return { ...byReplies, conflict: { drawn: byScreen.support, detail: `the replies say ${byReplies.support}, the screen says ${byScreen.support}` } };
  }
  return byReplies;
}

/**
 * For a probe with `drawn` answers and an answer with a screen: the mark its replies give and the mark its screen
 * gives, each alone (npm run bench -- pixels counts where both decide, and whether they agree); undefined otherwise.
 */
export function repliesAndScreen(probe: Probe, r: ProbeResult, settings: Pick<Settings, 'cols' | 'rows' | 'pixels'>): { replies: SupportMark; screen: SupportMark } | undefined {
  if (!probe.expect.drawn || r.status !== 'ok' || !r.screen) return undefined;
  const size = sizeForProbe(probe, settings);
  const silent = (probe.expect.inconclusive ?? []).find((clause) => ['yes', 'alike'].includes(matchExpectation(r, clause, size, settings.pixels)));
  return {
    replies: silent ? inconclusive('unobservable', silent.why) : decide(r, probe.expect.implements, probe.expect.lacks, size, settings.pixels),
    screen: decide(r, probe.expect.drawn.implements, probe.expect.drawn.lacks, size, settings.pixels, true),
  };
}

/**
 * The mark an answer gets from a pair of expectations (implements, lacks). `drawn`: they are a probe's `drawn`
 * answers, where a drawing both name is one the screen cannot tell apart (SGR 6 drawn as SGR 5's blink: the pixels
 * see a blink, not its rate), untold; a reply's lacks answer, by contrast, is often any other reply.
 */
function decide(r: ProbeResult, implementsExp: Expectation, lacksExp: Expectation | undefined, size: SizeVars, pixels: Settings['pixels'], drawn = false): SupportMark {
  const implementsMatch = matchExpectation(r, implementsExp, size, pixels);
  const lacksMatch = lacksExp ? matchExpectation(r, lacksExp, size, pixels) : 'no';
  if (drawn && implementsMatch === 'yes' && lacksMatch === 'yes') return inconclusive('untold');
  // A style read that is only alike to one expectation (drawn the same, or differing only in what the read cannot
  // tell) decides only when it cannot be the other; alike to both, it cannot tell them apart.
  if (implementsMatch === 'yes') return lacksMatch === 'alike' ? inconclusive('untold') : { support: 'implements' };
  if (implementsMatch === 'alike' && lacksMatch === 'no') return { support: 'implements' };
  if (implementsMatch === 'no' && (lacksMatch === 'yes' || lacksMatch === 'alike')) return { support: 'lacks' };
  if (implementsMatch === 'no' && lacksMatch === 'no') return { support: 'other' };
  if (implementsMatch === 'alike' && (lacksMatch === 'yes' || lacksMatch === 'alike')) return inconclusive('untold');
  const unread = r.screen ? 'the screen decides, and not every cell of it could be read back' : undefined;
  return inconclusive('screen-unread', unread);
}

/** A conclusive mark counts in a score; an inconclusive one never does. */
export function isConclusive(m: SupportMark): boolean {
  return m.support !== 'inconclusive';
}
