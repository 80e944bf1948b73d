/**
 * Where a run's replies (DECRQSS, DECCIR) and its screen as drawn (a probe's
 * `expect.drawn` answers, read from the pixels) both decide a probe: do they
 * agree? A disagreement is one of two things, told apart by the registry:
 *   - a finding: the terminal draws other than it reports, and a registry entry
 *     names that answer with the terminal's source (kitty 0.26.5 reports its
 *     dotted underline as 24): the read is right, the report is not;
 *   - a read disagreement: no entry explains it, so the screen read may be at
 *     fault, and it counts against the read.
 * `npm run bench -- pixels` prints both lists; the issue's figure is the share
 * of the probes both decide, findings left out, where the two agree.
 */
import type { Probe } from '../corpus/probe-schema.js';
import { drawnText } from '../results/drawn-text.js';
import type { ResultsFile } from '../results/results-schema.js';
import type { DivergenceEntry, DivergenceRegistry } from './load-divergences.js';
import { viewRun } from './run-view.js';
import { repliesAndScreen, type Support } from './support-mark.js';

export interface PixelDisagreement {
  id: string;
  /** The replies as given, and the mark they give. */
  reply: string;
  byReply: Support;
  /** The first cell's style and the cursor as drawn, and the mark they give. */
  drawn: string;
  byScreen: Support;
  /** The registry entry explaining the answer: a finding. */
  entry?: DivergenceEntry;
}

export interface PixelAgreement {
  /** Probes both decide. */
  both: number;
  agree: number;
  /** Disagreements a registry entry explains (the terminal draws other than it reports). */
  findings: PixelDisagreement[];
  /** Disagreements nothing explains: they count against the read. */
  disagreements: PixelDisagreement[];
}

export function pixelAgreement(file: string, run: ResultsFile, probes: ReadonlyMap<string, Probe>, registry: DivergenceRegistry): PixelAgreement {
  const view = viewRun(file, run);
  const out: PixelAgreement = { both: 0, agree: 0, findings: [], disagreements: [] };
  for (const r of run.probes) {
    const probe = probes.get(r.id);
    const marks = probe ? repliesAndScreen(probe, r, run.settings) : undefined;
    if (!marks || marks.replies.support === 'inconclusive' || marks.screen.support === 'inconclusive') continue;
    out.both++;
    if (marks.replies.support === marks.screen.support) {
      out.agree++;
      continue;
    }
    const d: PixelDisagreement = {
      id: r.id,
      reply: r.replies.map((p) => p.value).join(' '),
      byReply: marks.replies.support,
      drawn: drawnText(r),
      byScreen: marks.screen.support,
    };
    const entry = registry.find(r.id, view.answerer, view.summary(r.id));
    if (entry) out.findings.push({ ...d, entry });
    else out.disagreements.push(d);
  }
  return out;
}

/** One disagreement in words: both answers, and for a finding the entry that explains it. */
export function describeDisagreement(d: PixelDisagreement): string {
  const where = d.entry ? `; ${d.entry.class} in ${d.entry.file}${d.entry.line !== undefined ? `:${d.entry.line}` : ''}: ${d.entry.evidence[0]}` : '';
  return `${d.id} (reply ${d.reply} → ${d.byReply}; drawn ${d.drawn} → ${d.byScreen}${where})`;
}
