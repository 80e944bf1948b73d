/**
 * Commander's own errors (unknown command or option, missing argument) as one
 * line: "unknown command 'lst'; did you mean list?" — without its "error: "
 * prefix and with its suggestion on the same line.
 */
import type { CommanderError } from 'commander';
import { printable } from '../util/printable.js';

export function commanderMessage(err: CommanderError): string {
  const text = err.message.replace(/^error: /, '');
  const suggested = /\n\(Did you mean (.+)\?\)\s*$/.exec(text);
  if (suggested) return printable(`${text.slice(0, suggested.index)}; did you mean ${suggested[1]}?`);
  return `${printable(text.split('\n')[0]!)} (termprobe --help shows the usage)`;
}
