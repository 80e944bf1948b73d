/**
 * The divergence registry for a command: loaded, and every entry's target checked against the targets and engines
 * known here. Async: the YAML parser and zod are imported only for a registry with no current compiled copy.
 */
import { checkTargets, loadDivergencesLazily, type DivergenceRegistry } from '../classify/divergence-registry.js';
import { applyConventions } from '../classify/reply-convention.js';
import type { RunView } from '../classify/run-view.js';
import { ENGINE_NAMES } from '../results/engines.js';
import { TARGETS } from '../targets/registry.js';

export function knownTargetNames(views: readonly RunView[] = []): Set<string> {
  return new Set([...Object.keys(TARGETS), ...ENGINE_NAMES, ...views.map((v) => v.targetId), ...views.map((v) => v.engine.name)]);
}

/** The registry, checked; the views are judged under the reply conventions it states from now on. */
export async function loadRegistryFor(path: string | undefined, views: readonly RunView[] = []): Promise<DivergenceRegistry> {
  const registry = await loadDivergencesLazily(path);
  checkTargets(registry, knownTargetNames(views));
  applyConventions(views, registry);
  return registry;
}
