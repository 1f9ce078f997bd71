import { describe, expect, it } from 'vitest';
import { MAX_DEPTH } from '../limits';
import type { AgentDocument } from '../types';
import { setHelperMock } from './mocks';
import { deepFreeze, frozenSample, schemaErrors } from './testing';

const slots = [{ id: 'mon-9', when: 'Monday 09:00' }];
const withHelpers = (helpers: Record<string, unknown>): AgentDocument => deepFreeze({ ...structuredClone(frozenSample()), mocks: { helpers } });

describe('setHelperMock', () => {
  it('adds a mock answer to a document that has none, as valid data, without touching the input', () => {
    const doc = frozenSample();
    expect(doc.mocks).toBeUndefined();
    const out = setHelperMock(doc, 'agendaFor', slots);
    expect(out.ok).toBe(true);
    expect(out.doc.mocks).toEqual({ helpers: { agendaFor: slots } });
    expect(schemaErrors(out.doc)).toEqual([]);
    expect(doc.mocks).toBeUndefined();
    // A copy: editing the value given afterwards does not reach the document.
    const given = [{ id: 'a' }];
    const copied = setHelperMock(doc, 'agendaFor', given);
    given[0].id = 'changed';
    expect(copied.doc.mocks?.helpers).toEqual({ agendaFor: [{ id: 'a' }] });
  });

  it('replaces one helper in place and keeps the others in their order; a new one goes last', () => {
    const doc = withHelpers({ 'knowledge.search': [], agendaFor: [], remembers: false });
    const replaced = setHelperMock(doc, 'agendaFor', slots).doc;
    expect(Object.entries(replaced.mocks!.helpers!)).toEqual([['knowledge.search', []], ['agendaFor', slots], ['remembers', false]]);
    const added = setHelperMock(replaced, 'cal.agendaFor', null).doc;
    expect(Object.keys(added.mocks!.helpers!)).toEqual(['knowledge.search', 'agendaFor', 'remembers', 'cal.agendaFor']);
    expect(added.mocks!.helpers!['cal.agendaFor']).toBeNull();
  });

  it('removes a helper with undefined; removing the last one removes mocks altogether', () => {
    const doc = withHelpers({ agendaFor: slots, remembers: true });
    const one = setHelperMock(doc, 'agendaFor', undefined).doc;
    expect(one.mocks).toEqual({ helpers: { remembers: true } });
    const none = setHelperMock(one, 'remembers', undefined).doc;
    expect(none).not.toHaveProperty('mocks');
    expect(schemaErrors(none)).toEqual([]);
  });

  it('returns the same document when nothing changes, so no undo step is recorded', () => {
    const doc = withHelpers({ agendaFor: slots });
    expect(setHelperMock(doc, 'agendaFor', structuredClone(slots)).doc).toBe(doc);
    expect(setHelperMock(doc, 'remembers', undefined).doc).toBe(doc);
    expect(setHelperMock(frozenSample(), 'agendaFor', undefined).doc).not.toHaveProperty('mocks');
    // Falsy answers are answers: they differ from "no mock".
    for (const value of [null, false, 0, '', [], {}]) {
      const out = setHelperMock(doc, 'agendaFor', value);
      expect(out.doc).not.toBe(doc);
      expect(out.doc.mocks!.helpers!.agendaFor).toEqual(value);
    }
  });

  it('keeps a helper named like a prototype member as an own key', () => {
    const out = setHelperMock(frozenSample(), '__proto__', { evil: true }).doc;
    expect(Object.hasOwn(out.mocks!.helpers!, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(out.mocks!.helpers!)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).evil).toBeUndefined();
  });

  it('refuses a name code cannot call, saying what to write', () => {
    for (const name of ['', 'agenda For', 'knowledge.', '.search', '9lives', 'a-b']) {
      const doc = frozenSample();
      const out = setHelperMock(doc, name, 1);
      expect(out).toMatchObject({ ok: false, doc });
      expect(!out.ok && out.error).toContain('is not a name code can call: use the name as the code writes it, e.g. agendaFor');
    }
  });

  it('refuses what is not JSON data, and a value deeper than a document value may be', () => {
    const doc = frozenSample();
    for (const value of [() => 1, Number.NaN, Infinity, new Date(0), [1, undefined], { n: 1n }]) {
      const out = setHelperMock(doc, 'agendaFor', value);
      expect(out.ok).toBe(false);
      expect(!out.ok && out.error).toBe('the mock answer of agendaFor must be JSON data: text, a number, true/false, null, a list or an object of those');
    }
    let deep: unknown = 1;
    for (let i = 0; i < MAX_DEPTH + 1; i++) deep = [deep];
    const tooDeep = setHelperMock(doc, 'agendaFor', deep);
    expect(!tooDeep.ok && tooDeep.error).toMatch(/^the mock answer of agendaFor nests .*; Callboard reads at most 64 levels: write a flatter value$/);
    let fits: unknown = 1;
    for (let i = 0; i < MAX_DEPTH; i++) fits = [fits];
    expect(setHelperMock(doc, 'agendaFor', fits).ok).toBe(true);
  });
});
