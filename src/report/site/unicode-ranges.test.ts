import { describe, expect, it } from 'vitest';
import type { Disagreement } from '../../classify/unicode-verdict.js';
import { disagreementRuns, groupMarked, idRanges } from './unicode-ranges.js';

describe('marked Unicode items, grouped', () => {
  it('merges consecutive code points of one category into ranges, and keeps sequences and other categories apart', () => {
    expect(idRanges(['wide:231A', 'wide:231B', 'wide:231C', 'wide:2614', 'zero-width:2615', 'emoji-zwj:1F468-200D-1F469', 'wide:2616', 'wide:1F300', 'wide:1F301'])).toEqual([
      'wide:231A..231C',
      'wide:2614',
      'zero-width:2615',
      'emoji-zwj:1F468-200D-1F469',
      'wide:2616',
      'wide:1F300..1F301',
    ]);
  });

  it('groups by pass, answer and note, largest first, with as many ranges as asked', () => {
    const note = 'not measured: the terminal stopped answering';
    const groups = groupMarked([
      { id: 'choke:0007', pass: 'off', got: 0, note: 'a choke item' },
      { id: 'wide:231A', pass: 'off', got: null, note },
      { id: 'wide:231B', pass: 'off', got: null, note },
      { id: 'wide:2614', pass: 'off', got: null, note },
    ], 1);
    expect(groups).toEqual([
      { pass: 'off', got: null, note, count: 3, ranges: ['wide:231A..231B'] },
      { pass: 'off', got: 0, note: 'a choke item', count: 1, ranges: ['choke:0007'] },
    ]);
  });

  it('runs consecutive disagreeing code points that disagree alike into one row, and nothing else', () => {
    const d = (id: string, got = 1, unicode = '11.0'): Disagreement => ({ id, category: 'wide', unicode, pass: 'off', expected: 2, got });
    const runs = disagreementRuns([d('wide:1D372'), d('wide:1D373'), d('wide:1D374'), d('wide:1D375', 0), d('wide:1D376', 0), d('wide:1D378', 0), d('wide:1F000', 1, '12.0'), { ...d('emoji-zwj:1F468-200D-1F469'), category: 'emoji-zwj' }]);
    expect(runs.map((r) => `${r.first.id} ${r.last.id} ${r.count}`)).toEqual(['wide:1D372 wide:1D374 3', 'wide:1D375 wide:1D376 2', 'wide:1D378 wide:1D378 1', 'wide:1F000 wide:1F000 1', 'emoji-zwj:1F468-200D-1F469 emoji-zwj:1F468-200D-1F469 1']);
  });
});
