/** A problem in the divergence registry: one line naming the file, the line, the entry and the problem. */
import { BadInputError } from '../util/bad-input-error.js';
export class DivergenceFileError extends BadInputError {
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
