/**
 * The site's data file has a version in its name and a JSON Schema beside it:
 * the schema is generated from the zod schema site-data.ts builds its value
 * with (also shipped as schema/site-data.schema.json), and the data of a real
 * build — the published results — validates against the schema the site publishes.
 */
import Ajv2020 from 'ajv/dist/2020.js';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viewRun } from '../../classify/run-view.js';
import { readResults } from '../../results/read-results.js';
import { scoreBadge } from './badge-svg.js';
import { buildSite } from './build-site.js';
import { SITE_DATA_FILE, SITE_DATA_SCHEMA, SITE_DATA_SCHEMA_FILE, siteDataJsonSchema, siteDataSchema } from './site-data-schema.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SHIPPED = join(ROOT, 'schema', 'site-data.schema.json');
const PUBLISHED = join(ROOT, 'results');

describe('the site data file and its schema', () => {
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'termprobe-site-data-'));
    const files = readdirSync(PUBLISHED).filter((f) => f.endsWith('.json')).map((f) => join(PUBLISHED, f));
    await buildSite(files.map((f) => viewRun(f, readResults(f))), join(dir, 'site'));
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('schema/site-data.schema.json is generated from the zod schema (UPDATE_SCHEMAS=1 rewrites it)', () => {
    const want = siteDataJsonSchema();
    if (process.env.UPDATE_SCHEMAS) writeFileSync(SHIPPED, want);
    expect(readFileSync(SHIPPED, 'utf8')).toBe(want);
  });

  it('publishes the data under a versioned name, its schema beside it, and an index that names both', () => {
    expect(SITE_DATA_FILE).toBe('data-v3.json');
    const site = join(dir, 'site');
    expect(readFileSync(join(site, SITE_DATA_SCHEMA_FILE), 'utf8')).toBe(readFileSync(SHIPPED, 'utf8'));
    expect(JSON.parse(readFileSync(join(site, 'data.json'), 'utf8'))).toEqual({ schema: 'termprobe-site-index/1', version: 3, data: SITE_DATA_FILE, jsonSchema: SITE_DATA_SCHEMA_FILE });
    const data = JSON.parse(readFileSync(join(site, SITE_DATA_FILE), 'utf8')) as { schema: string; terminals: unknown[]; probes: { sequences: string[] }[] };
    const published = readdirSync(PUBLISHED).filter((f) => f.endsWith('.json')).length;
    expect(data.schema).toBe(SITE_DATA_SCHEMA);
    expect(data.terminals).toHaveLength(published);
    expect(data.probes.some((p) => p.sequences.includes('DECSET 1049'))).toBe(true);
    const validate = new Ajv2020.default({ allErrors: true, strict: false }).compile(JSON.parse(readFileSync(join(site, SITE_DATA_SCHEMA_FILE), 'utf8')));
    expect(validate(data), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
    expect(siteDataSchema.safeParse(data).success).toBe(true);
    // The schema is strict: a field it does not describe fails.
    expect(validate({ ...data, extra: 1 })).toBe(false);
  });

  it('documents the data file and its schema in docs/site.md and on every page', () => {
    const readme = readFileSync(join(ROOT, 'docs/site.md'), 'utf8');
    for (const s of [SITE_DATA_FILE, SITE_DATA_SCHEMA_FILE, 'schema/site-data.schema.json']) expect(readme).toContain(s);
    const page = readFileSync(join(dir, 'site', 'index.html'), 'utf8');
    expect(page).toContain(`href="${SITE_DATA_FILE}"`);
    expect(page).toContain(`href="${SITE_DATA_SCHEMA_FILE}"`);
  });

  it('makes badges say what they measure', () => {
    const badge = scoreBadge(87.5, 'kitty 0.26.5', 240).svg;
    expect(badge).toContain('>termprobe implements<');
    expect(badge).toContain('>87.5% of 240<');
    expect(badge).toContain('aria-label="kitty 0.26.5 implements 87.5% of the 240 termprobe probes its answers decide"');
    expect(scoreBadge(null, 'x', 0).svg).toContain('>no probe decided<');
  });
});
