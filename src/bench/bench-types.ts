/** What a bench module reports: named figures, with the target they aim at when there is one. */
export interface BenchFigure {
  name: string;
  value: number;
  unit: 'ms' | 's' | 'x' | 'KB' | 'MB' | 'probes' | 'items' | 'items/s' | 'cases/s' | 'found' | '%';
  /** The target to stay under (or above, for ratios), when the issue sets one. */
  target?: { op: '<' | '>='; value: number };
  note?: string;
}

export interface BenchModule {
  title: string;
  run(): Promise<BenchFigure[]>;
}
