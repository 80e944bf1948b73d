/**
 * The site's JSON API, version 6 (api/v6/ beside the pages; data-v3.json, one
 * 3 MB file, was version 3): an index, and one document per feature, per
 * terminal and per probe. Version 5 named terminals in the feature and probe
 * documents by their place in the index's `terminals` (version 4 spelled each
 * slug out, 0.7 MB of the site), and a terminal's document no longer repeated
 * the notes its feature documents' outcomes hold. Version 6 gives a probe's
 * answers as [answer, mark, terminals] and a feature's outcomes as [terminals,
 * mark, notes, since, facet marks], marks as the index's one-character codes, and
 * the index's probes without the path of their document, which is their id's
 * (their slug is given where it is not the id): 1.97 -> 1.65 MB of the site, the
 * keys repeated over 4,681 answers and 1,558 outcomes. This zod schema is the API's one definition: api.ts
 * builds values of these types, and the JSON Schema published at
 * api/v6/schema.json (and shipped as schema/site-api.schema.json) is generated
 * from it. A change that breaks a reader bumps the version in the path and in
 * every document's `schema`.
 */
import { z } from 'zod';
import { AGREEMENTS } from '../../classify/agreement.js';
import { FEATURE_MARKS } from '../../classify/feature-marks.js';
import { SUPPORTS } from '../../classify/support-mark.js';

export const API_VERSION = 6;
export const API_SCHEMA_ID = `termprobe-api/${API_VERSION}`;
export const API_DIR = `api/v${API_VERSION}`;

const count = z.int().min(0);
const path = z.string().describe('a path inside the site, relative to the site’s top folder');
const schemaId = z.literal(API_SCHEMA_ID);
const terminalIndices = z.array(count).describe('the terminals, each by its place in the index’s `terminals` (0 is the first)');
const markCounts = z.strictObject({ supported: count, partial: count, unsupported: count, unmeasured: count });

/** One character per probe mark (a terminal's probes, a feature's facets). */
export const MARK_CODES = { implements: 'i', lacks: 'l', other: 'o', inconclusive: 'u' } as const;
/** One character per feature mark, in the order of the index's features. */
export const FEATURE_CODES = { supported: 'y', partial: 'p', unsupported: 'n', unmeasured: 'q' } as const;

const markCode = z.enum(Object.values(MARK_CODES));
const featureCode = z.enum(Object.values(FEATURE_CODES));

const probeCounts = z.strictObject({
  run: count.describe('probes with a result'),
  implements: count,
  lacks: count,
  other: count,
  inconclusive: count,
  score: z.number().min(0).max(100).nullable().describe('100 × implements / (implements + lacks + other); null when no probe decided'),
});

const terminalRef = z.strictObject({
  slug: z.string().describe('the terminal’s name in paths and in the other documents'),
  label: z.string().describe('name and version (and platform, when the runs come from several)'),
  name: z.string(),
  version: z.string(),
  platform: z.string().nullable(),
  target: z.string().describe('the termprobe target that ran it'),
  engine: z.string().describe('the emulation engine (six VTE front ends are one)'),
  real: z.boolean().describe('a real terminal (false: an embedded emulator)'),
  reference: z.boolean().describe('the run the others are compared with'),
  page: path,
  api: path,
  results: path.describe('its results file (schema termprobe-results/1)'),
  badge: path,
  features: markCounts.describe('how many features it supports, partly, not, and how many no probe decided'),
  probes: probeCounts,
});

const featureRef = z.strictObject({
  id: z.string(),
  name: z.string(),
  section: z.string(),
  kind: z.enum(['output', 'input']),
  page: path,
  api: path,
  badge: path,
  counts: markCounts.describe('terminals by mark'),
});

export const apiIndexSchema = z
  .strictObject({
    schema: schemaId,
    document: z.literal('index'),
    tool: z.strictObject({ name: z.literal('termprobe'), version: z.string() }),
    against: z.string().describe('the reference run the probe classes are against'),
    featureMarks: z.record(z.enum(FEATURE_MARKS), z.strictObject({ symbol: z.string(), word: z.string(), meaning: z.string() })),
    markCodes: z.record(z.string(), z.enum(SUPPORTS)).describe('the characters of a terminal document’s `probeMarks` and a feature document’s `facets`'),
    featureCodes: z.record(z.string(), z.enum(FEATURE_MARKS)).describe('the characters of a terminal document’s `featureMarks`'),
    sections: z.array(z.strictObject({ id: z.string(), title: z.string(), features: z.array(z.string()) })),
    terminals: z.array(terminalRef),
    features: z.array(featureRef),
    probes: z.array(
      z.strictObject({
        id: z.string(),
        category: z.string(),
        title: z.string().nullable(),
        slug: z.string().optional().describe('its name in paths, given where it is not the id: its document is api/v6/probes/<slug>.json, its page probes/<slug>.html'),
      }),
    ),
  })
  .describe('api/v6/index.json: every terminal and feature, with where its own document is, and every probe (its document api/v6/probes/<id>.json)');

export const apiFeatureSchema = z
  .strictObject({
    schema: schemaId,
    document: z.literal('feature'),
    id: z.string(),
    name: z.string(),
    section: z.string(),
    kind: z.enum(['output', 'input']),
    aliases: z.array(z.string()),
    description: z.string(),
    specs: z.array(z.strictObject({ title: z.string(), url: z.string() })),
    facets: z.array(z.strictObject({ name: z.string(), probe: z.string(), checks: z.string(), present: z.boolean().describe('one of the facets that show the feature is there') })),
    unmeasured: z.string().nullable().describe('why no probe measures it yet, or null'),
    page: path,
    badge: path,
    counts: markCounts,
    outcomes: z
      .array(
        z.tuple([
          terminalIndices,
          featureCode.describe('their mark (see the index’s featureCodes)'),
          z.array(z.string()).describe('notes: one per failing facet that counts for the mark'),
          z.strictObject({ version: z.string(), before: z.enum(FEATURE_MARKS) }).nullable().describe('since which version the terminals have had this mark, where their history shows a change'),
          z.string().describe('each facet’s probe mark, one character each in the order of `facets` (see the index’s markCodes)'),
        ]),
      )
      .describe('every terminal once, as [terminals, mark, notes, since, facet marks]: terminals with the same mark, notes, since and facet marks share an outcome'),
  })
  .describe('api/v6/features/<id>.json: one feature, every terminal’s mark with its notes and the probe marks it comes from, by outcome');

export const apiTerminalSchema = z
  .strictObject({
    schema: schemaId,
    document: z.literal('terminal'),
    terminal: terminalRef,
    identifiedBy: z.string(),
    engineVersion: z.string().nullable(),
    featureMarks: z.string().describe('one character per feature, in the order of the index’s features (see the index’s featureCodes)'),
    probeMarks: z.string().describe('one character per probe, in the order of the index’s probes (see the index’s markCodes; - not run)'),
    agreement: z.partialRecord(z.enum(AGREEMENTS), count).describe('probes by class against the reference (empty for the reference)'),
    history: z
      .strictObject({
        page: path,
        settings: z.string().describe('the settings every version ran with'),
        versions: z.array(z.strictObject({ version: z.string(), results: path.nullable().describe('that version’s results file (gzipped)') })),
        notRun: z.array(z.strictObject({ version: z.string(), reason: z.string() })).describe('releases known but not runnable, with why'),
        steps: z
          .array(z.strictObject({ from: z.string(), to: z.string(), unchanged: count, changed: z.array(z.strictObject({ id: z.string(), from: z.string().nullable(), to: z.string().nullable() })) }))
          .describe('each pair of consecutive versions: the probes whose answer changed, with both answers'),
      })
      .nullable()
      .describe('the terminal across its versions, or null when only one is at hand'),
  })
  .describe('api/v6/terminals/<slug>.json: one terminal’s feature marks (their notes are in the feature documents’ outcomes) and every probe’s mark');

export const apiProbeSchema = z
  .strictObject({
    schema: schemaId,
    document: z.literal('probe'),
    id: z.string(),
    category: z.string(),
    title: z.string().nullable(),
    spec: z.string().nullable(),
    page: path,
    features: z.array(z.string()).describe('the features this probe is a facet of'),
    implemented: z.strictObject({ engines: count, of: count }).describe('engines that implement it, of those whose answer decides'),
    answers: z
      .array(z.tuple([z.string().describe('the short answer ("5;10", "?2026=2", "[a⏎b]", "no-reply")'), markCode.describe('its mark (see the index’s markCodes)'), terminalIndices]))
      .describe('the distinct answers as [answer, mark, terminals that gave it]'),
  })
  .describe('api/v6/probes/<id>.json: one probe, each distinct answer with its mark and the terminals that gave it');

export type ApiIndex = z.output<typeof apiIndexSchema>;
export type ApiFeature = z.output<typeof apiFeatureSchema>;
export type ApiTerminal = z.output<typeof apiTerminalSchema>;
export type ApiProbe = z.output<typeof apiProbeSchema>;

export const apiDocumentSchema = z.discriminatedUnion('document', [apiIndexSchema, apiFeatureSchema, apiTerminalSchema, apiProbeSchema]);

export function apiJsonSchema(): string {
  const schema = { $id: `urn:termprobe:schema:site-api`, ...z.toJSONSchema(apiDocumentSchema, { io: 'output', target: 'draft-2020-12' }) };
  return JSON.stringify(schema, null, 2) + '\n';
}
