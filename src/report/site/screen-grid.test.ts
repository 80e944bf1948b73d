import { describe, expect, it } from 'vitest';
import type { ScreenAnswer } from '../../results/results-schema.js';
import { ColourSheet, colourValue } from './colour-sheet.js';
import { screenGrid } from './screen-grid.js';

const region = { top: 1, left: 1, bottom: 1, right: 4 };

describe('screen grid', () => {
  it('draws one HTML cell per terminal cell, a wide character over two columns', () => {
    const screen: ScreenAnswer = { via: 'hosted', region, text: ['中ab'], cells: [[{ t: '中', w: 2 }, { t: '', w: 0 }, { t: 'a', w: 1 }, { t: 'b', w: 1 }]] };
    const out = screenGrid(screen, 'xterm.js 6.0.0', new ColourSheet()).toString();
    const row = out.slice(out.lastIndexOf('<tr>'));
    expect(row).toMatch(/<th class="rownum" scope="row">1<\/th><td class="w2" colspan="2" title="U\+4E2D · wide">中<\/td><td title="U\+0061">a<\/td><td title="U\+0062">b<\/td><\/tr>/);
    expect((out.match(/class="colnum"/g) ?? []).length).toBe(5);
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
    expect((out.match(/<td(?! class="colnum")/g) ?? []).length).toBe(4);
  });

  it('maps the 256-colour palette', () => {
    expect([colourValue(16), colourValue(21), colourValue(196), colourValue(231), colourValue(232), colourValue(255), colourValue('bright-blue')]).toEqual(['#000000', '#0000ff', '#ff0000', '#ffffff', '#080808', '#eeeeee', '#5c5cff']);
    expect(colourValue('url(x)' as never)).toBeUndefined();
  });
});
