/**
 * The hand-written check must say exactly what zod says: yes for every valid
 * results file, no for every invalid one (readResults then asks zod for the
 * message). Checked on the published files and on thousands of mutations of
 * real files, each one change at one place: a value of another type, out of
 * range, null, removed, or a key the format does not have.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../test-support/cli.js';
import { looksLikeValidProbeResult, looksLikeValidResults } from './fast-results-check.js';
import { probeResultSchema, resultsFileSchema } from './results-schema.js';
import { MUTATIONS, paths, withMutation, type Path } from './mutations-test-support.js';

const PUBLISHED = join(ROOT, 'results');
const read = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));

describe('the fast results check agrees with the zod schema', () => {
  it('accepts every published results file, as zod does', () => {
    const files = readdirSync(PUBLISHED).filter((f) => f.endsWith('.json'));
    expect(files.length).toBeGreaterThan(20);
    for (const f of files) {
      const doc = read(join(PUBLISHED, f));
      expect(looksLikeValidResults(doc), f).toBe(true);
      expect(resultsFileSchema.safeParse(doc).success, f).toBe(true);
    }
  });

  it('says no exactly where zod does, over mutations at every kind of place of real files', () => {
    // Files with screen cells and styles (xterm.js), pictures and restarts (zutty), host replies (ghostty).
    const docs = ['xterm.js-6.0.0.json', 'zutty-0.14.0.20230218.json', 'ghostty-0.4.0.json'].map((f) => read(join(PUBLISHED, f)) as { probes: unknown[] });
    const disagree: string[] = [];
    let tried = 0;
    const compare = (target: unknown, paths: Path[], fast: () => boolean, zod: () => boolean, where: string) => {
      for (const path of paths) {
        for (const [name, how] of MUTATIONS) {
          tried++;
          const [f, z] = withMutation(target, path, how, () => [fast(), zod()]);
          if (f !== z) disagree.push(`${where} ${path.join('.')} ${name}: fast ${f}, zod ${z}`);
        }
      }
    };
    for (const doc of docs) {
      // The header, in a copy holding three entries (zod then checks it in a moment).
      const small = { ...doc, probes: doc.probes.slice(0, 3) };
      compare(small, paths(small), () => looksLikeValidResults(small), () => resultsFileSchema.safeParse(small).success, 'file');
      // Every place of every entry that has something the others lack: screens, cells, styles, pictures, evidence, replies.
      const kinds = new Map<string, unknown>();
      for (const entry of doc.probes) kinds.set(paths(entry).map((p) => p.filter((k) => typeof k === 'string').join('.')).sort().join(' '), entry);
      for (const entry of kinds.values()) compare(entry, paths(entry), () => looksLikeValidProbeResult(entry), () => probeResultSchema.safeParse(entry).success, (entry as { id: string }).id);
    }
    expect(tried).toBeGreaterThan(5_000);
    expect(disagree.slice(0, 20)).toEqual([]);
  }, 120_000);
});
