/**
 * Terminals given by command, not by registry name, through the real CLI: any X11
 * terminal from a template gets the same answers as the registry's run of the same
 * terminal (`termprobe diff` exits 0, as in the README's CI recipe), the reference
 * stdio adapter (xterm.js) the same answers as the built-in xterm.js, with the
 * same cells (a Wayland template runs under weston: custom-targets-wayland.test.ts, a
 * file of its own so its minutes run beside this file's); a broken adapter or
 * template fails with one line, and nothing is left running or in TMPDIR.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ROOT, runCli } from '../../test-support/cli.js';
import { havePrograms } from '../../test-support/require-program.js';
import { useTempDirs } from '../../test-support/temp-dirs.js';
import { findRecipe } from './gui-recipes.js';
import { requirements } from './gui-target.js';
import { stdioTarget } from '../embedded/stdio-target.js';
import { readResultsJson as read, runCustomTargets } from './custom-run-test-support.js';

const tempDir = useTempDirs();
/** By absolute path: the CLI runs in a scratch folder of its own. */
const ADAPTER = `stdio:node ${join(ROOT, 'dist/adapters/xterm-js-adapter.js')}`;

const run = (targets: string[]) => runCustomTargets(tempDir, targets);

describe.skipIf(!havePrograms(requirements(findRecipe('xterm')!)))("--target 'x11:xterm -e {command}'", () => {
  test("answers every probe as the registry's xterm does (termprobe diff exits 0)", () => {
    const r = run(['x11:xterm -e {command}', 'xterm']);
    expect(r.code, r.stderr).toBe(0);
    expect(Object.keys(r.files).sort()).toEqual(['x11-xterm-379.json', 'xterm-379.json']);
    const custom = read(r.files['x11-xterm-379.json']!);
    expect(custom.target.id).toBe('x11:xterm -e {command}');
    expect(custom.target.identity).toMatchObject({ name: 'xterm', version: '379', identifiedBy: 'xtversion' });
    expect(custom.target.identity.chain.dpkg).toMatch(/^xterm=379-/);
    expect(custom.target.engine).toEqual({ name: 'xterm', version: '379' });
    expect(custom.settings.options?.['launch']).toBe('xterm -e RELAY');
    expect(custom.probes.filter((p) => p.status === 'ok').length).toBeGreaterThan(200);
    // Its screens are read through the X selection, the registry's through DECRQCRA: the diff below compares their text.
    const registry = read(r.files['xterm-379.json']!);
    expect(custom.probes.filter((p) => p.screen?.via === 'selection').length).toBe(registry.probes.filter((p) => p.screen?.via === 'decrqcra').length);
    expect(registry.probes.filter((p) => p.screen).length).toBeGreaterThan(30);
    const diff = runCli(['diff', r.files['xterm-379.json']!, r.files['x11-xterm-379.json']!]);
    expect(diff.stdout).toMatch(/No answers changed \(\d+ probes compared\)/);
    expect(diff.code).toBe(0);
    // Long: every screen probe of this xterm is read through the X selection, and xterm counts clicks by time
    // alone, so its drags are 650 ms apart (see x-selection-read.ts).
  }, 600_000);

  test('a template without {command}, with shell syntax, or naming no program fails at once (exit 2)', () => {
    for (const [spec, message] of [
      ['x11:xterm', /has no \{command\}/],
      ['x11:xterm -e {command} | tee', /"\|" at column 24 is shell syntax/],
      ['wayland:foot {command', /has no \{command\}/],
    ] as const) {
      const r = run([spec]);
      expect(r.code, spec).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(message);
      expect(r.files).toEqual({});
    }
    const missing = run(['x11:./no-such-build/myterm -e {command}']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/no-such-build\/myterm is not on PATH and is no file termprobe can run/);
  }, 60_000);
});

describe("--target 'stdio:…' with the reference adapter", () => {
  test('answers every probe as the built-in xterm.js does, cells and all', () => {
    const r = run([ADAPTER, 'xterm.js']);
    expect(r.code, r.stderr).toBe(0);
    expect(Object.keys(r.files).sort()).toEqual(['stdio-xterm.js-6.0.0.json', 'xterm.js-6.0.0.json']);
    const [adapter, builtIn] = [read(r.files['stdio-xterm.js-6.0.0.json']!), read(r.files['xterm.js-6.0.0.json']!)];
    expect(adapter.target.engine).toEqual({ name: 'xterm.js', version: '6.0.0' });
    const screens = adapter.probes.filter((p) => p.screen);
    expect(screens.length).toBeGreaterThan(30);
    for (const p of screens) {
      expect(p.screen?.via).toBe('adapter');
      expect(p.screen?.cells).toEqual(builtIn.probes.find((b) => b.id === p.id)?.screen?.cells);
    }
    const diff = runCli(['diff', r.files['xterm.js-6.0.0.json']!, r.files['stdio-xterm.js-6.0.0.json']!]);
    expect(diff.stdout).toMatch(/No answers changed/);
    expect(diff.code).toBe(0);
  }, 60_000);

  test('an adapter that breaks the protocol fails the start with one line naming what it did', () => {
    const dir = tempDir('termprobe-adapters-');
    const script = (name: string, body: string) => {
      writeFileSync(join(dir, name), body);
      return `stdio:node ${join(dir, name)}`;
    };
    const cases = [
      [script('dies.mjs', "process.stderr.write('no emulator here\\n'); process.exit(3);"), /the adapter exited \(code 3\) \(its stderr: no emulator here\)/],
      [script('chatty.mjs', "process.stdout.write('hello there\\n'); setInterval(() => {}, 1000);"), /frame type byte 0x68 is not an upper-case letter/],
      [script('old.mjs', "const p = Buffer.from(JSON.stringify({ protocol: 0, name: 'x' })); const h = Buffer.alloc(5); h[0] = 72; h.writeUInt32BE(p.length, 1); process.stdout.write(Buffer.concat([h, p])); setInterval(() => {}, 1000);"), /speaks protocol 0; termprobe speaks 1/],
    ] as const;
    for (const [spec, message] of cases) {
      const r = run([spec]);
      expect(r.code, spec).not.toBe(0);
      expect(r.stderr, spec).toMatch(message);
      expect(r.files).toEqual({});
    }
  }, 60_000);

  test('an abort while the adapter has not said hello ends it and what it forked', async () => {
    const dir = tempDir('termprobe-adapters-');
    writeFileSync(join(dir, 'silent.mjs'), "import { spawn } from 'node:child_process'; spawn('sleep', ['600'], { stdio: 'ignore' }); setInterval(() => {}, 1000);");
    const controller = new AbortController();
    const opening = stdioTarget(`stdio:node ${join(dir, 'silent.mjs')}`).open({ cols: 80, rows: 24, options: {}, signal: controller.signal });
    setTimeout(() => controller.abort(new Error('cancelled')), 300);
    await expect(opening).rejects.toThrow('cancelled');
    const left = readdirSync('/proc').filter((e) => /^\d+$/.test(e)).filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(dir) || (readFileSync(`/proc/${pid}/cmdline`, 'utf8') === 'sleep\x00600\x00' && readFileSync(`/proc/${pid}/stat`, 'utf8').split(' ')[2] !== 'Z' && Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(' ')[3]) === 1);
      } catch {
        return false;
      }
    });
    expect(left).toEqual([]);
  }, 30_000);
});
