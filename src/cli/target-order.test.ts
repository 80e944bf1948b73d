import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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

  test('the published runs time every GUI terminal they hold', () => {
    const times = publishedRuns(SHIPPED_RESULTS).times;
    expect(times.get('tilix')).toBeGreaterThan(times.get('tmux')!);
    expect(times.size).toBeGreaterThanOrEqual(28);
  });
});
