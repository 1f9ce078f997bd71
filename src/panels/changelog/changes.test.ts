import { piiMasker } from '../../simulator/pii-mask';
import { describe, expect, it } from 'vitest';
import { frozenSample } from '../../model/ops/testing';
import type { Change } from '../../simulator/types';
import { edgeName } from '../../model/describe';
import { authorRef, countLabel, distinct, entryName, filterChanges, isLog, logDataText, NO_FILTER, relativeTime, runStart } from './changes';
import { compactJson, diffValues } from './diff';

describe('diffValues', () => {
  it('lists only the keys that changed, marking added and removed ones', () => {
    const prev = { found: false, patient_id: null, notes: 'x', same: [1, 2] };
    const next = { found: true, patient_id: 'P-1042', same: [1, 2], last_visit: '2024-11-02' };
    expect(diffValues(prev, next)).toEqual([
      { key: 'found', kind: 'changed', prev: false, next: true },
      { key: 'patient_id', kind: 'changed', prev: null, next: 'P-1042' },
      { key: 'notes', kind: 'removed', prev: 'x' },
      { key: 'last_visit', kind: 'added', next: '2024-11-02' },
    ]);
  });

  it('compares nested values by their JSON, so an equal copy is not a change', () => {
    expect(diffValues({ a: { b: [1] } }, { a: { b: [1] } })).toEqual([]);
  });

  it('diffs two non-empty arrays by index', () => {
    expect(diffValues([{ id: 'a' }, { id: 'b' }], [{ id: 'a' }, { id: 'c' }, { id: 'd' }])).toEqual([
      { key: '[1]', kind: 'changed', prev: { id: 'b' }, next: { id: 'c' } },
      { key: '[2]', kind: 'added', next: { id: 'd' } },
    ]);
  });

  it('shows scalars, an array that starts empty and a type change whole (null)', () => {
    expect(diffValues(1, 2)).toBeNull();
    expect(diffValues([], [{ id: 'a' }])).toBeNull();
    expect(diffValues({ a: 1 }, [1])).toBeNull();
    expect(diffValues(undefined, { a: 1 })).toBeNull();
    expect(diffValues(null, { a: 1 })).toBeNull();
  });

  it('cuts long JSON with an ellipsis and writes undefined as such', () => {
    expect(compactJson(undefined)).toBe('undefined');
    expect(compactJson('x'.repeat(100), 10)).toBe('"xxxxxxxx…');
    expect(compactJson('x'.repeat(100), 10)).toHaveLength(10);
  });
});

const change = (seq: number, field: string, author: string, at = 1000 + seq * 100): Change => ({ seq, turn: 1, field, prev: 0, next: seq, author, at });

describe('filters and columns', () => {
  const log = [change(1, 'caller_name', 'collect_identity'), change(2, 'phone', 'collect_identity'), change(3, 'stage', 'runtime'), change(4, 'phone', 'ehr')];

  it('filters by field, by author, and by both', () => {
    expect(filterChanges(log, NO_FILTER)).toHaveLength(4);
    expect(filterChanges(log, { field: 'phone', author: '' }).map((c) => c.seq)).toEqual([2, 4]);
    expect(filterChanges(log, { field: '', author: 'collect_identity' }).map((c) => c.seq)).toEqual([1, 2]);
    expect(filterChanges(log, { field: 'phone', author: 'ehr' }).map((c) => c.seq)).toEqual([4]);
  });

  it('offers each field and author once, in the order the run wrote them', () => {
    expect(distinct(log, 'field')).toEqual(['caller_name', 'phone', 'stage']);
    expect(distinct(log, 'author')).toEqual(['collect_identity', 'runtime', 'ehr']);
  });
});

describe('time relative to the run start', () => {
  it('starts at the earliest trace entry or write, even when the trace is not in time order', () => {
    const trace = [{ at: 5_000 }, { at: 4_200 }] as never[];
    expect(runStart({ trace, changeLog: [change(1, 'a', 't', 4_500)] })).toBe(4_200);
    expect(runStart({ trace: [], changeLog: [] })).toBeNull();
  });

  it('writes tenths of a second, then minutes', () => {
    expect(relativeTime(5_240, 4_000)).toBe('+1.2 s');
    expect(relativeTime(4_000, 4_000)).toBe('+0.0 s');
    expect(relativeTime(4_000 + 125_400, 4_000)).toBe('+2 m 05 s');
    expect(relativeTime(10, null)).toBe('+0.0 s');
  });
});

describe('authors', () => {
  const doc = frozenSample();
  it('finds a tool by name, an edge by id, and leaves the rest to the runtime', () => {
    expect(authorRef(doc, 'book')).toEqual({ kind: 'tool', id: 't_book', name: 'book' });
    expect(authorRef(doc, 'e_greet_identify')).toEqual({ kind: 'edge', id: 'e_greet_identify' });
    expect(authorRef(doc, 'runtime')).toEqual({ kind: 'other', name: 'runtime' });
    expect(edgeName(doc, 'e_greet_identify')).toBe('greet → identify');
    expect(edgeName(doc, 'gone')).toBe('gone');
  });
});

describe('this.log entries', () => {
  const write: Change = { seq: 1, turn: 1, field: 'booked', prev: '', next: 'Mon', author: 'book', at: 0 };
  const log: Change = { seq: 2, turn: 1, field: '@log:appointment.booked', prev: undefined, next: { when: 'Mon' }, author: 'book', at: 0, kind: 'log' };

  it('are told from writes, under the name they were logged with', () => {
    expect([write, log].map(isLog)).toEqual([false, true]);
    expect([write, log].map(entryName)).toEqual(['booked', 'appointment.booked']);
  });

  it('count apart from the writes; filtered, the count says entries', () => {
    expect(countLabel(2, [write, log])).toBe('1 write, 1 log');
    expect(countLabel(1, [write, log])).toBe('1 of 2 entries');
    expect(countLabel(1, [write])).toBe('1 writes');
  });

  it("show their data as compact JSON, a pii field's value masked at any depth, nothing without data", () => {
    const doc = frozenSample();
    const pii = doc.state.find((f) => f.pii)?.name;
    expect(pii).toBeDefined();
    expect(logDataText(piiMasker(doc), { when: 'Mon', who: { [pii!]: 'secret' } })).toBe(`{"when":"Mon","who":{"${pii}":"***"}}`);
    expect(logDataText(piiMasker(doc), undefined)).toBe('');
    expect(logDataText(piiMasker(doc), 3)).toBe('3');
  });
});
