/**
 * What a screen read may need to know of the probe it reads for: the
 * parameters of every SGR it sent (a pixel read watches the cells for a blink
 * when one of them may set blink in that terminal), and where the cursor report
 * put the cursor. Everything else a read does is the same for every probe.
 */
import type { Expectation, Probe } from '../corpus/probe-schema.js';
import type { ProbeResult } from '../results/results-schema.js';
import type { ScreenReadHints } from '../targets/target.js';

/** The parameter strings of the SGRs in a probe's bytes (escape notation), e.g. ["4", "58;5;196"]. */
export function sgrParams(send: string): string[] {
  return [...send.matchAll(/(?:\\e|\\x1b|\\u\{1b\})\[([0-9;:]*)m/gi)].map((m) => m[1]!);
}

function expectations(probe: Probe): (Expectation | undefined)[] {
  const e = probe.expect;
  return [e.implements, e.lacks, ...(e.inconclusive ?? []), e.drawn?.implements, e.drawn?.lacks];
}

/** Whether any of the probes' verdicts needs a style or the cursor as drawn (a GUI target then reads its pixels). */
export function needsPixels(probes: readonly Probe[]): boolean {
  return probes.some((p) => expectations(p).some((x) => x?.style !== undefined || x?.cursorStyle !== undefined));
}

const fixedByProbe = new WeakMap<Probe, { sgrs: string[]; styles: boolean; cursor: boolean }>();

export function screenHints(probe: Probe, result: ProbeResult): ScreenReadHints {
  let fixed = fixedByProbe.get(probe);
  if (!fixed) {
    const all = expectations(probe);
    fixed = { sgrs: sgrParams(probe.send), styles: all.some((x) => x?.style !== undefined), cursor: all.some((x) => x?.cursorStyle !== undefined) };
    fixedByProbe.set(probe, fixed);
  }
  const c = result.cursor;
  const at = c && c.row !== null && c.col !== null ? { at: { row: c.row, col: c.col } } : {};
  const note = (key: string, text: string) => void (result.evidence = { ...result.evidence, [key]: text });
  return { ...fixed, ...at, note };
}
