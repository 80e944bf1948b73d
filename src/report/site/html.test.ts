import { describe, expect, it } from 'vitest';
import { escapeHtml, externalLink, html, joinHtml, trustedHtml } from './html.js';

describe('html``', () => {
  it('escapes every interpolated string, in text and in quoted attributes', () => {
    const evil = `<script>alert("x")</script>' onmouseover='1' &amp;`;
    const out = html`<td title="${evil}">${evil}</td>`.toString();
    expect(out).toBe(`<td title="${escapeHtml(evil)}">${escapeHtml(evil)}</td>`);
    expect(out).not.toMatch(/<script|"[^"]*' onmouseover='/);
    expect(escapeHtml(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&#39;');
  });

  it('nests fragments without escaping them twice, joins arrays and drops empty values', () => {
    const inner = html`<b>${'a<b'}</b>`;
    expect(html`<p>${inner}${[1, ' ', 'x&y']}${null}${undefined}${false}</p>`.toString()).toBe('<p><b>a&lt;b</b>1 x&amp;y</p>');
    expect(joinHtml(['<', html`<br>`, '>'], html`|`).toString()).toBe('&lt;|<br>|&gt;');
  });

  it('makes fragments only through html`` or trustedHtml', () => {
    expect(trustedHtml('<i>ok</i>').toString()).toBe('<i>ok</i>');
    const Ctor = trustedHtml('').constructor as new (m: string, k: symbol) => unknown;
    expect(() => new Ctor('<script>', Symbol('html'))).toThrow(/made by html/);
  });

  it('links only http(s) URLs; javascript:, data: and relative ones stay text', () => {
    expect(externalLink('https://github.com/x/y/issues/1').toString()).toBe('<a href="https://github.com/x/y/issues/1" rel="noopener noreferrer nofollow">https://github.com/x/y/issues/1</a>');
    for (const bad of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,<script>', '//evil.example/x', ' https://x', 'ECMA-48 8.3.59 HPR']) {
      expect(externalLink(bad).toString()).toBe(escapeHtml(bad));
    }
    expect(externalLink('https://example.org/"><script>').toString()).not.toContain('<script>');
  });
});
