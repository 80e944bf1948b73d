/**
 * A terminal's expectations profile (`termprobe.yaml` in the terminal's own
 * repository), what `termprobe gate` holds a build to:
 *
 *   target   the command that starts the build (`x11:…`, `wayland:…`, `stdio:…`,
 *            or a registry name)
 *   corpus   "latest" (the corpus of the termprobe at hand: probes new in it are
 *            run and reported apart) or a corpus hash (only that corpus's probes)
 *   answers  the results file committed beside it: the answers the build is held to
 *   ledger   known differences: per probe, the answer accepted for now, whether it
 *            is a known bug or deliberate, why, and a link
 *   skip     probes not run at all, each with why
 *
 * This zod schema validates the file and emits schema/gate-profile.schema.json.
 */
import { z } from 'zod';
import { DIVERGENCE_CLASSES, EVIDENCE_PATTERN } from './divergence-schema.js';

export const PROFILE_VERSION = 1;
export const DEFAULT_PROFILE = 'termprobe.yaml';

const probeId = z
  .string({ error: 'required: a probe id, as `termprobe list` shows it' })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)+$/, 'probe is one probe id, e.g. pending-wrap.cr-clears (no glob)');

const ANSWER_HELP = 'required: the answer accepted for now, as `termprobe compare` and `termprobe gate` show it (e.g. "2;1", "?2026=0", "no-reply"), or a list of them';
// Not trimmed: an answer may end in a space (a key that sends " " answers "input= "), and the ledger states it exactly.
const answerText = z
  .string({ error: ANSWER_HELP })
  .min(1, ANSWER_HELP)
  .max(4000)
  .refine((s) => /\S/.test(s), ANSWER_HELP);

const REASON_HELP = 'required: why, in a sentence or two (a ledger entry without a reason is refused)';
const reasonText = z.string({ error: REASON_HELP }).trim().min(1, REASON_HELP).max(600, 'a sentence or two, at most 600 characters');

const LINK_HELP = 'required: a URL (an issue, a commit, a changelog line) or a spec section ("xterm ctlseqs …", "ECMA-48 …")';

export const ledgerEntrySchema = z.strictObject({
  probe: probeId.describe('The probe, by id.'),
  answer: z
    .union([answerText, z.array(answerText).min(1, 'list at least one answer')], { error: ANSWER_HELP })
    .describe('The answer accepted for now, as `termprobe gate` shows it; it must be the committed answer of the probe.'),
  class: z.enum(DIVERGENCE_CLASSES, { error: `class is one of: ${DIVERGENCE_CLASSES.join(', ')}` }).describe('bug: a known bug, to be fixed; deliberate: the terminal answers so on purpose.'),
  reason: reasonText.describe('Why, in a sentence or two.'),
  link: z.string({ error: LINK_HELP }).trim().regex(EVIDENCE_PATTERN, LINK_HELP).describe('An issue, commit or changelog URL, or a spec section.'),
});

export const skipEntrySchema = z.strictObject({
  probe: probeId.describe('The probe, by id.'),
  reason: reasonText.describe('Why it is not run (e.g. it hangs this build).'),
});

const CORPUS_HELP = 'corpus is "latest" or a corpus hash (sha256:… as in a results file\'s corpus.hash)';

export const gateProfileSchema = z.strictObject({
  profile: z.literal(PROFILE_VERSION, { error: `profile is the profile format's version: ${PROFILE_VERSION}` }).describe('The profile format version.'),
  target: z
    .string({ error: 'required: the command that starts the terminal, e.g. x11:./build/myterm -e {command}' })
    .trim()
    .min(1, 'required: the command that starts the terminal')
    .describe('The target: `x11:CMD … {command}`, `wayland:CMD … {command}`, `stdio:CMD …`, or a registry name (`termprobe targets`). Relative paths are relative to the folder termprobe runs in.'),
  corpus: z
    .union([z.literal('latest'), z.string().regex(/^sha256:[0-9a-f]{64}$/)], { error: CORPUS_HELP })
    .default('latest')
    .describe('"latest": the corpus of the termprobe at hand (probes new in it are run and reported apart); a corpus hash: only that corpus\'s probes are run.'),
  answers: z
    .string({ error: 'required: the committed results file, relative to this file (e.g. termprobe/answers.json)' })
    .regex(/\.json$/, 'answers is a results file ending in .json, relative to this file')
    .describe('The committed results file the build is held to, relative to this file.'),
  skip: z.array(skipEntrySchema).default([]).describe('Probes not run at all.'),
  ledger: z.array(ledgerEntrySchema).default([]).describe('Known differences: probes whose committed answer is not the one the spec names.'),
});

export type GateProfileData = z.output<typeof gateProfileSchema>;
export type LedgerEntryData = z.output<typeof ledgerEntrySchema>;
