/**
 * Target registry: name → lazy loader, so node-pty, WebAssembly or X11 helpers
 * load only when their target is used. A bad name lists the valid ones.
 */
import type { TargetFactory } from './target.js';

type Loader = () => Promise<TargetFactory>;

export const TARGETS = {
  'xterm.js': async () => (await import('./xterm-js.js')).xtermJsTarget,
  ghostty: async () => (await import('./ghostty.js')).ghosttyTarget,
  tmux: async () => (await import('./tmux.js')).tmuxTarget,
  screen: async () => (await import('./gnu-screen.js')).screenTarget,
} satisfies Record<string, Loader>;

export type TargetName = keyof typeof TARGETS;

export const EMBEDDED_TARGETS: TargetName[] = ['xterm.js', 'ghostty'];

export class UnknownTargetError extends Error {
  constructor(name: string) {
    super(`unknown target "${name}"; valid targets: ${Object.keys(TARGETS).join(', ')}`);
    this.name = 'UnknownTargetError';
  }
}

export function isTargetName(name: string): name is TargetName {
  return Object.hasOwn(TARGETS, name);
}

export async function loadTarget(name: string): Promise<TargetFactory> {
  if (!isTargetName(name)) throw new UnknownTargetError(name);
  return TARGETS[name]();
}
