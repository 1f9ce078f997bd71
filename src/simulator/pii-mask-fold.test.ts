// knownPiiValues carries what it read from a run's lists from call to call: every answer must be
// the one a first reading of the same session gives (the same values, in the same order).
import { describe, expect, it } from 'vitest';
import { knownPiiValues } from './pii-mask';
import { newSession } from './session';
import { sampleAgent } from './testing';
import type { Change, Line, Session } from './types';

// The sample: caller_name and caller_phone are pii fields; collect_identity lists caller_name and phone as pii.
const doc = sampleAgent();
const fresh = (s: Session) => knownPiiValues(doc, structuredClone(s));
const named = (seq: number, name: string): Change => ({ seq, turn: seq, field: 'caller_name', prev: '', next: name, author: 'collect_identity', at: 0 });
const said = (phone: string): Line => ({ kind: 'tool-call', id: `c${phone}`, name: 'collect_identity', arguments: JSON.stringify({ phone }), call: 1 });

function session(changeLog: Change[], transcript: Line[]): Session {
  return { ...newSession(doc), changeLog, transcript };
}

describe('knownPiiValues, carried from call to call', () => {
  it('reads on from where it stopped, as a first reading would', () => {
    const one = session([named(1, 'Dana Whitfield')], [said('555 123 4567')]);
    expect(knownPiiValues(doc, one)).toEqual(fresh(one));
    const two = session([...one.changeLog, named(2, 'Ana Lopez')], [...one.transcript, said('555 765 4321')]);
    expect(knownPiiValues(doc, two)).toEqual(['Dana Whitfield', 'Ana Lopez', '555 123 4567', '555 765 4321']);
    expect(knownPiiValues(doc, two)).toEqual(fresh(two));
  });

  it('reads an edited earlier entry afresh', () => {
    const first = named(1, 'Dana Whitfield');
    const before = session([first, named(2, 'Ana Lopez'), named(3, 'Sam Reed')], []);
    expect(knownPiiValues(doc, before)).toContain('Ana Lopez');
    const edited = session([first, named(2, 'Ann Lopes'), before.changeLog[2]], []);
    expect(knownPiiValues(doc, edited)).toEqual(['Dana Whitfield', 'Ann Lopes', 'Sam Reed']);
    // A shorter log (a run restarted from an earlier step) loses what only the longer one held.
    expect(knownPiiValues(doc, session([first], []))).toEqual(['Dana Whitfield']);
  });

  it('reads again when the document names other pii', () => {
    const s = session([], [said('555 123 4567')]);
    expect(knownPiiValues(doc, s)).toEqual(['555 123 4567']);
    const noPhone = { ...doc, tools: doc.tools.map((t) => ({ ...t, pii: t.pii.filter((p) => p !== 'phone') })) };
    expect(knownPiiValues(noPhone, s)).toEqual([]);
  });
});
