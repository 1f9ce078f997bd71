import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { AgentDocument } from '../model';
import { createAppStore } from '../store/create';
import { createTool, toolScopeChoices } from './actions';

const sample: AgentDocument = JSON.parse(readFileSync(new URL('../../public/examples/clinic-booking.json', import.meta.url), 'utf8'));

describe('"+ Tool": where the new tool is offered', () => {
  it('offers everywhere first, then the selected stage and its block, or the selected block', () => {
    expect(toolScopeChoices(sample, [])).toEqual([
      { scope: { kind: 'all' }, label: 'Offer everywhere' },
      { scope: { kind: 'stages', stageIds: [] }, label: 'Only in stages I choose…', pickAfter: true },
    ]);
    expect(toolScopeChoices(sample, [{ kind: 'tool', id: 't_book' }, { kind: 'stage', id: 's_choose' }]).map((c) => c.label))
      .toEqual(['Offer everywhere', 'Only in stage choose', 'Only in block Booking']);
    expect(toolScopeChoices(sample, [{ kind: 'block', id: 'b_identify' }])[1]).toEqual({ scope: { kind: 'blocks', blockIds: ['b_identify'] }, label: 'Only in block Identify' });
    expect(toolScopeChoices(sample, [{ kind: 'stage', id: 'gone' }]).map((c) => c.label)).toEqual(['Offer everywhere', 'Only in stages I choose…']);
  });

  it('with a tool selected, still offers the stage selected before it (issue 31: it offered only "everywhere")', () => {
    const store = createAppStore(sample);
    store.getState().select({ kind: 'stage', id: 's_choose' });
    store.getState().select({ kind: 'tool', id: 't_book' });
    const { doc, selection, lastPlace } = store.getState();
    expect(toolScopeChoices(doc, selection, lastPlace).map((c) => c.label)).toEqual(['Offer everywhere', 'Only in stage choose', 'Only in block Booking']);
    store.getState().select({ kind: 'block', id: 'b_identify' });
    store.getState().select(null);
    expect(toolScopeChoices(doc, [], store.getState().lastPlace).map((c) => c.label)).toEqual(['Offer everywhere', 'Only in block Identify']);
  });

  it('adds the tool everywhere unless told otherwise, whatever is selected, and reveals where it is offered', () => {
    const store = createAppStore(sample);
    store.getState().select({ kind: 'stage', id: 's_choose' });
    const id = createTool(store);
    const tool = store.getState().doc.tools.find((t) => t.id === id)!;
    expect(tool.scope).toEqual({ kind: 'all' });
    expect(store.getState().selection).toEqual([{ kind: 'tool', id }]);
    // Where it is offered was just chosen: the inspector opens on its description.
    expect(store.getState().focusPath).toBe(`/tools/${store.getState().doc.tools.length - 1}/description`);
    createTool(store, { kind: 'stages', stageIds: [] }, { pickScopeAfter: true });
    expect(store.getState().focusPath).toBe(`/tools/${store.getState().doc.tools.length - 1}/scope`);
    const scoped = createTool(store, { kind: 'stages', stageIds: ['s_choose'] });
    expect(store.getState().doc.tools.find((t) => t.id === scoped)!.scope).toEqual({ kind: 'stages', stageIds: ['s_choose'] });
  });
});
