/**
 * The Unicode verdicts of the published Unicode results, compiled at build time
 * (`npm run build` runs this file, after the width suite): judging the 28 files
 * against the suite's 164,208 items took 0.8-1.1 s of CPU in every `termprobe site`,
 * on a second thread that shares 2 cores with the page-making one. A verdict is a
 * function of the file's bytes, the suite and the code that judges it, so
 * dist/unicode-verdicts.compiled.json keeps each verdict under the sha256 of its
 * file's bytes, with one hash of the judging code (every module unicode-verdict.js,
 * read-unicode-results.js and load-width-suite.js import, as compiled) and of the
 * suite. A file whose bytes differ, or code or a suite that changed since, is
 * judged again; run from the TypeScript sources (tests) nothing is compiled.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadWidthSuite } from '../corpus/width-suite/load-width-suite.js';
import { readUnicodeResults } from '../results/read-unicode-results.js';
import { unicodeVerdict, type UnicodeVerdict } from './unicode-verdict.js';

const HERE = import.meta.url;
const COMPILED = fileURLToPath(new URL('../unicode-verdicts.compiled.json', HERE));
/** The modules whose imports make up the judging code, from this folder (dist/classify/). */
const ROOTS = ['./unicode-verdict.js', '../results/read-unicode-results.js', '../corpus/width-suite/load-width-suite.js'];
const SUITE = new URL('../width-suite.json', HERE);
const DIST = new URL('../', HERE).href;

export interface CompiledVerdicts {
  /** verdictCodeHash() when they were compiled. */
  code: string;
  /** By the sha256 of a Unicode results file's bytes. */
  verdicts: Record<string, UnicodeVerdict>;
}

export const bytesHash = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

/**
 * One hash of the judging code as compiled and of the width suite: the roots and every module they import by a
 * relative path, each named from dist/ (not from where the package is installed). Undefined where a module or the
 * suite cannot be read (run from the TypeScript sources, whose imports name .js files that are not beside them).
 */
export function verdictCodeHash(roots: readonly string[] = ROOTS.map((r) => new URL(r, HERE).href), suite: URL = SUITE): string | undefined {
  const hash = createHash('sha256');
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    let text: string;
    try {
      text = readFileSync(fileURLToPath(url), 'utf8');
    } catch {
      return undefined;
    }
    hash.update(`${url.startsWith(DIST) ? url.slice(DIST.length) : url}\n`).update(text);
    // Compiled JavaScript keeps only the imports that run (type imports are gone).
    for (const m of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g)) queue.push(new URL(m[1]!, url).href);
  }
  try {
    hash.update(readFileSync(suite));
  } catch {
    return undefined;
  }
  return hash.digest('hex');
}

/** The compiled verdicts when the judging code is the one they were compiled with; otherwise none. */
export function readCompiledVerdicts(file = COMPILED, code: () => string | undefined = verdictCodeHash): Map<string, UnicodeVerdict> | undefined {
  let compiled: CompiledVerdicts;
  try {
    compiled = JSON.parse(readFileSync(file, 'utf8')) as CompiledVerdicts;
  } catch {
    return undefined;
  }
  const now = code();
  if (now === undefined || compiled.code !== now) return undefined;
  return new Map(Object.entries(compiled.verdicts));
}

/** Compile the verdicts of the given Unicode results files (judged now, none taken from an earlier compile). */
export async function compileVerdicts(files: readonly string[], file = COMPILED): Promise<number> {
  const code = verdictCodeHash();
  if (code === undefined) throw new Error('the judging code is not compiled: run tsc first');
  const suite = files.length > 0 ? loadWidthSuite() : undefined;
  const verdicts: Record<string, UnicodeVerdict> = {};
  for (const f of files) verdicts[bytesHash(readFileSync(f))] = unicodeVerdict(readUnicodeResults(f), suite!);
  writeFileSync(file, JSON.stringify({ code, verdicts } satisfies CompiledVerdicts));
  return files.length;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(HERE)) {
  const dir = fileURLToPath(new URL('../../results/unicode/', HERE));
  const files = existsSync(dir) ? readdirSync(dir).filter((n) => n.endsWith('.json')).sort().map((n) => join(dir, n)) : [];
  // A file that cannot be judged must not stop the build: the CLI reports it when it judges the file.
  compileVerdicts(files).then(
    (n) => console.log(`compiled the Unicode verdicts of ${n} published Unicode results files → dist/unicode-verdicts.compiled.json`),
    (e: Error) => console.error(`Unicode verdicts not compiled: ${e.message}`),
  );
}
