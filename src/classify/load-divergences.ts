/**
 * Load the divergence registry: a folder of YAML files, one per target or engine
 * (probes/divergences/<name>.yaml), or one file. Parse, validate with the schema,
 * and compile each entry's probe pattern and version range once. The first
 * problem throws a DivergenceFileError naming file, line, entry and problem.
 * The registry itself (lookups, the compiled copy) is divergence-registry.ts's.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { DivergenceFileError } from './divergence-error.js';
import { divergenceFileSchema } from './divergence-schema.js';
import { compiledFolder, conventionOf, DEFAULT_REGISTRY, entryLabel, entryOf, makeRegistry, readRegistryFile, shownPath, type DivergenceEntry, type DivergenceRegistry } from './divergence-registry.js';
import type { ReplyConvention } from './reply-convention.js';
import { parseVersionRange, type VersionRange } from './version-range.js';
import { loadYaml, yamlLines, yamlSyntaxProblem } from '../util/yaml-lines.js';

export { checkAgainstCorpus, checkTargets, DEFAULT_REGISTRY, entryCovers, entryLabel, makeRegistry, registryOfCompiled, type Answerer, type DivergenceEntry, type DivergenceRegistry } from './divergence-registry.js';

type ListKey = 'divergences' | 'conventions';

/** The line of a list entry (or of one of its fields), from a positioned parse. */
function entryLine(lineOf: (path: readonly PropertyKey[]) => number | undefined, index: number, field?: PropertyKey, key: ListKey = 'divergences'): number | undefined {
  return lineOf(field === undefined ? [key, index] : [key, index, field]);
}

/** Start lines of the entries when each begins with "- probe:", as the file is laid out; else undefined. */
function scanEntryLines(text: string, count: number): number[] | undefined {
  const lines: number[] = [];
  text.split('\n').forEach((l, i) => {
    if (/^\s*-\s+probe\s*:/.test(l)) lines.push(i + 1);
  });
  return lines.length === count ? lines : undefined;
}

export function parseDivergences(text: string, file: string): DivergenceRegistry {
  let data: unknown;
  try {
    data = loadYaml(text, file) ?? { divergences: [] };
  } catch (e) {
    const { line, reason } = yamlSyntaxProblem(e);
    throw new DivergenceFileError(file, `invalid YAML: ${reason}`, undefined, line);
  }
  // "divergences:" with nothing under it is an empty list (a new file, or every entry removed).
  if (data !== null && typeof data === 'object' && (data as { divergences?: unknown }).divergences === null) data = { ...data, divergences: [] };
  const parsed = divergenceFileSchema.safeParse(data);
  if (!parsed.success) {
    const lineOf = yamlLines(text);
    const issue = parsed.error.issues[0]!;
    const [top, index, field] = issue.path;
    const where = issue.path.slice(2).map(String).join('.');
    if ((top === 'divergences' || top === 'conventions') && typeof index === 'number') {
      const raw = (data as Record<ListKey, Record<string, unknown>[]>)[top][index] ?? {};
      const what = issue.code === 'unrecognized_keys' ? `unknown field ${issue.keys.map((k) => `"${k}"`).join(', ')}` : `${where ? `${where}: ` : ''}${issue.message}`;
      const label = entryLabel({ index: index + 1, ...raw, ...(top === 'conventions' ? { probe: undefined, what: 'convention' } : {}) });
      throw new DivergenceFileError(file, what, label, entryLine(lineOf, index, field, top));
    }
    const what = issue.code === 'unrecognized_keys' ? `unknown field ${issue.keys.map((k) => `"${k}"`).join(', ')}` : issue.message;
    throw new DivergenceFileError(file, `${issue.path.join('.') || '(top)'}: ${what}; the file holds "divergences:" and a list of entries (and may hold "conventions:")`);
  }
  const list = parsed.data.divergences;
  let scanned = scanEntryLines(text, list.length);
  let slow: ((path: readonly PropertyKey[]) => number | undefined) | undefined;
  const lineAt = (i: number, field?: string): number | undefined => {
    if (field === undefined && scanned) return scanned[i];
    slow ??= yamlLines(text);
    return entryLine(slow, i, field);
  };
  const seen = new Map<string, number>();
  const entries = list.map((d, i): DivergenceEntry => {
    const index = i + 1;
    const line = lineAt(i);
    const key = `${d.probe} ${d.target} ${d.versions} ${JSON.stringify(d.answer)}`;
    const prior = seen.get(key);
    if (prior !== undefined) throw new DivergenceFileError(file, `duplicate of entry ${prior} (same probe, target, versions and answer)`, entryLabel({ index, ...d }), line);
    seen.set(key, index);
    let range: VersionRange;
    try {
      range = parseVersionRange(d.versions);
    } catch (e) {
      throw new DivergenceFileError(file, `versions: ${(e as Error).message}`, entryLabel({ index, ...d }), lineAt(i, 'versions'));
    }
    return entryOf(d, index, line, file, range);
  });
  const conventions = (parsed.data.conventions ?? []).map((c, i): ReplyConvention => {
    const index = i + 1;
    slow ??= yamlLines(text);
    const line = entryLine(slow, i, undefined, 'conventions');
    const label = entryLabel({ index, target: c.target, what: 'convention' });
    let range: VersionRange;
    try {
      range = parseVersionRange(c.versions);
    } catch (e) {
      throw new DivergenceFileError(file, `versions: ${(e as Error).message}`, label, entryLine(slow, i, 'versions', 'conventions'));
    }
    return conventionOf(c, index, line, file, range);
  });
  return makeRegistry(file, entries, conventions);
}

/** Each YAML file of a registry folder, read, parsed and validated; each holds entries for the target or engine it is named after. */
export function* parseFolderFiles(dir: string): Generator<{ name: string; text: string; parsed: DivergenceRegistry }> {
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.yaml')).sort()) {
    const path = join(dir, name);
    const shown = shownPath(path);
    const own = basename(name, '.yaml');
    const text = readRegistryFile(path, shown);
    const parsed = parseDivergences(text, shown);
    for (const e of [...parsed.conventions, ...parsed.entries]) {
      if (e.target !== own) throw new DivergenceFileError(shown, `target "${e.target}" in ${name}: this file holds entries for "${own}" only (put it in ${e.target}.yaml)`, entryLabel(e), e.line);
    }
    yield { name, text, parsed };
  }
}

/** A folder's files, each holding entries for the target or engine it is named after. */
function loadFolder(dir: string): DivergenceRegistry {
  const compiled = compiledFolder(dir);
  if (compiled) return compiled;
  const entries: DivergenceEntry[] = [];
  const conventions: ReplyConvention[] = [];
  for (const { parsed } of parseFolderFiles(dir)) {
    entries.push(...parsed.entries);
    conventions.push(...parsed.conventions);
  }
  return makeRegistry(shownPath(dir), entries, conventions);
}

/** The registry at `path` (a folder or one file); the default may be absent (an empty registry), a named one may not. */
export function loadDivergences(path?: string): DivergenceRegistry {
  const where = path ?? DEFAULT_REGISTRY;
  const shown = shownPath(where);
  if (!existsSync(where)) {
    if (path === undefined) return makeRegistry(shown, []);
    throw new DivergenceFileError(shown, 'does not exist (give a registry folder, such as probes/divergences, or one YAML file)');
  }
  if (statSync(where).isDirectory()) return loadFolder(where);
  return parseDivergences(readRegistryFile(where, shown), shown);
}
