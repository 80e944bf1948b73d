/**
 * Load the divergence registry: parse the YAML, validate it with the schema,
 * and compile each entry's probe pattern and version range once. The first
 * problem throws a DivergenceFileError naming file, line, entry and problem.
 */
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMap, isSeq, LineCounter, parseDocument, type Node } from 'yaml';
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

function entryLine(doc: ReturnType<typeof parseDocument>, counter: LineCounter, index: number, field?: PropertyKey): number | undefined {
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

export function parseDivergences(text: string, file: string): DivergenceRegistry {
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter, uniqueKeys: true });
  if (doc.errors.length > 0) {
    const err = doc.errors[0]!;
    throw new DivergenceFileError(file, `invalid YAML: ${err.message.split('\n')[0]}`, undefined, err.linePos?.[0]?.line);
  }
  const data: unknown = doc.toJS() ?? { divergences: [] };
  const parsed = divergenceFileSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const [top, index, field] = issue.path;
    if (top === 'divergences' && typeof index === 'number') {
      const raw = (data as { divergences: Record<string, unknown>[] }).divergences[index] ?? {};
      const what = issue.code === 'unrecognized_keys' ? `unknown field ${issue.keys.map((k) => `"${k}"`).join(', ')}` : `${field !== undefined ? `${String(field)}: ` : ''}${issue.message}`;
      throw new DivergenceFileError(file, what, entryLabel({ index: index + 1, ...raw }), entryLine(doc, counter, index, field));
    }
    const what = issue.code === 'unrecognized_keys' ? `unknown field ${issue.keys.map((k) => `"${k}"`).join(', ')}` : issue.message;
    throw new DivergenceFileError(file, `${issue.path.join('.') || '(top)'}: ${what}; the file holds "divergences:" and a list of entries`);
  }
  const seen = new Map<string, number>();
  const entries = parsed.data.divergences.map((d, i): DivergenceEntry => {
    const index = i + 1;
    const line = entryLine(doc, counter, i);
    const key = `${d.probe} ${d.target} ${d.versions}`;
    const prior = seen.get(key);
    if (prior !== undefined) throw new DivergenceFileError(file, `duplicate of entry ${prior} (same probe, target and versions)`, entryLabel({ index, ...d }), line);
    seen.set(key, index);
    let range: VersionRange;
    try {
      range = parseVersionRange(d.versions);
    } catch (e) {
      throw new DivergenceFileError(file, `versions: ${(e as Error).message}`, entryLabel({ index, ...d }), entryLine(doc, counter, i, 'versions'));
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
