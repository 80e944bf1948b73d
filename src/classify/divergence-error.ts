/** A problem in the divergence registry: one line naming the file, the line, the entry and the problem. */
export class DivergenceFileError extends Error {
  constructor(
    readonly file: string,
    readonly problem: string,
    readonly entry?: string,
    readonly line?: number,
  ) {
    const where = [file + (line ? `:${line}` : ''), entry ?? ''].filter(Boolean).join(': ');
    super(`${where}: ${problem}`);
    this.name = 'DivergenceFileError';
  }
}
