import { expect, test } from 'vitest';
import { loadTarget, TARGETS } from '../targets/registry.js';
import { expandTargets } from './expand-targets.js';

test("all is every registered target but the user's own terminal, in registry order, without duplicates", async () => {
  const { targets } = await expandTargets(['all', 'tmux']);
  const kinds = await Promise.all(targets.map(async (t) => (await loadTarget(t)).kind));
  expect(kinds).not.toContain('self');
  expect(targets).toEqual(Object.keys(TARGETS).filter((t) => targets.includes(t)));
  expect(new Set(targets).size).toBe(targets.length);
  expect(targets).toEqual(expect.arrayContaining(['xterm.js', 'ghostty', 'tmux', 'screen']));
});

test('an unknown name fails before anything runs, listing the valid ones', async () => {
  await expect(expandTargets(['tmux', 'tmuks'])).rejects.toThrow(/unknown target "tmuks"; valid targets: .*tmux/);
});
