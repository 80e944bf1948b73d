/**
 * Load and check the feature files (features/*.yaml, schema in feature-schema.ts).
 * Beyond the schema: every facet's probe is in the corpus at hand, facet names
 * are unique within their feature, a rule names only facets of its feature, ids
 * are unique, and no name or alias is claimed by two features (a search for it
 * could not say which page to open). The first problem throws a FeatureError:
 * one line with the file, the line, the feature and the problem (exit 2).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import jsYaml from 'js-yaml';
import type { z } from 'zod';
import { BadInputError } from '../util/bad-input-error.js';
import { featureFileSchema, type Facet, type Feature, type FeatureSection, type FeatureSet } from './feature-schema.js';
import { shownPath } from './shown-path.js';
import { describeIssue, lineFinder, yamlSyntaxError } from './yaml-positions.js';

export const DEFAULT_FEATURES_DIR = fileURLToPath(new URL('../../features/', import.meta.url));

export class FeatureError extends BadInputError {
  constructor(file: string, problem: string, featureId?: string, line?: number) {
    super([file + (line ? `:${line}` : ''), featureId ? `feature "${featureId}"` : '', problem].filter(Boolean).join(': '));
    this.name = 'FeatureError';
  }
}

/** How a search matches names: case and runs of spaces do not count. */
export function normalName(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, ' ');
}

interface ReadSection {
  section: FeatureSection;
  lineAt: (path: PropertyKey[]) => number | undefined;
}

function readSection(file: string, knownProbe: (id: string) => boolean): ReadSection {
  const shown = shownPath(file);
  const text = readFileSync(file, 'utf8');
  let data: unknown;
  try {
    data = jsYaml.load(text, { schema: jsYaml.CORE_SCHEMA, filename: shown });
  } catch (e) {
    const { line, reason } = yamlSyntaxError(text, e);
    throw new FeatureError(shown, `invalid YAML: ${reason}`, undefined, line);
  }
  const lineAt = lineFinder(text);
  const parsed = featureFileSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const path = issue.path as PropertyKey[];
    const index = path[0] === 'features' && typeof path[1] === 'number' ? path[1] : undefined;
    const raw = index === undefined ? undefined : (data as { features?: { id?: unknown }[] }).features?.[index];
    const featureId = index === undefined ? undefined : typeof raw?.id === 'string' ? raw.id : `#${index + 1}`;
    const msg = describeIssue({ ...issue, path: featureId ? path.slice(2) : path } as z.core.$ZodIssue);
    throw new FeatureError(shown, msg, featureId, lineAt(issue.code === 'unrecognized_keys' ? [...path, issue.keys[0]!] : path));
  }
  const section = parsed.data;
  const features = section.features.map((f, i): Feature => {
    const at = (...rest: PropertyKey[]) => lineAt(['features', i, ...rest]);
    const fail = (problem: string, line = at()): never => {
      throw new FeatureError(shown, problem, f.id, line);
    };
    // A facet's default name is its probe id after the category, or the whole id where two facets' would clash.
    const suffix = (id: string) => id.slice(id.indexOf('.') + 1);
    const suffixCount = new Map<string, number>();
    for (const facet of f.facets) suffixCount.set(suffix(facet.probe), (suffixCount.get(suffix(facet.probe)) ?? 0) + 1);
    const facets: Facet[] = f.facets.map((facet, j) => {
      if (!knownProbe(facet.probe)) fail(`facet ${j + 1}: probe "${facet.probe}" is not in the corpus (termprobe list)`, at('facets', j, 'probe'));
      const name = facet.name ?? (suffixCount.get(suffix(facet.probe)) === 1 ? suffix(facet.probe) : facet.probe);
      return { name, probe: facet.probe, checks: facet.checks, ...(facet.fails ? { fails: facet.fails } : {}) };
    });
    const names = new Set<string>();
    facets.forEach((facet, j) => {
      if (names.has(facet.name)) fail(`facet ${j + 1}: the name "${facet.name}" is taken by another facet of this feature (give it a name:)`, at('facets', j));
      names.add(facet.name);
    });
    if (facets.length === 0 && !f.unmeasured) fail('a feature without facets says why in unmeasured:', at('id'));
    if (facets.length > 0 && f.unmeasured) fail('unmeasured: is only for a feature without facets', at('unmeasured'));
    if (f.rule && facets.length === 0) fail('a rule needs facets to evaluate', at('rule'));
    // A rule names a facet by its name or by its probe id.
    const present = f.rule?.present.map((name, k) => {
      const facet = facets.find((x) => x.name === name) ?? facets.find((x) => x.probe === name);
      if (!facet) return fail(`rule: present names "${name}", which is not a facet of this feature (facets: ${[...names].join(', ')})`, at('rule', 'present', k));
      return facet.name;
    });
    return {
      id: f.id,
      name: f.name,
      aliases: f.aliases,
      description: f.description.trim(),
      specs: f.specs,
      kind: f.kind,
      facets,
      present: present ?? facets.map((x) => x.name),
      ...(f.unmeasured ? { unmeasured: f.unmeasured } : {}),
      section: section.section,
      file: shown,
    };
  });
  return { section: { id: section.section, title: section.title, order: section.order, description: section.description.trim(), features, file: shown }, lineAt };
}

/**
 * Every features/*.yaml of `dir`, checked against the corpus (`knownProbe`),
 * sections in their order. A name, id or alias two features share fails with
 * the line of the second.
 */
export function loadFeatures(knownProbe: (id: string) => boolean, dir: string = DEFAULT_FEATURES_DIR): FeatureSet {
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.yaml')).sort();
  } catch {
    throw new FeatureError(shownPath(dir), 'the features folder cannot be read');
  }
  if (names.length === 0) throw new FeatureError(shownPath(dir), 'no feature files (*.yaml) found');
  const read = names.map((n) => readSection(join(dir, n), knownProbe));
  const sections = read.map((r) => r.section);
  const lines = new Map(read.map((r) => [r.section, r.lineAt]));
  const sectionIds = new Map<string, FeatureSection>();
  const orders = new Map<number, FeatureSection>();
  for (const s of sections) {
    const other = sectionIds.get(s.id) ?? orders.get(s.order);
    if (other) throw new FeatureError(s.file, `section "${s.id}" (order ${s.order}) has the id or order of the section in ${other.file}`);
    sectionIds.set(s.id, s);
    orders.set(s.order, s);
  }
  sections.sort((a, b) => a.order - b.order);
  const byId = new Map<string, Feature>();
  const claimed = new Map<string, Feature>();
  for (const s of sections) {
    const lineAt = lines.get(s)!;
    s.features.forEach((f, i) => {
      const prior = byId.get(f.id);
      if (prior) throw new FeatureError(f.file, `duplicate id (also in ${prior.file})`, f.id, lineAt(['features', i, 'id']));
      byId.set(f.id, f);
      const words: [string, PropertyKey[]][] = [
        [f.name, ['features', i, 'name']],
        [f.id, ['features', i, 'id']],
        ...f.aliases.map((a, k): [string, PropertyKey[]] => [a, ['features', i, 'aliases', k]]),
      ];
      const own = new Set<string>();
      for (const [word, path] of words) {
        const key = normalName(word);
        const owner = claimed.get(key);
        if (owner && owner !== f) throw new FeatureError(f.file, `"${word}" is also a name or alias of "${owner.id}" (${owner.file}): a search for it could not say which feature`, f.id, lineAt(path));
        if (path[2] === 'aliases' && own.has(key)) throw new FeatureError(f.file, `alias "${word}" is given twice`, f.id, lineAt(path));
        // An alias may repeat the feature's own name or id (harmless); only aliases must differ from each other.
        if (path[2] === 'aliases') own.add(key);
        claimed.set(key, f);
      }
    });
  }
  return { sections, features: sections.flatMap((s) => s.features), byId };
}
