/**
 * Parse and validate the probe files: every probes/*.yaml category file (the
 * divergence registry, probes/divergences.yaml, is not a category file). The
 * first problem found throws a CorpusError naming file, probe, line and problem.
 * This is the slow path (YAML and the zod schemas load with it): loadCorpus
 * takes it only when the shipped corpus was edited or another folder is asked.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import jsYaml from 'js-yaml';
import { createRequire } from 'node:module';
import type { LineCounter as LineCounterT, parseDocument as ParseDocument, Node } from 'yaml';
import type { z } from 'zod';
import { categoryFiles } from './category-files.js';
import { hashProbes } from './corpus-hash.js';
import { CorpusError } from './corpus-error.js';
import { checkNotation } from './escape-notation.js';
import type { Corpus } from './load-corpus.js';
import { probeFileSchema, type Probe } from './probe-schema.js';
import { shownPath } from './shown-path.js';


/** The `yaml` package loads only when an error needs a line number (it costs more to load than the corpus takes to parse). */
function yamlPackage(): typeof import('yaml') {
  return createRequire(import.meta.url)('yaml') as typeof import('yaml');
}

/** Find the line of a dotted path inside a parsed YAML document. */
function lineOf(doc: ReturnType<typeof ParseDocument>, counter: LineCounterT, path: PropertyKey[]): number | undefined {
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

function describeIssue(issue: z.core.$ZodIssue): string {
  const path = issue.path.join('.');
  if (issue.code === 'unrecognized_keys') return `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}${path ? ` in ${path}` : ''}`;
  // A bad key in a record (an expected reply for a query that does not exist): say what is wrong with the key.
  if (issue.code === 'invalid_key' && issue.issues[0]) return `${path || '(top)'}: ${issue.issues[0].message}`;
  return `${path || '(top)'}: ${issue.message}`;
}

/** The YAML document with positions: parsed only when an error needs a line number. */
function positioned(text: string) {
  const { LineCounter, parseDocument } = yamlPackage();
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter, uniqueKeys: true });
  return { doc, counter };
}

/** A probe file's text; a folder named *.yaml, or a file that cannot be read, fails with its path (exit 2). */
function readProbeFile(file: string, shown: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new CorpusError(shown, code === 'EISDIR' ? 'is a folder, not a probe file (every *.yaml in the probes folder is read as one)' : `cannot be read (${code ?? (e as Error).message})`);
  }
}

function loadFile(file: string, shown: string): Probe[] {
  const text = readProbeFile(file, shown);
  let data: unknown;
  try {
    // js-yaml is several times faster than a positioned parse; the corpus loads on every command.
    data = jsYaml.load(text, { schema: jsYaml.CORE_SCHEMA, filename: shown });
  } catch (e) {
    const { doc } = positioned(text);
    const err = doc.errors[0];
    const line = err?.linePos?.[0]?.line ?? (e as { mark?: { line: number } }).mark?.line;
    const reason = err ? err.message.split('\n')[0] : (e as { reason?: string }).reason ?? (e as Error).message;
    throw new CorpusError(shown, `invalid YAML: ${reason}`, undefined, line === undefined ? undefined : err ? line : line + 1);
  }
  let lazyDoc: ReturnType<typeof positioned> | undefined;
  const lineAt = (path: PropertyKey[]) => {
    lazyDoc ??= positioned(text);
    return lineOf(lazyDoc.doc, lazyDoc.counter, path);
  };
  const parsed = probeFileSchema.safeParse(data);
  const probeIdAt = (path: PropertyKey[]): string | undefined => {
    if (path[0] !== 'probes' || typeof path[1] !== 'number') return undefined;
    const p = (data as { probes?: { id?: unknown }[] }).probes?.[path[1]];
    return typeof p?.id === 'string' ? p.id : `#${path[1] + 1}`;
  };
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const relPath = issue.path.slice(2);
    const probeId = probeIdAt(issue.path);
    const msg = describeIssue({ ...issue, path: probeId ? relPath : issue.path } as z.core.$ZodIssue);
    const linePath = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0]!] : issue.path;
    throw new CorpusError(shown, msg, probeId, lineAt(linePath as PropertyKey[]));
  }
  const category = parsed.data.category;
  if (basename(file, '.yaml') !== category) throw new CorpusError(shown, `category "${category}" does not match the file name`, undefined, lineAt(['category']));
  return parsed.data.probes.map((p, i) => {
    for (const field of ['send', 'cleanup'] as const) {
      const value = p[field];
      if (value === undefined) continue;
      const err = checkNotation(value);
      if (err) throw new CorpusError(shown, `${field}: invalid escape at character ${err.index + 1}: ${err.message}`, p.id, lineAt(['probes', i, field]));
    }
    if (!p.id.startsWith(`${category}.`)) throw new CorpusError(shown, `id must start with the category "${category}."`, p.id, lineAt(['probes', i, 'id']));
    return { ...p, category, file: shown };
  });
}

/** Parse and validate every category file (the slow path, and what the build compiles). */
export function parseCorpus(dir: string): Corpus {
  const probes: Probe[] = [];
  const byId = new Map<string, Probe>();
  const categories: string[] = [];
  const files = categoryFiles(dir);
  if (files.length === 0) throw new CorpusError(dir, 'no probe files (*.yaml) found');
  for (const file of files) {
    const loaded = loadFile(file, shownPath(file));
    categories.push(loaded[0]!.category);
    for (const p of loaded) {
      const prior = byId.get(p.id);
      if (prior) throw new CorpusError(p.file, `duplicate id (also in ${prior.file})`, p.id);
      byId.set(p.id, p);
      probes.push(p);
    }
  }
  for (const p of probes) {
    if (p.control !== undefined && !byId.has(p.control)) throw new CorpusError(p.file, `control "${p.control}" is not a probe id`, p.id);
    if (p.control === p.id) throw new CorpusError(p.file, 'a probe cannot be its own control', p.id);
  }
  return { dir, probes, byId, categories, hash: hashProbes(probes) };
}
