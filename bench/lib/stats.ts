// Summaries every figure of the bench uses: median and 95th percentile (nearest rank).

export interface Summary {
  median: number;
  p95: number;
  n: number;
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

export function summarize(values: readonly number[]): Summary {
  return { median: percentile(values, 50), p95: percentile(values, 95), n: values.length };
}

export const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
