// The shape every part of the bench writes (part-<name>.json) and bench/write-results.ts merges.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BENCH_PARTS } from './env';
import type { Summary } from './stats';

export interface Target {
  /** What is compared: the figure's p95 or median, or its ratio's p95 or median. */
  on: 'p95' | 'median' | 'ratio-p95' | 'ratio-median';
  /** The target holds when the compared value is below this. */
  below: number;
  text: string;
}

export interface Figure extends Summary {
  section: string;
  name: string;
  unit: string;
  /** The same quantity measured on a baseline in the same run; `ratio` = this figure / the baseline's. */
  baseline?: { name: string } & Summary;
  target?: Target;
  note?: string;
}

export interface Part {
  name: string;
  figures: Figure[];
  /** Facts that are not timings (which chunks loaded when, counts), shown under the section. */
  facts?: Record<string, unknown>;
  notes?: string[];
}

export function ratioOf(figure: Figure): { median: number; p95: number } | undefined {
  if (!figure.baseline) return undefined;
  return { median: figure.median / figure.baseline.median, p95: figure.p95 / figure.baseline.p95 };
}

/** Whether the target holds, and the compared value (for "missed by"). */
export function checkTarget(figure: Figure): { met: boolean; value: number } | undefined {
  const { target } = figure;
  if (!target) return undefined;
  const ratio = ratioOf(figure);
  const value = target.on === 'p95' ? figure.p95 : target.on === 'median' ? figure.median : target.on === 'ratio-p95' ? ratio?.p95 : ratio?.median;
  if (value === undefined) return { met: false, value: NaN };
  return { met: value < target.below, value };
}

export function writePart(part: Part): void {
  mkdirSync(BENCH_PARTS, { recursive: true });
  writeFileSync(join(BENCH_PARTS, `part-${part.name}.json`), JSON.stringify(part, null, 2));
}
