import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createAppStore } from './create';
import type { AgentDocument } from '../model';

const sample: AgentDocument = JSON.parse(readFileSync(new URL('../../public/examples/clinic-booking.json', import.meta.url), 'utf8'));
const rename = (name: string) => (doc: AgentDocument) => ({ ...doc, name });
const move = (x: number) => (doc: AgentDocument) => ({ ...doc, layout: { ...doc.layout, positions: { ...doc.layout.positions, s_greet: { x, y: 0 } } } });

describe('store history', () => {
  it('undoes and redoes pushed changes one at a time', () => {
    const store = createAppStore(sample);
    store.getState().apply(rename('A'));
    store.getState().apply(rename('B'));
    expect(store.getState().canUndo).toBe(true);
    store.getState().undo();
    expect(store.getState().doc.name).toBe('A');
    store.getState().undo();
    expect(store.getState().doc.name).toBe('Clinic Booking');
    expect(store.getState().canUndo).toBe(false);
    store.getState().redo();
    expect(store.getState().doc.name).toBe('A');
  });

  it('a whole drag (gesture) is one undo step', () => {
    const store = createAppStore(sample);
    for (const x of [10, 20, 30, 40]) store.getState().apply(move(x), { history: 'gesture' });
    store.getState().endGesture();
    expect(store.getState().doc.layout.positions.s_greet.x).toBe(40);
    store.getState().undo();
    expect(store.getState().doc.layout.positions.s_greet).toEqual(sample.layout.positions.s_greet);
    store.getState().redo();
    expect(store.getState().doc.layout.positions.s_greet.x).toBe(40);
  });

  it('two gestures are two steps, and a skipped change is folded into the next step', () => {
    const store = createAppStore(sample);
    store.getState().apply(move(10), { history: 'gesture' });
    store.getState().endGesture();
    store.getState().apply(move(20), { history: 'gesture' });
    store.getState().endGesture();
    store.getState().apply(rename('skipped'), { history: 'skip' });
    store.getState().undo();
    expect(store.getState().doc.layout.positions.s_greet.x).toBe(10);
    expect(store.getState().doc.name).toBe('Clinic Booking');
  });

  it('a new change clears redo, a no-op change records nothing, and each change bumps the revision', () => {
    const store = createAppStore(sample);
    store.getState().apply(rename('A'));
    store.getState().undo();
    store.getState().apply(rename('C'));
    expect(store.getState().canRedo).toBe(false);
    const revision = store.getState().revision;
    store.getState().apply((doc) => doc);
    expect(store.getState().revision).toBe(revision);
    store.getState().undo();
    expect(store.getState().doc.name).toBe('Clinic Booking');
  });

  it('replacing the document clears history and selection', () => {
    const store = createAppStore(sample);
    store.getState().apply(rename('A'));
    store.getState().select({ kind: 'stage', id: 's_greet' });
    store.getState().replaceDocument({ ...sample, id: 'other' });
    expect(store.getState().canUndo).toBe(false);
    expect(store.getState().selection).toEqual([]);
  });

  it('freezes a document that comes in whole, so the first edit does not walk all of it', () => {
    const store = createAppStore(structuredClone(sample));
    const first = store.getState().doc;
    expect(Object.isFrozen(first.stages[0]) && Object.isFrozen(first.layout.positions)).toBe(true);
    store.getState().replaceDocument(structuredClone({ ...sample, id: 'other' }));
    const opened = store.getState().doc;
    expect(Object.isFrozen(opened.tools[0].parameters) && Object.isFrozen(opened.edges)).toBe(true);
    // Edits go on as before: a new document shares the untouched parts.
    store.getState().apply(rename('After'));
    expect(store.getState().doc.name).toBe('After');
    expect(store.getState().doc.stages).toBe(opened.stages);
  });

  it('selection toggles additively and records reveal requests', () => {
    const store = createAppStore(sample);
    store.getState().select({ kind: 'stage', id: 'a' });
    store.getState().select({ kind: 'stage', id: 'b' }, { additive: true });
    expect(store.getState().selection.map((r) => r.id)).toEqual(['a', 'b']);
    store.getState().select({ kind: 'stage', id: 'a' }, { additive: true });
    expect(store.getState().selection.map((r) => r.id)).toEqual(['b']);
    const tick = store.getState().revealTick;
    store.getState().select({ kind: 'tool', id: 't' }, { reveal: true, focusPath: '/tools/0/parameters' });
    expect(store.getState().revealTick).toBe(tick + 1);
    expect(store.getState().focusPath).toBe('/tools/0/parameters');
  });
});
