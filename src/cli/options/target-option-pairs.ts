/**
 * `--option key=value` (repeatable, or a,b): target settings. The syntax is
 * checked as the command line is read; each pair is then checked against the
 * targets of the run before any starts. A key only some of them take goes to
 * those, with a note naming the others; a key none takes, or a value a target
 * that takes the key does not accept, is refused.
 */
import { Option } from 'commander';
import { loadTarget } from '../../targets/registry.js';
import type { OptionSpec } from '../../targets/target-options.js';
import { UsageError } from '../errors.js';

export function parseOptionPairs(text: string, prior: Record<string, string> = {}): Record<string, string> {
  const out = { ...prior };
  for (const raw of text.split(',')) {
    const pair = raw.trim();
    if (pair === '') continue;
    const m = /^([\w.-]+)=(.+)$/.exec(pair);
    if (!m) throw new UsageError(`--option "${pair}" is not key=value (e.g. unicode=6 for xterm.js; \`termprobe targets\` lists each target)`);
    out[m[1]!] = m[2]!;
  }
  return out;
}

export function optionPairsOption(): Option {
  return new Option('--option <key=value>', 'target setting, e.g. unicode=6 for xterm.js (repeatable); applied to the targets that take it').argParser(parseOptionPairs);
}

export interface TargetOptionPlan {
  /** Target → the settings it gets. */
  perTarget: Map<string, Record<string, string>>;
  /** One line for each key that some targets of the run do not take. */
  notes: string[];
}

const describeSpec = (spec: OptionSpec) => Object.entries(spec).map(([k, values]) => `${k}=${values.join('|')}`).join(', ');

export async function planTargetOptions(targets: readonly string[], pairs: Record<string, string>): Promise<TargetOptionPlan> {
  const specs = new Map<string, OptionSpec>();
  for (const t of targets) specs.set(t, (await loadTarget(t)).options ?? {});
  const perTarget = new Map(targets.map((t) => [t, {} as Record<string, string>]));
  const notes: string[] = [];
  for (const [key, value] of Object.entries(pairs)) {
    const takers = targets.filter((t) => specs.get(t)![key] !== undefined);
    if (takers.length === 0) {
      const offered = targets.map((t) => `${t}: ${describeSpec(specs.get(t)!) || 'none'}`).join('; ');
      throw new UsageError(`--option ${key}=${value}: no target of this run takes "${key}" (options — ${offered})`);
    }
    for (const t of takers) {
      const valid = specs.get(t)![key]!;
      if (!valid.includes(value)) throw new UsageError(`--option ${key}=${value}: ${t} takes ${key}=${valid.join(' or ')}, not "${value}"`);
      perTarget.get(t)![key] = value;
    }
    const others = targets.filter((t) => !takers.includes(t));
    if (others.length > 0) notes.push(`--option ${key}=${value} applies to ${takers.join(', ')} only (${others.join(', ')} ${others.length === 1 ? 'takes' : 'take'} no option ${key})`);
  }
  return { perTarget, notes };
}
