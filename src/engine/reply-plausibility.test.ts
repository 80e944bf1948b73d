import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ResultsFile } from '../results/results-schema.js';
import { implausibleAnswer } from './reply-plausibility.js';

const dir = new URL('../../results/', import.meta.url);
const published = readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => [f, JSON.parse(readFileSync(new URL(f, dir), 'utf8')) as ResultsFile] as const);
const kitty = published.find(([f]) => f.startsWith('kitty-'))![1];

describe('implausibleAnswer', () => {
  it('finds nothing wrong in any published run: each value is what its raw reply says', () => {
    const problems = published.flatMap(([f, r]) => r.probes.map((p) => [f, p.id, implausibleAnswer(p)] as const).filter(([, , why]) => why));
    expect(problems).toEqual([]);
  });

  it('catches a value with no raw reply, a changed value, a changed cursor, and a raw reply that answers another query', () => {
    const withReply = kitty.probes.find((p) => p.replies.some((r) => r.query.startsWith('decrqm:') && r.raw))!;
    const at = withReply.replies.findIndex((r) => r.query.startsWith('decrqm:') && r.raw);
    const noRaw = structuredClone(withReply);
    delete noRaw.replies[at]!.raw;
    expect(implausibleAnswer(noRaw)).toMatch(/has no raw reply/);
    const changed = structuredClone(withReply);
    changed.replies[at]!.value = '9';
    expect(implausibleAnswer(changed)).toMatch(/recorded as "9", but its raw reply says/);
    const other = structuredClone(withReply);
    other.replies[at]!.raw = '\\e[?62;c';
    expect(implausibleAnswer(other)).toMatch(/does not answer that query/);
    const withCursor = kitty.probes.find((p) => p.cursor)!;
    const moved = structuredClone(withCursor);
    moved.cursor!.col = (moved.cursor!.col ?? 0) + 1;
    expect(implausibleAnswer(moved)).toMatch(/^cursor: recorded as/);
  });
});
