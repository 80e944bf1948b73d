/** A problem in a probe file: always one line naming the file, the probe (when known), the line and the problem. */
export class CorpusError extends Error {
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
