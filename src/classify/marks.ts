/**
 * Support marks for the runs being compared, computed once per run and probe
 * from the corpus at hand (a run made with an older corpus is judged by the
 * current expectations: the verdict follows the probe as it stands now). A run
 * with a reply convention is judged on its corrected answers (reply-convention.ts).
 */
import type { Probe } from '../corpus/probe-schema.js';
import type { ProbeResult } from '../results/results-schema.js';
import type { ProbeLookup } from './probe-lookup.js';
import type { ProbeSlot, RunView } from './run-view.js';
import { supportMark, type SupportMark } from './support-mark.js';

export interface Marker {
  mark(view: RunView, id: string): SupportMark;
  /** The same for a probe's slot in the view (run-view.ts), kept on the slot: no lookup by id. */
  markIn(view: RunView, id: string, slot: ProbeSlot): SupportMark;
  probe(id: string): Probe | undefined;
}

export function makeMarker(lookup: ProbeLookup): Marker {
  /** Marks of probes a run has no result for (not run), by view. */
  const missing = new WeakMap<RunView, Map<string, SupportMark>>();
  const probes = new Map<string, Probe | undefined>();
  /**
   * Marks by run size, probe and answer: the same answer to the same probe, at the same size, gets the same mark
   * whoever gave it. Keyed by the run's cached signature itself where nothing else counts (most answers), so no key
   * string is built and hashed per cell.
   */
  const bySize = new Map<string, Map<string, Map<string, Map<string, SupportMark>>>>();
  const sizeOf = new WeakMap<RunView, Map<string, Map<string, Map<string, SupportMark>>>>();
  const probe = (id: string): Probe | undefined => {
    if (!probes.has(id)) probes.set(id, lookup(id));
    return probes.get(id);
  };
  const marker: Marker = {
    probe,
    mark(view, id) {
      const slot = view.slot(id);
      if (slot) return marker.markIn(view, id, slot);
      let byId = missing.get(view);
      if (!byId) missing.set(view, (byId = new Map()));
      let m = byId.get(id);
      if (!m) byId.set(id, (m = supportMark(probe(id), undefined, view.run.settings)));
      return m;
    },
    markIn(view, id, slot) {
      if (slot.markedBy === marker) return slot.mark as SupportMark;
      const r = view.judgedIn(slot);
      const extra = answerExtra(view, r);
      let shared: Map<string, SupportMark> | undefined;
      let m: SupportMark | undefined;
      if (extra !== undefined) {
        let byProbe = sizeOf.get(view);
        if (!byProbe) {
          const size = `${view.run.settings.cols}x${view.run.settings.rows}`;
          byProbe = bySize.get(size);
          if (!byProbe) bySize.set(size, (byProbe = new Map()));
          sizeOf.set(view, byProbe);
        }
        let bySignature = byProbe.get(id);
        if (!bySignature) byProbe.set(id, (bySignature = new Map()));
        // By the signature (the run's cached string, its hash with it), then by what it leaves out: no key string
        // made by joining the two (a screen's signature runs to kilobytes).
        const signature = view.signatureIn(slot, 'cells');
        shared = bySignature.get(signature);
        if (!shared) bySignature.set(signature, (shared = new Map()));
        m = shared.get(extra);
      }
      if (!m) {
        m = supportMark(probe(id), r, view.run.settings);
        shared?.set(extra!, m);
      }
      slot.mark = m;
      slot.markedBy = marker;
      return m;
    },
  };
  return marker;
}

/** Pixel calibrations by identity: a style read from the pixels is judged with its own run's calibration only. */
const calibrationIds = new WeakMap<object, number>();
let nextCalibration = 1;

/**
 * Everything of an answer supportMark reads beside the run's size (a probe's ${cols}: makeMarker keys by it first)
 * and the answer's signature with its screen cells (makeMarker keys by it next), as one string (undefined: not
 * shared; a status other than ok returns at once, with the run's own note). It is what the signature leaves out:
 * the screen's text beside its cells, what the read could not tell, how the styles were read (with the run's
 * calibration), the cursor as drawn, and the values of host-written replies.
 */
function answerExtra(view: RunView, r: ProbeResult): string | undefined {
  if (r.status !== 'ok') return undefined;
  const s = r.screen;
  let extra = '';
  if (s) {
    const { pixels } = view.run.settings;
    let calibration = 0;
    if (s.styles === 'pixels' && pixels) {
      calibration = calibrationIds.get(pixels) ?? nextCalibration++;
      calibrationIds.set(pixels, calibration);
    }
    extra += `\n${s.cells ? JSON.stringify(s.text) : ''} ${s.untold?.join(',') ?? ''} ${s.styles ?? ''} ${calibration} ${s.cursor ? `${s.cursor.shape}:${s.cursor.blink}` : ''}`;
  }
  for (const rep of r.replies) if (rep.source === 'host') extra += `\nhost ${rep.query}=${rep.value ?? ''}`;
  return extra;
}
