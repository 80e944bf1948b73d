/**
 * The engine a results file records: what the target says of itself
 * (TargetSession.describe), else the engine its name is known to run
 * (results/engines.ts), else the terminal itself at its own version.
 */
import { FRONT_ENDS } from '../results/engines.js';
import type { Identity } from '../results/results-schema.js';
import type { EngineIdentity } from '../targets/target.js';

export function engineOfIdentity(targetId: string, identity: Identity): EngineIdentity {
  const known = FRONT_ENDS[targetId] ?? FRONT_ENDS[identity.name];
  if (known) return { name: known.name, ...(known.note ? { source: known.note } : {}) };
  const name = targetId === 'self' ? identity.name : targetId;
  return identity.version !== 'unknown' ? { name, version: identity.version } : { name };
}
