/**
 * The corpus hash: sha256 over the canonical JSON of every probe (sorted by id,
 * keys sorted, the file path left out), so the same probes hash the same
 * wherever they were loaded from.
 */
import { createHash } from 'node:crypto';
import type { Probe } from './probe-schema.js';

export function hashProbes(probes: Probe[]): string {
  const canonical = [...probes]
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map(({ file: _file, ...rest }) => sortKeys(rest));
  return 'sha256:' + createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

/**
 * One probe's measurement hash: the first 16 hex digits of sha256 over the
   * canonical JSON of what running it sends and asks — bytes, steps, queries,
   * screen region, size, cleanup, tags and an input probe's event — and not its title, description, spec or
 * expectations (answers are judged by the corpus at hand, so a reworded or
 * re-judged probe still measures the same thing). Two corpus versions share a
 * probe when its id and this hash are the same in both.
 */
export function hashProbe(probe: Probe): string {
  // steps and input are left out when absent (JSON leaves an absent key out), so a probe without them hashes as it did before they existed.
  const { send, steps, query, screen, size, cleanup, tags, input } = probe;
  return createHash('sha256').update(JSON.stringify(sortKeys({ send, steps, query, screen, size, cleanup, tags, input }))).digest('hex').slice(0, 16);
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.keys(value).sort().map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]));
  }
  return value;
}
