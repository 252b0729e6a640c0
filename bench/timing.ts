export interface Figure {
  readonly label: string;
  /** Milliseconds unless `unit` says otherwise. */
  readonly ms: number;
  readonly unit?: 'ms' | 'KB' | 'score' | 'per s' | 'count';
  /** The figure this one is compared with, by label; printed as a ratio. */
  readonly against?: string;
}

export interface Benchmark {
  readonly name: string;
  readonly description: string;
  run(): Promise<Figure[]>;
}

/** The middle value (the upper of the two middle ones for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
}

/** Median wall time in milliseconds of `runs` calls (after one warm-up call unless told otherwise). */
export async function medianMs(runs: number, task: () => unknown, warmUp = true): Promise<number> {
  if (warmUp) await task();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await task();
    times.push(performance.now() - started);
  }
  return median(times);
}

export function formatFigures(figures: readonly Figure[]): string {
  const width = Math.max(...figures.map((f) => f.label.length));
  const byLabel = new Map(figures.map((f) => [f.label, f.ms]));
  return figures
    .map((f) => {
      const base = f.against === undefined ? undefined : byLabel.get(f.against);
      const ratio = base === undefined ? '' : `  ${(f.ms / base).toFixed(2)}x ${f.against}`;
      return `  ${f.label.padEnd(width)}  ${f.ms.toFixed(1).padStart(9)} ${f.unit ?? 'ms'}${ratio}`;
    })
    .join('\n');
}
