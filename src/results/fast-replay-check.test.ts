/**
 * The hand-written replay report check must say what zod says: yes for every
 * published report, no for every invalid one (readReplayReport then asks zod
 * for the message). Checked on the published reports and on mutations at every
 * place of a real report cut down to one target and one pair of each shape (a
 * screen of two rows of three cells: the mutations reach every kind of field).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../test-support/cli.js';
import { looksLikeValidReplayReport } from './fast-replay-check.js';
import { MUTATIONS, paths, withMutation } from './mutations-test-support.js';
import { REPLAY_SCHEMA_ID, replayReportSchema } from './replay-report-schema.js';

const SESSIONS = join(ROOT, 'results', 'sessions');
const read = (file: string): Record<string, unknown> => JSON.parse(readFileSync(join(SESSIONS, file), 'utf8')) as Record<string, unknown>;
const fast = (doc: unknown) => looksLikeValidReplayReport(doc, REPLAY_SCHEMA_ID);
const zod = (doc: unknown) => replayReportSchema.safeParse(doc).success;

/** One of each shape (the keys it has, at every depth), its screen cut to two rows of three cells. */
function oneOfEach(list: unknown[]): unknown[] {
  const kinds = new Map<string, unknown>();
  for (const entry of list) {
    const copy = structuredClone(entry) as { state?: { screen?: { text: string[]; cells?: unknown[][] } } };
    const screen = copy.state?.screen;
    if (screen) {
      screen.text = screen.text.slice(0, 2);
      if (screen.cells) screen.cells = screen.cells.slice(0, 2).map((row) => row.slice(0, 3));
    }
    kinds.set(paths(copy).map((p) => p.filter((k) => typeof k === 'string').join('.')).sort().join(' '), copy);
  }
  return [...kinds.values()];
}

describe('the fast replay report check agrees with the zod schema', () => {
  it('accepts every published replay report, as zod does', () => {
    const files = readdirSync(SESSIONS).filter((f) => f.endsWith('.json'));
    expect(files.length).toBeGreaterThan(5);
    for (const f of files) {
      const doc = read(f);
      expect(fast(doc), f).toBe(true);
      expect(zod(doc), f).toBe(true);
    }
  });

  it('says no exactly where zod does, over mutations at every place of a real report', () => {
    const disagree: string[] = [];
    let tried = 0;
    for (const f of readdirSync(SESSIONS).filter((x) => x.endsWith('.json')).slice(0, 3)) {
      const full = read(f);
      const doc = { ...full, targets: oneOfEach(full['targets'] as unknown[]), pairs: oneOfEach(full['pairs'] as unknown[]) };
      for (const path of paths(doc)) {
        for (const [name, how] of MUTATIONS) {
          tried++;
          const [a, b] = withMutation(doc, path, how, () => [fast(doc), zod(doc)]);
          if (a !== b) disagree.push(`${f} ${path.join('.')} ${name}: fast ${a}, zod ${b}`);
        }
      }
    }
    expect(tried).toBeGreaterThan(2_000);
    expect(disagree.slice(0, 20)).toEqual([]);
  }, 120_000);
});
