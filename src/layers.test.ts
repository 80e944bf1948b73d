/**
 * Dependencies point one way: cli → report → classify → engine → targets →
 * results → corpus → protocol (and util, below them all). Nothing below reaches
 * back up; and two rules the order alone does not state: reports never import
 * the engine (the printf repro belongs to the corpus), and verdicts never import
 * the targets (the CLI hands them a runner for a reference that must be run).
 * The features built on the engine (replay, chunking, fuzz, record, cast, the
 * adapters) sit at the engine's level: what is below the engine never imports them.
 * Static and dynamic imports both count; tests and test support do not.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = dirname(fileURLToPath(import.meta.url));
const LAYERS = ['cli', 'report', 'classify', 'engine', 'targets', 'results', 'corpus', 'protocol', 'util'] as const;
const FEATURES = ['replay', 'chunking', 'fuzz', 'record', 'cast', 'adapters'] as const;
const FORBIDDEN: Readonly<Record<string, readonly string[]>> = { report: ['engine'], classify: ['targets'] };

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'fixtures' || e.name === 'test-support' ? [] : sources(path);
    return e.name.endsWith('.ts') && !/\.test\.ts$|test-support|\.test-suite\.ts$/.test(e.name) ? [path] : [];
  });
}

/** Every layer a file imports from (relative specifiers only: packages are not layers). */
function importedLayers(file: string): { layer: string; spec: string }[] {
  const text = readFileSync(file, 'utf8');
  const out: { layer: string; spec: string }[] = [];
  for (const m of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*)'(\.{1,2}\/[^']+)'/g)) {
    const target = relative(SRC, normalize(join(dirname(file), m[1]!)));
    out.push({ layer: target.split('/')[0]!, spec: m[1]! });
  }
  return out;
}

function violations(): string[] {
  const found: string[] = [];
  for (const [rank, layer] of LAYERS.entries()) {
    for (const file of sources(join(SRC, layer))) {
      for (const { layer: to, spec } of importedLayers(file)) {
        if (to === layer) continue;
        const below = (FEATURES as readonly string[]).includes(to) ? LAYERS.indexOf('engine') : LAYERS.indexOf(to as (typeof LAYERS)[number]);
        const where = `${relative(SRC, file)} imports ${spec}`;
        if (below >= 0 && below < rank) found.push(`${where} (${layer} is below ${to})`);
        else if (below < 0) found.push(`${where} (${to} is in no layer)`);
        if (FORBIDDEN[layer]?.includes(to)) found.push(`${where} (${layer} never imports ${to})`);
      }
    }
  }
  return found;
}

describe('layers', () => {
  it('point one way, and reports never import the engine, nor verdicts the targets', () => {
    expect(violations()).toEqual([]);
  });

  it('would catch an upward import (the check reads what it claims to read)', () => {
    const file = join(SRC, 'targets', 'own-terminal', 'self.ts');
    expect(importedLayers(file).map((i) => i.layer)).toContain('protocol');
    expect(sources(join(SRC, 'targets')).length).toBeGreaterThan(40);
  });
});
