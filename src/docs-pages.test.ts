/**
 * The README is a front page (at most 250 lines: what termprobe is, the quick
 * start, the commands, where to read more); the rest is in docs/ pages by
 * topic. Every relative link of the README and the docs pages points at a file
 * that exists and, with a #fragment, at a heading of that file; every docs page
 * is linked from the README.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../', import.meta.url).pathname;
const PAGES = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
const TOPICS = ['targets', 'screens-and-pictures', 'verdicts', 'unicode', 'sessions', 'site', 'contributing', 'ci'];

/** GitHub's heading anchors: lower case, punctuation other than - and _ dropped, spaces to -. */
function slug(heading: string): string {
  return heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
}

/** The headings of a Markdown file outside code blocks, as anchors. */
function anchors(file: string): Set<string> {
  let inCode = false;
  const out = new Set<string>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.startsWith('```')) inCode = !inCode;
    else if (!inCode && /^#{1,6} /.test(line)) out.add(slug(line.replace(/^#+ /, '')));
  }
  return out;
}

/** [text](target) links outside code blocks and inline code, that are not URLs. */
function relativeLinks(file: string): string[] {
  let inCode = false;
  const out: string[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.startsWith('```')) inCode = !inCode;
    if (inCode) continue;
    for (const m of line.replace(/`[^`]*`/g, '').matchAll(/\]\(([^)\s]+)\)/g)) if (!/^[a-z]+:/.test(m[1]!)) out.push(m[1]!);
  }
  return out;
}

describe('the README and the docs pages', () => {
  it('the README is a front page of at most 250 lines', () => {
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8').split('\n').length).toBeLessThanOrEqual(250);
  });

  it('has a docs page per topic, each linked from the README', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    for (const t of TOPICS) expect(existsSync(join(ROOT, 'docs', `${t}.md`)), t).toBe(true);
    for (const page of PAGES.filter((p) => p.startsWith('docs/'))) expect(readme, page).toContain(`](${page})`);
  });

  it('every relative link points at a file that exists, and a #fragment at a heading in it', () => {
    const broken: string[] = [];
    for (const page of PAGES) {
      const file = join(ROOT, page);
      for (const link of relativeLinks(file)) {
        const [path, fragment] = link.split('#') as [string, string | undefined];
        const target = path === '' ? file : join(dirname(file), path);
        if (!existsSync(target)) broken.push(`${page}: ${link} (no ${relative(ROOT, target)})`);
        else if (fragment && target.endsWith('.md') && !anchors(target).has(fragment)) broken.push(`${page}: ${link} (no heading #${fragment})`);
      }
    }
    expect(broken).toEqual([]);
  });
});
