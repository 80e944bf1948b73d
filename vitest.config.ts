import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

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
    env: {
      // A GUI terminal's first start under load can take longer than a real run's
      // last-resort limit (20 s / 10 s): tests wait for the start, bounded only by
      // their own timeouts, and never depend on how fast a program starts.
      TERMPROBE_GUI_START_TIMEOUT_MS: '600000',
    },
  },
});
