/**
 * A divergence found by bisect or fuzz, written as a probe ready for the
 * corpus: its bytes in escape notation, the size, the region that differed,
 * and the two answers seen. Which answer the spec calls for is not known here:
 * `implements` holds the first target's answer and `lacks` the second's, and
 * the title, description and spec say that a person must check and cite the
 * section before the probe is added.
 */
import { dumpYaml } from '../util/yaml-lines.js';
import { escapeBytes, printfCommand } from '../corpus/escape-bytes.js';
import { probeFileSchema, type Expectation, type ProbeDef, type Region } from '../corpus/probe-schema.js';
import type { Cell } from '../results/results-schema.js';
import { rowText } from '../targets/common/region-read.js';
import type { StateDiff } from './screen-diff.js';
import type { TerminalState } from './terminal-state.js';

export interface Candidate {
  id: string;
  title: string;
  description: string;
  bytes: Uint8Array;
  cols: number;
  rows: number;
  targets: [string, string];
  states: TerminalState[];
  diff: StateDiff;
}

function boundingBox(diff: StateDiff): Region | undefined {
  if (diff.rects.length === 0) return undefined;
  return {
    top: Math.min(...diff.rects.map((r) => r.top)),
    left: Math.min(...diff.rects.map((r) => r.left)),
    bottom: Math.max(...diff.rects.map((r) => r.bottom)),
    right: Math.max(...diff.rects.map((r) => r.right)),
  };
}

/** The text of a region of a state's screen, as an expectation's `screen` holds it. */
function regionText(state: TerminalState, region: Region): string[] {
  const screen = state.screen!;
  const rows: string[] = [];
  for (let r = region.top; r <= region.bottom; r++) {
    const i = r - screen.region.top;
    if (screen.cells) {
      const cells: Cell[] = (screen.cells[i] ?? []).slice(region.left - screen.region.left, region.right - screen.region.left + 1);
      rows.push(rowText(cells));
    } else {
      rows.push(Array.from(screen.text[i] ?? '').slice(region.left - 1, region.right).join('').replace(/ +$/, ''));
    }
  }
  return rows;
}

function answer(state: TerminalState, region: Region | undefined, withCursor: boolean): Expectation {
  return {
    ...(withCursor && state.cursor ? { cursor: `${state.cursor.row};${state.cursor.col}` } : {}),
    ...(region && state.screen ? { screen: regionText(state, region) } : {}),
  };
}

export function candidateProbe(c: Candidate): ProbeDef {
  const region = boundingBox(c.diff);
  const withCursor = c.diff.cursor !== undefined || !region;
  const [a, b] = c.targets;
  return {
    id: c.id,
    title: c.title.slice(0, 100),
    description: c.description.slice(0, 600),
    spec: 'xterm ctlseqs (to be cited: found by termprobe, not yet checked against a spec)',
    send: escapeBytes(c.bytes),
    query: ['cursor'],
    ...(region ? { screen: region } : {}),
    size: `${c.cols}x${c.rows}`,
    expect: { implements: answer(c.states[0]!, region, withCursor), lacks: answer(c.states[1]!, region, withCursor) },
    known: { [a]: 'implements', [b]: 'lacks' },
  };
}

/** A probe file holding the candidates, validated against the corpus schema before it is returned. */
export function candidateFileYaml(category: string, title: string, probes: ProbeDef[]): string {
  const file = probeFileSchema.parse({ category, title, description: 'Candidates found by termprobe; implements holds the first target’s answer and lacks the second’s until a spec decides.', probes });
  return dumpYaml(file);
}

export function reproLine(bytes: Uint8Array): string {
  return `printf '\\033[2J\\033[H'; ${printfCommand(bytes)}; printf '\\033[6n'`;
}
