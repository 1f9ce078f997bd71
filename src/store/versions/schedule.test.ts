import { describe, expect, it } from 'vitest';
import { fitBudget, sameBurst, thinned, type VersionMeta } from './schedule';

const MIN = 60_000;
const now = Date.UTC(2026, 11, 1, 12);
const v = (id: string, minutesAgo: number, kind: VersionMeta['kind'] = 'auto', bytes = 100): VersionMeta => ({ id, at: now - minutesAgo * MIN, kind, bytes });

describe('version schedule', () => {
  it('an edit within a minute of the last automatic version is the same burst; a named one starts none', () => {
    expect(sameBurst(v('a', 0.5), now)).toBe(true);
    expect(sameBurst(v('a', 1.5), now)).toBe(false);
    expect(sameBurst(v('n', 0.1, 'named'), now)).toBe(false);
    expect(sameBurst(undefined, now)).toBe(false);
  });

  it('keeps every version of the last hour, one per 10 minutes of the day, one per hour of the week, one per day after', () => {
    const versions = [
      v('h1', 5), v('h2', 20), v('h3', 50),
      // 2 h ago (09:54–09:56): three within one 10-minute bucket → one stays (the newest).
      v('d1', 124), v('d2', 125), v('d3', 126),
      // 3 days ago: two in one hour → one.
      v('w1', 3 * 24 * 60 + 10), v('w2', 3 * 24 * 60 + 11),
      // 30 days ago: two on one day → one.
      v('o1', 30 * 24 * 60), v('o2', 30 * 24 * 60 + 60),
    ];
    const drop = thinned(versions, now);
    expect(drop.sort()).toEqual(['d2', 'd3', 'o2', 'w2'].sort());
  });

  it('never thins a named version', () => {
    expect(thinned([v('n1', 30 * 24 * 60, 'named'), v('n2', 30 * 24 * 60 + 1, 'named')], now)).toEqual([]);
  });

  it('makes room by dropping the oldest automatic versions first', () => {
    const kept = [v('old', 300, 'auto', 400), v('mid', 100, 'auto', 400), v('named', 200, 'named', 400)];
    expect(fitBudget(kept, v('new', 0, 'auto', 400), 1300)).toEqual({ ok: true, drop: ['old'] });
    expect(fitBudget(kept, v('new', 0, 'auto', 100), 2000)).toEqual({ ok: true, drop: [] });
  });

  it('refuses a named version that does not fit beside the named ones, with what to do', () => {
    const kept = [v('n1', 10, 'named', 900), v('a1', 5, 'auto', 50)];
    const outcome = fitBudget(kept, v('n2', 0, 'named', 200), 1000);
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.message).toMatch(/^Versions are full: named versions take 0\.0 MB of the 0\.0 MB .*Delete a named version, or export the project as \.zip/);
  });

  it('an automatic version that cannot fit is itself dropped, never a named one', () => {
    const kept = [v('n1', 10, 'named', 900)];
    expect(fitBudget(kept, v('a', 0, 'auto', 200), 1000)).toEqual({ ok: true, drop: ['a'] });
  });
});
