/**
 * What a terminal shows after some input: the cursor it reports (CPR) and, where
 * the target can read it, its screen.
 */
import type { ScreenAnswer } from '../results/results-schema.js';

export interface TerminalState {
  /** From the CPR reply (1-based); null when none came. */
  cursor: { row: number; col: number } | null;
  /** The whole screen, when the target reads its screen back. */
  screen?: ScreenAnswer;
  /** Why the state is incomplete, when it is. */
  note?: string;
}
