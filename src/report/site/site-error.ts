/** A problem with what `termprobe site` was asked to do (input or output folder): the CLI reports it as bad input. */
export class SiteError extends Error {
  override name = 'SiteError';
}
