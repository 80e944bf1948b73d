/**
 * `termprobe compare --unicode [files…]`: the Unicode verdict of each Unicode
 * results file (default: termprobe-results/unicode/*.json when it holds any,
 * else results/unicode/*.json), as text, Markdown or JSON.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { unicodeVerdict, type UnicodeVerdict } from '../classify/unicode-verdict.js';
import { loadWidthSuite } from '../corpus/width-suite/load-width-suite.js';
import type { WidthSuite } from '../corpus/width-suite/width-item.js';
import { bytesHash, readCompiledVerdicts } from '../classify/compiled-unicode-verdicts.js';
import { readUnicodeResults } from '../results/read-unicode-results.js';
import { unicodeJson, unicodeMarkdown, unicodeText } from '../report/unicode-report.js';
import { UsageError } from './errors.js';
import { BadInputError } from '../util/bad-input-error.js';
import { OWN_RESULTS_DIR, PUBLISHED_RESULTS_DIR } from './results-dirs.js';
import { writeOut } from './write-out.js';
import { expandFolders } from './json-files.js';

function jsonIn(dir: string): string[] {
  try {
    return readdirSync(dir).filter((n) => n.endsWith('.json')).sort().map((n) => join(dir, n));
  } catch {
    return [];
  }
}

/** A file's compiled verdict, by its bytes; none when it cannot be read (judging it then says why). */
function compiledVerdictOf(file: string, compiled: Map<string, UnicodeVerdict>): UnicodeVerdict | undefined {
  try {
    return compiled.get(bytesHash(readFileSync(file)));
  } catch {
    return undefined;
  }
}

export function unicodeFiles(args: string[] | undefined): string[] {
  if (args && args.length > 0) return expandFolders(args);
  const own = jsonIn(join(OWN_RESULTS_DIR, 'unicode'));
  return own.length > 0 ? own : jsonIn(join(PUBLISHED_RESULTS_DIR, 'unicode'));
}

/** The verdicts of Unicode results files; with `compiled` (the default), a file whose verdict was compiled at build time (compiled-unicode-verdicts.ts) is not judged again. */
export function loadVerdicts(files: string[], opts: { compiled?: boolean } = {}): UnicodeVerdict[] {
  if (files.length === 0) throw new UsageError(`no Unicode results files given, and neither ${OWN_RESULTS_DIR}/unicode/ nor ${PUBLISHED_RESULTS_DIR}/unicode/ holds any; run \`termprobe run --suite unicode\` first, or name the files`);
  const compiled = opts.compiled === false ? undefined : readCompiledVerdicts();
  let suite: WidthSuite | undefined;
  return files.map((f) => {
    const known = compiled && compiledVerdictOf(f, compiled);
    if (known) return known;
    suite ??= loadWidthSuite();
    const results = readUnicodeResults(f);
    try {
      return unicodeVerdict(results, suite);
    } catch (e) {
      // A suite this termprobe does not know: the line names the file.
      if (e instanceof BadInputError) throw new BadInputError(`${f}: ${e.message}`);
      throw e;
    }
  });
}

export function unicodeCompare(files: string[], format: string): void {
  const verdicts = loadVerdicts(unicodeFiles(files));
  writeOut(format === 'json' ? unicodeJson(verdicts) : format === 'markdown' ? unicodeMarkdown(verdicts) : unicodeText(verdicts));
}
