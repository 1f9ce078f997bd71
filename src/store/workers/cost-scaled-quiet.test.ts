import { describe, expect, it } from 'vitest';
import { costScaledQuiet } from './cost-scaled-quiet';

describe('costScaledQuiet', () => {
  it('waits the minimum until a run is noted, and while runs are cheap', () => {
    const quiet = costScaledQuiet(120, 4, 1500);
    expect(quiet.quietMs()).toBe(120);
    quiet.note(5);
    expect(quiet.quietMs()).toBe(120);
  });

  it('waits FACTOR times the typical cost once runs are dear, up to the maximum', () => {
    const quiet = costScaledQuiet(120, 4, 1500);
    quiet.note(150);
    expect(quiet.quietMs()).toBe(600);
    quiet.note(2000);
    expect(quiet.quietMs()).toBe(1500);
  });

  it('follows the recent runs: half the last, half the ones before', () => {
    const quiet = costScaledQuiet(0, 1, 10_000);
    quiet.note(200);
    quiet.note(100);
    expect(quiet.quietMs()).toBe(150);
    quiet.note(10);
    quiet.note(10);
    quiet.note(10);
    expect(quiet.quietMs()).toBeLessThan(30);
  });

  it('ignores a cost that is not a duration', () => {
    const quiet = costScaledQuiet(120, 4, 1500);
    quiet.note(100);
    quiet.note(Number.NaN);
    quiet.note(-5);
    quiet.note(Number.POSITIVE_INFINITY);
    expect(quiet.quietMs()).toBe(400);
  });
});
