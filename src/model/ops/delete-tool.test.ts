import { produce } from 'immer';
import { describe, expect, it } from 'vitest';
import { deleteEntities, planDelete } from './delete';
import { frozenSample, schemaErrors } from './testing';

const book = { kind: 'tool' as const, id: 't_book' };

describe('deleting tool book', () => {
  it('lists what still refers to it: prose that names it, other tools calling it, tests that expect or mock it', () => {
    const doc = produce(frozenSample(), (d) => {
      d.tools.find((t) => t.id === 't_slots')!.implementation += '\nif (false) this.book({ slot: "x" });';
      d.tests![0].mocks = { book: { ok: true } };
    });
    const plan = planDelete(doc, book);
    expect(plan.removes.map((r) => `${r.kind}:${r.name}`)).toEqual(['tool:book', 'condition:book = *']);
    expect(plan.changes).toEqual([{ kind: 'edge', id: 'e_choose_goodbye', name: 'choose → goodbye', why: 'left with no conditions' }]);
    expect(plan.dangling).toEqual([
      // "Ask before you book." names it; "repeat the booking" in goodbye does not.
      { kind: 'stage', id: 's_choose', name: 'choose', why: 'still names tool "book" in its instructions' },
      { kind: 'tool', id: 't_slots', name: 'free_slots', why: 'still names tool "book" in its implementation' },
      { kind: 'test', id: 'books-thursday-cleaning', name: 'books-thursday-cleaning', why: 'still expects tool "book" to be called' },
      { kind: 'test', id: 'books-thursday-cleaning', name: 'books-thursday-cleaning', why: 'still mocks the result of tool "book"' },
      { kind: 'test', id: 'identifies-the-caller', name: 'identifies-the-caller', why: 'still expects tool "book" not to be called' },
    ]);
  });

  it('takes the tool and its conditions in one document change and leaves the tests as the user wrote them', () => {
    const doc = frozenSample();
    const next = deleteEntities(doc, book);
    expect(schemaErrors(next)).toEqual([]);
    expect(next.tools.map((t) => t.name)).not.toContain('book');
    expect(next.edges.find((e) => e.id === 'e_choose_goodbye')!.conditions).toEqual([]);
    expect(next.tests).toBe(doc.tests);
    expect(next.stages).toEqual(doc.stages);
  });

  it('names nothing for a tool no text, test or condition mentions', () => {
    const plan = planDelete(frozenSample(), { kind: 'tool', id: 't_ehr' });
    expect(plan.removes).toEqual([{ kind: 'tool', id: 't_ehr', name: 'ehr', why: 'selected' }]);
    expect([...plan.changes, ...plan.dangling]).toEqual([]);
  });

  it('does not count the tool naming itself, and escapes a name with regex characters', () => {
    const doc = produce(frozenSample(), (d) => {
      const ehr = d.tools.find((t) => t.id === 't_ehr')!;
      ehr.name = 'ehr.v2';
      ehr.implementation = 'return this.ehr.v2 ?? null;';
      d.persona += ' Use ehrXv2 never.';
    });
    expect(planDelete(doc, { kind: 'tool', id: 't_ehr' }).dangling).toEqual([]);
  });
});
