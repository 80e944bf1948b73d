/** A problem in a probe file: always one line naming the file, the probe (when known), the line and the problem. */
import { BadInputError } from '../util/bad-input-error.js';
export class CorpusError extends BadInputError {
  constructor(
    readonly file: string,
    readonly problem: string,
    readonly probeId?: string,
    readonly line?: number,
  ) {
    const where = [file + (line ? `:${line}` : ''), probeId ? `probe "${probeId}"` : ''].filter(Boolean).join(': ');
    super(`${where}: ${problem}`);
    this.name = 'CorpusError';
  }
}
