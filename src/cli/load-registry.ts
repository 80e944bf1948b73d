/** The divergence registry for a command: loaded, and every entry's target checked against the targets and engines known here. */
import { checkTargets, loadDivergences, type DivergenceRegistry } from '../classify/load-divergences.js';
import { applyConventions } from '../classify/reply-convention.js';
import type { RunView } from '../classify/run-view.js';
import { ENGINE_NAMES } from '../results/engines.js';
import { TARGETS } from '../targets/registry.js';

export function knownTargetNames(views: readonly RunView[] = []): Set<string> {
  return new Set([...Object.keys(TARGETS), ...ENGINE_NAMES, ...views.map((v) => v.targetId), ...views.map((v) => v.engine.name)]);
}

/** The registry, checked; the views are judged under the reply conventions it states from now on. */
export function loadRegistryFor(path: string | undefined, views: readonly RunView[] = []): DivergenceRegistry {
  const registry = loadDivergences(path);
  checkTargets(registry, knownTargetNames(views));
  applyConventions(views, registry);
  return registry;
}
