import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { deleteEntities, duplicate, type AgentDocument } from '../model';
import { createAppStore } from './create';

const sample: AgentDocument = JSON.parse(readFileSync(new URL('../../public/examples/clinic-booking.json', import.meta.url), 'utf8'));

describe('undo says what it undid, and the selection follows it', () => {
  it('names the step undone and redone, with the caller\'s one-word label as its verb', () => {
    const store = createAppStore(sample);
    store.getState().select({ kind: 'tool', id: 't_book' });
    store.getState().apply((doc) => deleteEntities(doc, { kind: 'tool', id: 't_book' }), { label: 'delete' });
    store.getState().select(null);
    store.getState().undo();
    expect(store.getState().undoNote).toEqual({ action: 'undo', what: 'delete tool book', seq: 1 });
    expect(store.getState().doc.tools.map((t) => t.id)).toContain('t_book');
    store.getState().redo();
    expect(store.getState().undoNote).toEqual({ action: 'redo', what: 'delete tool book', seq: 2 });
    expect(store.getState().doc.tools.map((t) => t.id)).not.toContain('t_book');
  });

  it('brings back the selection of the step undone, and drops what no longer exists', () => {
    const store = createAppStore(sample);
    store.getState().select({ kind: 'tool', id: 't_book' });
    store.getState().apply((doc) => deleteEntities(doc, { kind: 'tool', id: 't_book' }));
    store.getState().select(null);
    store.getState().undo();
    expect(store.getState().selection).toEqual([{ kind: 'tool', id: 't_book' }]);
    // Redo deletes it again: the selection that went with the redone side is empty, and stays so.
    store.getState().redo();
    expect(store.getState().selection).toEqual([]);
  });

  it('after undoing a duplicate, the copy is no longer selected: the original is', () => {
    const store = createAppStore(sample);
    store.getState().select({ kind: 'stage', id: 's_choose' });
    let copies: string[] = [];
    store.getState().apply((doc) => {
      const dup = duplicate(doc, [{ kind: 'stage', id: 's_choose' }]);
      if (!dup.ok) return doc;
      copies = dup.ids.filter((r) => r.kind === 'stage').map((r) => r.id);
      return dup.doc;
    }, { label: 'duplicate' });
    store.getState().select(copies.map((id) => ({ kind: 'stage' as const, id })));
    store.getState().undo();
    expect(store.getState().selection).toEqual([{ kind: 'stage', id: 's_choose' }]);
    expect(store.getState().undoNote?.what).toMatch(/^duplicate stage /);
    store.getState().redo();
    expect(store.getState().selection).toEqual(copies.map((id) => ({ kind: 'stage', id })));
  });

  it('an undo with nothing to undo changes nothing and says nothing', () => {
    const store = createAppStore(sample);
    store.getState().undo();
    expect(store.getState().undoNote).toBeNull();
    expect(store.getState().revision).toBe(0);
  });
});
