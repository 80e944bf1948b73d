/**
 * Where in a YAML file a problem is: the line of a dotted path, found in a
 * positioned parse (the `yaml` package) that is made only when an error needs
 * it — the files themselves are read with js-yaml, several times faster. Shared
 * by the probe files and the feature files, whose errors both name file and line.
 */
import { createRequire } from 'node:module';
import type { LineCounter as LineCounterT, parseDocument as ParseDocument, Node } from 'yaml';
import type { z } from 'zod';

/** The `yaml` package loads only when an error needs a line number (it costs more to load than the corpus takes to parse). */
function yamlPackage(): typeof import('yaml') {
  return createRequire(import.meta.url)('yaml') as typeof import('yaml');
}

/** Find the line of a dotted path inside a parsed YAML document. */
export function lineOf(doc: ReturnType<typeof ParseDocument>, counter: LineCounterT, path: PropertyKey[]): number | undefined {
  const { isMap, isSeq } = yamlPackage();
  let node: unknown = doc.contents;
  let last: Node | undefined = doc.contents ?? undefined;
  for (const key of path) {
    if (isMap(node)) {
      const pair = node.items.find((p) => (p.key as { value?: unknown } | null)?.value === key);
      if (!pair) break;
      node = pair.value;
      last = pair.key as Node;
    } else if (isSeq(node) && typeof key === 'number') {
      node = node.items[key];
      last = node as Node;
    } else break;
  }
  const offset = last?.range?.[0];
  return offset === undefined ? undefined : counter.linePos(offset).line;
}

export function describeIssue(issue: z.core.$ZodIssue): string {
  const path = issue.path.join('.');
  if (issue.code === 'unrecognized_keys') return `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}${path ? ` in ${path}` : ''}`;
  // A bad key in a record (an expected reply for a query that does not exist): say what is wrong with the key.
  if (issue.code === 'invalid_key' && issue.issues[0]) return `${path || '(top)'}: ${issue.issues[0].message}`;
  return `${path || '(top)'}: ${issue.message}`;
}

/** The YAML document with positions: parsed only when an error needs a line number. */
export function positioned(text: string) {
  const { LineCounter, parseDocument } = yamlPackage();
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter, uniqueKeys: true });
  return { doc, counter };
}

/** A function from a dotted path to its line, parsing the positioned document once, on first use. */
export function lineFinder(text: string): (path: PropertyKey[]) => number | undefined {
  let lazyDoc: ReturnType<typeof positioned> | undefined;
  return (path) => {
    lazyDoc ??= positioned(text);
    return lineOf(lazyDoc.doc, lazyDoc.counter, path);
  };
}

/** The line and reason of a YAML syntax error js-yaml threw, from the positioned parse (1-based line). */
export function yamlSyntaxError(text: string, e: unknown): { line: number | undefined; reason: string } {
  const { doc } = positioned(text);
  const err = doc.errors[0];
  const line = err?.linePos?.[0]?.line ?? (e as { mark?: { line: number } }).mark?.line;
  const reason = err ? err.message.split('\n')[0]! : (e as { reason?: string }).reason ?? (e as Error).message;
  return { line: line === undefined ? undefined : err ? line : line + 1, reason };
}
