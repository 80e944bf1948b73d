import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { longestFirst, publishedRunTimes, SHIPPED_RESULTS } from './target-order.js';

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
    expect([...publishedRunTimes(dir)]).toEqual([['kitty', 9800]]);
    expect(publishedRunTimes(join(dir, 'nowhere')).size).toBe(0);
  });

  test('the published runs time every GUI terminal they hold', () => {
    const times = publishedRunTimes(SHIPPED_RESULTS);
    expect(times.get('tilix')).toBeGreaterThan(times.get('tmux')!);
    expect(times.size).toBeGreaterThanOrEqual(28);
  });
});
