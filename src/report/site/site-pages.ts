/**
 * Every kind of file the site writes, one module each (matrix-page.ts,
 * probe-page.ts, terminal-page.ts, compare-page.ts, api.ts …): a kind
 * lists its files from the model, and write-site.ts writes whatever the list
 * holds. A new page kind is a new module and one line here; the layout's
 * `kind` names its body class for the stylesheet.
 */
import type { ColourSheet } from './colour-sheet.js';
import type { ResultsCopy } from './compact-results.js';
import type { SiteModel } from './site-model.js';

export interface SiteFile {
  /** Path inside the site, '/'-separated, made from safe slugs only. */
  path: string;
  /** Rendered when written, so a build holds one page in memory at a time; { file } for a checked file taken as it is (a picture). */
  content: () => string | Buffer | { file: string; size?: number } | { results: ResultsCopy };
}

export interface PageContext {
  /** Screen colours the pages use; generated.css is written from it after every page. */
  colours: ColourSheet;
}

export interface SitePage {
  name: string;
  pages(model: SiteModel, ctx: PageContext): SiteFile[];
}
