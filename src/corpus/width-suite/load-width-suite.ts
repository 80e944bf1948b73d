/** The width suite as built by `npm run build` (generate-width-suite.ts), read once per process. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { WidthSuite } from './width-item.js';

// dist/width-suite.json, from dist/corpus/width-suite/ when built and from src/corpus/width-suite/ in tests.
const SUITE_FILE = fileURLToPath(new URL('../../../dist/width-suite.json', import.meta.url));

let cached: WidthSuite | undefined;

export class WidthSuiteMissingError extends Error {
  override name = 'WidthSuiteMissingError';
}

export function loadWidthSuite(file = SUITE_FILE): WidthSuite {
  if (cached && file === SUITE_FILE) return cached;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new WidthSuiteMissingError(`${file}: the Unicode width suite is not built; run \`npm run build\` (it generates the suite from the Unicode data packages)`);
  }
  const suite = JSON.parse(text) as WidthSuite;
  if (file === SUITE_FILE) cached = suite;
  return suite;
}
