/**
 * The engines added beside the first 21 targets, each against the real program:
 * PuTTY's pterm and terminology (GUI, under Xvfb), and the terminals inside
 * another program — Neovim's and Vim's :terminal (libvterm), Emacs term.el,
 * dvtm, mosh (server and client on this machine). Each starts at 80x24 checked
 * from inside, names its package version and engine, answers the engine's
 * probes through the real path, and leaves no process, display, bus or socket
 * (nor anything in the temp dir) behind: after a run, and after an abort at
 * several moments of its start.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { describe, expect, test } from 'vitest';
import type { Probe } from '../../corpus/probe-schema.js';
import { runProbes } from '../../engine/run-probes.js';
import { havePrograms } from '../../test-support/require-program.js';
import { useOwnTmpdir } from '../../test-support/own-tmpdir.js';
import { MARKER_VAR } from '../common/marked-processes.js';
import { findRecipe } from './gui-recipes.js';
import { guiTarget, requirements } from './gui-target.js';
import { findHostedRecipe } from '../hosted/hosted-recipes.js';
import { hostedTarget } from '../hosted/hosted-target.js';
import type { TargetFactory } from '../target.js';

/** Every live process of this test process's sessions (whatever its name), found by the marker in its environment. */
function leftovers(): string[] {
  const prefix = `${MARKER_VAR}=${process.pid}-`;
  const found: string[] = [];
  for (const pid of readdirSync('/proc').filter((e) => /^\d+$/.test(e))) {
    try {
      if (/^\d+ \(.*\) [ZX]/s.test(readFileSync(`/proc/${pid}/stat`, 'utf8'))) continue;
      if (readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0').some((v) => v.startsWith(prefix))) found.push(`${pid} ${readFileSync(`/proc/${pid}/comm`, 'utf8').trim()}`);
    } catch {
      // ended meanwhile
    }
  }
  return found;
}

const tempLeft = (id: string) => readdirSync(tmpdir()).filter((d) => d.startsWith(`termprobe-${id}-`));

// A TMPDIR of this file's own: what the targets leave behind is theirs, never another run's on the machine.
const sessions = useOwnTmpdir('termprobe-new-engines-test-');

function probe(id: string, send: string, query: string[] = ['cursor']): Probe {
  return { id, category: 'test', file: '(test)', title: id, description: 'a target test probe', spec: 'xterm ctlseqs (test)', send, query, expect: { implements: {} } };
}

interface Case {
  id: string;
  factory: () => TargetFactory;
  needs: { program: string; pkg: string }[];
  name: string;
  engine: string;
  /** The CPR each answers for \e[2;5H (dvtm's is 0-based: measured, a dvtm bug). */
  cpr: string;
  /** Answers DA1 itself; otherwise termprobe's pipe answers the sentinel (host-supplied). */
  da1: 'terminal' | 'host';
}

const gui = (id: string) => () => guiTarget(findRecipe(id)!);
const hosted = (id: string) => () => hostedTarget(findHostedRecipe(id)!);

const CASES: Case[] = [
  { id: 'pterm', factory: gui('pterm'), needs: requirements(findRecipe('pterm')!), name: 'pterm', engine: 'putty', cpr: '\\e[2;5R', da1: 'terminal' },
  { id: 'terminology', factory: gui('terminology'), needs: requirements(findRecipe('terminology')!), name: 'terminology', engine: 'terminology', cpr: '\\e[2;5R', da1: 'terminal' },
  { id: 'neovim', factory: hosted('neovim'), needs: findHostedRecipe('neovim')!.requirements, name: 'neovim', engine: 'libvterm', cpr: '\\e[2;5R', da1: 'terminal' },
  { id: 'vim', factory: hosted('vim'), needs: findHostedRecipe('vim')!.requirements, name: 'vim', engine: 'libvterm', cpr: '\\e[2;5R', da1: 'terminal' },
  { id: 'emacs', factory: hosted('emacs'), needs: findHostedRecipe('emacs')!.requirements, name: 'emacs', engine: 'emacs-term', cpr: '\\e[2;5R', da1: 'host' },
  { id: 'dvtm', factory: hosted('dvtm'), needs: findHostedRecipe('dvtm')!.requirements, name: 'dvtm', engine: 'dvtm', cpr: '\\e[1;4R', da1: 'host' },
  { id: 'mosh', factory: hosted('mosh'), needs: findHostedRecipe('mosh')!.requirements, name: 'mosh', engine: 'mosh', cpr: '\\e[2;5R', da1: 'terminal' },
];

for (const c of CASES) {
  describe.skipIf(!havePrograms(c.needs))(`${c.id} target`, () => {
    test(`starts at 80x24, names its package and engine (${c.engine}), answers \\e[2;5H + CSI 6n with ${c.cpr}, DA1 from the ${c.da1}`, async () => {
      const session = await c.factory().open({ cols: 80, rows: 24, options: {} });
      sessions.push(session);
      const described = await session.describe();
      expect(described.settings).toMatchObject({ cols: 80, rows: 24 });
      expect(described.name).toBe(c.name);
      expect(described.chain?.dpkg).toMatch(/^[a-z0-9.+-]+=\S+$/);
      expect(described.version).toMatch(/^\d/);
      expect(described.engine?.name).toBe(c.engine);
      expect(session.hostAnswers ?? []).toEqual(c.da1 === 'host' ? ['da1'] : []);
      const run = await runProbes(session, [probe('test.cup', '\\e[2;5H'), probe('test.da1', '', ['da1'])], { size: { cols: 80, rows: 24 } });
      expect(run.results[0]?.cursor?.raw).toBe(c.cpr);
      expect(run.results[1]?.status).toBe('ok');
      expect(run.results[1]?.replies[0]?.raw).toMatch(/^\\e\[\?[\d;]+c$/);
      await session.close();
      expect(leftovers()).toEqual([]);
      expect(tempLeft(c.id)).toEqual([]);
    }, 60_000);

    test('an abort at any moment of the start leaves nothing behind', async () => {
      for (const delayMs of [0, 50, 300]) {
        const controller = new AbortController();
        const opening = c.factory().open({ cols: 80, rows: 24, options: {}, signal: controller.signal });
        setTimeout(() => controller.abort(new Error('cancelled')), delayMs);
        const outcome = await opening.then((s) => s, (e: unknown) => (e instanceof Error ? e : new Error(String(e))));
        if (outcome instanceof Error) expect(outcome.message).toMatch(/cancelled|abort/i);
        else await outcome.close();
        expect(leftovers(), `${c.id}, abort after ${delayMs} ms`).toEqual([]);
        expect(tempLeft(c.id), `${c.id}, abort after ${delayMs} ms`).toEqual([]);
      }
    }, 90_000);
  });
}
