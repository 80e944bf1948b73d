/**
 * The documentation in the site: README.md as docs/readme.html and each
 * docs/<topic>.md as docs/<topic>.html (markdown-page.ts), read from the
 * package termprobe runs from, so the site says how it was measured wherever
 * it is served; every page's footer links the README's page. A link between
 * these pages stays a link in the site; a link to a source file stays text.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { html } from './html.js';
import { renderPage } from './layout.js';
import { markdownToHtml } from './markdown-page.js';
import type { SiteFile, SitePage } from './site-pages.js';

const PACKAGE = fileURLToPath(new URL('../../../', import.meta.url));
/** The README's page in the site, linked from every page's footer. */
export const DOCS_INDEX = 'docs/readme.html';

interface DocsSource {
  /** The page's name in docs/ of the site, without .html. */
  name: string;
  file: string;
}

function sources(): DocsSource[] {
  const dir = join(PACKAGE, 'docs');
  const pages = existsSync(dir) ? readdirSync(dir).filter((f) => /^[a-z0-9-]+\.md$/.test(f)).sort().map((f) => ({ name: basename(f, '.md'), file: join(dir, f) })) : [];
  return existsSync(join(PACKAGE, 'README.md')) ? [{ name: 'readme', file: join(PACKAGE, 'README.md') }, ...pages] : pages;
}

/** Where a link of a docs page leads in the site: another docs page (and its anchor), else nowhere. */
function linkFrom(page: string, names: ReadonlySet<string>): (target: string) => string | undefined {
  return (target) => {
    const [path, anchor] = target.split('#') as [string, string | undefined];
    const hash = anchor ? `#${anchor}` : '';
    if (path === '') return hash || undefined;
    const inDocs = page === 'readme' ? /^docs\/([a-z0-9-]+)\.md$/.exec(path) : /^([a-z0-9-]+)\.md$/.exec(path);
    if (inDocs && names.has(inDocs[1]!)) return `${inDocs[1]}.html${hash}`;
    if (page !== 'readme' && path === '../README.md') return `readme.html${hash}`;
    return undefined;
  };
}

export const docsPages: SitePage = {
  name: 'docs',
  pages(model): SiteFile[] {
    const list = sources();
    const names = new Set(list.map((s) => s.name));
    return list.map((s) => ({
      path: `docs/${s.name}.html`,
      content: () => {
        const { title, body } = markdownToHtml(readFileSync(s.file, 'utf8'), linkFrom(s.name, names));
        const crumbs = s.name === 'readme' ? [{ text: 'documentation' }] : [{ href: 'readme.html', text: 'documentation' }, { text: title }];
        return renderPage(model, { title: title || s.name, kind: 'docs-page', root: '../', crumbs, nav: 'docs', body: html`<h1>${title}</h1>${body}` });
      },
    }));
  },
};
