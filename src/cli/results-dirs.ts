/**
 * The folders results go to and come from (the rule is in results-args.ts and
 * the README); a module of its own so the commands that write results need not
 * load the reading side (zod) to know where.
 */

/** Where the bare command and `run` write unless told otherwise. */
export const OWN_RESULTS_DIR = 'termprobe-results';
/** The published results, in a clone of termprobe; written only with `run --out results`. */
export const PUBLISHED_RESULTS_DIR = 'results';
/** Results from machines termprobe has not run on, added by `termprobe contribute`. */
export const CONTRIBUTED_RESULTS_DIR = 'results/contributed';
/** One terminal across its releases (xterm.js, ghostty-web), for `termprobe history`. */
export const HISTORY_RESULTS_DIR = 'results/history';
