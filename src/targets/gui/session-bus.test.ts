/**
 * A GUI terminal's private session bus listens inside the run's scratch folder
 * (session-bus-config.ts), never in /tmp: the terminal's DBUS_SESSION_BUS_ADDRESS
 * is a socket path under this file's own TMPDIR, and nothing named dbus-* is left
 * in /tmp by the session.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { MARKER_VAR } from '../common/marked-processes.js';
import { useOwnTmpdir } from '../../test-support/own-tmpdir.js';
import { havePrograms } from '../../test-support/require-program.js';
import { findRecipe } from './gui-recipes.js';
import { guiTarget, requirements } from './gui-target.js';

const sessions = useOwnTmpdir('termprobe-session-bus-test-');
const recipe = findRecipe('xfce4-terminal')!;

/** The environment of this test process's running xfce4-terminal (found by its session marker). */
function terminalEnv(): Map<string, string> | undefined {
  const prefix = `${MARKER_VAR}=${process.pid}-`;
  for (const line of execFileSync('ps', ['-eo', 'pid=,comm='], { encoding: 'utf8' }).trim().split('\n')) {
    const [pid, comm] = line.trim().split(/\s+/, 2) as [string, string];
    if (comm !== 'xfce4-terminal') continue;
    try {
      const vars = readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0');
      if (!vars.some((v) => v.startsWith(prefix))) continue;
      return new Map(vars.filter((v) => v.includes('=')).map((v) => [v.slice(0, v.indexOf('=')), v.slice(v.indexOf('=') + 1)]));
    } catch {
      // ended meanwhile
    }
  }
  return undefined;
}

describe.skipIf(!havePrograms(requirements(recipe)))('a GUI terminal\'s session bus', () => {
  test('listens in the scratch folder under TMPDIR, and leaves nothing in /tmp', async () => {
    const before = new Set(readdirSync('/tmp').filter((f) => f.startsWith('dbus-')));
    const session = await guiTarget(recipe).open({ cols: 80, rows: 24, options: {} });
    sessions.push(session);
    const env = terminalEnv();
    expect(env, 'a running xfce4-terminal of this test').toBeDefined();
    expect(env!.get('DBUS_SESSION_BUS_ADDRESS')).toMatch(new RegExp(`^unix:path=${process.env['TMPDIR']!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/`));
    await session.close();
    // A socket some live process still listens on is not one this closed session left (the suite's other tests run
    // beside this one; CI once saw such a dbus-* come and go meanwhile).
    const listened = new Set(readFileSync('/proc/net/unix', 'latin1').split('\n').map((line) => line.trim().split(/\s+/)[7]).filter(Boolean));
    expect(readdirSync('/tmp').filter((f) => f.startsWith('dbus-') && !before.has(f) && !listened.has(`/tmp/${f}`))).toEqual([]);
  }, 90_000);
});
