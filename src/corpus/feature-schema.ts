/**
 * The feature layer's schema: one YAML file per section under features/, each
 * naming user-level features ("synchronized output", "curly underlines") and the
 * probes that measure them. This one zod schema validates the files and emits
 * the JSON Schema shipped as schema/features.schema.json.
 *
 * A feature is made of facets, one probe each, with what the probe checks in a
 * reader's words. Its mark comes from the facets' support marks by one rule
 * (src/classify/feature-marks.ts): the facets named in `rule.present` (all of
 * them when it is left out) say whether the feature is there at all; every other
 * facet is a detail. Any present facet ✓ makes it ✓ (supported) or, when a facet
 * fails, ◐ (partial, a numbered note per failing facet); present facets that all
 * fail make it ✗; none measured makes it ? (not measured). Input probes (keys,
 * mouse reports, paste) are probes like any other: a feature names them as facets
 * once they are in the corpus, so adding them is a change of data only.
 */
import { z } from 'zod';

export const FEATURE_ID = /^[a-z0-9][a-z0-9-]*[a-z0-9]$/;
const FACET_NAME = /^[a-z0-9][a-z0-9-]*$/;

/** A link to where the behaviour is specified (or, for a de-facto standard, documented). */
export const specLinkSchema = z.strictObject({
  title: z.string().min(3).describe('what the link is, as a reader sees it: "xterm ctlseqs: DECSET 2026"'),
  url: z.url({ protocol: /^https$/ }).describe('an https URL'),
});

export const facetSchema = z.strictObject({
  name: z.string().regex(FACET_NAME, 'a facet name is lower-case letters, digits and dashes').optional().describe('a short name for the rule to refer to (default: the probe id after its category)'),
  probe: z.string().min(3).describe('the probe id measuring this facet (termprobe list)'),
  checks: z.string().min(8).describe('what the probe checks, in a reader’s words, as a statement that holds where the facet works'),
  fails: z.string().min(8).optional().describe('the note when the facet fails, where {answer} stands for the terminal’s answer (default: the statement, marked ✗, with the answer)'),
});

export const featureSchema = z.strictObject({
  id: z.string().regex(FEATURE_ID, 'a feature id is lower-case letters, digits and dashes').describe('the page name: features/<id>.html'),
  name: z.string().min(3).describe('the name people search for'),
  aliases: z.array(z.string().min(1)).default([]).describe('other names: mnemonics (DECSTBM), mode numbers (mode 2026, ?2026), common names'),
  description: z.string().min(40).describe('one paragraph: what the feature is and what a program gets from it'),
  specs: z.array(specLinkSchema).default([]),
  kind: z.enum(['output', 'input']).default('output').describe('input: what the terminal sends (keys, mouse, paste); output: what it does with what it is sent'),
  facets: z.array(facetSchema).default([]).describe('the probes that make the feature up; none: the feature is not measured yet (unmeasured says why)'),
  rule: z
    .strictObject({
      present: z.array(z.string().regex(/^[a-z0-9][a-z0-9.-]*$/, 'a facet’s name or probe id')).min(1).describe('the facets that show the feature is there (by name or probe id); the others are details'),
    })
    .optional(),
  unmeasured: z.string().min(8).optional().describe('why no probe measures the feature yet (only without facets)'),
});

export const featureFileSchema = z.strictObject({
  section: z.string().regex(FEATURE_ID, 'a section id is lower-case letters, digits and dashes'),
  title: z.string().min(3),
  order: z.int().min(1).describe('where the section comes on the site'),
  description: z.string().min(20),
  features: z.array(featureSchema).min(1),
});

export type SpecLink = z.infer<typeof specLinkSchema>;
export type FacetInput = z.infer<typeof facetSchema>;
export type FeatureFile = z.infer<typeof featureFileSchema>;

/** A facet as loaded: its name resolved. */
export interface Facet {
  name: string;
  probe: string;
  checks: string;
  fails?: string;
}

export interface Feature {
  id: string;
  name: string;
  aliases: string[];
  description: string;
  specs: SpecLink[];
  kind: 'output' | 'input';
  facets: Facet[];
  /** Names of the facets that show the feature is there (all of them when the file names none). */
  present: string[];
  unmeasured?: string;
  section: string;
  /** The file it came from, as shown in messages (never an absolute build path when inside the working folder). */
  file: string;
}

export interface FeatureSection {
  id: string;
  title: string;
  order: number;
  description: string;
  features: Feature[];
  file: string;
}

export interface FeatureSet {
  sections: FeatureSection[];
  features: Feature[];
  byId: Map<string, Feature>;
}
