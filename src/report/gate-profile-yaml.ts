/**
 * A profile as YAML, as `termprobe init` writes it: commented for the review it
 * needs, every string double-quoted (JSON's quoting is YAML's), each ledger entry
 * under a comment naming its probe's title and the spec's answer.
 */
import type { DraftEntry } from '../classify/draft-ledger.js';

const q = (s: string) => JSON.stringify(s);
/** A comment line cannot hold a line break. */
const comment = (s: string) => `# ${s.replace(/[\r\n]+/g, ' ')}`;

export interface ProfileText {
  target: string;
  answers: string;
  /** "xterm 379" and when, for the header. */
  madeFrom: string;
  ledger: DraftEntry[];
}

export function renderProfileYaml(p: ProfileText): string {
  const drafts = p.ledger.filter((e) => e.draft).length;
  const out = [
    comment('termprobe expectations profile: `termprobe gate` runs the target and holds it to the committed answers.'),
    comment(`Written by termprobe init from a run of ${p.madeFrom}.`),
    comment(`The ledger lists every probe answered otherwise than the spec says: ${p.ledger.length} entries, ${drafts} of them drafts —`),
    comment('review each class (bug or deliberate), reason and link. Fields: termprobe docs/ci-gate.md, schema/gate-profile.schema.json.'),
    'profile: 1',
    `target: ${q(p.target)}`,
    comment('"latest": the corpus of the termprobe at hand (new probes are reported apart); or pin a corpus hash.'),
    'corpus: latest',
    `answers: ${q(p.answers)}`,
    comment('Probes not to run at all, each with probe (an id) and reason (why).'),
    'skip: []',
  ];
  if (p.ledger.length === 0) out.push('ledger: []');
  else {
    out.push('ledger:');
    for (const e of p.ledger) {
      out.push(`  ${comment(e.about)}`, `  - probe: ${e.probe}`, `    answer: ${q(typeof e.answer === 'string' ? e.answer : e.answer[0]!)}`, `    class: ${e.class}`, `    reason: ${q(e.reason)}`, `    link: ${q(e.link)}`);
    }
  }
  return out.join('\n') + '\n';
}
