/**
 * What each source can say about a terminal's name and version: a DA2 reply
 * (only the signatures that belong to one program), and the environment
 * (variables a terminal sets for its children, most specific first).
 */
import type { TerminalEnv } from './identify-env.js';

export interface NamedGuess {
  name: string;
  version?: string;
  /** Where it came from, for people: "DA2 84 (tmux)", "env KITTY_WINDOW_ID". */
  source: string;
  /** The engine, when the source tells it apart from the front end (VTE). */
  engine?: { name: string; version?: string };
}

const MULTIPLEXERS = new Set(['tmux', 'screen', 'zellij']);

export function isMultiplexer(name: string): boolean {
  return MULTIPLEXERS.has(name);
}

/** "40800" → "4.8.0" (GNU screen, mintty: MMmmpp); "7402" → "0.74.2" (VTE). */
function dotted(n: number, withMajor: boolean): string {
  const patch = n % 100;
  const minor = Math.floor(n / 100) % 100;
  return withMajor ? `${Math.floor(n / 10000)}.${minor}.${patch}` : `0.${Math.floor(n / 100)}.${patch}`;
}

/** DA2 (CSI > Pp ; Pv ; Pc c) signatures that name one program. */
export function guessFromDa2(params: readonly number[]): NamedGuess | null {
  const [pp, pv = 0, pc = 0] = params;
  const source = `DA2 ${params.join(';')}`;
  switch (pp) {
    case 84: // 'T'
      return { name: 'tmux', source };
    case 83: // 'S'
      return { name: 'screen', version: pv > 0 ? dotted(pv, true) : undefined, source };
    case 85: // 'U'
      return { name: 'rxvt-unicode', version: pv > 0 ? String(pv) : undefined, source };
    case 77: // 'M'
      return { name: 'mintty', version: pv > 0 ? dotted(pv, true) : undefined, source };
    case 65: // 'A': VTE since 0.54
      return pv > 0 ? { name: 'vte', version: dotted(pv, false), source, engine: { name: 'vte', version: dotted(pv, false) } } : null;
    case 0:
      return pv === 276 && pc === 0 ? { name: 'xterm.js', source } : null;
    default:
      return null;
  }
}

const TERM_PROGRAM_NAMES: Record<string, string> = {
  'iTerm.app': 'iterm2',
  Apple_Terminal: 'apple-terminal',
  vscode: 'vscode',
  WezTerm: 'wezterm',
  ghostty: 'ghostty',
  Hyper: 'hyper',
  WarpTerminal: 'warp',
  Tabby: 'tabby',
  tmux: 'tmux',
};

/** VTE-based applications tell themselves apart by one variable each. */
const VTE_APPS: [string, string][] = [
  ['GNOME_TERMINAL_SCREEN', 'gnome-terminal'],
  ['TILIX_ID', 'tilix'],
  ['TERMINATOR_UUID', 'terminator'],
];

/**
 * The terminal the environment names. Inside a multiplexer the variables are
 * those of the terminal the multiplexer was started from (passed through), so
 * `skipMultiplexers` leaves out what the multiplexer itself set.
 */
export function guessFromEnv(env: TerminalEnv, skipMultiplexers = false): NamedGuess | null {
  const tp = env['TERM_PROGRAM'];
  if (tp && !(skipMultiplexers && isMultiplexer(TERM_PROGRAM_NAMES[tp] ?? tp.toLowerCase()))) {
    return { name: TERM_PROGRAM_NAMES[tp] ?? tp.toLowerCase(), version: env['TERM_PROGRAM_VERSION'], source: 'env TERM_PROGRAM' };
  }
  if (env['LC_TERMINAL']) return { name: env['LC_TERMINAL'].toLowerCase(), version: env['LC_TERMINAL_VERSION'], source: 'env LC_TERMINAL' };
  if (env['KITTY_WINDOW_ID']) return { name: 'kitty', source: 'env KITTY_WINDOW_ID' };
  const prefixed = ([['WEZTERM_', 'wezterm'], ['ALACRITTY_', 'alacritty'], ['GHOSTTY_', 'ghostty']] as const).find(([p]) => Object.keys(env).some((k) => k.startsWith(p)));
  if (prefixed) return { name: prefixed[1], source: `env ${prefixed[0]}*` };
  const xterm = env['XTERM_VERSION'] && /^XTerm\((\d+)\)/.exec(env['XTERM_VERSION']);
  if (xterm) return { name: 'xterm', version: xterm[1], source: 'env XTERM_VERSION' };
  if (env['KONSOLE_VERSION']) {
    const v = Number(env['KONSOLE_VERSION']);
    return { name: 'konsole', version: Number.isFinite(v) ? `${Math.floor(v / 10000)}.${String(Math.floor(v / 100) % 100).padStart(2, '0')}.${v % 100}` : env['KONSOLE_VERSION'], source: 'env KONSOLE_VERSION' };
  }
  if (env['WT_SESSION']) return { name: 'windows-terminal', source: 'env WT_SESSION' };
  if (env['VTE_VERSION']) {
    const app = VTE_APPS.find(([v]) => env[v]);
    const vte = Number(env['VTE_VERSION']);
    const engine = { name: 'vte', ...(Number.isFinite(vte) ? { version: dotted(vte, false) } : {}) };
    // The front end's own version is not in the environment (the engine's is): a front end named here has none.
    return { name: app?.[1] ?? 'vte', ...(app ? {} : engine.version ? { version: engine.version } : {}), source: `env VTE_VERSION${app ? ` and ${app[0]}` : ''}`, engine };
  }
  if (env['MLTERM']) return { name: 'mlterm', version: env['MLTERM'], source: 'env MLTERM' };
  if (env['TERMINOLOGY']) return { name: 'terminology', source: 'env TERMINOLOGY' };
  return guessFromTerm(env['TERM'], skipMultiplexers);
}

/** TERM names that only one terminal sets by default. */
const TERM_NAMES: [RegExp, string][] = [
  [/^xterm-kitty$/, 'kitty'],
  [/^xterm-ghostty$/, 'ghostty'],
  [/^alacritty/, 'alacritty'],
  [/^foot/, 'foot'],
  [/^wezterm/, 'wezterm'],
  [/^st(-|$)/, 'st'],
  [/^rxvt-unicode/, 'rxvt-unicode'],
  [/^mlterm/, 'mlterm'],
  [/^contour/, 'contour'],
  [/^tmux/, 'tmux'],
  [/^screen/, 'screen'],
];

function guessFromTerm(term: string | undefined, skipMultiplexers: boolean): NamedGuess | null {
  if (!term) return null;
  const hit = TERM_NAMES.find(([re]) => re.test(term));
  if (!hit || (skipMultiplexers && isMultiplexer(hit[1]))) return null;
  return { name: hit[1], source: `env TERM=${term}` };
}
