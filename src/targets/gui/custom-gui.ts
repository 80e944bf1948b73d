/**
 * Any GUI terminal as a target, from a command template: `x11:CMD … {command}`
 * runs CMD on a private Xvfb, `wayland:CMD … {command}` on a private weston,
 * both exactly as the registry's GUI terminals run (scratch HOME, a private
 * session bus when dbus-run-session is here, the relay as {command}, the size
 * verified from inside, every process ended at close). So a terminal author can
 * run the corpus against a build of their own (`x11:./build/myterm -e {command}`).
 *
 * Identity: the terminal's XTVERSION when it answers one, else the program's
 * name; the version from XTVERSION, else from the Debian package that owns the
 * program (dpkg -S), else "unknown". The engine is the terminal itself, or the
 * engine its name is known to run (a VTE front end is VTE).
 */
import { execFileSync } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { basename } from 'node:path';
import { splitWords, expandWords, hasPlaceholder, CommandTemplateError, type TemplateWord } from '../common/command-template.js';
import { findProgram } from '../common/find-program.js';
import type { GuiRecipe } from './gui-recipes.js';

export const CUSTOM_GUI_KINDS = ['x11', 'wayland'] as const;
export type CustomGuiKind = (typeof CUSTOM_GUI_KINDS)[number];

/** `x11:…` / `wayland:…` → the kind and the template, or undefined for another name. */
export function customGuiSpec(spec: string): { kind: CustomGuiKind; template: string } | undefined {
  const m = /^(x11|wayland):(.*)$/s.exec(spec);
  return m ? { kind: m[1] as CustomGuiKind, template: m[2]! } : undefined;
}

/** The Debian package that installed a program, when one did. */
function owningPackage(program: string): string | undefined {
  const path = findProgram(program);
  if (!path) return undefined;
  for (const candidate of new Set([path, safeRealpath(path)])) {
    try {
      const out = execFileSync('dpkg-query', ['-S', candidate], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 5000 });
      const pkg = /^([^:,\s]+)(?::[^:\s]+)?:\s/.exec(out)?.[1];
      if (pkg) return pkg;
    } catch {
      // not from a package (a build of one's own), or no dpkg
    }
  }
  return undefined;
}

function safeRealpath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/** A file- and folder-name-safe short form of the template, for scratch dirs. */
function slugOf(kind: string, program: string): string {
  return `${kind}-${basename(program).replace(/[^A-Za-z0-9._-]+/g, '-').slice(0, 24) || 'terminal'}`;
}

export function customGuiRecipe(spec: string): GuiRecipe {
  const parsed = customGuiSpec(spec);
  if (!parsed) throw new CommandTemplateError(`--target "${spec}": a custom GUI target starts with ${CUSTOM_GUI_KINDS.map((k) => `${k}:`).join(' or ')}`);
  const where = `--target "${spec}"`;
  const words: TemplateWord[] = splitWords(parsed.template, where, parsed.kind.length + 1);
  if (!hasPlaceholder(words, '{command}')) throw new CommandTemplateError(`${where}: the command has no {command}; put it where the terminal takes the program to run (e.g. x11:xterm -e {command})`);
  const program = words[0]!.text;
  if (program.includes('{')) throw new CommandTemplateError(`${where}: the first word must be the terminal's program, not a placeholder`);
  const pkg = owningPackage(program);
  const name = basename(program);
  const shown = (cols: number, rows: number) => expandWords(words, { argv: ['RELAY'], command: 'RELAY', cols, rows }).map((w) => (/[\s'"]/.test(w) ? `'${w.replace(/'/g, `'\\''`)}'` : w)).join(' ');
  return {
    id: spec,
    slug: slugOf(parsed.kind, program),
    name,
    pkg: pkg ?? name,
    ...(pkg ? {} : { notPackaged: true }),
    program,
    display: parsed.kind,
    dbus: findProgram('dbus-run-session') !== undefined,
    vte: false,
    xtversionNames: [],
    anyXtversion: true,
    custom: true,
    // Any X11 terminal can be read through the X selection; a Wayland one has no such way here.
    screen: parsed.kind === 'x11' ? 'selection' : 'none',
    args: (ctx) => expandWords(words, { argv: ctx.argv, command: ctx.command, cols: ctx.cols, rows: ctx.rows }).slice(1),
    options: (ctx) => ({ launch: shown(ctx.cols, ctx.rows), template: parsed.template }),
  };
}
