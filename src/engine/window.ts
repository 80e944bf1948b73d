/**
 * How far the engine writes ahead of the answers. Its own module, so the
 * CLI's help can name the default without loading the engine.
 */

/**
 * 64 probes ahead. A terminal that answers in microseconds (tmux) then costs
 * four round trips for the corpus instead of 250; one that answers on its next
 * redraw (VTE, 10–30 ms late) is never waited on probe by probe.
 */
export const DEFAULT_WINDOW = 64;

/**
 * Bytes written ahead of their answers, at most (one probe always goes). A pty
 * buffers about 64 KiB towards the terminal; staying well under that means a
 * write never blocks, so a terminal that stops reading while its own replies
 * wait for us cannot deadlock the run. The probe count alone would not bound
 * this: a probe that fills the screen is 2 KB.
 */
export const DEFAULT_BYTES_IN_FLIGHT = 16 * 1024;

/** The largest window accepted (`--window`): past it nothing is gained, only bytes held. */
export const MAX_WINDOW = 1000;
