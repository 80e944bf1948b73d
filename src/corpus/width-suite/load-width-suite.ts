/** The width suite as built by `npm run build` (generate-width-suite.ts), read once per process. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { decodeSuite, SUITE_FORMAT, type SuiteFile } from './suite-file.js';
import type { WidthSuite } from './width-item.js';

// dist/width-suite.json, from dist/corpus/width-suite/ when built and from src/corpus/width-suite/ in tests.
const SUITE_FILE = fileURLToPath(new URL('../../../dist/width-suite.json', import.meta.url));

let cached: WidthSuite | undefined;

export class WidthSuiteMissingError extends Error {
  override name = 'WidthSuiteMissingError';
}

/** The suite's head (hash, versions, sources, languages) without its items: the built suite's, when it is built. */
export function widthSuiteHead(file = SUITE_FILE): Omit<WidthSuite, 'items'> {
  if (cached && file === SUITE_FILE) return cached;
  const { entries: _entries, format: _format, ...head } = readSuiteFile(file);
  return head;
}

function readSuiteFile(file: string): SuiteFile {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new WidthSuiteMissingError(`${file}: the Unicode width suite is not built; run \`npm run build\` (it generates the suite from the Unicode data packages)`);
  }
  const data = JSON.parse(text) as SuiteFile | WidthSuite;
  if (!('format' in data) || data.format !== SUITE_FORMAT) throw new WidthSuiteMissingError(`${file}: not a width suite of this termprobe (format ${JSON.stringify((data as { format?: unknown }).format)}); run \`npm run build\``);
  return data;
}

export function loadWidthSuite(file = SUITE_FILE): WidthSuite {
  if (cached && file === SUITE_FILE) return cached;
  const suite = decodeSuite(readSuiteFile(file));
  if (file === SUITE_FILE) cached = suite;
  return suite;
}
