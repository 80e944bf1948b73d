/**
 * The CLI's ReferenceRunner: the target registry's names, and a run of one of
 * them now through the engine over the probes the compared runs hold. Verdicts
 * (src/classify) take it as an argument, so they never import targets or engine.
 */
import type { ReferenceRunner } from '../classify/choose-reference.js';
import { TARGETS } from '../targets/registry.js';

export const referenceRunner: ReferenceRunner = {
  targets: Object.keys(TARGETS),
  async run({ target, probeIds, cols, rows, probes }) {
    const [{ loadCorpus }, { runTarget }] = await Promise.all([import('../corpus/load-corpus.js'), import('../engine/run-target.js')]);
    const corpus = await loadCorpus(probes);
    const chosen = corpus.probes.filter((p) => probeIds.has(p.id));
    const missing = [...probeIds].filter((id) => !corpus.byId.has(id)).length;
    const { results } = await runTarget(target, corpus, chosen, { cols, rows });
    return { results, corpusHash: corpus.hash, missing, probes: chosen.length };
  },
};
