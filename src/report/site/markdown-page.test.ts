/** The docs pages in the site: termprobe's Markdown as escaped HTML, links between docs pages kept, links to sources as text. */
import { describe, expect, it } from 'vitest';
import { headingAnchor, markdownToHtml } from './markdown-page.js';

const link = (t: string) => (t.startsWith('verdicts.md') ? t.replace('verdicts.md', 'verdicts.html') : undefined);

describe('markdownToHtml', () => {
  it('renders headings with their anchors, paragraphs, lists with continued items, code, tables and inline markup', () => {
    const md = [
      '# Targets',
      '',
      'A paragraph with `code`, **bold**, *italics* and a [link](verdicts.md#marks) and',
      'a [source](../src/x.ts).',
      '',
      '## Your terminal (`npx termprobe`)',
      '',
      '- one item',
      '  continued here',
      '- two',
      '',
      '```sh',
      'npx termprobe <script>',
      '```',
      '',
      '| a | b \\| c |',
      '| --- | --- |',
      '| `x` | y |',
    ].join('\n');
    const { title, body } = markdownToHtml(md, link);
    const out = body.toString();
    expect(title).toBe('Targets');
    expect(out).toContain('<h2 id="your-terminal-npx-termprobe">Your terminal (<code>npx termprobe</code>)</h2>');
    expect(out).toContain('<p>A paragraph with <code>code</code>, <strong>bold</strong>, <em>italics</em> and a <a href="verdicts.html#marks">link</a> and a source.</p>');
    expect(out).toContain('<ul><li>one item continued here</li><li>two</li></ul>');
    expect(out).toContain('<pre><code>npx termprobe &lt;script&gt;</code></pre>');
    expect(out).toContain('<th scope="col">b | c</th>');
    expect(out).toContain('<td><code>x</code></td>');
    expect(headingAnchor('Where results go')).toBe('where-results-go');
  });

  it('escapes everything that is text, and makes no link of a javascript: target', () => {
    const { body } = markdownToHtml('<img src=x onerror=alert(1)> [x](javascript:void)', link);
    expect(body.toString()).toBe('<p>&lt;img src=x onerror=alert(1)&gt; x</p>');
  });
});
