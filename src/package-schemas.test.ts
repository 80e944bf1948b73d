import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { JSON_SCHEMA_FILES, renderJsonSchema } from './package-schemas.js';

const dir = new URL('../schema/', import.meta.url);

describe('shipped JSON Schemas', () => {
  for (const name of Object.keys(JSON_SCHEMA_FILES) as (keyof typeof JSON_SCHEMA_FILES)[]) {
    it(`schema/${name} is generated from the zod schema (UPDATE_SCHEMAS=1 rewrites it)`, () => {
      const want = renderJsonSchema(name);
      if (process.env.UPDATE_SCHEMAS) writeFileSync(new URL(name, dir), want);
      expect(readFileSync(new URL(name, dir), 'utf8')).toBe(want);
    });
  }
});
