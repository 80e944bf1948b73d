/** A target that cannot run here (program missing, no display…), with the reason and what to install. */
import { BadInputError } from '../util/bad-input-error.js';
export class TargetUnavailableError extends BadInputError {
  constructor(readonly target: string, reason: string) {
    super(`target "${target}" is not available here: ${reason}`);
    this.name = 'TargetUnavailableError';
  }
}
