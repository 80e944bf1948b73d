/** The site's scripts and stylesheets as served (write-site.ts, and the probe pages' one script in probe-page.ts). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SITE_SOURCES } from './templates.js';

/**
 * The site's scripts and stylesheet as served: without their comments and
 * indentation (a third of their size; the index must stay small). Only whole
 * comment lines and /* … *\/ blocks that start a line go: the sources keep
 * neither inside strings.
 */
export function compactSource(text: string): string {
  return text
    .replace(/^\s*\/\*[\s\S]*?\*\/\s*$/gm, '')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('//'))
    .join('\n') + '\n';
}

/** One of the site's own scripts or stylesheets (site/assets/), as served. */
export function siteAsset(name: string): string {
  return compactSource(readFileSync(join(SITE_SOURCES, 'assets', name), 'utf8'));
}
