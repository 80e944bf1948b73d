/**
 * YAML with line numbers, from the one YAML library termprobe depends on
 * (js-yaml, several times faster than a parser that keeps positions: the corpus
 * and the registry load on most commands). Parsing is the fast path; line
 * numbers are found only when a message needs one, by parsing again with
 * js-yaml's listener, which sees every node open and close: each mapping and
 * sequence gets the line it opens on (a value opens on its key's line, a list
 * item on its "- " line). A scalar at the end of a path gets the line of its
 * key, found in the lines of the mapping that holds it. js-yaml is loaded on
 * first use (its CommonJS build, required then), not when this module is: compare
 * and the other commands that load the corpus and the registry from their
 * compiled copies parse no YAML, and the import was ~10 ms of their start.
 */
import { createRequire } from 'node:module';
import type JsYaml from 'js-yaml';

let loaded: typeof JsYaml | undefined;
const yaml = (): typeof JsYaml => (loaded ??= createRequire(import.meta.url)('js-yaml') as typeof JsYaml);

export interface YamlSyntaxProblem {
  /** 1-based. */
  line: number | undefined;
  reason: string;
}

/** Parse YAML 1.2 (core schema: no dates, no !!js types); duplicate keys are an error. */
export function loadYaml(text: string, filename?: string): unknown {
  const jsYaml = yaml();
  return jsYaml.load(text, { schema: jsYaml.CORE_SCHEMA, ...(filename ? { filename } : {}) });
}

/** A js-yaml syntax error as a line and a reason, for one-line messages. */
export function yamlSyntaxProblem(error: unknown): YamlSyntaxProblem {
  const e = error as { mark?: { line: number }; reason?: string; message?: string };
  return { line: e.mark ? e.mark.line + 1 : undefined, reason: (e.reason ?? e.message ?? String(error)).split('\n')[0]!.replace(/:\s*$/, '') };
}

/** Write YAML as termprobe writes probe files and registry entries: block style, long lines kept whole. */
export function dumpYaml(value: unknown): string {
  const jsYaml = yaml();
  return jsYaml.dump(value, { lineWidth: -1, noRefs: true, schema: jsYaml.CORE_SCHEMA });
}

/** The line (1-based) of each path into the document, found by a second, positioned parse. */
export function yamlLines(text: string): (path: readonly PropertyKey[]) => number | undefined {
  const opened = new WeakMap<object, number>();
  const stack: number[] = [];
  const jsYaml = yaml();
  const data = jsYaml.load(text, {
    schema: jsYaml.CORE_SCHEMA,
    listener(event, state) {
      if (event === 'open') stack.push(state.line);
      else {
        const line = stack.pop()!;
        const result: unknown = state.result;
        if (result !== null && typeof result === 'object' && !opened.has(result)) opened.set(result, line + 1);
      }
    },
  });
  const lines = text.split('\n');
  return (path) => {
    let node: unknown = data;
    let line = node !== null && typeof node === 'object' ? opened.get(node) : undefined;
    for (const key of path) {
      const child = node !== null && typeof node === 'object' ? (node as Record<PropertyKey, unknown>)[key as string] : undefined;
      if (child !== null && typeof child === 'object' && opened.has(child)) {
        line = opened.get(child);
        node = child;
        continue;
      }
      if (typeof key === 'string') line = keyLine(lines, line ?? 1, key) ?? line;
      break;
    }
    return line;
  };
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The first line at or after `from` holding `key:` (block or flow, quoted or not). */
function keyLine(lines: readonly string[], from: number, key: string): number | undefined {
  const pattern = new RegExp(`(^\\s*(-\\s+)?|[{,]\\s*)(['"]?)${escapeRegExp(key)}\\3\\s*:`);
  for (let i = Math.max(0, from - 1); i < lines.length; i++) if (pattern.test(lines[i]!)) return i + 1;
  return undefined;
}
