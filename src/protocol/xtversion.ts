/**
 * The name and version in an XTVERSION reply's text (DCS > | text ST), as
 * terminals write it: "xterm(379)", "tmux 3.3a", "kitty(0.26.5)", a bare name.
 */
export function parseXtversion(text: string): { name: string; version: string } | null {
  const m = /^\s*([A-Za-z][\w.+-]*?)[\s(]+v?([\w.+-]+)\)?\s*$/.exec(text);
  if (m) return { name: m[1]!.toLowerCase(), version: m[2]! };
  const word = /^\s*([A-Za-z][\w.+-]*)\s*$/.exec(text);
  return word ? { name: word[1]!.toLowerCase(), version: 'unknown' } : null;
}
