/**
 * File names for pages, made from untrusted names (terminal names and versions,
 * probe ids). A slug is lowercase ASCII letters, digits, '.', '_' and '-', never
 * starts with a dot or dash, is at most 80 characters, is not a Windows device
 * name, and is unique within its allocator.
 */

const MAX = 80;
const RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)$/;

export function slugify(text: string, fallback = 'item'): string {
  let s = text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/\.{2,}/g, '.')
    .replace(/-{2,}/g, '-')
    .replace(/^[.-]+|[.-]+$/g, '');
  if (s.length > MAX) s = s.slice(0, MAX).replace(/[.-]+$/, '');
  if (s === '' || RESERVED.test(s.split('.')[0]!)) s = s === '' ? fallback : `${fallback}-${s}`;
  return s;
}

/** Hands out unique slugs: a second "xterm-390" becomes "xterm-390-2". */
export class SlugAllocator {
  readonly #used = new Set<string>();
  constructor(private readonly fallback: string) {}

  take(text: string): string {
    const base = slugify(text, this.fallback);
    let slug = base;
    for (let n = 2; this.#used.has(slug); n++) slug = `${base}-${n}`;
    this.#used.add(slug);
    return slug;
  }
}

/** Whether a string is a slug this module could have produced (checked before any file is written). */
export function isSafeSlug(s: string): boolean {
  return s.length > 0 && s.length <= MAX + 8 && /^[a-z0-9_][a-z0-9._-]*$/.test(s) && !s.includes('..');
}
