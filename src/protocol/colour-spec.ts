/**
 * Colour specifications as terminals report them (OSC 4/10/11/12/17/19 replies):
 * X11 `rgb:R/G/B` with 1–4 hex digits per component, `rgba:R/G/B/A`, and `#RGB`
 * forms of 3, 6, 9 or 12 digits. Canonical form: `#rrggbb`, each component
 * scaled to 8 bits, so `rgb:ffff/0000/8080` and `#ff0080` compare equal. Pure.
 */

function scale(hex: string): number | null {
  if (hex.length < 1 || hex.length > 4 || !/^[0-9A-Fa-f]+$/.test(hex)) return null;
  const max = 16 ** hex.length - 1;
  return Math.round((parseInt(hex, 16) * 255) / max);
}

const two = (n: number) => n.toString(16).padStart(2, '0');

/** `#rrggbb`, or null when the text is no colour specification termprobe knows. */
export function canonicalColour(spec: string): string | null {
  let parts: string[] | null = null;
  const x11 = /^rgba?:([^/]+)\/([^/]+)\/([^/]+)(?:\/[^/]+)?$/i.exec(spec);
  if (x11 && (spec.toLowerCase().startsWith('rgba:') ? spec.split('/').length === 4 : spec.split('/').length === 3)) parts = [x11[1]!, x11[2]!, x11[3]!];
  else if (/^#([0-9A-Fa-f]{3}){1,4}$/.test(spec)) {
    const n = (spec.length - 1) / 3;
    parts = [spec.slice(1, 1 + n), spec.slice(1 + n, 1 + 2 * n), spec.slice(1 + 2 * n)];
    // #RGB forms are the high digits, not scaled (X11 XParseColor): pad to 4.
    return '#' + parts.map((p) => p.padEnd(4, '0').slice(0, 2).toLowerCase()).join('');
  }
  if (!parts) return null;
  const values = parts.map(scale);
  if (values.some((v) => v === null)) return null;
  return '#' + values.map((v) => two(v!)).join('');
}

/** Hex-encoded text (XTGETTCAP names and values) decoded as Latin-1 bytes; null when not hex pairs. */
export function decodeHex(hex: string): string | null {
  if (hex.length % 2 !== 0 || !/^[0-9A-Fa-f]*$/.test(hex)) return null;
  let out = '';
  for (let i = 0; i < hex.length; i += 2) out += String.fromCharCode(parseInt(hex.slice(i, i + 2), 16));
  return out;
}

/** Text as hex pairs, upper case (XTGETTCAP names). */
export function encodeHex(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) out += (text.charCodeAt(i) & 0xff).toString(16).padStart(2, '0').toUpperCase();
  return out;
}
