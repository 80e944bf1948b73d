/**
 * The JSON Schemas shipped with the package (schema/*.json), produced from the
 * same zod schemas the code validates with, so they cannot disagree.
 */
import { z } from 'zod';
import { divergenceFileSchema } from './classify/divergence-schema.js';
import { gateProfileSchema } from './classify/gate-profile-schema.js';
import { featureFileSchema } from './corpus/feature-schema.js';
import { apiDocumentSchema } from './report/site/api-schema.js';
import { probeFileSchema } from './corpus/probe-schema.js';
import { resultsFileSchema } from './results/results-schema.js';
import { unicodeResultsSchema } from './results/unicode-results-schema.js';
import { speedResultsSchema } from './results/speed-results-schema.js';

export const JSON_SCHEMA_FILES = {
  'probe-file.schema.json': () => z.toJSONSchema(probeFileSchema, { io: 'input', target: 'draft-2020-12' }),
  'results.schema.json': () => z.toJSONSchema(resultsFileSchema, { io: 'output', target: 'draft-2020-12' }),
  'unicode-results.schema.json': () => z.toJSONSchema(unicodeResultsSchema, { io: 'output', target: 'draft-2020-12' }),
  'speed-results.schema.json': () => z.toJSONSchema(speedResultsSchema, { io: 'output', target: 'draft-2020-12' }),
  'divergences.schema.json': () => z.toJSONSchema(divergenceFileSchema, { io: 'input', target: 'draft-2020-12' }),
  'gate-profile.schema.json': () => z.toJSONSchema(gateProfileSchema, { io: 'input', target: 'draft-2020-12' }),
  'features.schema.json': () => z.toJSONSchema(featureFileSchema, { io: 'input', target: 'draft-2020-12' }),
  'site-api.schema.json': () => z.toJSONSchema(apiDocumentSchema, { io: 'output', target: 'draft-2020-12' }),
} as const;

export function renderJsonSchema(name: keyof typeof JSON_SCHEMA_FILES): string {
  const schema = { $id: `urn:termprobe:schema:${name.replace(/\.schema\.json$/, "")}`, ...JSON_SCHEMA_FILES[name]() };
  return JSON.stringify(schema, null, 2) + '\n';
}
