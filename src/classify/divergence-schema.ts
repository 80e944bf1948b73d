/**
 * The divergence registry (probes/divergences/<target>.yaml): what a target's
 * answers mean where the probe's own expectations do not settle it. An entry is a
 * statement about one target's (or engine's) own answer:
 *
 *   bug        the answer is wrong, and the evidence says so (a ✗ needs no entry
 *              for that: it is a bug by its mark; an entry adds the evidence)
 *   deliberate the target answers so on purpose, documented at the measured version
 *
 * Every entry names the answer(s) it explains, exactly as `termprobe compare`
 * shows them; as soon as the target answers otherwise, the entry is stale and
 * `termprobe check` fails. This zod schema validates the files and emits
 * schema/divergences.schema.json.
 *
 * A file may also state a reply convention of its target (see reply-convention.ts):
 * a rule about how the terminal spells every answer of one kind (dvtm reports the
 * cursor 0-based), under which those answers are judged, with the probes that show
 * it directly and what they answer.
 */
import { z } from 'zod';
import { SPEC_DOCUMENTS } from '../corpus/probe-schema.js';
import { PROBE_PATTERN, PROBE_PATTERN_HELP } from './probe-pattern.js';
import { VERSION_RANGE_HELP, VERSION_RANGE_PATTERN } from './version-range.js';

export const DIVERGENCE_CLASSES = ['bug', 'deliberate'] as const;
export type DivergenceClass = (typeof DIVERGENCE_CLASSES)[number];

/** What counts as evidence: a link, a spec section, or a named upstream source. */
export const EVIDENCE_KINDS = ['source', 'commit', 'issue', 'changelog', 'docs'] as const;
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\#]/g, '\\$&');
export const EVIDENCE_PATTERN = new RegExp(
  `^(https?://\\S+|(${SPEC_DOCUMENTS.map(escapeRe).join('|')}) \\S.*|(${EVIDENCE_KINDS.join('|')}) \\S.*)$`,
);
const EVIDENCE_HELP = `evidence is a URL, a spec section ("${SPEC_DOCUMENTS[2]} …", "xterm ctlseqs …"), or one of "${EVIDENCE_KINDS.join('", "')}" and where (e.g. "commit owner/repo@abc123 …")`;

const ANSWER_HELP = 'required: the answer this entry explains, as `termprobe compare` shows it (e.g. "2;1", "decrqss:m=1$r1;4m", "no-reply"), or a list of them';
const answerText = z.string({ error: ANSWER_HELP }).trim().min(1, ANSWER_HELP).max(2000);

const targetName = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._+-]*$/, 'target is a target name, e.g. ghostty');
const versionRange = z.string().regex(VERSION_RANGE_PATTERN, VERSION_RANGE_HELP).default('*');
const reasonText = z
  .string({ error: 'required: one or two sentences saying why' })
  .trim()
  .min(1, 'must not be empty: one or two sentences saying why')
  .max(400, 'one or two sentences, at most 400 characters')
  .regex(/[.!?]["')\]]*$/, 'must end a sentence (in YAML, " #" starts a comment: quote a reason that contains it)');
const evidenceList = z
  .array(z.string().trim().regex(EVIDENCE_PATTERN, EVIDENCE_HELP), { error: 'required: a list of links, spec sections or upstream sources' })
  .min(1, 'must name at least one source');

/**
 * Where the terminal's maintainers state that the answer is their choice: a changelog line, their
 * documentation, a comment in the code, an issue or pull request, or a test of theirs that asserts the
 * answer. The kind first, then where, then what it says: `comment https://…/vt.c#L1322-L1325 "40-5e
 * rxvt extension for extra curses acs chars"`. A link in it is checked like evidence.
 */
export const INTENT_KINDS = ['changelog', 'docs', 'comment', 'issue', 'test'] as const;
const INTENT_HELP = `intent is where the maintainers state the choice: one of "${INTENT_KINDS.join('", "')}", then where (a link, or a named source) and what it says`;
const intentLine = z.string().trim().regex(new RegExp(`^(${INTENT_KINDS.join('|')}) \\S.{8,}$`), INTENT_HELP).max(600);

export const divergenceEntrySchema = z.strictObject({
  probe: z.string().regex(PROBE_PATTERN, PROBE_PATTERN_HELP).describe('A probe id, or a glob over ids ("*" any run of characters, "?" one character).'),
  /** The target's registry name, as in a results file's target.id (e.g. "ghostty", "tmux"). */
  target: targetName.describe("The target's registry name, as in a results file's target.id, or an engine's name (vte, qtermwidget): then the entry holds for every terminal built on it."),
  versions: versionRange.describe('Versions of the target (identity.version; for an engine, the engine\'s version) the entry covers: "*", "3.3a", ">=3.3", ">=3.3 <3.5".'),
  answer: z
    .union([answerText, z.array(answerText).min(1, 'list at least one answer')], { error: ANSWER_HELP })
    .describe('The answer (or answers) this entry explains, as `termprobe compare` shows them, e.g. "2;1" or "decrqss:m=1$r1;4m".'),
  class: z.enum(DIVERGENCE_CLASSES, { error: `class is one of: ${DIVERGENCE_CLASSES.join(', ')} (whether the reference is the one that is wrong follows from the support marks, not from an entry)` }).describe("bug: the target's answer is wrong; deliberate: a documented choice."),
  reason: reasonText.describe('Why, in one or two sentences.'),
  evidence: evidenceList.describe('Links, spec sections, or lines starting with source, commit, issue, changelog or docs.'),
  intent: z
    .union([intentLine, z.array(intentLine).min(1)])
    .optional()
    .describe('Required for class deliberate: where the maintainers state the answer is their choice (changelog, docs, a code comment, an issue, a test asserting it), and what it says. Without one, the answer is a bug.'),
}).superRefine((e, ctx) => {
  if (e.class === 'deliberate' && e.intent === undefined) {
    ctx.addIssue({ code: 'custom', path: ['intent'], message: `a deliberate entry cites the maintainers' statement of intent (${INTENT_KINDS.join(', ')}); without one the answer is a bug` });
  }
});

/** How a terminal may report the cursor (CPR); each names the correction its cursor answers are judged after. */
export const CURSOR_CONVENTIONS = ['zero-based'] as const;
export type CursorConvention = (typeof CURSOR_CONVENTIONS)[number];

export const replyConventionSchema = z.strictObject({
  target: targetName.describe("The target's registry name (results' target.id), or an engine's name: then it holds for every terminal built on it."),
  versions: versionRange.describe('Versions of the target (or engine) the convention covers: "*", "0.15", ">=0.15 <0.16".'),
  cursor: z
    .enum(CURSOR_CONVENTIONS, { error: `cursor is one of: ${CURSOR_CONVENTIONS.join(', ')}` })
    .describe('zero-based: the terminal reports the cursor with row and column each one less than the position (CPR counts from 1); its cursor answers are judged after adding 1 to each.'),
  measured: z
    .array(
      z.strictObject({
        probe: z.string().regex(/^[a-z0-9][a-z0-9.-]*$/, 'probe is one probe id (no glob)').describe('A probe whose cursor answer shows the convention directly.'),
        answer: answerText.describe('The raw cursor answer every run the convention covers gives it, as `termprobe compare` shows the cursor before correction (e.g. "0;0").'),
      }),
      { error: 'required: the probes that show the convention, each with the raw answer it gives' },
    )
    .min(1, 'name at least one probe that shows the convention')
    .describe('Probes that show the convention directly: `termprobe check` fails when a run it covers answers one of them otherwise, or when the answer, corrected, does not implement the probe (or uncorrected does).'),
  reason: reasonText.describe('Why the terminal answers so, in one or two sentences.'),
  evidence: evidenceList.describe('The source at the measured version: links, spec sections, or lines starting with source, commit, issue, changelog or docs.'),
});

export const divergenceFileSchema = z.strictObject({
  conventions: z.array(replyConventionSchema).optional().describe("Reply conventions of this file's target (at most one per version)."),
  divergences: z.array(divergenceEntrySchema),
});

export type DivergenceEntryInput = z.input<typeof divergenceEntrySchema>;
export type DivergenceEntryData = z.output<typeof divergenceEntrySchema>;
export type DivergenceFileData = z.output<typeof divergenceFileSchema>;
export type ReplyConventionData = z.output<typeof replyConventionSchema>;
