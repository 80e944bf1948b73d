/** A target that cannot run here (program missing, no display…), with the reason and what to install. */
export class TargetUnavailableError extends Error {
  constructor(readonly target: string, reason: string) {
    super(`target "${target}" is not available here: ${reason}`);
    this.name = 'TargetUnavailableError';
  }
}
