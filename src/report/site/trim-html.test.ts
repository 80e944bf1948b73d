import { describe, expect, it } from 'vitest';
import { trimHtml } from './trim-html.js';

describe('trimHtml', () => {
  it('leaves out the end tags HTML implies, and the whitespace that followed them', () => {
    expect(trimHtml('<table><thead><tr><th>a</th></tr></thead><tbody><tr><td>1</td>\n<td class="x">2</td></tr></tbody></table>')).toBe('<table><thead><tr><th>a<tbody><tr><td>1<td class="x">2</table>');
    expect(trimHtml('<ul><li>one<ol><li>a</li></ol></li>\n<li>two</li></ul><dl><dt>k</dt><dd>v</dd></dl>')).toBe('<ul><li>one<ol><li>a</ol><li>two</ul><dl><dt>k<dd>v</dl>');
  });

  it('keeps paragraphs, text after an end tag, and script, pre, textarea and style bodies whole', () => {
    expect(trimHtml('<p>x</p><p>y</p>')).toBe('<p>x</p><p>y</p>');
    expect(trimHtml('<li>a</li> b')).toBe('<li>a</li> b');
    const raw = '<script type="application/json" id="d">{"a":"</td></li>"}</script><pre class="a">x</li>\n</pre><textarea></td></textarea><style>a{}</style>';
    expect(trimHtml(raw + '<ul><li>z</li></ul>')).toBe(raw + '<ul><li>z</ul>');
  });
});
