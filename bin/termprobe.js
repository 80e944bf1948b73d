#!/usr/bin/env node
// Thin launcher: the CLI lives in dist/. The published package ships it (built by
// `npm pack`); a clone builds it here on first use, so the package needs no
// install-time script (npm 11 warns about a dependency's `prepare`).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const at = (path) => fileURLToPath(new URL(`../${path}`, import.meta.url));

if (!existsSync(at('dist/cli/main.js')) && existsSync(at('src/cli/main.ts')) && existsSync(at('node_modules/typescript'))) {
  process.stderr.write('termprobe: first run in this clone: building dist/ (npm run build)\n');
  // The build's own output goes to stderr, so stdout stays the command's (e.g. --json).
  const built = spawnSync('npm', ['run', '--silent', 'build'], { cwd: at(''), stdio: ['ignore', 2, 2] });
  if (built.status !== 0) process.stderr.write('termprobe: the build failed; run `npm run build` to see why\n');
}

import('../dist/cli/main.js').then(
  (cli) => cli.main(process.argv),
  (err) => {
    console.error(`termprobe: cannot load the CLI (${err.message}); run \`npm run build\` first`);
    process.exitCode = 2;
  },
);
