import { produce } from 'immer';
import { describe, expect, it } from 'vitest';
import { describeChange } from './change-summary';
import { addTool, deleteEntities, duplicate, renameTool, setPositions } from './ops';
import { frozenSample } from './ops/testing';

describe('describeChange: what one undo step did', () => {
  const doc = frozenSample();

  it('names a deleted tool, and a delete that took more along', () => {
    expect(describeChange(doc, deleteEntities(doc, { kind: 'tool', id: 't_book' }))).toBe('delete tool book');
    expect(describeChange(doc, deleteEntities(doc, { kind: 'stage', id: 's_verify' }), 'delete')).toBe('delete stage verify and 3 edges');
  });

  it('uses a one-word label as the verb and a longer one whole', () => {
    const dup = duplicate(doc, [{ kind: 'stage', id: 's_choose' }]);
    if (!dup.ok) throw new Error(dup.error);
    const copy = dup.doc.stages.find((s) => !doc.stages.some((t) => t.id === s.id))!;
    expect(describeChange(doc, dup.doc, 'duplicate')).toBe(`duplicate stage ${copy.name}`);
    expect(describeChange(doc, addTool(doc, {}).doc, 'Save as test')).toBe('Save as test');
  });

  it('says an edit, a rename and a move by the entity\'s name', () => {
    const renamed = renameTool(doc, 't_book', 'reserve');
    // The rename rewrote the three tests that name it: undo brings those back too.
    expect(describeChange(doc, renamed.doc)).toBe('edit tool reserve and 3 tests');
    const edited = produce(doc, (d) => { d.stages[0].instructions = 'Hello.'; });
    expect(describeChange(doc, edited)).toBe('edit stage greet');
    const at = doc.layout.positions.s_greet;
    expect(describeChange(doc, setPositions(doc, { s_greet: { x: at.x + 10, y: at.y } }), 'move')).toBe('move stage greet');
  });

  it('names several of a kind by their count, and a change of the agent itself', () => {
    const two = deleteEntities(doc, [{ kind: 'tool', id: 't_book' }, { kind: 'tool', id: 't_ehr' }]);
    expect(describeChange(doc, two)).toBe('delete 2 tools');
    expect(describeChange(doc, { ...doc, persona: 'Terse.' })).toBe('edit agent Clinic Booking');
    expect(describeChange(doc, produce(doc, (d) => { d.tests!.pop(); }))).toBe('delete test small-talk-stays-in-greet');
  });
});
