/** Constants of the results format, apart from its zod schema so code that writes results need not load zod. */

export const RESULTS_SCHEMA_ID = 'termprobe-results/1';

/** Canonical colour: one of the 16 base names, an index 16–255, or lowercase #rrggbb. */
export const COLOR_NAMES = [
  'black', 'red', 'green', 'yellow', 'blue', 'magenta', 'cyan', 'white',
  'bright-black', 'bright-red', 'bright-green', 'bright-yellow',
  'bright-blue', 'bright-magenta', 'bright-cyan', 'bright-white',
] as const;
