import { expect, test } from 'vitest';
import { guiIdentity, upstreamVersion } from './package-identity.js';
import { decrqcraReports, decrqcraRequests, screenFromDecrqcra, screenFromRows } from '../gui/gui-screen-read.js';
import { parseReplies } from '../../protocol/reply-parser.js';
import { GUI_RECIPES } from '../gui/gui-recipes.js';
import { TARGETS } from '../registry.js';

test('upstreamVersion drops the epoch, the Debian revision and repack suffixes', () => {
  expect(upstreamVersion('379-1')).toBe('379');
  expect(upstreamVersion('4:22.12.3-1+deb12u1')).toBe('22.12.3');
  expect(upstreamVersion('0.14.0.20230218+dfsg1-1')).toBe('0.14.0.20230218');
  expect(upstreamVersion('1.2.0+ds2-1+b1')).toBe('1.2.0');
  expect(upstreamVersion('9.30-2+b4')).toBe('9.30');
  expect(upstreamVersion('1.0')).toBe('1.0');
});

test('the version comes from XTVERSION only when the terminal names itself there', () => {
  const base = { name: 'konsole', pkg: 'konsole', dpkg: '4:22.12.3-1+deb12u1', xtversionNames: ['konsole'] };
  expect(guiIdentity({ ...base, xtversion: 'Konsole 22.12.3' })).toEqual({ name: 'konsole', version: '22.12.3', identifiedBy: 'xtversion', chain: { dpkg: 'konsole=4:22.12.3-1+deb12u1' } });
  expect(guiIdentity({ ...base, xtversion: undefined })).toMatchObject({ version: '22.12.3', identifiedBy: 'dpkg' });
  // Another program's name in XTVERSION (e.g. a library's) does not count as the terminal's version.
  expect(guiIdentity({ ...base, xtversion: 'VTE(7006)' })).toMatchObject({ version: '22.12.3', identifiedBy: 'dpkg' });
  expect(guiIdentity({ ...base, dpkg: undefined, xtversion: undefined })).toEqual({ name: 'konsole', version: 'unknown', identifiedBy: 'unknown', chain: {} });
});

test('DECRQCRA: one request per cell, reports decoded to text (blank, wide halves, code points)', () => {
  const region = { top: 1, left: 1, bottom: 2, right: 3 };
  expect(decrqcraRequests({ top: 2, left: 5, bottom: 2, right: 6 })).toBe('\x1b[1;1;2;5;2;5*y\x1b[2;1;2;6;2;6*y');
  const replies = ['0041', '4E2D', 'FFFF', '0000', '0020', '0078'].map((hex, i) => `\x1bP${i + 1}!~${hex}\x1b\\`).join('') + '\x1b[?64c';
  const reports = decrqcraReports(parseReplies(new TextEncoder().encode(replies)));
  expect(screenFromDecrqcra(region, 80, 24, reports)).toEqual({ via: 'decrqcra', region, text: ['A中', '  x'] });
  reports.delete(6);
  expect(() => screenFromDecrqcra(region, 80, 24, reports)).toThrow(/no DECRQCRA report for cell 2;3/);
});

test('rows of text are cut by display width', () => {
  const lines = ['ab中cd', '', '  x'];
  expect(screenFromRows({ top: 1, left: 3, bottom: 1, right: 5 }, 80, 24, lines, 'remote-control').text).toEqual(['中c']);
  // A wide character cut by the region's edge shows as a blank.
  expect(screenFromRows({ top: 1, left: 4, bottom: 1, right: 5 }, 80, 24, lines, 'remote-control').text).toEqual([' c']);
  expect(screenFromRows({ top: 2, left: 1, bottom: 3, right: 4 }, 80, 24, lines, 'remote-control').text).toEqual(['', '  x']);
  expect(() => screenFromRows({ top: 1, left: 1, bottom: 25, right: 4 }, 80, 24, lines, 'remote-control')).toThrow(/does not fit/);
});

test('every recipe is registered under its id, and ids are unique', () => {
  const ids = GUI_RECIPES.map((r) => r.id);
  expect(new Set(ids).size).toBe(ids.length);
  expect(ids.length).toBe(19);
  for (const id of ids) expect(Object.keys(TARGETS)).toContain(id);
});
