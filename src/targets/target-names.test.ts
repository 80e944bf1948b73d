/** The list of target names the site checks the registry with (results/target-names.ts) is the registry's. */
import { expect, it } from 'vitest';
import { TARGET_NAMES } from '../results/target-names.js';
import { TARGETS } from './registry.js';

it('names every registry target, and nothing else', () => {
  expect([...TARGET_NAMES].sort()).toEqual(Object.keys(TARGETS).sort());
});
