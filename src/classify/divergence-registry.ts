/**
 * The divergence registry as the classifier uses it: entries and conventions
 * with their version ranges and probe patterns compiled, looked up by target and
 * probe. The shipped registry loads from its compiled copy
 * (compiled-divergences.ts) with neither YAML nor zod; parsing and validating
 * YAML is load-divergences.ts's, which loadDivergencesLazily imports only for a
 * registry that has no current compiled copy.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DivergenceFileError } from './divergence-error.js';
import type { DivergenceEntryData, ReplyConventionData } from './divergence-schema.js';
import { compiledRegistryFiles, type CompiledRegistryFile } from './compiled-divergences.js';
import type { ReplyConvention } from './reply-convention.js';
import { isGlob, probeMatcher } from './probe-pattern.js';
import { parseVersionRange, type VersionRange } from './version-range.js';
import { nearestName } from '../util/nearest-name.js';

export const DEFAULT_REGISTRY = fileURLToPath(new URL('../../probes/divergences/', import.meta.url)).replace(/\/$/, '');

export interface DivergenceEntry extends DivergenceEntryData {
  /** 1-based position in the file, and the line the entry starts on. */
  index: number;
  line?: number;
  file: string;
  range: VersionRange;
  glob: boolean;
  /** The answers it explains, as a list. */
  answers: string[];
  matchesProbe(id: string): boolean;
}

/** Who gave an answer, as the registry matches it: the target, its version, and its engine. */
export interface Answerer {
  targetId: string;
  version: string;
  engine: { name: string; version?: string };
}

export interface DivergenceRegistry {
  file: string;
  entries: DivergenceEntry[];
  /** Reply conventions (reply-convention.ts): how a terminal spells every answer of one kind. */
  conventions: ReplyConvention[];
  /** The convention this answerer's answers are judged under: one about the target itself wins over one about its engine. */
  conventionFor(who: Answerer): ReplyConvention | undefined;
  /**
   * The entry explaining this answer (or, without one, any answer) of this target
   * to this probe: entries about the target itself win over entries about its
   * engine, an exact id over a glob, then file order.
   */
  find(probeId: string, who: Answerer, answer?: string): DivergenceEntry | undefined;
}

/** Does the entry (or convention) speak of this answerer (the target at its version, or its engine at the engine's version)? */
export function entryCovers(e: Pick<DivergenceEntry, 'target' | 'range'>, who: Answerer): 'target' | 'engine' | undefined {
  if (e.target === who.targetId && e.range.matches(who.version)) return 'target';
  if (e.target === who.engine.name && e.target !== who.targetId && e.range.matches(who.engine.version ?? 'unknown')) return 'engine';
  return undefined;
}

export function entryLabel(e: { index: number; target?: unknown; probe?: unknown; what?: string }): string {
  const what = [e.target, e.probe].filter((x) => typeof x === 'string').join(' ');
  return `${e.what ?? 'entry'} ${e.index}${what ? ` (${what})` : ''}`;
}

/** An entry as the registry holds it: its data, where it stands, and its version range and probe pattern compiled. */
export function entryOf(d: DivergenceEntryData, index: number, line: number | undefined, file: string, range: VersionRange): DivergenceEntry {
  const answers = typeof d.answer === 'string' ? [d.answer] : [...new Set(d.answer)];
  return { ...d, index, line, file, range, glob: isGlob(d.probe), answers, matchesProbe: probeMatcher(d.probe) };
}

export function conventionOf(c: ReplyConventionData, index: number, line: number | undefined, file: string, range: VersionRange): ReplyConvention {
  return { ...c, index, line, file, range, what: 'convention' };
}

/** Two conventions that could both cover one answerer (the same target, overlapping versions) would make its answers ambiguous. */
function checkConventionsApart(conventions: readonly ReplyConvention[]): void {
  for (const [i, a] of conventions.entries()) {
    for (const b of conventions.slice(i + 1)) {
      if (a.target !== b.target || (a.versions !== b.versions && a.versions !== '*' && b.versions !== '*')) continue;
      throw new DivergenceFileError(b.file, `a second convention for ${b.target} at versions "${b.versions}" (${entryLabel(a)} in ${a.file} covers "${a.versions}"): state one convention per version`, entryLabel(b), b.line);
    }
  }
}

export function makeRegistry(file: string, entries: DivergenceEntry[], conventions: ReplyConvention[] = []): DivergenceRegistry {
  checkConventionsApart(conventions);
  // By target, then the entries naming one probe by its id (by id), and the globs: compare asks about its ✗ and ~
  // cells (10,000 of the published 31,164), and an id's own entries are one or two of a target's dozen.
  const byTarget = new Map<string, { byId: Map<string, DivergenceEntry[]>; globs: DivergenceEntry[] }>();
  for (const e of entries) {
    let t = byTarget.get(e.target);
    if (!t) byTarget.set(e.target, (t = { byId: new Map(), globs: [] }));
    if (e.glob) t.globs.push(e);
    else {
      let list = t.byId.get(e.probe);
      if (!list) t.byId.set(e.probe, (list = []));
      list.push(e);
    }
  }
  const fits = (e: DivergenceEntry, who: Answerer, answer: string | undefined) => entryCovers(e, who) !== undefined && (answer === undefined || e.answers.includes(answer));
  /** An exact id's entry first (file order), else the first glob that matches. */
  const pick = (t: { byId: Map<string, DivergenceEntry[]>; globs: DivergenceEntry[] } | undefined, probeId: string, who: Answerer, answer: string | undefined): DivergenceEntry | undefined => {
    if (!t) return undefined;
    for (const e of t.byId.get(probeId) ?? []) if (fits(e, who, answer)) return e;
    for (const e of t.globs) if (e.matchesProbe(probeId) && fits(e, who, answer)) return e;
    return undefined;
  };
  return {
    file,
    entries,
    conventions,
    conventionFor: (who) => conventions.find((c) => entryCovers(c, who) === 'target') ?? conventions.find((c) => entryCovers(c, who) === 'engine'),
    find: (probeId, who, answer) => pick(byTarget.get(who.targetId), probeId, who, answer) ?? (who.engine.name !== who.targetId ? pick(byTarget.get(who.engine.name), probeId, who, answer) : undefined),
  };
}

export function shownPath(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel && !rel.startsWith('..') ? rel : path;
}

export function readRegistryFile(path: string, shown: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    throw new DivergenceFileError(shown, `cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
}

/** The shipped folder from its compiled form (compiled-divergences.ts), when every file is the one compiled; else undefined. */
export function compiledFolder(dir: string): DivergenceRegistry | undefined {
  if (resolve(dir) !== resolve(DEFAULT_REGISTRY)) return undefined;
  const names = readdirSync(dir).filter((n) => n.endsWith('.yaml')).sort();
  const files = names.map((name) => ({ name, text: readRegistryFile(join(dir, name), shownPath(join(dir, name))) }));
  const compiled = compiledRegistryFiles(files);
  return compiled && registryOfCompiled(dir, names, compiled);
}

/** The registry of a folder whose files (by name, in order) are these compiled ones. */
export function registryOfCompiled(dir: string, names: readonly string[], compiled: readonly CompiledRegistryFile[]): DivergenceRegistry {
  const entries: DivergenceEntry[] = [];
  const conventions: ReplyConvention[] = [];
  compiled.forEach((c, i) => {
    const shown = shownPath(join(dir, names[i]!));
    for (const e of c.conventions) conventions.push(conventionOf(e.data, e.index, e.line, shown, parseVersionRange(e.data.versions)));
    for (const e of c.entries) entries.push(entryOf(e.data, e.index, e.line, shown, parseVersionRange(e.data.versions)));
  });
  return makeRegistry(shownPath(dir), entries, conventions);
}

/** Every entry names a known target or engine; a typo fails with the nearest name. */
export function checkTargets(registry: DivergenceRegistry, known: Iterable<string>): void {
  const names = new Set(known);
  for (const e of [...registry.conventions, ...registry.entries]) {
    if (names.has(e.target)) continue;
    const near = nearestName(e.target, names);
    throw new DivergenceFileError(e.file, `unknown target "${e.target}"${near ? `; did you mean "${near}"?` : ''} (targets: ${[...names].sort().join(', ')})`, entryLabel(e), e.line);
  }
}

/** Entries that name probes the corpus does not have: a plain id not in it, or a glob matching none. */
export function checkAgainstCorpus(registry: DivergenceRegistry, probeIds: Iterable<string>): void {
  const ids = [...probeIds];
  const known = new Set(ids);
  for (const e of registry.entries) {
    if (!e.glob && !known.has(e.probe)) throw new DivergenceFileError(registry.file, `probe "${e.probe}" is not in the corpus (see \`termprobe list\`)`, entryLabel(e), e.line);
    if (e.glob && !ids.some((id) => e.matchesProbe(id))) throw new DivergenceFileError(registry.file, `probe pattern "${e.probe}" matches no probe in the corpus`, entryLabel(e), e.line);
  }
  for (const c of registry.conventions) {
    for (const m of c.measured) if (!known.has(m.probe)) throw new DivergenceFileError(c.file, `measured: probe "${m.probe}" is not in the corpus (see \`termprobe list\`)`, entryLabel(c), c.line);
  }
}

/** As loadDivergences (load-divergences.ts); the YAML parser and zod are imported only when no compiled copy matches. */
export async function loadDivergencesLazily(path?: string): Promise<DivergenceRegistry> {
  const where = path ?? DEFAULT_REGISTRY;
  const compiled = existsSync(where) && statSync(where).isDirectory() ? compiledFolder(where) : undefined;
  return compiled ?? (await import('./load-divergences.js')).loadDivergences(path);
}
