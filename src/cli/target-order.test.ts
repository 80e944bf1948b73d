import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { longestFirst, publishedRuns, SHIPPED_RESULTS } from './target-order.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('the order targets start in', () => {
  test('the longest published run first; targets the runs do not time after them, as given', () => {
    const times = new Map([['xterm', 13_000], ['tilix', 77_000], ['tmux', 2_900]]);
    expect(longestFirst(['xterm.js', 'tmux', 'xterm', 'x11:./term -e {command}', 'tilix'], times)).toEqual(['tilix', 'xterm', 'tmux', 'xterm.js', 'x11:./term -e {command}']);
  });

  test('read from the results files of a folder; a file that is not one, or a folder that is not there, times nothing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'termprobe-order-'));
    dirs.push(dir);
    writeFileSync(join(dir, 'a.json'), JSON.stringify({ target: { id: 'kitty' }, run: { elapsedMs: 9800 } }));
    writeFileSync(join(dir, 'b.json'), '{"target": {"id": "foot"}, "run": {');
    writeFileSync(join(dir, 'c.json'), JSON.stringify({ target: { id: 'st' } }));
    expect([...publishedRuns(dir).times]).toEqual([['kitty', 9800]]);
    expect(publishedRuns(join(dir, 'nowhere')).times.size).toBe(0);
  });

  test('the probes after which a published run started afresh, by target; a run with none expects none', () => {
    const dir = mkdtempSync(join(tmpdir(), 'termprobe-order-'));
    dirs.push(dir);
    const restart = (probe: string) => ({ probe, exit: 'input: the marker after the event did not come back', outcome: 'retried' });
    writeFileSync(join(dir, 'a.json'), JSON.stringify({ target: { id: 'tilix' }, run: { elapsedMs: 70_000, restarts: [restart('keys-modifiers.ctrl-alt-a'), restart('keys-modifiers.ctrl-minus')] } }));
    writeFileSync(join(dir, 'b.json'), JSON.stringify({ target: { id: 'kitty' }, run: { elapsedMs: 9800 } }));
    writeFileSync(join(dir, 'c.json'), '{"target": {"id": "foot"}, "run": {"restarts": [');
    const { restarts } = publishedRuns(dir);
    expect([...restarts].map(([id, whys]) => [id, [...whys.keys()]])).toEqual([['tilix', ['keys-modifiers.ctrl-alt-a', 'keys-modifiers.ctrl-minus']], ['kitty', []]]);
    expect(restarts.get('tilix')?.get('keys-modifiers.ctrl-minus')).toBe('input: the marker after the event did not come back');
    // The shipped runs: tilix's pane and menu shortcuts, and none in kitty.
    const shipped = publishedRuns(SHIPPED_RESULTS).restarts;
    expect(shipped.get('tilix')?.has('keys-modifiers.ctrl-alt-a')).toBe(true);
    expect(shipped.get('kitty')?.size).toBe(0);
  });

  test('read for some targets only, the shipped runs tell of those what the whole read tells, and of no other', () => {
    // The read for some targets opens only the files named after them: every shipped file's name begins with its id.
    for (const file of readdirSync(SHIPPED_RESULTS).filter((f) => f.endsWith('.json'))) {
      const id = (JSON.parse(readFileSync(join(SHIPPED_RESULTS, file), 'utf8')) as { target: { id: string } }).target.id;
      expect(file.startsWith(`${id}-`), file).toBe(true);
    }
    const all = publishedRuns(SHIPPED_RESULTS);
    // xterm and st: names other files begin with too (xterm.js-…, a prefix of xterm-…).
    const some = publishedRuns(SHIPPED_RESULTS, ['tilix', 'xterm', 'st']);
    expect([...some.restarts.keys()].sort()).toEqual(['st', 'tilix', 'xterm']);
    for (const id of ['tilix', 'xterm', 'st']) {
      expect(some.restarts.get(id)).toEqual(all.restarts.get(id));
      expect(some.times.get(id)).toBe(all.times.get(id));
    }
    expect(publishedRuns(SHIPPED_RESULTS, ['x11:xterm -e {command}']).restarts.size).toBe(0);
  });

  test('the published runs time every GUI terminal they hold', () => {
    const times = publishedRuns(SHIPPED_RESULTS).times;
    expect(times.get('tilix')).toBeGreaterThan(times.get('tmux')!);
    expect(times.size).toBeGreaterThanOrEqual(28);
  });
});
