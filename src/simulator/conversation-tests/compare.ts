// A/B runs of conversation tests (issue 15): one row per test with both sides' pass rates and what
// changed. Pure, so the CLI (`callboard test A --compare B`) and the Tests panel's "Compare with…"
// say the same verdict for the same runs.
import type { TestSuiteEntry } from './types';

export interface CompareRow {
  test: string;
  a: TestSuiteEntry;
  b: TestSuiteEntry;
  /** A passes (at the minimum rate), B does not. */
  regression: boolean;
  /** A fails, B passes. */
  fixed: boolean;
}

export type CompareVerdict = 'REGRESSION' | 'fixed' | 'same' | 'better' | 'worse';

/** One test's row: a regression or a fix is judged at `minPassRate` (1 = every run must pass). */
export function compareRow(test: string, a: TestSuiteEntry, b: TestSuiteEntry, minPassRate: number): CompareRow {
  return {
    test, a, b,
    regression: a.passRate >= minPassRate && b.passRate < minPassRate,
    fixed: a.passRate < minPassRate && b.passRate >= minPassRate,
  };
}

/**
 * The rows of two sides' entries, in A's order, paired by test name. A test one side has no entry
 * for (a run stopped early) has no row: nothing can be said about it.
 */
export function compareRows(a: readonly TestSuiteEntry[], b: readonly TestSuiteEntry[], minPassRate: number): CompareRow[] {
  const bByName = new Map(b.map((entry) => [entry.test, entry]));
  return a.flatMap((entry) => {
    const other = bByName.get(entry.test);
    return other ? [compareRow(entry.test, entry, other, minPassRate)] : [];
  });
}

/** What changed from A to B: a regression or a fix at the minimum rate first, else how the rates moved. */
export function compareVerdict(row: CompareRow): CompareVerdict {
  if (row.regression) return 'REGRESSION';
  if (row.fixed) return 'fixed';
  if (row.a.passRate === row.b.passRate) return 'same';
  return row.b.passRate > row.a.passRate ? 'better' : 'worse';
}

/** "2/3 (67%)": the passes of the runs and the rate. */
export const passRateText = (entry: TestSuiteEntry): string => `${entry.passes}/${entry.runs.length} (${Math.round(entry.passRate * 100)}%)`;
