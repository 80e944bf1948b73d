/**
 * The site's machine-readable table, data-v3.json: this zod schema is its one
 * definition — site-data.ts builds a value of this type, and the JSON Schema
 * published beside it (data-v3.schema.json, and schema/site-data.schema.json in
 * the package) is generated from it, so the three cannot disagree. The version
 * is in the file's name and in `schema`; a change that breaks a reader bumps both.
 */
import { z } from 'zod';
import { AGREEMENTS } from '../../classify/agreement.js';
import { DIVERGENCE_CLASSES } from '../../classify/divergence-schema.js';
import { INCONCLUSIVE_REASONS, SUPPORTS } from '../../classify/support-mark.js';
import { CELL_KINDS } from './cell-kind.js';

export const SITE_DATA_VERSION = 3;
export const SITE_DATA_SCHEMA = `termprobe-site/${SITE_DATA_VERSION}`;
export const SITE_DATA_FILE = `data-v${SITE_DATA_VERSION}.json`;
export const SITE_DATA_SCHEMA_FILE = `data-v${SITE_DATA_VERSION}.schema.json`;

const count = z.int().min(0);

const summarySchema = z
  .strictObject({
    label: z.string(),
    targetId: z.string(),
    engine: z.string(),
    isReference: z.boolean(),
    run: count.describe('probes with a result (skipped ones included; they are inconclusive)'),
    implements: count,
    lacks: count,
    other: count,
    inconclusive: count,
    unexplained: count.describe('"other" answers no registry entry explains'),
    score: z.number().min(0).max(100).nullable().describe('100 × implements / (implements + lacks + other); null when no probe decided'),
    agreement: z.record(z.enum(AGREEMENTS), count).describe('cells by class against the reference (empty for the reference itself)'),
  })
  .describe('the terminal’s counts, as `termprobe compare` prints them');

const terminalSchema = z.strictObject({
  label: z.string().describe('name and version, unique in this file'),
  target: z.string().describe('the termprobe target that ran it'),
  name: z.string(),
  version: z.string(),
  platform: z.string().nullable().describe('where it ran (linux, macos, windows, …): a row is (terminal, version, platform); null in files made before termprobe recorded it'),
  history: z
    .strictObject({
      page: z.string().describe('its history page, relative to this file'),
      settings: z.string().describe('the settings every version ran with'),
      versions: z.array(z.strictObject({ version: z.string(), results: z.string().nullable().describe('that version’s results file, relative to this file') })),
      notRun: z.array(z.strictObject({ version: z.string(), reason: z.string() })).describe('releases known but not runnable, with why'),
      steps: z
        .array(z.strictObject({ from: z.string(), to: z.string(), unchanged: count, changed: z.array(z.strictObject({ id: z.string(), from: z.string().nullable(), to: z.string().nullable() })) }))
        .describe('each pair of consecutive versions: the probes whose answer changed, with both answers'),
    })
    .nullable()
    .describe('the terminal across its versions, or null when only one is at hand'),
  identifiedBy: z.string().describe('how name and version were learned: package, xtversion, da2, env, dpkg, command or unknown'),
  real: z.boolean().describe('a real terminal (false: an embedded emulator)'),
  against: z.boolean().describe('this run is the reference the others are compared with'),
  engine: z.strictObject({ name: z.string(), version: z.string().optional(), source: z.string().optional().describe('where the engine’s version came from') }).describe('the emulation engine; consensus counts engines, not packages'),
  page: z.string().describe('its page, relative to this file'),
  results: z.string().describe('its results file (schema termprobe-results), relative to this file'),
  badge: z.string().describe('its score badge, relative to this file'),
  summary: summarySchema,
  convention: z
    .strictObject({ cursor: z.string().describe('zero-based: cursor reports count from 0; judged with 1 added to row and column'), reason: z.string(), evidence: z.array(z.string()) })
    .optional()
    .describe('the reply convention its answers are judged under, when the registry states one'),
});

const entrySchema = z.strictObject({ class: z.enum(DIVERGENCE_CLASSES), reason: z.string(), evidence: z.array(z.string()) });

const cellSchema = z
  .strictObject({
    support: z.enum(SUPPORTS).describe('the support mark, from the answer alone'),
    inconclusive: z.enum(INCONCLUSIVE_REASONS).optional().describe('why the mark is inconclusive'),
    agreement: z.enum(AGREEMENTS).optional().describe('the class against the reference (absent for the reference itself)'),
    kind: z.enum(CELL_KINDS).describe('how the site shows the cell (see kinds)'),
    answer: z.string().nullable().describe('the short answer ("5;10", "?2026=2", "[a⏎b]", "no-reply"); null when not run'),
    entry: entrySchema.optional().describe('the registry entry that explains this answer'),
    corrected: z.literal(true).optional().describe('the answer was judged after its terminal’s reply convention corrected it (`answer` shows the raw report, an arrow, then the answer judged; the terminal’s `convention` says how)'),
  })
  .describe('one terminal’s answer to one probe; cells are in the order of `terminals`');

const probeSchema = z.strictObject({
  id: z.string(),
  category: z.string(),
  title: z.string().nullable().describe('null when the probe is not in the corpus the site was built with'),
  spec: z.string().nullable(),
  sequences: z.array(z.string()).describe('mnemonics of what the probe sends and asks, derived from its bytes (CUP, DECSET 1049, OSC 52, DECRQM ?2026)'),
  page: z.string(),
  differs: z.boolean().describe('some terminal’s answer differs from the reference’s'),
  implemented: z.strictObject({ engines: count, of: count, text: z.string().nullable() }).describe('how many engines implement the behaviour, of those whose answer decides'),
  answers: z.array(z.strictObject({ answer: z.string(), terminals: z.array(z.string()), engines: z.array(z.string()) })).describe('the distinct answers, largest (by engines) first'),
  cells: z.array(cellSchema),
});

export const siteDataSchema = z
  .strictObject({
    schema: z.literal(SITE_DATA_SCHEMA),
    tool: z.strictObject({ name: z.literal('termprobe'), version: z.string() }),
    against: z.string().describe('label of the reference run'),
    registry: z.string().describe('the divergence registry the classes come from'),
    notes: z.array(z.string()),
    score: z.string().describe('how scores are computed, in words'),
    kinds: z.record(z.enum(CELL_KINDS), z.strictObject({ mark: z.string(), word: z.string(), meaning: z.string() })),
    terminals: z.array(terminalSchema),
    probes: z.array(probeSchema),
  })
  .describe('termprobe’s compatibility table: every terminal, every probe, every cell');

export type SiteData = z.output<typeof siteDataSchema>;

export function siteDataJsonSchema(): string {
  const schema = { $id: `urn:termprobe:schema:site-data-v${SITE_DATA_VERSION}`, ...z.toJSONSchema(siteDataSchema, { io: 'output', target: 'draft-2020-12' }) };
  return JSON.stringify(schema, null, 2) + '\n';
}
