/**
 * The site's sources live in site/ (templates, CSS, JS) beside the package's
 * other data. A template is HTML with `{{slot}}` placeholders; filling one escapes
 * plain strings and inserts `Html` fragments as they are. A slot left unfilled or
 * a value for a slot the template lacks is an error, so templates and code stay in step.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { html, trustedHtml, type Html, type HtmlValue } from './html.js';

/** site/ at the package root (the same path from src/report/site and dist/report/site). */
export const SITE_SOURCES = fileURLToPath(new URL('../../../site/', import.meta.url));

export type TemplateName = 'layout' | 'features' | 'feature' | 'matrix' | 'probe' | 'terminal' | 'compare' | 'unicode' | 'unicode-terminal' | 'sessions' | 'session';

const SLOT = /\{\{([a-zA-Z][a-zA-Z0-9]*)\}\}/g;
const cache = new Map<TemplateName, string>();

function templateText(name: TemplateName): string {
  let text = cache.get(name);
  if (text === undefined) {
    text = readFileSync(`${SITE_SOURCES}templates/${name}.html`, 'utf8');
    cache.set(name, text);
  }
  return text;
}

export function fillTemplate(name: TemplateName, slots: Record<string, HtmlValue>): Html {
  const text = templateText(name);
  const used = new Set<string>();
  const out = text.replace(SLOT, (_, slot: string) => {
    if (!Object.hasOwn(slots, slot)) throw new Error(`site/templates/${name}.html: no value for {{${slot}}}`);
    used.add(slot);
    return html`${slots[slot]}`.toString();
  });
  const extra = Object.keys(slots).filter((k) => !used.has(k));
  if (extra.length > 0) throw new Error(`site/templates/${name}.html has no slot for ${extra.map((k) => `{{${k}}}`).join(', ')}`);
  return trustedHtml(out);
}
