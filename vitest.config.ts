import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that take minutes (a whole corpus through a GUI terminal, every page of the
 * site in Chromium), started first in this order: a fresh clone has no timings for
 * vitest to order by (it starts the largest files first), and a long file started
 * last leaves the suite waiting on it alone.
 */
const LONG_FIRST = [
  'src/report/site/site-layout.test.ts',
  'src/targets/gui/custom-targets-wayland.test.ts',
  'src/targets/gui/custom-targets.test.ts',
  'src/cli/gate-x11.test.ts',
  'src/report/site/site-cli.test.ts',
];
const root = fileURLToPath(new URL('./', import.meta.url));
for (const f of LONG_FIRST) if (!existsSync(root + f)) throw new Error(`vitest.config.ts: LONG_FIRST names ${f}, which does not exist`);

class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (s: TestSpecification) => {
      const i = LONG_FIRST.findIndex((f) => s.moduleId === root + f);
      return i < 0 ? LONG_FIRST.length : i;
    };
    // Array.prototype.sort is stable: vitest's own order stays among the rest.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Most of the suite's time is spent waiting on real programs (GUI terminals
    // under Xvfb, tmux, Chromium, the CLI in a child process), not computing:
    // vitest's default of cores − 1 workers ran one file at a time on a 2-core
    // machine. One worker more than the cores keeps both busy while files
    // wait. Files share nothing that collides: each Xvfb picks its own display
    // (-displayfd), tmux runs on private sockets, and target tests work in a
    // TMPDIR of their own (test-support/own-tmpdir.ts).
    maxWorkers: availableParallelism() + 1,
    sequence: { sequencer: LongFilesFirst },
    env: {
      // A GUI terminal's first start under load can take longer than a real run's
      // last-resort limit (20 s / 10 s): tests wait for the start, bounded only by
      // their own timeouts, and never depend on how fast a program starts.
      TERMPROBE_GUI_START_TIMEOUT_MS: '600000',
    },
  },
});
