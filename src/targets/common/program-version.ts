/**
 * What an installed program says about itself: a command's first output line
 * (`tmux -V`, `screen -v`) and the Debian package version (`dpkg-query`).
 * Each is asked once per process.
 */
import { execFile } from 'node:child_process';
import type { Identity } from '../../results/results-schema.js';

const cache = new Map<string, Promise<string | undefined>>();

function firstLine(file: string, args: string[]): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile(file, args, { timeout: 5000, env: { ...process.env, LC_ALL: 'C' } }, (error, stdout) => {
      const line = String(stdout).split('\n').map((l) => l.trim()).find(Boolean);
      resolve(error && !line ? undefined : line);
    });
  });
}

function once(key: string, ask: () => Promise<string | undefined>): Promise<string | undefined> {
  let answer = cache.get(key);
  if (!answer) cache.set(key, (answer = ask()));
  return answer;
}

/** The first non-empty line a command prints (stdout), or undefined if it fails. */
export function commandLine(file: string, args: string[]): Promise<string | undefined> {
  return once(`cmd\0${file}\0${args.join('\0')}`, () => firstLine(file, args));
}

/** The installed version of a Debian package, e.g. "3.3a-3", or undefined when not installed or no dpkg. */
export function dpkgVersion(pkg: string): Promise<string | undefined> {
  return once(`dpkg\0${pkg}`, () => firstLine('dpkg-query', ['-W', '-f', '${Version}', pkg]));
}

/**
 * Identity of a program that names its version on the command line (`tmux -V`,
 * `screen -v`): the version parsed from that line, with the line and the
 * Debian package as apt names it (`tmux=3.3a-3`, like the GUI targets) kept as the chain.
 */
export async function identityFromCommand(name: string, program: string, args: string[], parse: (line: string | undefined) => string): Promise<Pick<Identity, 'name' | 'version' | 'identifiedBy' | 'chain'>> {
  const [command, dpkg] = await Promise.all([commandLine(program, args), dpkgVersion(program)]);
  return { name, version: parse(command), identifiedBy: 'command', chain: { ...(command ? { command } : {}), ...(dpkg ? { dpkg: `${program}=${dpkg}` } : {}) } };
}
