import { describe, expect, it } from 'vitest';
import type { ScreenAnswer } from '../../results/results-schema.js';
import { ColourSheet, colourValue } from './colour-sheet.js';
import { readFileSync } from 'node:fs';
import { SCREEN_DEFAULT_BASE, screenData, screenGrid } from './screen-grid.js';

const region = { top: 1, left: 1, bottom: 1, right: 4 };

describe('screen grid', () => {
  it('draws one HTML cell per terminal cell, a wide character over two columns', () => {
    const screen: ScreenAnswer = { via: 'hosted', region, text: ['中ab'], cells: [[{ t: '中', w: 2 }, { t: '', w: 0 }, { t: 'a', w: 1 }, { t: 'b', w: 1 }]] };
    const out = screenGrid(screen, 'xterm.js 6.0.0', new ColourSheet()).toString();
    const row = out.slice(out.lastIndexOf('<tr>'));
    expect(row).toMatch(/<th class="rownum" scope="row">1<\/th><td class="w2" colspan="2" title="U\+4E2D · wide">中<\/td><td>a<\/td><td>b<\/td><\/tr>/);
    expect((out.match(/class="colnum"/g) ?? []).length).toBe(5);
  });

  it('titles a cell with its code points and style unless it is an unstyled blank or printable ASCII character', () => {
    const cells = [{ t: 'a', w: 1 }, { t: '\u00a0', w: 1 }, { t: 'e\u0301', w: 1 }, { t: 'b', w: 1, s: { bold: true as const } }];
    const out = screenGrid({ via: 'hosted', region, text: ['a\u00a0e\u0301b'], cells: [cells] }, 'x', new ColourSheet()).toString();
    expect(out.slice(out.lastIndexOf('<tr>'))).toContain('<td>a</td><td title="U+00A0">\u00a0</td><td title="U+0065 U+0301">e\u0301</td><td class="s-b" title="U+0062 · bold">b</td>');
  });

  it('turns styles into classes, swapping colours for reverse video, and collects the colours', () => {
    const colours = new ColourSheet();
    const screen: ScreenAnswer = {
      via: 'capture-pane',
      region,
      text: ['xy'],
      cells: [[{ t: 'x', w: 1, s: { bold: true, fg: 'red', bg: 196 } }, { t: 'y', w: 1, s: { reverse: true, fg: '#123abc' } }, { t: ' ', w: 1 }, { t: '<', w: 1, s: { underline: true } }]],
    };
    const out = screenGrid(screen, 'tmux', colours).toString();
    expect(out).toContain('<td class="s-b f-cd0000 g-ff0000"');
    expect(out).toContain('<td class="f-ffffff g-123abc"');
    expect(out).toContain('<td class="s-u" title="U+003C · underline">&lt;</td>');
    const css = colours.css();
    for (const rule of ['.f-cd0000{color:#cd0000}', '.g-ff0000{background-color:#ff0000}', '.g-123abc{background-color:#123abc}']) expect(css).toContain(rule);
  });

  it('falls back to the text when the target cannot read cells', () => {
    const out = screenGrid({ via: 'hardcopy', region, text: ['ab'] }, 'screen', new ColourSheet()).toString();
    expect(out).toContain('text only, widths unknown');
    // a, b, and the two blank cells that pad the row to the region's width, drawn as one run
    expect(out.slice(out.lastIndexOf('<tr>'))).toContain('<td>a</td><td>b</td><td class="run" colspan="2" title="2 × U+0020">  </td></tr>');
  });

  it('draws a run of blank cells of one style as one cell over their columns; a marked cell stays alone', () => {
    const blue = { bg: 'blue' as const };
    const cells = [{ t: ' ', w: 1, s: blue }, { t: ' ', w: 1, s: blue }, { t: ' ', w: 1, s: blue }, { t: ' ', w: 1 }, { t: 'x', w: 1, s: blue }, { t: ' ', w: 1, s: blue }, { t: ' ', w: 1, s: blue }];
    const screen: ScreenAnswer = { via: 'hosted', region: { top: 1, left: 1, bottom: 1, right: 7 }, text: ['    x'], cells: [cells] };
    const row = (marked?: (r: number, c: number) => boolean) => {
      const out = screenGrid(screen, 'x', new ColourSheet(), marked).toString();
      return out.slice(out.lastIndexOf('<tr>'), out.lastIndexOf('</table>'));
    };
    expect(row()).toBe('<tr><th class="rownum" scope="row">1</th><td class="g-0000ee run" colspan="3" title="3 × U+0020 · bg blue">   </td><td> </td><td class="g-0000ee" title="U+0078 · bg blue">x</td><td class="g-0000ee run" colspan="2" title="2 × U+0020 · bg blue">  </td></tr>');
    const marked = row((_, c) => c === 2);
    expect(marked).toContain('<td class="g-0000ee" title="U+0020 · bg blue"> </td><td class="g-0000ee diff" title="U+0020 · bg blue"> </td><td class="g-0000ee" title="U+0020 · bg blue"> </td><td> </td>');
  });

  it('maps the 256-colour palette', () => {
    expect([colourValue(16), colourValue(21), colourValue(196), colourValue(231), colourValue(232), colourValue(255), colourValue('bright-blue')]).toEqual(['#000000', '#0000ff', '#ff0000', '#ffffff', '#080808', '#eeeeee', '#5c5cff']);
    expect(colourValue('url(x)' as never)).toBeUndefined();
  });

  it('gives the page script styled ASCII text, a marked stretch and 6 plain cells or more as one sequence each', () => {
    const bold = { bold: true as const };
    const plain = (t: string) => [...t].map((ch) => ({ t: ch, w: 1 }));
    const cells = [...[...'Tasks'].map((t) => ({ t, w: 1, s: bold })), { t: 'x', w: 1, s: { italic: true as const } }, ...plain('abcdef'), { t: ' ', w: 1 }, { t: ' ', w: 1 }, ...plain('gh'), { t: '中', w: 2 }, { t: '', w: 0 }, ...plain('xy')];
    const text = cells.map((c) => c.t).join('');
    const data = screenData({ via: 'hosted', region: { top: 1, left: 1, bottom: 1, right: 20 }, text: [text], cells: [cells] }, new ColourSheet(), ['hosted'], (_r, c) => c === 19 || c === 20) as { rows: unknown[][] };
    expect(data.rows[0]).toEqual([['Tasks', 1, 's-b', 0], ['x', 1, 's-i', 1], ['abcdef', 1, '', 0], [' ', 1, '', 2], 'g', 'h', ['中', 2, '', 1], ['xy', 1, 'diff', 0]]);
  });

  it('leaves out the default colours\' classes, which screen.js takes as they are', () => {
    const sheet = new ColourSheet();
    expect(`${sheet.use('default-fg', 'f')} ${sheet.use('default-bg', 'g')}`).toBe(SCREEN_DEFAULT_BASE);
    expect(screenData({ via: 'hosted', region, text: ['ab'] }, sheet)).not.toHaveProperty('base');
    expect(readFileSync(new URL('../../../site/assets/screen.js', import.meta.url), 'utf8')).toContain(`const DEFAULT_BASE = '${SCREEN_DEFAULT_BASE}';`);
  });
});
