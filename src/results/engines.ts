/**
 * Engines, not packages: the emulation code behind a terminal. Six Debian
 * terminals are front ends of one library, VTE; qterminal and cool-retro-term
 * both run qtermwidget (cool-retro-term through qmltermwidget, its QML port).
 * A consensus that counted each package would count VTE six times, so every
 * results file records its engine, and votes are per engine.
 *
 * A terminal not listed here is its own engine.
 */
import type { ResultsFile } from './results-schema.js';

export interface EngineOf {
  /** The engine's name, as registry entries and consensus use it. */
  name: string;
  /** The Debian package whose version is the engine's version. */
  pkg?: string;
  /** How the engine is built into this terminal, when it is not plain. */
  note?: string;
}

const VTE: EngineOf = { name: 'vte', pkg: 'libvte-2.91-0' };

/** Front ends, by target (registry) name and by the names terminals give themselves. */
export const FRONT_ENDS: Readonly<Record<string, EngineOf>> = {
  'gnome-terminal': VTE,
  'xfce4-terminal': VTE,
  lxterminal: VTE,
  sakura: VTE,
  tilix: VTE,
  terminator: VTE,
  qterminal: { name: 'qtermwidget', pkg: 'libqtermwidget5-1' },
  'cool-retro-term': { name: 'qtermwidget', pkg: 'qmltermwidget-common', note: 'qmltermwidget, the QML port of qtermwidget' },
  pterm: { name: 'putty', pkg: 'pterm', note: "PuTTY's terminal (terminal.c) in pterm's own window" },
  neovim: { name: 'libvterm', pkg: 'libvterm0' },
  vim: { name: 'libvterm', note: 'Vim bundles its own copy of libvterm (src/libvterm)' },
};

/**
 * The embedded emulators' target ids: headless cores inside termprobe, not real
 * terminals (their runs are not counted among the terminals whose screens were read).
 */
export const EMBEDDED_TARGET_IDS = ['xterm.js', 'ghostty'] as const;

/** Engine names that are not also target names (so a registry entry may name them). */
export const ENGINE_NAMES: readonly string[] = [...new Set(Object.values(FRONT_ENDS).map((e) => e.name))];

/** The engine of a terminal known by name (a target id, or the name it reports): its front-end entry, else itself. */
export function engineNamed(name: string): EngineOf {
  return FRONT_ENDS[name] ?? { name };
}

/** The engine a results file records, or (older files) the one its target is known to use, with the terminal's own version. */
export function engineOfRun(run: ResultsFile): { name: string; version?: string } {
  if (run.target.engine) return run.target.engine;
  const known = FRONT_ENDS[run.target.id] ?? FRONT_ENDS[run.target.identity.name];
  if (known) return { name: known.name };
  return { name: run.target.id === 'self' ? run.target.identity.name : run.target.id, version: run.target.identity.version };
}
