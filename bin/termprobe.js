#!/usr/bin/env node
// Thin launcher: the CLI lives in dist/ (built by `npm install` / `npm run build`).
import('../dist/cli/main.js').then(
  (cli) => cli.main(process.argv),
  (err) => {
    console.error(`termprobe: cannot load the CLI (${err.message}); run \`npm run build\` first`);
    process.exitCode = 2;
  },
);
