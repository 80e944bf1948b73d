/**
 * Parse and validate the probe files: every probes/*.yaml category file (the
 * divergence registry, probes/divergences.yaml, is not a category file). The
 * first problem found throws a CorpusError naming file, probe, line and problem.
 * This is the slow path (YAML and the zod schemas load with it): loadCorpus
 * takes it only when the shipped corpus was edited or another folder is asked.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { z } from 'zod';
import { categoryFiles } from './category-files.js';
import { hashProbes } from './corpus-hash.js';
import { CorpusError } from './corpus-error.js';
import { checkNotation } from './escape-notation.js';
import type { Corpus } from './load-corpus.js';
import { probeFileSchema, type Probe } from './probe-schema.js';
import { shownPath } from './shown-path.js';
import { loadYaml, yamlLines, yamlSyntaxProblem } from '../util/yaml-lines.js';
import { describeIssue } from './yaml-positions.js';


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
    data = loadYaml(text, shown);
  } catch (e) {
    const { line, reason } = yamlSyntaxProblem(e);
    throw new CorpusError(shown, `invalid YAML: ${reason}`, undefined, line);
  }
  // Line numbers only when a message needs one (a second, positioned parse).
  let lineOf: ((path: readonly PropertyKey[]) => number | undefined) | undefined;
  const lineAt = (path: PropertyKey[]) => (lineOf ??= yamlLines(text))(path);
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
