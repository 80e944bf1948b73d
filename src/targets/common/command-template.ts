/**
 * A command template, as `--target 'x11:CMD …'` and `--target 'stdio:CMD …'`
 * give it: words split as a POSIX shell splits them (single and double quotes,
 * backslash escapes; no expansions, no operators), then placeholders filled in:
 *
 *   {command}  the program termprobe wants run inside the terminal. Standing alone
 *              as an unquoted word it becomes that program and its arguments,
 *              several words (`xterm -e {command}`); inside a quoted or longer
 *              word it becomes one shell command line (`lxterminal -e "{command}"`).
 *   {cols} {rows}  the size asked for (`--size`).
 *
 * Nothing runs through a shell: the first word is the program.
 */
import { BadInputError } from '../../util/bad-input-error.js';

export class CommandTemplateError extends BadInputError {
  override name = 'CommandTemplateError';
}

export interface TemplateWord {
  text: string;
  /** The word was, or had, a quoted part: a {command} in it is one shell string. */
  quoted: boolean;
}

const PLACEHOLDERS = ['{command}', '{cols}', '{rows}'] as const;

/** Split a template into words; `where` names it in errors (`--target "x11:…"`), columns counted from `offset` characters before the template. */
export function splitWords(text: string, where: string, offset = 0): TemplateWord[] {
  const words: TemplateWord[] = [];
  let word: TemplateWord | undefined;
  const add = (ch: string, quoted = false) => {
    word ??= { text: '', quoted: false };
    word.text += ch;
    if (quoted) word.quoted = true;
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === ' ' || ch === '\t' || ch === '\n') {
      if (word) words.push(word);
      word = undefined;
    } else if (ch === "'") {
      const end = text.indexOf("'", i + 1);
      if (end < 0) throw new CommandTemplateError(`${where}: unterminated ' at column ${offset + i + 1}`);
      add(text.slice(i + 1, end), true);
      i = end;
    } else if (ch === '"') {
      let j = i + 1;
      let part = '';
      for (; j < text.length && text[j] !== '"'; j++) {
        if (text[j] === '\\' && j + 1 < text.length && '"\\$`'.includes(text[j + 1]!)) part += text[++j];
        else part += text[j];
      }
      if (j >= text.length) throw new CommandTemplateError(`${where}: unterminated " at column ${offset + i + 1}`);
      add(part, true);
      i = j;
    } else if (ch === '\\') {
      if (i + 1 >= text.length) throw new CommandTemplateError(`${where}: a \\ ends the command`);
      add(text[++i]!, true);
    } else if ('|&;<>()$`'.includes(ch)) {
      throw new CommandTemplateError(`${where}: "${ch}" at column ${offset + i + 1} is shell syntax, and the command does not run through a shell; quote it, or wrap the command in sh -c '…'`);
    } else add(ch);
  }
  if (word) words.push(word);
  if (words.length === 0) throw new CommandTemplateError(`${where}: the command is empty`);
  for (const w of words) {
    for (const m of w.text.matchAll(/\{[a-z]*\}/g)) {
      if (!(PLACEHOLDERS as readonly string[]).includes(m[0])) throw new CommandTemplateError(`${where}: unknown placeholder ${m[0]}; use ${PLACEHOLDERS.join(', ')}`);
    }
  }
  return words;
}

export interface TemplateValues {
  /** {command} standing alone: these words. */
  argv?: readonly string[];
  /** {command} inside a word: this shell command line. */
  command?: string;
  cols: number;
  rows: number;
}

/** The program and arguments, placeholders filled in. */
export function expandWords(words: readonly TemplateWord[], values: TemplateValues): string[] {
  const out: string[] = [];
  for (const w of words) {
    if (w.text === '{command}' && !w.quoted && values.argv) {
      out.push(...values.argv);
      continue;
    }
    out.push(w.text.replaceAll('{command}', values.command ?? '').replaceAll('{cols}', String(values.cols)).replaceAll('{rows}', String(values.rows)));
  }
  return out;
}

export function hasPlaceholder(words: readonly TemplateWord[], placeholder: (typeof PLACEHOLDERS)[number]): boolean {
  return words.some((w) => w.text.includes(placeholder));
}
