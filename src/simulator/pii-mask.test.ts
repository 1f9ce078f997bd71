import { describe, expect, it } from 'vitest';
import { knownPiiValues, MASK, NO_MASK, piiMasker, sessionMasker } from './pii-mask';
import { newSession } from './session';
import { sampleAgent } from './testing';
import type { Session, TraceEntry } from './types';

// The sample: caller_name and caller_phone are pii fields; collect_identity lists caller_name and phone as pii.
const doc = sampleAgent();
const at = { step: 1, revision: 1, at: 0 };

/** collect_identity ran with the caller's name and phone; its code also copied the name into booking_when, which is not pii. */
function identified(): Session {
  const start = newSession(doc);
  return {
    ...start,
    turn: 1,
    state: { ...start.state, caller_name: 'Dana Whitfield', caller_phone: '5551234567', booking_when: 'for Dana Whitfield' },
    transcript: [
      { kind: 'caller', text: "I'm Dana Whitfield, 555 123 4567" },
      { kind: 'tool-call', id: 'c1', name: 'collect_identity', arguments: '{"caller_name":"Dana Whitfield","phone":"555 123 4567"}', call: 1 },
      { kind: 'tool-result', id: 'c1', name: 'collect_identity', result: { caller_name: 'Dana Whitfield', phone: '555 123 4567' }, modelReads: '{}' },
    ],
    changeLog: [
      { seq: 1, turn: 1, field: 'caller_name', prev: '', next: 'Dana Whitfield', author: 'collect_identity', at: 0 },
      { seq: 2, turn: 1, field: 'booking_when', prev: '', next: 'for Dana Whitfield', author: 'collect_identity', at: 0 },
    ],
    trace: [{ ...at, kind: 'tool-run', toolCallId: 'c1', tool: 'collect_identity', args: { caller_name: 'Dana Whitfield', phone: '555 123 4567' }, result: {}, logs: [], writes: {} }] as TraceEntry[],
  };
}

describe('knownPiiValues', () => {
  it('collects what the run held under a pii name: fields, arguments, results', () => {
    const known = knownPiiValues(doc, identified());
    expect(known).toEqual(expect.arrayContaining(['Dana Whitfield', '5551234567', '555 123 4567']));
    // booking_when is not pii: its value is not a source, only a place to mask.
    expect(known).not.toContain('for Dana Whitfield');
  });

  it('has nothing to collect without pii names or without a run', () => {
    expect(knownPiiValues(doc, null)).toEqual([]);
    const none = { ...doc, state: doc.state.map((f) => ({ ...f, pii: false })), tools: doc.tools.map((t) => ({ ...t, pii: [] })) };
    expect(knownPiiValues(none, identified())).toEqual([]);
  });
});

describe('piiMasker', () => {
  const mask = sessionMasker(doc, identified());

  it('masks a pii field whole and a pii key at any depth', () => {
    expect(mask.field('caller_name', 'Dana Whitfield')).toBe(MASK);
    expect(mask.value({ patient: { caller_phone: 123, visits: [{ phone: 'x' }] } }, doc.tools.find((t) => t.name === 'collect_identity'))).toEqual({
      patient: { caller_phone: MASK, visits: [{ phone: MASK }] },
    });
  });

  it('masks a known pii value where it was copied, under any name and inside text', () => {
    expect(mask.field('booking_when', 'for Dana Whitfield')).toBe(`for ${MASK}`);
    expect(mask.value({ note: 'Dana Whitfield', n: 5551234567, searches: 1 })).toEqual({ note: MASK, n: MASK, searches: 1 });
    expect(mask.text('{"caller_name":"Dana Whitfield","phone":"555 123 4567"}')).toBe('{"caller_name":"***","phone":"***"}');
    // Case does not hide it.
    expect(mask.text('Thank you, DANA WHITFIELD.')).toBe(`Thank you, ${MASK}.`);
  });

  it('leaves values that hold no pii as they are', () => {
    expect(mask.value({ when: 'Tuesday 09:00', slots: [1, 2] })).toEqual({ when: 'Tuesday 09:00', slots: [1, 2] });
    expect(mask.text('Let me check the agenda.')).toBe('Let me check the agenda.');
  });

  it('masks a short value only where a whole value equals it', () => {
    const short = piiMasker(doc, ['Al']);
    expect(short.value({ a: 'Al', b: 'Always' })).toEqual({ a: MASK, b: 'Always' });
    expect(short.text('Al')).toBe(MASK);
  });

  it('escapes the values it searches for, and keeps a __proto__ key a key', () => {
    const odd = piiMasker(doc, ['a+b (c)']);
    expect(odd.text('x a+b (c) y')).toBe(`x ${MASK} y`);
    const copy = odd.value(JSON.parse('{"__proto__":{"caller_name":"z"}}')) as Record<string, unknown>;
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.hasOwn(copy, '__proto__')).toBe(true);
  });

  it('NO_MASK shows everything as it is (the turn inspector after Reveal)', () => {
    expect(NO_MASK.text('Dana Whitfield')).toBe('Dana Whitfield');
    expect(NO_MASK.field('caller_name', 'Dana Whitfield')).toBe('Dana Whitfield');
    expect(NO_MASK.isPii('caller_name')).toBe(false);
  });
});
