/**
 * The engine's half of opening the user's own terminal (targets/own-terminal/self.ts
 * asks for it, never imports it): the state queries go through the same
 * pipeline as every probe, with the first-reply deadline and one timeout at most,
 * and the identity comes from the replies, the terminal's environment variables
 * and what tmux knows of its client.
 */
import type { SelfSteps } from '../targets/own-terminal/self.js';
import { terminalEnv } from './identify-env.js';
import { guessIdentity } from './identify-guess.js';
import { runProbes } from './run-probes.js';

export const SELF_STEPS: SelfSteps = {
  async ask(session, probe, { size, idleTimeoutMs, signal }) {
    const run = await runProbes(session, [probe], { size, prelude: 'none', idleTimeoutMs, maxTimeouts: 1, ...(signal ? { signal } : {}) });
    return run.results[0]!;
  },
  identify({ env, ...facts }) {
    return guessIdentity({ ...facts, env: terminalEnv(env) });
  },
};
