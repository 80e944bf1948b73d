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

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.keys(value).sort().map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]));
  }
  return value;
}
