import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { haveProgram } from '../../test-support/require-program.js';
import { CHROMIUM_PACKAGE, CHROMIUM_PATH, launchChromium } from './browser-harness.js';
import { quoteAttributes } from './read-page-test-support.js';
import { trimHtml } from './trim-html.js';

describe('trimHtml', () => {
  it('leaves out the end tags HTML implies, and the whitespace that followed them', () => {
    expect(trimHtml('<table><thead><tr><th>a</th></tr></thead><tbody><tr><td>1</td>\n<td class="x y">2</td></tr></tbody></table>')).toBe('<table><thead><tr><th>a<tbody><tr><td>1<td class="x y">2</table>');
    expect(trimHtml('<ul><li>one<ol><li>a</li></ol></li>\n<li>two</li></ul><dl><dt>k</dt><dd>v</dd></dl>')).toBe('<ul><li>one<ol><li>a</ol><li>two</ul><dl><dt>k<dd>v</dl>');
  });

  it('keeps paragraphs, text after an end tag, and script, pre, textarea and style bodies whole', () => {
    expect(trimHtml('<p>x</p><p>y</p>')).toBe('<p>x</p><p>y</p>');
    expect(trimHtml('<html><head><title>t</title></head><body>')).toBe('<html><title>t</title><body>');
    expect(trimHtml('<html><head> <title>t</title></head> <body>')).toBe('<html><head> <title>t</title></head> <body>');
    expect(trimHtml('<li>a</li> b')).toBe('<li>a</li> b');
    const body = '{"a":"</td></li>","b":"x=\\"y\\""}</script><pre class=a>x</li>\n<b class="c">d</b></pre><textarea></td></textarea><style>a{}</style>';
    expect(trimHtml('<script type="application/json" id="d">' + body + '<ul><li>z</li></ul>')).toBe('<script type=application/json id=d>' + body + '<ul><li>z</ul>');
  });

  it('leaves out the quotes of values that need none, and keeps them where they are needed', () => {
    expect(trimHtml('<a class="k" href="../p/a.b.html#t-x&amp;y" download>x</a>')).toBe('<a class=k href=../p/a.b.html#t-x&amp;y download>x</a>');
    expect(trimHtml('<img alt="" src="a.png" title="a b" data-x="a=b" data-y="it\'s" data-z="`q`">')).toBe('<img alt="" src=a.png title="a b" data-x="a=b" data-y="it\'s" data-z="`q`">');
    expect(trimHtml('<td title="&quot;x&quot;">1</td><tr>')).toBe('<td title=&quot;x&quot;>1<tr>');
    // Left as they are: a self-closing slash (a bare value would take it in), space before >, a comment, the doctype.
    for (const kept of ['<br class="a"/>', '<a href="x" >', '<!-- <a href="x"> -->', '<!doctype html>']) expect(trimHtml(kept)).toBe(kept);
  });

  it('is undone by the tests\' quoteAttributes, end tags aside', () => {
    const page = '<body class="p" data-root="../"><a class="skip" href="#main" title="a b">x</a><script type="application/json" id="d">{"k":"v"}</script><img alt="" src="a.png"><p data-x="a=b">y</p>';
    expect(trimHtml(page)).not.toBe(page);
    expect(quoteAttributes(trimHtml(page))).toBe(page);
  });
});

describe.skipIf(!haveProgram(CHROMIUM_PATH, CHROMIUM_PACKAGE))('trimHtml in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('gives the tree the untrimmed page gives', async () => {
    const page = await browser.newPage();
    const pages = [
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>t</title><link rel="stylesheet" href="../assets/site.css"><script src="../assets/probe.js" defer></script></head><body class="probe-page" data-root="../">',
      '<table class="data x" data-kinds="✓ ki ✗ kl"><thead><tr><th scope="col">a</th></tr></thead><tbody><tr><th scope="row"><a href="../t/x-1.0.html">x 1.0</a></th><td class="fmark fm-y" title="2 of 3">✓</td></tr></tbody></table>',
      '<p class="n">a <a href="compare.html#a=x&amp;b=y">b</a> <img class="badge" src="b.svg" alt="badge: x, ✓ 2" width="300" height="20"></p><ul class="u"><li id="f-1">a <span class="n">· <a href="#f-2"><code>z</code></a></span></li></ul>',
      '<script type="application/json" id="d">{"a":"</td>"}</script><pre class="repro" id="repro">printf &#39;\\033[&gt;4m&#39;</pre><details class="s" open><summary>x</summary><div class="y" data-a="1;2">q</div></details>',
    ];
    for (const html of pages) {
      const trees = (await page.evaluate(`${JSON.stringify([html, trimHtml(html)])}.map((s) => new DOMParser().parseFromString(s, 'text/html').documentElement.outerHTML)`)) as string[];
      expect(trimHtml(html).length).toBeLessThan(html.length);
      expect(trees[1]).toBe(trees[0]);
    }
  });
});
