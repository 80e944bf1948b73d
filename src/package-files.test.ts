/**
 * What `npm pack` would publish: the CLI and its data, no bench or test code,
 * and no install-time script (npm 11 warns about a dependency's `prepare`,
 * `preinstall`, `install` or `postinstall` that the installing project has not allowed).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { ROOT } from './test-support/cli.js';

it('publishes dist/ without bench or test code, and runs no script when installed', { timeout: 300_000 }, () => {
  const r = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT, encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  const files = (JSON.parse(r.stdout) as { files: { path: string }[] }[])[0]!.files.map((f) => f.path);
  expect(files).toContain('dist/cli/main.js');
  expect(files).toContain('dist/corpus.compiled.json');
  // The published Unicode results' verdicts, so `termprobe site` does not judge them again (compiled-unicode-verdicts.ts).
  expect(files).toContain('dist/unicode-verdicts.compiled.json');
  expect(files).toContain('bin/termprobe.js');
  const testCode = files.filter((f) => /^dist\/(bench|test-support)\/|test|fixture|harness|synthetic/.test(f));
  expect(testCode).toEqual([]);
  // The compiler's incremental state (tsconfig.json: dist/.tsbuildinfo*) stays in the clone.
  expect(files.filter((f) => f.includes('tsbuildinfo'))).toEqual([]);
  const scripts = Object.keys((JSON.parse(readFileSync(`${ROOT}/package.json`, 'utf8')) as { scripts: Record<string, string> }).scripts);
  expect(scripts.filter((s) => ['preinstall', 'install', 'postinstall', 'prepare'].includes(s))).toEqual([]);
});

it('installs node-pty with the package, as an optional dependency: record (and conpty) need it, and a failed build of it fails no install', () => {
  const pkg = JSON.parse(readFileSync(`${ROOT}/package.json`, 'utf8')) as Record<string, Record<string, string> | undefined>;
  expect(pkg['optionalDependencies']?.['node-pty']).toMatch(/^\d/);
  expect(pkg['devDependencies']?.['node-pty']).toBeUndefined();
  expect(pkg['dependencies']?.['node-pty']).toBeUndefined();
  // The message a user gets when it is missing names it and how to get it (record-session.ts).
  expect(readFileSync(`${ROOT}/src/record/record-session.ts`, 'utf8')).toContain('record needs node-pty, an optional dependency of termprobe, and ${why}: npm install node-pty');
});

it("installs playwright-core with the package, as an optional dependency: xterm.js's input probes drive its browser build with it", () => {
  const pkg = JSON.parse(readFileSync(`${ROOT}/package.json`, 'utf8')) as Record<string, Record<string, string> | undefined>;
  expect(pkg['optionalDependencies']?.['playwright-core']).toMatch(/^\d/);
  expect(pkg['devDependencies']?.['playwright-core']).toBeUndefined();
  // The browser build it loads is a dependency proper, of the same release as @xterm/headless.
  expect(pkg['dependencies']?.['@xterm/xterm']).toBe(pkg['dependencies']?.['@xterm/headless']);
  // Loaded only when the input probes run, and named when it is missing (browser-page.ts).
  const source = readFileSync(`${ROOT}/src/targets/embedded/browser-page.ts`, 'utf8');
  expect(source).not.toMatch(/^import (?!type)[^;]*'playwright-core'/m);
  expect(source).toContain("'the npm package playwright-core is not installed (an optional dependency of termprobe: npm install playwright-core)'");
});
