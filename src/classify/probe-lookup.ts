/**
 * Probes by id, loading only the category files asked for (a probe's category
 * is its id up to the first dot, and the file is probes/<category>.yaml). The
 * spec check needs a few probes' expectations, not the whole corpus and its hash.
 * The files are not validated again here (load-corpus.ts does that for every
 * other command, and `termprobe check` loads the whole corpus): a probe whose
 * expectation cannot be read is simply unknown to the spec check.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadYaml } from '../util/yaml-lines.js';
import { readCompiledCorpus } from '../corpus/compiled-corpus.js';
import type { Probe } from '../corpus/probe-schema.js';
import { categoryOf } from './build-comparison.js';

export type ProbeLookup = (id: string) => Probe | undefined;

/** The shipped corpus (as load-corpus.ts has it; not imported from there, which would load the `yaml` package too). */
const SHIPPED_PROBES = fileURLToPath(new URL('../../probes/', import.meta.url));

export function probeLookup(dir: string = SHIPPED_PROBES): ProbeLookup {
  // The shipped corpus, unchanged since the build, is already parsed and validated.
  const compiled = readCompiledCorpus(dir);
  if (compiled) return (id) => compiled.byId.get(id);
  const byCategory = new Map<string, Map<string, Probe>>();
  const load = (category: string): Map<string, Probe> => {
    const probes = new Map<string, Probe>();
    const file = join(dir, `${category}.yaml`);
    try {
      const data = loadYaml(readFileSync(file, 'utf8')) as { category?: unknown; probes?: unknown } | null;
      if (data?.category === category && Array.isArray(data.probes)) {
        for (const p of data.probes as Partial<Probe>[]) {
          if (typeof p?.id === 'string' && p.expect && typeof p.expect === 'object') probes.set(p.id, { ...(p as Probe), category, file });
        }
      }
    } catch {
      // unreadable or not YAML: no probes from this file
    }
    return probes;
  };
  return (id) => {
    const category = categoryOf(id);
    let probes = byCategory.get(category);
    if (!probes) byCategory.set(category, (probes = load(category)));
    return probes.get(id);
  };
}
