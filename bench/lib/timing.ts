// Timing helpers for the Node parts of the bench.
import { summarize, type Summary } from './stats';

/** Runs `fn` `warmup` times unmeasured (JIT, caches), then `runs` times; each run's wall time in ms. */
export async function timeRuns(runs: number, fn: () => unknown, warmup = 2): Promise<Summary> {
  for (let i = 0; i < warmup; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  return summarize(times);
}

/**
 * Times `fn` and `baseline` alternately, run for run, so a busy moment of the machine falls on
 * both alike and their ratio stays meaningful.
 */
export async function timePaired(runs: number, fn: () => unknown, baseline: () => unknown, warmup = 1): Promise<{ figure: Summary; baseline: Summary }> {
  for (let i = 0; i < warmup; i++) {
    await fn();
    await baseline();
  }
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < runs; i++) {
    let start = performance.now();
    await baseline();
    b.push(performance.now() - start);
    start = performance.now();
    await fn();
    a.push(performance.now() - start);
  }
  return { figure: summarize(a), baseline: summarize(b) };
}
