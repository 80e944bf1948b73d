/**
 * The README's quick start ends green in a fresh clone: `.ci/run` runs
 * scripts/quick-start.sh, which runs the commands of the README's quick-start
 * block in order (the last of them the test suite itself, so it cannot run from
 * inside the suite). This checks that the script reads exactly those commands,
 * and that CI runs it.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../', import.meta.url).pathname;

describe('the quick start', () => {
  it('scripts/quick-start.sh runs the README quick-start block, command by command, and .ci/run runs it', () => {
    const r = spawnSync('bash', [join(ROOT, 'scripts/quick-start.sh'), '--list'], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const block = /## Quick start\n[\s\S]*?```sh\n([\s\S]*?)```/.exec(readme)![1]!;
    const commands = r.stdout.trim().split('\n');
    expect(commands).toEqual(block.trim().split('\n'));
    expect(commands.map((c) => c.replace(/\s+#.*/, ''))).toEqual(['npm install && npx termprobe', 'npm test']);
    expect(readFileSync(join(ROOT, '.ci/run'), 'utf8')).toMatch(/^bash scripts\/quick-start\.sh$/m);
  });
});
