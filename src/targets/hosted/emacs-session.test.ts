/**
 * The Emacs target's processes, against the real emacs-nox: the session names them (the input probes' marker waits
 * are extended by the time they stood with no CPU), Emacs as the terminal's own and the pty wrapper and the relay as
 * the harness's; and Emacs compiles nothing natively in the background (Debian's 28.2 would, for every library it
 * loads that it ships no .eln for: `emacs --batch` processes beside the one probed, for seconds after each start).
 */
import { describe, expect, test } from 'vitest';
import { processName } from '../common/session-processes.js';
import { processesOfRun } from '../../test-support/processes.js';
import { useOwnTmpdir } from '../../test-support/own-tmpdir.js';
import { haveProgram } from '../../test-support/require-program.js';
import { findHostedRecipe } from './hosted-recipes.js';
import { hostedTarget } from './hosted-target.js';

const sessions = useOwnTmpdir('termprobe-emacs-session-test-');

describe.skipIf(!haveProgram('emacs', 'emacs-nox'))('the Emacs session', () => {
  test('names Emacs as its own process and the pty and relay as the harness\'s, and starts no native compilation', async () => {
    const session = await hostedTarget(findHostedRecipe('emacs')!).open({ cols: 80, rows: 24, options: {} });
    sessions.push(session);
    // Opened: term.el is loaded (make-term) and the relay answered a cursor report through it.
    const named = session.processes!().map((p) => ({ name: processName(p.pid), own: p.own }));
    expect(named).toContainEqual({ name: 'emacs', own: true });
    expect(named).toContainEqual({ name: 'script', own: false });
    expect(named).toContainEqual({ name: 'cat', own: false });
    expect(named.filter((p) => p.own).map((p) => p.name)).toEqual(['emacs']);
    // Loading term.el queued it for compilation at once (comp.el's deferred compilation starts a worker as it
    // queues), so a worker would be running now.
    const compiling = processesOfRun(process.env['TMPDIR']!, process.pid).filter((p) => /^\S*emacs .*--batch/.test(p.cmd));
    expect(compiling).toEqual([]);
    expect((await session.describe()).settings?.options?.['launch']).toMatch(/^EMACS_INHIBIT_AUTOMATIC_NATIVE_COMPILATION=1 emacs /);
  }, 60_000);
});
