/**
 * The README's quick start ends green in a fresh clone: scripts/quick-start.sh
 * runs the commands of the README's quick-start block in order (the last of
 * them the test suite itself, so it cannot run from inside the suite), and
 * `.ci/run` runs the same commands, ending with `npm test`. This checks that the
 * script reads exactly those commands, and that CI runs them in that order.
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
    // CI runs the same commands, in order, the last of them the README's test command itself.
    const ci = readFileSync(join(ROOT, '.ci/run'), 'utf8').split('\n').map((l) => l.replace(/\s*<\/dev\/null$/, ''));
    const at = commands.map((c) => ci.indexOf(c.replace(/\s+#.*/, '')));
    expect(at.every((i) => i >= 0), ci.join('\n')).toBe(true);
    expect(at).toEqual([...at].sort((a, b) => a - b));
    expect(ci.filter((l) => l.trim() !== '').at(-1)).toBe('npm test');
  });
});
