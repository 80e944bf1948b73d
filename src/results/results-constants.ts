/** Constants of the results format, apart from its zod schema so code that writes results need not load zod. */

export const RESULTS_SCHEMA_ID = 'termprobe-results/1';

/** Canonical colour: one of the 16 base names, an index 16–255, or lowercase #rrggbb. */
export const COLOR_NAMES = [
  'black', 'red', 'green', 'yellow', 'blue', 'magenta', 'cyan', 'white',
  'bright-black', 'bright-red', 'bright-green', 'bright-yellow',
  'bright-blue', 'bright-magenta', 'bright-cyan', 'bright-white',
] as const;

/** Modes whose state changes probe answers; recorded in a results file's settings.modes. */
export const RECORDED_MODES = ['?6', '?7', '?25', '?45', '?69', '?1049', '?2004', '?2026', '?2027', '4', '20'] as const;

/** Underline styles a cell may record besides single (SGR 21, 4:2–4:5). */
export const UNDERLINE_STYLES = ['double', 'curly', 'dotted', 'dashed'] as const;
