/**
 * Probe patterns in the divergence registry: a probe id, or a glob over ids
 * where "*" stands for any run of characters (dots included) and "?" for one.
 */

export const PROBE_PATTERN = /^[a-z0-9*?][a-z0-9*?.-]*$/;
export const PROBE_PATTERN_HELP = 'probe is a probe id (pending-wrap.cr-clears) or a glob over ids (pending-wrap.*)';

export function isGlob(pattern: string): boolean {
  return /[*?]/.test(pattern);
}

/** A matcher for one pattern, compiled once. */
export function probeMatcher(pattern: string): (id: string) => boolean {
  if (!isGlob(pattern)) return (id) => id === pattern;
  const source = pattern.replace(/[.+^${}()|[\]\\-]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
  const re = new RegExp(`^${source}$`);
  // By id: compare asks each of a target's globs about every ✗ and ~ cell of that target.
  const known = new Map<string, boolean>();
  return (id) => {
    let m = known.get(id);
    if (m === undefined) known.set(id, (m = re.test(id)));
    return m;
  };
}
