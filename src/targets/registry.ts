/**
 * Target registry: name → lazy loader, so node-pty, WebAssembly or X11 helpers
 * load only when their target is used. A bad name lists the valid ones.
 */
import { BadInputError } from '../util/bad-input-error.js';
import { EMBEDDED_TARGET_IDS } from '../results/engines.js';
import type { TargetFactory } from './target.js';

type Loader = () => Promise<TargetFactory>;

/** A GUI terminal launched from its recipe in gui-recipes.ts. */
/** A terminal inside another program, from its recipe in hosted-recipes.ts. */
const hosted = (id: string): Loader => async () => (await import('./hosted/hosted-target.js')).hostedTargetById(id);

const gui = (id: string): Loader => async () => (await import('./gui/gui-target.js')).guiTargetById(id);

export const TARGETS = {
  'xterm.js': async () => (await import('./embedded/xterm-js.js')).xtermJsTarget,
  ghostty: async () => (await import('./embedded/ghostty.js')).ghosttyTarget,
  self: async () => (await import('./own-terminal/self.js')).selfTarget,
  tmux: async () => (await import('./multiplexers/tmux.js')).tmuxTarget,
  screen: async () => (await import('./multiplexers/gnu-screen.js')).screenTarget,
  xterm: gui('xterm'),
  urxvt: gui('urxvt'),
  st: gui('st'),
  mlterm: gui('mlterm'),
  kitty: gui('kitty'),
  alacritty: gui('alacritty'),
  zutty: gui('zutty'),
  foot: gui('foot'),
  'xfce4-terminal': gui('xfce4-terminal'),
  lxterminal: gui('lxterminal'),
  sakura: gui('sakura'),
  'gnome-terminal': gui('gnome-terminal'),
  tilix: gui('tilix'),
  terminator: gui('terminator'),
  konsole: gui('konsole'),
  qterminal: gui('qterminal'),
  'cool-retro-term': gui('cool-retro-term'),
  pterm: gui('pterm'),
  terminology: gui('terminology'),
  mosh: hosted('mosh'),
  neovim: hosted('neovim'),
  vim: hosted('vim'),
  emacs: hosted('emacs'),
  dvtm: hosted('dvtm'),
  conpty: async () => (await import('./console-host/conpty.js')).conptyTarget,
} satisfies Record<string, Loader>;

export type TargetName = keyof typeof TARGETS;

export const EMBEDDED_TARGETS: readonly TargetName[] = EMBEDDED_TARGET_IDS;

/**
 * Targets named by a command instead of a registry name: `x11:CMD … {command}` and
 * `wayland:CMD … {command}` (any GUI terminal, see custom-gui.ts), `stdio:CMD …`
 * (a headless emulator behind the stdio adapter protocol, see stdio-target.ts).
 */
export const CUSTOM_TARGET_KINDS = ['x11', 'wayland', 'stdio'] as const;

/** True for `x11:…`, `wayland:…` and `stdio:…`. */
export function isCustomTargetSpec(name: string): boolean {
  return /^(x11|wayland|stdio):/.test(name);
}

export const CUSTOM_TARGET_HINT = "or a command: 'x11:CMD … {command}', 'wayland:CMD … {command}', 'stdio:CMD …'";

export class UnknownTargetError extends BadInputError {
  constructor(name: string) {
    super(`unknown target "${name}"; valid targets: ${Object.keys(TARGETS).join(', ')}, ${CUSTOM_TARGET_HINT}`);
    this.name = 'UnknownTargetError';
  }
}

export function isTargetName(name: string): name is TargetName {
  return Object.hasOwn(TARGETS, name);
}

/** A registry name, or an earlier release of an embedded target ("xterm.js@5.5.0", see release-targets.ts). */
export async function loadTarget(name: string): Promise<TargetFactory> {
  if (name.startsWith('stdio:')) return (await import('./embedded/stdio-target.js')).stdioTarget(name);
  if (isCustomTargetSpec(name)) {
    const [{ customGuiRecipe }, { guiTarget }] = await Promise.all([import('./gui/custom-gui.js'), import('./gui/gui-target.js')]);
    return guiTarget(customGuiRecipe(name));
  }
  if (isTargetName(name)) return TARGETS[name]();
  if (name.includes('@')) {
    const { releaseTarget, RELEASES, releaseName } = await import('./embedded/release-targets.js');
    const release = releaseTarget(name);
    if (release) return release;
    const [of] = name.split('@');
    const known = RELEASES.filter((r) => r.of === of).map(releaseName);
    if (known.length > 0) throw new BadInputError(`unknown release "${name}"; releases of ${of}: ${known.join(', ')}`);
  }
  throw new UnknownTargetError(name);
}
