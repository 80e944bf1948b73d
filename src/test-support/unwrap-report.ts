/** Reading a report fitted to a width (report/wrap-lines.ts) as it was written: each wrapped line whole again. */

/**
 * The report's lines as written before they were fitted to the width (wrap-lines.ts): a physical line is the
 * continuation of the one before when it is indented two more than that logical line and its first word would
 * not have fitted after it.
 */
export function unwrapReport(lines: readonly string[], width = 80): string[] {
  const out: { text: string; indent: number; last: string }[] = [];
  for (const line of lines) {
    const indent = /^ */.exec(line)![0].length;
    const prev = out[out.length - 1];
    const word = line.trimStart().split(' ')[0] ?? '';
    if (prev && indent === prev.indent + 2 && prev.last.length + 1 + word.length > width) {
      prev.text += ` ${line.trimStart()}`;
      prev.last = line;
    } else out.push({ text: line, indent, last: line });
  }
  return out.map((l) => l.text);
}
