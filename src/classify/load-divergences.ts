/**
 * Load the divergence registry: parse the YAML, validate it with the schema,
 * and compile each entry's probe pattern and version range once. The first
 * problem throws a DivergenceFileError naming file, line, entry and problem.
 */
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import jsYaml from 'js-yaml';
import { createRequire } from 'node:module';
import type { LineCounter, Node, parseDocument as ParseDocument } from 'yaml';
import { DivergenceFileError } from './divergence-error.js';
import { divergenceFileSchema, type DivergenceEntryData } from './divergence-schema.js';
import { isGlob, probeMatcher } from './probe-pattern.js';
import { parseVersionRange, type VersionRange } from './version-range.js';

export const DEFAULT_REGISTRY = fileURLToPath(new URL('../../probes/divergences.yaml', import.meta.url));

export interface DivergenceEntry extends DivergenceEntryData {
  /** 1-based position in the file, and the line the entry starts on. */
  index: number;
  line?: number;
  file: string;
  range: VersionRange;
  glob: boolean;
  matchesProbe(id: string): boolean;
}

export interface DivergenceRegistry {
  file: string;
  entries: DivergenceEntry[];
  /** The entry explaining this target's answer to this probe: an exact id wins over a glob, then file order. */
  find(probeId: string, targetId: string, version: string): DivergenceEntry | undefined;
}

export function entryLabel(e: { index: number; target?: unknown; probe?: unknown }): string {
  const what = [e.target, e.probe].filter((x) => typeof x === 'string').join(' ');
  return `entry ${e.index}${what ? ` (${what})` : ''}`;
}

function entryLine(doc: ReturnType<typeof ParseDocument>, counter: LineCounter, index: number, field?: PropertyKey): number | undefined {
  const { isMap, isSeq } = yamlLib();
  if (!isMap(doc.contents)) return undefined;
  const list = doc.contents.items.find((p) => (p.key as { value?: unknown } | null)?.value === 'divergences')?.value;
  if (!isSeq(list)) return undefined;
  let node = list.items[index] as Node | undefined;
  if (field !== undefined && isMap(node)) {
    const pair = node.items.find((p) => (p.key as { value?: unknown } | null)?.value === field);
    if (pair) node = ((pair.value ?? pair.key) as Node | undefined) ?? node;
  }
  const offset = node?.range?.[0];
  return offset === undefined ? undefined : counter.linePos(offset).line;
}

type Positioned = { doc: ReturnType<typeof ParseDocument>; counter: LineCounter };
type YamlModule = typeof import('yaml');

/** The `yaml` package loads only when a line number is needed (it costs more to load than js-yaml takes to parse). */
const yamlLib = (): YamlModule => createRequire(import.meta.url)('yaml') as YamlModule;

/** The slow, positioned parse: only for line numbers (an error, or an unusual layout). */
function positioned(text: string): Positioned {
  const { LineCounter: Counter, parseDocument } = yamlLib();
  const counter = new Counter();
  return { doc: parseDocument(text, { lineCounter: counter, uniqueKeys: true }), counter };
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
    // js-yaml is several times faster than the positioned parse, and compare loads the registry every time.
    data = jsYaml.load(text, { schema: jsYaml.CORE_SCHEMA, filename: file }) ?? { divergences: [] };
  } catch (e) {
    const err = positioned(text).doc.errors[0];
    const mark = (e as { mark?: { line: number } }).mark;
    const line = err?.linePos?.[0]?.line ?? (mark ? mark.line + 1 : undefined);
    const reason = (err ? err.message.split('\n')[0]! : ((e as { reason?: string }).reason ?? (e as Error).message)).replace(/:\s*$/, '');
    throw new DivergenceFileError(file, `invalid YAML: ${reason}`, undefined, line);
  }
  const parsed = divergenceFileSchema.safeParse(data);
  if (!parsed.success) {
    const { doc, counter } = positioned(text);
    const issue = parsed.error.issues[0]!;
    const [top, index, field] = issue.path;
    const where = issue.path.slice(2).map(String).join('.');
    if (top === 'divergences' && typeof index === 'number') {
      const raw = (data as { divergences: Record<string, unknown>[] }).divergences[index] ?? {};
      const what = issue.code === 'unrecognized_keys' ? `unknown field ${issue.keys.map((k) => `"${k}"`).join(', ')}` : `${where ? `${where}: ` : ''}${issue.message}`;
      throw new DivergenceFileError(file, what, entryLabel({ index: index + 1, ...raw }), entryLine(doc, counter, index, field));
    }
    const what = issue.code === 'unrecognized_keys' ? `unknown field ${issue.keys.map((k) => `"${k}"`).join(', ')}` : issue.message;
    throw new DivergenceFileError(file, `${issue.path.join('.') || '(top)'}: ${what}; the file holds "divergences:" and a list of entries`);
  }
  const list = parsed.data.divergences;
  let scanned = scanEntryLines(text, list.length);
  let slow: Positioned | undefined;
  const lineAt = (i: number, field?: string): number | undefined => {
    if (field === undefined && scanned) return scanned[i];
    slow ??= positioned(text);
    return entryLine(slow.doc, slow.counter, i, field);
  };
  const seen = new Map<string, number>();
  const entries = list.map((d, i): DivergenceEntry => {
    const index = i + 1;
    const line = lineAt(i);
    const key = `${d.probe} ${d.target} ${d.versions}`;
    const prior = seen.get(key);
    if (prior !== undefined) throw new DivergenceFileError(file, `duplicate of entry ${prior} (same probe, target and versions)`, entryLabel({ index, ...d }), line);
    seen.set(key, index);
    let range: VersionRange;
    try {
      range = parseVersionRange(d.versions);
    } catch (e) {
      throw new DivergenceFileError(file, `versions: ${(e as Error).message}`, entryLabel({ index, ...d }), lineAt(i, 'versions'));
    }
    return { ...d, index, line, file, range, glob: isGlob(d.probe), matchesProbe: probeMatcher(d.probe) };
  });
  return makeRegistry(file, entries);
}

export function makeRegistry(file: string, entries: DivergenceEntry[]): DivergenceRegistry {
  const byTarget = new Map<string, DivergenceEntry[]>();
  for (const e of entries) byTarget.set(e.target, [...(byTarget.get(e.target) ?? []), e]);
  return {
    file,
    entries,
    find(probeId, targetId, version) {
      let globHit: DivergenceEntry | undefined;
      for (const e of byTarget.get(targetId) ?? []) {
        if (!e.matchesProbe(probeId) || !e.range.matches(version)) continue;
        if (!e.glob) return e;
        globHit ??= e;
      }
      return globHit;
    },
  };
}

/** The registry at `file`; the default file may be absent (an empty registry), a named one may not. */
export function loadDivergences(file?: string): DivergenceRegistry {
  const path = file ?? DEFAULT_REGISTRY;
  const shownRel = relative(process.cwd(), path);
  const shown = shownRel && !shownRel.startsWith('..') ? shownRel : path;
  if (file === undefined && !existsSync(path)) return makeRegistry(shown, []);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new DivergenceFileError(shown, `cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  return parseDivergences(text, shown);
}

/** Entries that name probes the corpus does not have: a plain id not in it, or a glob matching none. */
export function checkAgainstCorpus(registry: DivergenceRegistry, probeIds: Iterable<string>): void {
  const ids = [...probeIds];
  const known = new Set(ids);
  for (const e of registry.entries) {
    if (!e.glob && !known.has(e.probe)) throw new DivergenceFileError(registry.file, `probe "${e.probe}" is not in the corpus (see \`termprobe list\`)`, entryLabel(e), e.line);
    if (e.glob && !ids.some((id) => e.matchesProbe(id))) throw new DivergenceFileError(registry.file, `probe pattern "${e.probe}" matches no probe in the corpus`, entryLabel(e), e.line);
  }
}
