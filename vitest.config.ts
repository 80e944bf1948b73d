import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    env: {
      // A GUI terminal's first start under load can take longer than a real run's
      // last-resort limit (20 s / 10 s): tests wait for the start, bounded only by
      // their own timeouts, and never depend on how fast a program starts.
      TERMPROBE_GUI_START_TIMEOUT_MS: '600000',
    },
  },
});
