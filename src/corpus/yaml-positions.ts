/**
 * Where in a YAML file a problem is: the line of a dotted path, found by a
 * second, positioned parse (util/yaml-lines.ts, js-yaml's listener) made only
 * when an error needs it. Shared by the probe files and the feature files,
 * whose errors both name file and line.
 */
import type { z } from 'zod';
import { yamlLines, yamlSyntaxProblem } from '../util/yaml-lines.js';

export function describeIssue(issue: z.core.$ZodIssue): string {
  const path = issue.path.join('.');
  if (issue.code === 'unrecognized_keys') return `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}${path ? ` in ${path}` : ''}`;
  // A bad key in a record (an expected reply for a query that does not exist): say what is wrong with the key.
  if (issue.code === 'invalid_key' && issue.issues[0]) return `${path || '(top)'}: ${issue.issues[0].message}`;
  return `${path || '(top)'}: ${issue.message}`;
}

/** A function from a dotted path to its line, parsing the positioned document once, on first use. */
export function lineFinder(text: string): (path: PropertyKey[]) => number | undefined {
  let lines: ReturnType<typeof yamlLines> | undefined;
  return (path) => (lines ??= yamlLines(text))(path);
}

/** The line (1-based) and reason of a YAML syntax error js-yaml threw. */
export function yamlSyntaxError(_text: string, e: unknown): { line: number | undefined; reason: string } {
  return yamlSyntaxProblem(e);
}
