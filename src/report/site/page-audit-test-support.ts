/**
 * Checks run inside a site page (for the site's browser tests), axe-style but
 * self-contained: the document's language, a name for every link and control,
 * and the contrast of every piece of text against the background it is drawn
 * on (WCAG 2 ratio, alpha and opacity composited). Screen-grid cells that show a
 * terminal's own colours (f-/g- classes) are depictions of an answer, not the
 * site's text, and are left out. Returned as a string to evaluate with
 * page.evaluate; the result is an AuditResult.
 */

export interface ContrastPair {
  fg: string;
  bg: string;
  ratio: number;
  /** Where the pair was first seen: a CSS-ish path and the text. */
  sample: string;
}

export interface AuditResult {
  lang: string;
  unnamed: string[];
  pairs: ContrastPair[];
  unparsed: string[];
}

export const AUDIT_SCRIPT = `(() => {
  const parse = (c) => {
    const m = c.match(/^rgba?\\(([\\d.]+),\\s*([\\d.]+),\\s*([\\d.]+)(?:,\\s*([\\d.]+))?\\)$/);
    return m ? [Number(m[1]), Number(m[2]), Number(m[3]), m[4] === undefined ? 1 : Number(m[4])] : null;
  };
  const unparsed = new Set();
  const over = (top, under) => {
    const a = top[3];
    return [0, 1, 2].map((i) => top[i] * a + under[i] * (1 - a)).concat(1);
  };
  const canvas = () => {
    const b = parse(getComputedStyle(document.body).backgroundColor);
    const h = parse(getComputedStyle(document.documentElement).backgroundColor);
    if (b && b[3] === 1) return b;
    if (h && h[3] === 1) return h;
    return matchMedia('(prefers-color-scheme: dark)').matches ? [18, 18, 18, 1] : [255, 255, 255, 1];
  };
  const base = canvas();
  const backdrop = (el) => {
    const layers = [];
    for (let e = el; e && e !== document.documentElement; e = e.parentElement) {
      const c = getComputedStyle(e).backgroundColor;
      const p = parse(c);
      if (!p) { unparsed.add(c); continue; }
      if (p[3] > 0) layers.push(p);
      if (p[3] === 1) break;
    }
    let bg = layers.length && layers[layers.length - 1][3] === 1 ? layers.pop() : base;
    while (layers.length) bg = over(layers.pop(), bg);
    return bg;
  };
  const opacity = (el) => { let o = 1; for (let e = el; e; e = e.parentElement) o *= Number(getComputedStyle(e).opacity); return o; };
  const lum = (c) => { const f = (v) => { v /= 255; return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; }; return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]); };
  const hex = (c) => '#' + c.slice(0, 3).map((v) => Math.round(v).toString(16).padStart(2, '0')).join('');
  const pairs = new Map();
  for (const d of document.querySelectorAll('details')) d.open = true;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (!n.textContent.trim()) continue;
    const el = n.parentElement;
    if (!el || el.closest('table.screen td[class*="f-"], table.screen td[class*="g-"], script, style, [hidden]')) continue;
    if (el.getClientRects().length === 0 || getComputedStyle(el).visibility !== 'visible') continue;
    const fgRaw = parse(getComputedStyle(el).color);
    if (!fgRaw) { unparsed.add(getComputedStyle(el).color); continue; }
    const bg = backdrop(el);
    const fg = over([fgRaw[0], fgRaw[1], fgRaw[2], fgRaw[3] * opacity(el)], bg);
    const key = hex(fg) + ' on ' + hex(bg);
    if (pairs.has(key)) continue;
    const [hi, lo] = [lum(fg), lum(bg)].sort((a, b) => b - a);
    pairs.set(key, { fg: hex(fg), bg: hex(bg), ratio: Math.round(((hi + 0.05) / (lo + 0.05)) * 100) / 100, sample: el.tagName.toLowerCase() + (el.className ? '.' + String(el.className).split(' ')[0] : '') + ' "' + n.textContent.trim().slice(0, 30) + '"' });
  }
  const nameOf = (el) => {
    const label = el.getAttribute('aria-label');
    if (label && label.trim()) return label;
    const by = el.getAttribute('aria-labelledby');
    if (by) return by.split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
    if (el.labels && el.labels.length) return Array.from(el.labels).map((l) => l.textContent).join(' ');
    const text = (el.innerText || el.textContent || '') + Array.from(el.querySelectorAll('img[alt]')).map((i) => i.alt).join(' ');
    return text.trim() || el.getAttribute('title') || '';
  };
  const unnamed = Array.from(document.querySelectorAll('a[href], button, input, select, textarea, summary, img, [tabindex]:not([tabindex="-1"])'))
    .filter((el) => el.tagName === 'IMG' ? !el.getAttribute('alt') : el.matches('[tabindex]:not(a,button,input,select,textarea,summary)') ? !(el.getAttribute('aria-label') || el.getAttribute('aria-labelledby')) : !nameOf(el).trim())
    .map((el) => el.outerHTML.slice(0, 120));
  return { lang: document.documentElement.lang, unnamed, pairs: Array.from(pairs.values()), unparsed: Array.from(unparsed) };
})()`;
