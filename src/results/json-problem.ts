/**
 * What is wrong with a file that JSON.parse refused, in words that name the
 * place (line and column, where JSON.parse tells it) and never echo an invisible character: a byte-order
 * mark, an early end (a truncated file), or the first character that is not JSON.
 */
import { codePointName, printable } from '../util/printable.js';

function lineColumn(text: string, at: number): string {
  let line = 1;
  let start = 0;
  for (let i = 0; i < at && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      start = i + 1;
    }
  }
  return `line ${line}, column ${at - start + 1}`;
}

function shown(ch: string): string {
  return printable(ch) === ch && ch.trim() !== '' ? `'${ch}'` : codePointName(ch);
}

export function jsonProblem(text: string, error: Error): string {
  if (text.charCodeAt(0) === 0xfeff) return 'starts with a byte-order mark (U+FEFF); save it as UTF-8 without one';
  if (text.trim() === '') return 'the file is empty';
  if (/Unexpected end of JSON input/.test(error.message)) return 'not valid JSON: it ends before the document does (truncated?)';
  const position = /at position (\d+)/.exec(error.message);
  if (position) {
    const at = Number(position[1]);
    // A string or value cut off by the end of the file is a truncated file too.
    if (at >= text.trimEnd().length) return 'not valid JSON: it ends before the document does (truncated?)';
    const what = error.message.replace(/\s*in JSON at position \d+.*$/s, '');
    return `not valid JSON at ${lineColumn(text, at)}: ${printable(what)}${at < text.length ? ` (found ${shown(text[at]!)})` : ''}`;
  }
  const first = text[text.search(/\S/)]!;
  if (first !== '{' && first !== '[') return `not JSON: it starts with ${shown(first)}, where a JSON document starts with { or [`;
  // "Unexpected token 'x', "…" is not valid JSON": V8 names no position here.
  const token = /^Unexpected token '(.+?)'/su.exec(error.message)?.[1];
  if (token !== undefined) return `not valid JSON: unexpected ${shown(token)}`;
  return `not valid JSON: ${printable(error.message.split('\n')[0]!)}`;
}
