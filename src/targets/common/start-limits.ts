/**
 * Last-resort limits for a terminal's start: until it runs its command (the
 * relay connects), and until it answers the start-up check. Every wait also
 * ends at once on abort, so these only bound a terminal that hangs.
 *
 * A program's first start in this process gets three times as long: on a fresh
 * machine it may build caches first (xfce4-terminal's very first start took over
 * 10 s before it answered DA1; `npm run install-terminals` warms the font caches,
 * and this covers what it cannot). TERMPROBE_GUI_START_TIMEOUT_MS sets both
 * limits, first start or not (the tests make it generous: a start under load may
 * take long, and a test must not depend on how long).
 */
const START_TIMEOUT_MS = 20_000;
const CHECK_TIMEOUT_MS = 10_000;
const FIRST_START_FACTOR = 3;

/** Test hooks: a shorter wait for the size to settle; the start-up limits. */
export interface GuiOpenTuning {
  sizeWaitMs?: number;
  /** More files for the scratch HOME (path relative to HOME → text), e.g. a fontconfig file in a test. */
  homeFiles?: Record<string, string>;
  /** Overrides both start-up limits. */
  startTimeoutMs?: number;
}

const started = new Set<string>();

/** The limits for a start of `program` (the first one in this process gets longer ones). */
export function startLimits(tuning: GuiOpenTuning, program = ''): { startMs: number; checkMs: number } {
  const fromEnv = Number(process.env['TERMPROBE_GUI_START_TIMEOUT_MS']);
  const env = Number.isFinite(fromEnv) && fromEnv > 0 ? fromEnv : undefined;
  const factor = started.has(program) ? 1 : FIRST_START_FACTOR;
  started.add(program);
  return { startMs: tuning.startTimeoutMs ?? env ?? START_TIMEOUT_MS * factor, checkMs: tuning.startTimeoutMs ?? env ?? CHECK_TIMEOUT_MS * factor };
}

/**
 * How long a stdio adapter has for its hello frame: 10 s, as docs/stdio-adapter.md says, first start or not (an
 * adapter builds no font caches); TERMPROBE_GUI_START_TIMEOUT_MS sets it too.
 */
export function helloLimitMs(): number {
  const fromEnv = Number(process.env['TERMPROBE_GUI_START_TIMEOUT_MS']);
  return Number.isFinite(fromEnv) && fromEnv > 0 ? fromEnv : CHECK_TIMEOUT_MS;
}
