/**
 * The shape of a minimised case, for de-duplication: each token by its kind —
 * a CSI sequence by marker, intermediates and final with each parameter as
 * "" (omitted), 0, 1 or N (any other number); an ESC sequence or control as it
 * is; text by class (a: ASCII, W: wide, M: combining mark, U: other). So
 * `CSI 0 a` and `CSI 0 e` are two findings, `CSI 0 a` after different
 * positions one.
 */
import { escapeText } from '../corpus/escape-bytes.js';
import { groundTokenEnds } from '../replay/ground-tokens.js';

const CSI_RE = /^\x1b\[([<=>?]?)([0-9;:]*)([ -/]*)([@-~])$/;

function paramClass(p: string): string {
  if (p === '' || p === '0' || p === '1') return p;
  return 'N';
}

function textClass(ch: string): string {
  const cp = ch.codePointAt(0)!;
  if (cp < 0x80) return 'a';
  if (/\p{M}/u.test(ch)) return 'M';
  if (/[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]|\p{Extended_Pictographic}/u.test(ch)) return 'W';
  return 'U';
}

export function caseShape(bytes: Uint8Array): string {
  const parts: string[] = [];
  let prev = 0;
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (const end of groundTokenEnds(bytes)) {
    const token = buf.subarray(prev, end).toString('utf8');
    prev = end;
    const m = CSI_RE.exec(token);
    if (m) {
      const [, marker = '', params = '', inter = '', final = ''] = m;
      parts.push(`CSI ${marker}${params === '' ? '' : params.split(';').map(paramClass).join(';')}${inter}${final}`);
    } else if (token.startsWith('\x1b') || (token.length === 1 && token.charCodeAt(0) < 0x20)) parts.push(escapeText(token));
    else {
      const classes = [...token].map(textClass).join('');
      // Runs of one class read as one: "aaa" and "a" are the same shape.
      parts.push(classes.replace(/(.)\1+/g, '$1'));
    }
  }
  // Adjacent text tokens merge, as do repeats.
  return parts.filter((p, i) => !(i > 0 && /^[aWMU]+$/.test(p) && p === parts[i - 1])).join(' ');
}
