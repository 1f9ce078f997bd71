// The A/B rows the CLI and the Tests panel share: pairing by name, the verdict at a minimum rate.
import { describe, expect, it } from 'vitest';
import { compareRow, compareRows, compareVerdict, passRateText } from './compare';
import type { TestSuiteEntry } from './types';

/** An entry of `passes` passed runs out of `runs` (the runs' contents do not matter to the rows). */
const entry = (test: string, passes: number, runs: number): TestSuiteEntry => ({
  test,
  runs: Array.from({ length: runs }, (_, i) => ({ test, passed: i < passes, expectations: [], session: {} as TestSuiteEntry['runs'][number]['session'], ms: 1 })),
  passes,
  passRate: runs ? passes / runs : 0,
});

describe('compareRows', () => {
  it('pairs the two sides by test name in A\'s order and says what changed for each', () => {
    const a = [entry('books', 3, 3), entry('greets', 1, 3), entry('refuses', 2, 3), entry('asks', 3, 3), entry('stops', 2, 3)];
    const b = [entry('stops', 1, 3), entry('asks', 3, 3), entry('books', 0, 3), entry('greets', 3, 3), entry('refuses', 3, 3)];
    const rows = compareRows(a, b, 1);
    expect(rows.map((r) => [r.test, compareVerdict(r)])).toEqual([
      ['books', 'REGRESSION'], ['greets', 'fixed'], ['refuses', 'fixed'], ['asks', 'same'], ['stops', 'worse'],
    ]);
    expect(rows[0].b).toBe(b[2]);
  });

  it('judges regressions and fixes at the minimum pass rate; between rates it is better or worse', () => {
    const rows = compareRows([entry('x', 2, 3), entry('y', 3, 3)], [entry('x', 3, 3), entry('y', 1, 3)], 0.5);
    expect(rows.map(compareVerdict)).toEqual(['better', 'REGRESSION']);
    expect(compareVerdict(compareRow('z', entry('z', 1, 3), entry('z', 2, 3), 0.5))).toBe('fixed');
  });

  it('a test with no entry on one side (a stopped run) has no row', () => {
    expect(compareRows([entry('x', 1, 1), entry('y', 1, 1)], [entry('y', 0, 1)], 1).map((r) => r.test)).toEqual(['y']);
  });

  it('prints a pass rate as passes/runs and a rounded percentage', () => {
    expect(passRateText(entry('x', 2, 3))).toBe('2/3 (67%)');
    expect(passRateText(entry('x', 0, 0))).toBe('0/0 (0%)');
  });
});
