/**
 * Why pictures or the pixel read-back could not start, in one line for the
 * results' settings; a cancelled run is no such reason: it ends the run.
 */
export function describeFailure(error: unknown, signal: AbortSignal | undefined): string {
  if (signal?.aborted) throw signal.reason ?? error;
  if (error instanceof Error && ['PictureError', 'CalibrationError', 'ScreenReadError', 'GridMismatchError', 'X11Error'].includes(error.name)) return error.message;
  throw error;
}
