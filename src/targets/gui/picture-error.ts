/** A picture that cannot be taken this once: it costs that probe its picture (noted), never the run. */
export class PictureError extends Error {
  override name = 'PictureError';
}
