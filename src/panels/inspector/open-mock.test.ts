// "Give agendaFor a mock answer" opens the tool, on its Code tab, at that helper's editor; and the
// mock answer written there is one undo step of the document, as every edit is.
import { describe, expect, it } from 'vitest';
import { setHelperMock } from '../../model/ops';
import { sampleAgent } from '../../simulator/testing';
import { createAppStore } from '../../store/create';
import { pathInEntity, toolTabForPath } from './focus';
import { helperMockPath, openHelperMock } from './open-mock';

describe('openHelperMock', () => {
  it('selects the tool and asks the inspector to reveal the helper on the Code tab', () => {
    const store = createAppStore(sampleAgent());
    const tool = store.getState().doc.tools[2];
    const tick = store.getState().revealTick;
    expect(openHelperMock(store, tool.name, 'knowledge.search')).toBe(true);
    const { selection, focusPath, revealTick } = store.getState();
    expect(selection).toEqual([{ kind: 'tool', id: tool.id }]);
    expect(revealTick).toBe(tick + 1);
    expect(focusPath).toBe('/tools/2/mocks/knowledge.search');
    const rest = pathInEntity(focusPath!, 'tool');
    expect(rest).toBe(helperMockPath('knowledge.search'));
    expect(toolTabForPath(rest)).toBe('code');
  });

  it('a tool renamed or deleted since the run opens nothing', () => {
    const store = createAppStore(sampleAgent());
    expect(openHelperMock(store, 'no_such_tool', 'agendaFor')).toBe(false);
    expect(store.getState().selection).toEqual([]);
  });

  it('writing a mock answer through the store is one undo step, and undo takes it back', () => {
    const store = createAppStore(sampleAgent());
    for (const text of ['[', '[]', '[{"id": "a"}]']) {
      try {
        const value: unknown = JSON.parse(text);
        store.getState().apply((d) => setHelperMock(d, 'agendaFor', value).doc, { history: 'gesture' });
      } catch {
        // A half-typed answer is not written.
      }
    }
    store.getState().endGesture();
    expect(store.getState().doc.mocks).toEqual({ helpers: { agendaFor: [{ id: 'a' }] } });
    store.getState().undo();
    expect(store.getState().doc.mocks).toBeUndefined();
    expect(store.getState().canUndo).toBe(false);
  });
});
