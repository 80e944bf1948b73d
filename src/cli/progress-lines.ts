/**
 * The progress display of a multi-target run: one line per target (waiting,
 * running with probes done, done in N s, failed: reason, not available). On a
 * terminal the lines are redrawn in place; otherwise each change of state is
 * printed once as a plain line, so logs stay readable.
 */
export type TargetState =
  | { state: 'waiting' }
  | { state: 'running'; done?: number; total?: number }
  | { state: 'done'; seconds: number; detail: string }
  | { state: 'failed'; seconds: number; reason: string }
  | { state: 'unavailable'; reason: string };

export interface ProgressSink {
  update(target: string, state: TargetState): void;
  finish(): void;
}

export function describeState(s: TargetState, startedAt?: number): string {
  switch (s.state) {
    case 'waiting':
      return 'waiting';
    case 'running': {
      const secs = startedAt === undefined ? '' : ` ${((performance.now() - startedAt) / 1000).toFixed(1)} s`;
      return `running${s.total ? ` ${s.done ?? 0}/${s.total}` : ''}${secs}`;
    }
    case 'done':
      return `done in ${s.seconds.toFixed(2)} s${s.detail ? ` ${s.detail}` : ''}`;
    case 'failed':
      return `failed after ${s.seconds.toFixed(2)} s: ${s.reason}`;
    case 'unavailable':
      return `not available: ${s.reason}`;
  }
}

/** Plain lines, one per change of state (not per probe). */
class PlainProgress implements ProgressSink {
  private readonly last = new Map<string, string>();
  constructor(private readonly out: NodeJS.WritableStream) {}
  update(target: string, s: TargetState): void {
    if (s.state === 'waiting' || this.last.get(target) === s.state) return;
    this.last.set(target, s.state);
    this.out.write(`${target}: ${describeState(s)}\n`);
  }
  finish(): void {}
}

/** Lines redrawn in place on a terminal, at most ten times a second for probe counts. */
class LiveProgress implements ProgressSink {
  private readonly states = new Map<string, TargetState>();
  private readonly started = new Map<string, number>();
  private drawn = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly width: number;

  constructor(private readonly out: NodeJS.WriteStream, targets: string[]) {
    for (const t of targets) this.states.set(t, { state: 'waiting' });
    let width = 0;
    for (const t of targets) width = Math.max(width, t.length);
    this.width = width;
    this.draw();
    this.timer = setInterval(() => this.draw(), 100);
    this.timer.unref();
  }

  update(target: string, s: TargetState): void {
    if (s.state === 'running' && !this.started.has(target)) this.started.set(target, performance.now());
    const before = this.states.get(target)?.state;
    this.states.set(target, s);
    if (before !== s.state) this.draw();
  }

  private draw(): void {
    const cols = this.out.columns || 100;
    let text = this.drawn > 0 ? `\x1b[${this.drawn}A` : '';
    for (const [target, s] of this.states) {
      const line = `${target.padEnd(this.width)}  ${describeState(s, this.started.get(target))}`;
      text += `\r\x1b[2K${line.length > cols - 1 ? line.slice(0, cols - 2) + '…' : line}\n`;
    }
    this.drawn = this.states.size;
    this.out.write(text);
  }

  finish(): void {
    clearInterval(this.timer);
    this.draw();
  }
}

export function createProgress(targets: string[], opts: { quiet?: boolean; out?: NodeJS.WriteStream } = {}): ProgressSink {
  const out = opts.out ?? process.stderr;
  if (opts.quiet) return { update() {}, finish() {} };
  return out.isTTY ? new LiveProgress(out, targets) : new PlainProgress(out);
}
