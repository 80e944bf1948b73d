/**
 * The environment variables that say which terminal a process runs in — the
 * only environment a results file records (it is meant to be shared; see
 * shareable-results.ts). Session-specific values (socket paths, window ids)
 * are recorded only as "set"; versions and names as found. Nothing about the
 * connection (SSH_CLIENT, SSH_CONNECTION, SSH_TTY), the user or the host is
 * kept: none of it says which terminal answered.
 */

/** Recorded with their value: names and versions. */
export const VALUE_VARS = [
  'TERM',
  'TERM_PROGRAM',
  'TERM_PROGRAM_VERSION',
  'COLORTERM',
  'VTE_VERSION',
  'KONSOLE_VERSION',
  'XTERM_VERSION',
  'LC_TERMINAL',
  'LC_TERMINAL_VERSION',
  'TERMINOLOGY',
  'MLTERM',
] as const;

/** Recorded as "set": their value identifies a session, not a terminal. */
export const PRESENCE_VARS = [
  'TMUX',
  'STY',
  'ZELLIJ',
  'WT_SESSION',
  'KITTY_WINDOW_ID',
  'GNOME_TERMINAL_SCREEN',
  'TILIX_ID',
  'TERMINATOR_UUID',
] as const;

/** Any variable with one of these prefixes is recorded as "set". */
export const PRESENCE_PREFIXES = ['ALACRITTY_', 'WEZTERM_', 'GHOSTTY_', 'KITTY_'] as const;

export type TerminalEnv = Record<string, string>;

/** The terminal-related variables of an environment, sorted by name. */
export function terminalEnv(source: Record<string, string | undefined>): TerminalEnv {
  const env = { ...source }; // one pass over process.env, whose every read is a getenv
  const out: TerminalEnv = {};
  for (const name of VALUE_VARS) {
    const v = env[name];
    if (v !== undefined && v !== '') out[name] = v;
  }
  for (const name of PRESENCE_VARS) if (env[name]) out[name] = 'set';
  for (const name of Object.keys(env)) {
    if (env[name] && PRESENCE_PREFIXES.some((p) => name.startsWith(p)) && !(name in out)) out[name] = 'set';
  }
  // Plain code-unit order: localeCompare would load ICU collation (~15 ms) for nothing.
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

export function hasVarWithPrefix(env: TerminalEnv, prefix: string): boolean {
  return Object.keys(env).some((k) => k.startsWith(prefix));
}

/** A variable termprobe may record: a value variable, or a presence one (recorded only as "set"). */
export function isTerminalVar(name: string, value: string): boolean {
  if ((VALUE_VARS as readonly string[]).includes(name)) return true;
  const presence = (PRESENCE_VARS as readonly string[]).includes(name) || PRESENCE_PREFIXES.some((p) => name.startsWith(p));
  return presence && value === 'set';
}
