import { produce } from 'immer';
import { describe, expect, it } from 'vitest';
import type { AgentDocument } from '../types';
import { deleteEntities, planDelete } from './delete';
import { frozenSample, schemaErrors } from './testing';

const ids = (items: { id: string }[]) => items.map((item) => item.id);
const deleted = (doc: AgentDocument, ...args: Parameters<typeof deleteEntities>[1][]) => {
  const next = deleteEntities(doc, args.flat());
  expect(schemaErrors(next)).toEqual([]);
  return next;
};

describe('deleting block Identify', () => {
  const doc = frozenSample();
  const ref = { kind: 'block' as const, id: 'b_identify' };

  it('plans its two stages, the edges touching them and the conditions on those edges', () => {
    const plan = planDelete(doc, ref);
    expect(plan.removes).toEqual([
      { kind: 'block', id: 'b_identify', name: 'Identify', why: 'selected' },
      { kind: 'stage', id: 's_identity', name: 'identify', why: 'in block "Identify", which is deleted' },
      { kind: 'stage', id: 's_verify', name: 'verify', why: 'in block "Identify", which is deleted' },
      { kind: 'edge', id: 'e_greet_identify', name: 'greet → identify', why: 'enters stage "identify", which is deleted' },
      { kind: 'edge', id: 'e_identify_verify', name: 'identify → verify', why: 'leaves stage "identify", which is deleted' },
      { kind: 'edge', id: 'e_verify_choose', name: 'verify → choose', why: 'leaves stage "verify", which is deleted' },
      { kind: 'edge', id: 'e_verify_goodbye', name: 'verify → goodbye', why: 'leaves stage "verify", which is deleted' },
      { kind: 'condition', id: 'e_greet_identify', index: 0, name: 'is_schedule_appointment.schedule_appointment = true', why: 'on edge "greet → identify", which is deleted' },
      { kind: 'condition', id: 'e_identify_verify', index: 0, name: 'collect_identity.phone = *', why: 'on edge "identify → verify", which is deleted' },
      { kind: 'condition', id: 'e_verify_choose', index: 0, name: 'external = verified', why: 'on edge "verify → choose", which is deleted' },
      { kind: 'condition', id: 'e_verify_goodbye', index: 0, name: 'external = *', why: 'on edge "verify → goodbye", which is deleted' },
    ]);
    expect(plan.changes).toEqual([
      { kind: 'tool', id: 't_identity', name: 'collect_identity', why: 'left with no scope: it was offered only in "Identify"' },
      { kind: 'tool', id: 't_ehr', name: 'ehr', why: 'left with no scope: it was offered only in "Identify"' },
      { kind: 'tool', id: 't_check', name: 'check_record', why: 'left with no scope: it was offered only in "verify"' },
    ]);
    expect(plan.dangling).toEqual([]);
  });

  it('applies exactly that plan, keeping the tools with an empty scope', () => {
    const next = deleted(doc, ref);
    expect(ids(next.blocks)).toEqual(['b_greeting', 'b_booking', 'b_end']);
    expect(ids(next.stages)).toEqual(['s_greet', 's_choose', 's_goodbye']);
    expect(ids(next.edges)).toEqual(['e_greet_loop', 'e_choose_goodbye', 'e_choose_giveup']);
    expect(ids(next.tools)).toEqual(ids(doc.tools));
    expect(next.tools[2].scope).toEqual({ kind: 'blocks', blockIds: [] });
    expect(next.tools[3].scope).toEqual({ kind: 'blocks', blockIds: [] });
    expect(Object.keys(next.layout.positions)).toEqual(['b_greeting', 's_greet', 'b_booking', 's_choose', 'b_end', 's_goodbye']);
    expect(Object.keys(next.layout.sizes)).toEqual(['b_greeting', 'b_booking', 'b_end']);
    expect(next.entryStageId).toBe('s_greet');
  });
});

describe('planDelete and deleteEntities', () => {
  it('deleting the looping target clears connectTo', () => {
    const doc = frozenSample();
    const plan = planDelete(doc, { kind: 'stage', id: 's_goodbye' });
    expect(plan.removes.filter((r) => r.kind === 'edge').map((r) => r.id)).toEqual(['e_verify_goodbye', 'e_choose_goodbye', 'e_choose_giveup']);
    expect(plan.changes).toEqual([{ kind: 'block', id: 'b_greeting', name: 'Greeting', why: 'looping no longer hands over to stage "goodbye"' }]);
    const next = deleted(doc, { kind: 'stage', id: 's_goodbye' });
    expect(next.blocks[0].looping).toEqual({ threshold: 3, messages: ['Let me put you through to the front desk.'], kpis: ['intent_not_detected'] });
  });

  it('deleting the entry stage moves the entry to the first remaining stage, or clears it', () => {
    const doc = frozenSample();
    expect(planDelete(doc, { kind: 'stage', id: 's_greet' }).changes).toContainEqual({
      kind: 'agent', id: doc.id, name: 'Clinic Booking', why: 'calls now open on stage "identify"',
    });
    expect(deleted(doc, { kind: 'stage', id: 's_greet' }).entryStageId).toBe('s_identity');
    const everything = doc.blocks.map((b) => ({ kind: 'block' as const, id: b.id }));
    expect(planDelete(doc, everything).changes).toContainEqual({ kind: 'agent', id: doc.id, name: 'Clinic Booking', why: 'no stage left to open the call on' });
    const empty = deleted(doc, everything);
    expect(empty.entryStageId).toBeNull();
    expect(empty.edges).toEqual([]);
    expect(empty.layout).toEqual({ positions: {}, sizes: {} });
  });

  it('deleting a tool removes the conditions naming it and says which edge is left with none', () => {
    const doc = frozenSample();
    const plan = planDelete(doc, { kind: 'tool', id: 't_book' });
    expect(plan.removes).toEqual([
      { kind: 'tool', id: 't_book', name: 'book', why: 'selected' },
      { kind: 'condition', id: 'e_choose_goodbye', index: 0, name: 'book = *', why: 'names tool "book", which is deleted' },
    ]);
    expect(plan.changes).toEqual([{ kind: 'edge', id: 'e_choose_goodbye', name: 'choose → goodbye', why: 'left with no conditions' }]);
    const next = deleted(doc, { kind: 'tool', id: 't_book' });
    expect(next.edges.find((e) => e.id === 'e_choose_goodbye')!.conditions).toEqual([]);
  });

  it('narrows a stage scope and lists text that still names a deleted stage or state field', () => {
    const doc = produce(frozenSample(), (d) => {
      d.tools[6].scope = { kind: 'stages', stageIds: ['s_choose', 's_goodbye'] };
      d.tools[4].implementation += '\nthis.stage = "choose";';
    });
    const plan = planDelete(doc, [{ kind: 'stage', id: 's_choose' }, { kind: 'state', id: 'f_name' }]);
    expect(plan.changes).toEqual([{ kind: 'tool', id: 't_end', name: 'end_call', why: 'no longer offered in "choose"' }]);
    expect(plan.dangling).toEqual([
      { kind: 'tool', id: 't_slots', name: 'free_slots', why: 'still names stage "choose" in its implementation' },
      { kind: 'stage', id: 's_verify', name: 'verify', why: 'still names state field "caller_name" in its instructions' },
      { kind: 'stage', id: 's_goodbye', name: 'goodbye', why: 'still names state field "caller_name" in its instructions' },
      { kind: 'tool', id: 't_identity', name: 'collect_identity', why: 'still names state field "caller_name" in its implementation' },
    ]);
    const next = deleted(doc, [{ kind: 'stage', id: 's_choose' }, { kind: 'state', id: 'f_name' }]);
    expect(next.tools[6].scope).toEqual({ kind: 'stages', stageIds: ['s_goodbye'] });
    expect(next.state.map((f) => f.name)).not.toContain('caller_name');
    expect(next.tools[4].implementation).toBe(doc.tools[4].implementation);
  });

  it('lists an entity selected twice, or selected and implied, once; ignores unknown ids', () => {
    const doc = frozenSample();
    const plan = planDelete(doc, [
      { kind: 'block', id: 'b_end' }, { kind: 'stage', id: 's_goodbye' }, { kind: 'stage', id: 's_goodbye' },
      { kind: 'edge', id: 'e_choose_giveup' }, { kind: 'tool', id: 'ghost' },
    ]);
    expect(plan.removes.filter((r) => r.kind !== 'condition').map((r) => `${r.kind}:${r.id}:${r.why}`)).toEqual([
      'block:b_end:selected',
      'stage:s_goodbye:selected',
      'edge:e_choose_giveup:selected',
      'edge:e_verify_goodbye:enters stage "goodbye", which is deleted',
      'edge:e_choose_goodbye:enters stage "goodbye", which is deleted',
    ]);
    expect(deleteEntities(doc, [{ kind: 'tool', id: 'ghost' }])).toBe(doc);
  });

  it('removes exactly what the plan removes, for any single entity of the sample', () => {
    const doc = frozenSample();
    const refs = [
      ...doc.blocks.map((b) => ({ kind: 'block' as const, id: b.id })),
      ...doc.stages.map((s) => ({ kind: 'stage' as const, id: s.id })),
      ...doc.edges.map((e) => ({ kind: 'edge' as const, id: e.id })),
      ...doc.tools.map((t) => ({ kind: 'tool' as const, id: t.id })),
      ...doc.state.map((f) => ({ kind: 'state' as const, id: f.id })),
    ];
    for (const ref of refs) {
      const plan = planDelete(doc, ref);
      const next = deleted(doc, ref);
      const all = [...next.blocks, ...next.stages, ...next.edges, ...next.tools, ...next.state].map((e) => e.id);
      const removed = plan.removes.filter((r) => r.kind !== 'condition').map((r) => r.id);
      expect(all.filter((id) => removed.includes(id))).toEqual([]);
      const before = [...doc.blocks, ...doc.stages, ...doc.edges, ...doc.tools, ...doc.state].map((e) => e.id);
      expect(all).toEqual(before.filter((id) => !removed.includes(id)));
    }
  });
});
