import { describe, expect, it } from 'vitest';
import { compareTrials, figureStats } from './speed-stats.js';

describe('speed figure stats', () => {
  it('give min, median, max and p90 interpolated between the nearest trials', () => {
    expect(figureStats([5, 1, 4, 2, 3])).toEqual({ min: 1, median: 3, p90: 4.6, max: 5 });
    expect(figureStats([10, 20])).toEqual({ min: 10, median: 15, p90: 19, max: 20 });
    expect(figureStats([7])).toEqual({ min: 7, median: 7, p90: 7, max: 7 });
    expect(figureStats([])).toBeUndefined();
  });

  it('call two runs different only when no trial of one overlaps the other', () => {
    expect(compareTrials([1, 2, 3], [3, 4, 5])).toBe('same'); // touching ranges overlap
    expect(compareTrials([1, 2, 3], [3.01, 4])).toBe('higher');
    expect(compareTrials([10, 12], [1, 9.9])).toBe('lower');
    expect(compareTrials([1, 100], [50, 51])).toBe('same');
    expect(compareTrials([], [1])).toBe('same');
  });
});
