/**
 * Identification: ask the terminal who it is (XTVERSION, DA2, DA1) and which
 * state the modes that change answers are in (DECRQM), through the same engine
 * as the probes, then pick the best name and version from what was seen.
 */
import type { Probe } from '../corpus/probe-schema.js';
import type { Identity, ProbeResult } from '../results/results-schema.js';
import { parseXtversion } from '../protocol/xtversion.js';
import { RECORDED_MODES } from '../results/results-constants.js';


const MODE_STATE = ['not-recognized', 'set', 'reset', 'permanently-set', 'permanently-reset'] as const;

function pseudoProbe(id: string, query: string[]): Probe {
  return {
    id,
    category: 'identify',
    file: '(built in)',
    title: id,
    description: 'built-in identification query',
    spec: 'xterm ctlseqs (identification)',
    send: '',
    query,
    expect: { implements: {} },
  };
}

export const IDENTIFY_PROBES: Probe[] = [
  pseudoProbe('identify.versions', ['xtversion', 'da2', 'da1']),
  pseudoProbe('identify.modes', RECORDED_MODES.map((m) => `decrqm:${m}`)),
];

export interface Identification {
  chain: Identity['chain'];
  modes: Record<string, string>;
}

export function readIdentification(versions: ProbeResult, modes: ProbeResult): Identification {
  const chain: Identity['chain'] = {};
  for (const r of versions.replies) {
    if (r.raw === undefined) continue;
    if (r.query === 'xtversion') chain.xtversion = r.value ?? r.raw;
    if (r.query === 'da2') chain.da2 = r.raw;
    if (r.query === 'da1') chain.da1 = r.raw;
  }
  const out: Record<string, string> = {};
  for (const r of modes.replies) {
    const mode = r.query.slice('decrqm:'.length);
    out[mode] = r.value === undefined ? (modes.status === 'ok' ? 'no-reply' : 'unknown') : (MODE_STATE[Number(r.value)] ?? `value-${r.value}`);
  }
  return { chain, modes: out };
}


/** Best identity: what the target knows of itself first, then XTVERSION, then nothing. */
export function chooseIdentity(described: Partial<Identity>, seen: Identification, fallbackName: string): Identity {
  const chain = { ...seen.chain, ...described.chain };
  if (described.name && described.version && described.identifiedBy) {
    return { name: described.name, version: described.version, identifiedBy: described.identifiedBy, chain, ...(described.outer ? { outer: described.outer } : {}) };
  }
  const xt = chain.xtversion ? parseXtversion(chain.xtversion) : null;
  if (xt) return { name: described.name ?? xt.name, version: xt.version, identifiedBy: 'xtversion', chain };
  return { name: described.name ?? fallbackName, version: described.version ?? 'unknown', identifiedBy: described.identifiedBy ?? 'unknown', chain };
}
