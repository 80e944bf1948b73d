/**
 * Support marks for the runs being compared, computed once per run and probe
 * from the corpus at hand (a run made with an older corpus is judged by the
 * current expectations: the verdict follows the probe as it stands now). A run
 * with a reply convention is judged on its corrected answers (reply-convention.ts).
 */
import type { Probe } from '../corpus/probe-schema.js';
import type { ProbeLookup } from './probe-lookup.js';
import type { RunView } from './run-view.js';
import { supportMark, type SupportMark } from './support-mark.js';

export interface Marker {
  mark(view: RunView, id: string): SupportMark;
  probe(id: string): Probe | undefined;
}

export function makeMarker(lookup: ProbeLookup): Marker {
  const cache = new WeakMap<RunView, Map<string, SupportMark>>();
  const probes = new Map<string, Probe | undefined>();
  const probe = (id: string): Probe | undefined => {
    if (!probes.has(id)) probes.set(id, lookup(id));
    return probes.get(id);
  };
  return {
    probe,
    mark(view, id) {
      let byId = cache.get(view);
      if (!byId) cache.set(view, (byId = new Map()));
      let m = byId.get(id);
      if (!m) byId.set(id, (m = supportMark(probe(id), view.judged(id), view.run.settings)));
      return m;
    },
  };
}
