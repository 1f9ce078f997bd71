import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { AgentDocument } from '../model';
import { createAppStore } from '../store/create';
import { createTool, toolScopeChoices } from './actions';

const sample: AgentDocument = JSON.parse(readFileSync(new URL('../../public/examples/clinic-booking.json', import.meta.url), 'utf8'));

describe('"+ Tool": where the new tool is offered', () => {
  it('offers everywhere first, then the selected stage and its block, or the selected block', () => {
    expect(toolScopeChoices(sample, [])).toEqual([{ scope: { kind: 'all' }, label: 'Offer everywhere' }]);
    expect(toolScopeChoices(sample, [{ kind: 'tool', id: 't_book' }, { kind: 'stage', id: 's_choose' }]).map((c) => c.label))
      .toEqual(['Offer everywhere', 'Only in stage choose', 'Only in block Booking']);
    expect(toolScopeChoices(sample, [{ kind: 'block', id: 'b_identify' }])[1]).toEqual({ scope: { kind: 'blocks', blockIds: ['b_identify'] }, label: 'Only in block Identify' });
    expect(toolScopeChoices(sample, [{ kind: 'stage', id: 'gone' }])).toHaveLength(1);
  });

  it('adds the tool everywhere unless told otherwise, whatever is selected, and reveals where it is offered', () => {
    const store = createAppStore(sample);
    store.getState().select({ kind: 'stage', id: 's_choose' });
    const id = createTool(store);
    const tool = store.getState().doc.tools.find((t) => t.id === id)!;
    expect(tool.scope).toEqual({ kind: 'all' });
    expect(store.getState().selection).toEqual([{ kind: 'tool', id }]);
    expect(store.getState().focusPath).toBe(`/tools/${store.getState().doc.tools.length - 1}/scope`);
    const scoped = createTool(store, { kind: 'stages', stageIds: ['s_choose'] });
    expect(store.getState().doc.tools.find((t) => t.id === scoped)!.scope).toEqual({ kind: 'stages', stageIds: ['s_choose'] });
  });
});
