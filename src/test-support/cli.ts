/** Run the built CLI as a user would: a child process, its stdout, stderr and exit code. */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { checkNotRoot, inScratchCwd } from './scratch-cwd.js';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const BIN = fileURLToPath(new URL('../../bin/termprobe.js', import.meta.url));

function withoutColumns(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { COLUMNS: _columns, ...rest } = env;
  return rest;
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs in opts.cwd, or in a scratch folder of its own (scratch-cwd.ts), never in the repository root. */
export function runCli(args: string[], opts: { cwd?: string; env?: Record<string, string>; timeoutMs?: number } = {}): CliResult {
  if (opts.cwd === undefined) return inScratchCwd((cwd) => runCli(args, { ...opts, cwd }));
  checkNotRoot(opts.cwd);
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd: opts.cwd,
    // No COLUMNS from the shell that runs the tests: reports fit it when set (width-option.ts).
    env: { ...withoutColumns(process.env), NO_COLOR: '1', ...opts.env },
    encoding: 'utf8',
    timeout: opts.timeoutMs ?? 60_000,
    // compare -f json over the whole corpus is several MB: past the 1 MB default the child is killed and the status is null.
    maxBuffer: 256 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
