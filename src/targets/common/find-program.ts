/**
 * PATH lookups without a shell: where a program is, and whether a target's
 * programs are all here (else the Debian package that provides the missing one).
 */
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { Availability } from '../target.js';

/** The absolute path `which` would print, or undefined. */
export function findProgram(name: string, path = process.env.PATH ?? ''): string | undefined {
  const dirs = name.includes('/') ? [''] : path.split(delimiter).filter(Boolean);
  for (const dir of dirs) {
    const candidate = dir ? join(dir, name) : name;
    try {
      if (!statSync(candidate).isFile()) continue;
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** A program and the Debian package that installs it. */
export interface Requirement {
  program: string;
  pkg: string;
}

/** ok when every program is on PATH; otherwise the first missing one and its package. */
export function checkPrograms(requirements: readonly Requirement[]): Availability {
  for (const { program, pkg } of requirements) {
    if (!findProgram(program)) return { ok: false, reason: `${program} is not on PATH`, install: `apt-get install ${pkg}` };
  }
  return { ok: true };
}
