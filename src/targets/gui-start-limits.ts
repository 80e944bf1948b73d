/**
 * Last-resort limits for a GUI terminal's start: until it runs its command
 * (the relay connects), and until it answers the start-up check. Every wait
 * also ends at once on abort, so these only bound a terminal that hangs.
 * TERMPROBE_GUI_START_TIMEOUT_MS sets both (the tests make it generous: a first
 * start under load may take long, and a test must not depend on how long).
 */
const START_TIMEOUT_MS = 20_000;
const CHECK_TIMEOUT_MS = 10_000;

/** Test hooks: a shorter wait for the size to settle; the start-up limits. */
export interface GuiOpenTuning {
  sizeWaitMs?: number;
  /** Overrides both start-up limits. */
  startTimeoutMs?: number;
}

export function startLimits(tuning: GuiOpenTuning): { startMs: number; checkMs: number } {
  const fromEnv = Number(process.env['TERMPROBE_GUI_START_TIMEOUT_MS']);
  const env = Number.isFinite(fromEnv) && fromEnv > 0 ? fromEnv : undefined;
  return { startMs: tuning.startTimeoutMs ?? env ?? START_TIMEOUT_MS, checkMs: tuning.startTimeoutMs ?? env ?? CHECK_TIMEOUT_MS };
}
