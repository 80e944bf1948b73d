/**
 * The targets a run names: `all` is every registered target except the user's
 * own terminal (kind 'self': it is probed only when named), `releases` every
 * release of the embedded targets installed beside them; those not
 * available here set aside with the reason and what to install; other names
 * are checked against the registry before anything runs.
 */
import { loadTarget, TARGETS } from '../targets/registry.js';

export interface ExpandedTargets {
  targets: string[];
  /** Only for targets that came from `all`: name → why it cannot run here. */
  unavailable: Map<string, string>;
}

export function availabilityText(a: { ok: false; reason: string; install?: string }): string {
  return a.install ? `${a.reason} (install: ${a.install})` : a.reason;
}

async function allTargets(): Promise<string[]> {
  const kinds = await Promise.all(Object.keys(TARGETS).map(async (t) => [t, (await loadTarget(t)).kind] as const));
  return kinds.filter(([, kind]) => kind !== 'self').map(([t]) => t);
}

/** Every earlier release of the embedded targets (release-targets.ts), current one included. */
async function allReleases(): Promise<string[]> {
  const { RELEASES, releaseName } = await import('../targets/embedded/release-targets.js');
  return RELEASES.map(releaseName);
}

export async function expandTargets(names: readonly string[]): Promise<ExpandedTargets> {
  const targets: string[] = [];
  const fromAll = new Set<string>();
  const everyone = names.includes('all') ? await allTargets() : [];
  const releases = names.includes('releases') ? await allReleases() : [];
  for (const name of names) {
    const list = name === 'all' ? everyone : name === 'releases' ? releases : [name];
    for (const t of list) {
      if (name === 'all' || name === 'releases') fromAll.add(t);
      if (!targets.includes(t)) targets.push(t);
    }
  }
  const unavailable = new Map<string, string>();
  await Promise.all(
    targets.map(async (t) => {
      const factory = await loadTarget(t); // unknown names fail here, before anything runs
      if (!fromAll.has(t) || names.includes(t)) return;
      const a = await factory.available();
      if (!a.ok) unavailable.set(t, availabilityText(a));
    }),
  );
  return { targets, unavailable };
}
