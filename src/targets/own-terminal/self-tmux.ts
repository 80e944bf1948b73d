/**
 * Inside tmux, what tmux can tell about the pane that DECRQM cannot (tmux 3.3
 * answers no DECRQM): its modes, cursor and scroll region, its title (tmux
 * 3.3a answers no CSI 21 t), and the client terminal attached to it. Read-only (`display-message -p`) against the server
 * named by $TMUX, bounded by a timeout; any failure just means "not known".
 */
import { execFile } from 'node:child_process';

/** tmux format → the mode it reports ("keypad" stands for ESC = / ESC >). */
const FLAG_MODES: [string, string][] = [
  ['alternate_on', '?1049'],
  ['cursor_flag', '?25'],
  ['insert_flag', '4'],
  ['keypad_cursor_flag', '?1'],
  ['keypad_flag', 'keypad'],
  ['mouse_standard_flag', '?1000'],
  ['mouse_button_flag', '?1002'],
  ['mouse_any_flag', '?1003'],
  ['mouse_utf8_flag', '?1005'],
  ['mouse_sgr_flag', '?1006'],
  ['origin_flag', '?6'],
  ['wrap_flag', '?7'],
];
const OTHER = ['cursor_x', 'cursor_y', 'scroll_region_upper', 'scroll_region_lower', 'client_termname', 'client_termtype', 'version'];
/** The title goes last: whatever it holds (a tab too) is the rest of the line. */
const FORMAT = [...FLAG_MODES.map(([f]) => f), ...OTHER, 'pane_title'].map((f) => `#{${f}}`).join('\t');

export interface TmuxPane {
  /** Mode → 'set' | 'reset', for the formats this tmux knows. */
  modes: Record<string, 'set' | 'reset'>;
  /** 1-based. */
  cursor?: { row: number; col: number };
  scrollRegion?: { top: number; bottom: number };
  client: { termname?: string; termtype?: string };
  version?: string;
  /** The pane's title (set by OSC 0 / 2, and by APC strings). */
  title?: string;
}

export function parseTmuxPane(line: string): TmuxPane {
  const values = line.replace(/\n$/, '').split('\t');
  const modes: TmuxPane['modes'] = {};
  FLAG_MODES.forEach(([, mode], i) => {
    const v = values[i];
    if (v === '1' || v === '0') modes[mode] = v === '1' ? 'set' : 'reset';
  });
  const other = Object.fromEntries(OTHER.map((name, i) => [name, values[FLAG_MODES.length + i] ?? '']));
  const num = (name: string) => (/^\d+$/.test(other[name]!) ? Number(other[name]) : undefined);
  const [x, y, top, bottom] = [num('cursor_x'), num('cursor_y'), num('scroll_region_upper'), num('scroll_region_lower')];
  const pane: TmuxPane = { modes, client: {} };
  if (x !== undefined && y !== undefined) pane.cursor = { row: y + 1, col: x + 1 };
  if (top !== undefined && bottom !== undefined) pane.scrollRegion = { top: top + 1, bottom: bottom + 1 };
  if (other['client_termname']) pane.client.termname = other['client_termname'];
  if (other['client_termtype']) pane.client.termtype = other['client_termtype'];
  if (other['version']) pane.version = other['version'];
  const title = values.slice(FLAG_MODES.length + OTHER.length);
  if (title.length > 0) pane.title = title.join('\t');
  return pane;
}

/**
 * The pane this process runs in, or undefined outside tmux or when tmux does not answer within timeoutMs.
 * The timer runs while the corpus loads: on a loaded machine 1 s was too short for a tmux that answers
 * (the keypad was then put back to the prompt's usual state instead of tmux's), so 3 s.
 */
export function readTmuxPane(env: NodeJS.ProcessEnv, timeoutMs = 3000): Promise<TmuxPane | undefined> {
  if (!env['TMUX']) return Promise.resolve(undefined);
  const target = env['TMUX_PANE'] ? ['-t', env['TMUX_PANE']] : [];
  return new Promise((resolve) => {
    execFile('tmux', ['display-message', '-p', ...target, FORMAT], { env, timeout: timeoutMs }, (err, stdout) => {
      resolve(err ? undefined : parseTmuxPane(stdout));
    });
  });
}
