import { describe, expect, it } from 'vitest';
import { produce } from 'immer';
import { emptyDocument } from '../document';
import type { AgentDocument } from '../types';
import { copySelection, duplicate, isClipboard, pasteClipboard, type Pasted } from './clipboard';
import { entityRect, overlaps } from './placement';
import { BLOCK_PADDING, STAGE_SIZE } from './layout';
import { deepFreeze, frozenSample, schemaErrors, stageNamed, toolNamed, positionOf, sizeOf } from './testing';

const pasted = (result: Pasted) => {
  if (!result.ok) throw new Error(result.error);
  expect(schemaErrors(result.doc)).toEqual([]);
  return result;
};
const allIds = (doc: AgentDocument) => [...doc.blocks, ...doc.stages, ...doc.edges, ...doc.tools, ...doc.state].map((e) => e.id);

describe('copySelection', () => {
  it('copies a block with its stages, the edges between them and their layout, as plain JSON', () => {
    const doc = frozenSample();
    const clip = copySelection(doc, [{ kind: 'block', id: 'b_identify' }]);
    expect(clip.blocks.map((b) => b.id)).toEqual(['b_identify']);
    expect(clip.stages.map((s) => s.id)).toEqual(['s_identity', 's_verify']);
    expect(clip.edges.map((e) => e.id)).toEqual(['e_identify_verify']);
    expect(clip.tools).toEqual([]);
    expect(clip.positions).toEqual({
      b_identify: positionOf(doc, 'b_identify'), s_identity: positionOf(doc, 's_identity'), s_verify: positionOf(doc, 's_verify'),
    });
    expect(clip.sizes).toEqual({ b_identify: sizeOf(doc, 'b_identify') });
    expect(JSON.parse(JSON.stringify(clip))).toEqual(clip);
    expect(isClipboard(JSON.parse(JSON.stringify(clip)))).toBe(true);
    expect(isClipboard({ format: 'other' })).toBe(false);
  });

  it('drops a selected edge whose stages are not both copied', () => {
    const clip = copySelection(frozenSample(), [{ kind: 'stage', id: 's_choose' }, { kind: 'edge', id: 'e_choose_goodbye' }]);
    expect(clip.edges).toEqual([]);
  });
});

describe('pasteClipboard', () => {
  it('gives a pasted block fresh ids, unique names, refs made from those names (following them), and rewires its edge', () => {
    const doc = frozenSample();
    const result = pasted(pasteClipboard(doc, copySelection(doc, [{ kind: 'block', id: 'b_identify' }]), { offset: { x: 40, y: 40 } }));
    const next = result.doc;
    const fresh = allIds(next).filter((id) => !allIds(doc).includes(id));
    expect(result.ids.map((r) => r.id)).toEqual(fresh);
    expect(result.ids.map((r) => r.kind)).toEqual(['block', 'stage', 'stage', 'edge']);
    const [blockId, identifyId, verifyId, edgeId] = fresh;
    expect(result.idMap).toEqual({ b_identify: blockId, s_identity: identifyId, s_verify: verifyId, e_identify_verify: edgeId });
    expect(next.blocks.at(-1)).toEqual({ id: blockId, name: 'Identify_2', ref: 'identify_2', refFollowsName: true, intent: false });
    // The originals' refs (t_identify, t_verify) were imported and stay theirs; a copy's comes from its own name.
    expect(stageNamed(next, 'identify_2')).toMatchObject({ id: identifyId, ref: 'identify_2', refFollowsName: true, blockId });
    expect(stageNamed(next, 'verify_2')).toMatchObject({ id: verifyId, ref: 'verify_2', refFollowsName: true, blockId, kind: 'wait', waitToken: 'ehr_lookup' });
    expect(stageNamed(next, 'identify')).toMatchObject({ ref: 't_identify' });
    expect(stageNamed(next, 'identify')).not.toHaveProperty('refFollowsName');
    expect(next.edges.at(-1)).toEqual({
      id: edgeId, from: identifyId, to: verifyId, kind: 'edge',
      conditions: [{ kind: 'tool', toolId: 't_identity', field: 'phone', expected: '*' }],
    });
    const block = positionOf(doc, 'b_identify');
    expect(next.layout.positions[blockId]).toEqual({ x: block.x + 40, y: block.y + 40 });
    expect(next.layout.positions[verifyId]).toEqual(positionOf(doc, 's_verify'));
    expect(next.layout.sizes[blockId]).toEqual(sizeOf(doc, 'b_identify'));
    expect(next.entryStageId).toBe('s_greet');
  });

  it('puts stages copied without their block into a target block, shifted and with the block grown', () => {
    const doc = frozenSample();
    const clip = copySelection(doc, [{ kind: 'stage', id: 's_choose' }]);
    const choose = positionOf(doc, 's_choose');
    const end = sizeOf(doc, 'b_end');
    // Shifted down by b_end's height, the copy reaches below b_end's bottom edge whatever the sample's layout.
    const offset = { x: 0, y: end.height };
    const result = pasted(pasteClipboard(doc, clip, { offset, targetBlockId: 'b_end' }));
    const copy = stageNamed(result.doc, 'choose_2');
    expect(copy.blockId).toBe('b_end');
    expect(result.doc.layout.positions[copy.id]).toEqual({ x: choose.x + offset.x, y: choose.y + offset.y });
    const height = choose.y + offset.y + STAGE_SIZE.height + BLOCK_PADDING;
    expect(height).toBeGreaterThan(end.height);
    expect(result.doc.layout.sizes.b_end).toEqual({ width: Math.max(end.width, choose.x + offset.x + STAGE_SIZE.width + BLOCK_PADDING), height });
    expect(pasteClipboard(doc, clip, { targetBlockId: 'nope' })).toEqual({ ok: false, doc, error: 'there is no block "nope" to paste into' });
  });

  it('pastes into another agent: a new block for loose stages, the entry stage set, dangling looping targets dropped', () => {
    const source = frozenSample();
    const target = deepFreeze(emptyDocument());
    const clip = copySelection(source, [{ kind: 'block', id: 'b_greeting' }, { kind: 'stage', id: 's_choose' }]);
    const result = pasted(pasteClipboard(target, clip));
    const next = result.doc;
    expect(next.blocks.map((b) => b.name)).toEqual(['Pasted', 'Greeting']);
    expect(next.blocks[1].looping).toEqual({ threshold: 3, messages: ['Let me put you through to the front desk.'], kpis: ['intent_not_detected'] });
    expect(stageNamed(next, 'choose').blockId).toBe(next.blocks[0].id);
    expect(next.entryStageId).toBe(stageNamed(next, 'greet').id);
    expect(next.edges.map((e) => e.kind)).toEqual(['loop']);
  });

  it('rewires a copied tool’s scope and the conditions naming it', () => {
    const doc = frozenSample();
    const result = pasted(duplicate(doc, [{ kind: 'block', id: 'b_greeting' }, { kind: 'stage', id: 's_identity' }, { kind: 'tool', id: 't_intent' }]));
    const tool = toolNamed(result.doc, 'is_schedule_appointment_2');
    expect(tool.scope).toEqual({ kind: 'blocks', blockIds: [result.idMap.b_greeting] });
    const edge = result.doc.edges.find((e) => e.id === result.idMap.e_greet_identify)!;
    expect(edge).toMatchObject({ from: result.idMap.s_greet, to: result.idMap.s_identity });
    expect(edge.conditions[0]).toMatchObject({ kind: 'tool', toolId: tool.id });
    expect(result.doc.blocks.find((b) => b.id === result.idMap.b_greeting)!.looping!.connectTo).toBe('s_goodbye');
  });
});

describe('duplicate', () => {
  it('duplicates stages in their own blocks, with the edges between them, shifted', () => {
    const doc = frozenSample();
    const result = pasted(duplicate(doc, [{ kind: 'stage', id: 's_choose' }, { kind: 'stage', id: 's_goodbye' }]));
    const choose = stageNamed(result.doc, 'choose_2');
    const goodbye = stageNamed(result.doc, 'goodbye_2');
    expect([choose.blockId, goodbye.blockId]).toEqual(['b_booking', 'b_end']);
    // Shifted clear of every card, the originals included: not on top of what it copies.
    for (const copy of [choose, goodbye]) {
      const box = entityRect(result.doc, copy.id)!;
      for (const other of result.doc.stages.filter((s) => s.id !== copy.id)) expect(overlaps(box, entityRect(result.doc, other.id)!), `${copy.name} on ${other.name}`).toBe(false);
    }
    const original = positionOf(doc, 's_choose');
    const shift = { x: result.doc.layout.positions[choose.id].x - original.x, y: result.doc.layout.positions[choose.id].y - original.y };
    expect(Math.hypot(shift.x, shift.y)).toBeLessThan(STAGE_SIZE.width + 120);
    expect(result.doc.layout.positions[goodbye.id]).toEqual({ x: positionOf(doc, 's_goodbye').x + shift.x, y: positionOf(doc, 's_goodbye').y + shift.y });
    const copies = result.doc.edges.slice(doc.edges.length);
    expect(copies.map((e) => [e.from, e.to, e.conditions])).toEqual([
      [choose.id, goodbye.id, [{ kind: 'tool', toolId: 't_book', expected: '*' }]],
      [choose.id, goodbye.id, [{ kind: 'expression', expression: 'searches >= 3' }]],
    ]);
  });

  it('keeps the copy\'s tools: a tool scoped to the original stage or block is offered in the copy too', () => {
    const doc = frozenSample();
    const scoped = produce(doc, (draft) => {
      draft.tools.find((t) => t.id === 't_book')!.scope = { kind: 'stages', stageIds: ['s_choose'] };
    });
    const stageCopy = pasted(duplicate(scoped, [{ kind: 'stage', id: 's_choose' }]));
    expect(stageCopy.doc.tools.find((t) => t.id === 't_book')!.scope).toEqual({ kind: 'stages', stageIds: ['s_choose', stageCopy.idMap.s_choose] });
    const blockCopy = pasted(duplicate(doc, [{ kind: 'block', id: 'b_booking' }]));
    const book = blockCopy.doc.tools.find((t) => t.id === 't_book')!;
    expect(book.scope).toEqual({ kind: 'blocks', blockIds: ['b_booking', blockCopy.idMap.b_booking] });
    // A tool scoped elsewhere is left as it was.
    expect(blockCopy.doc.tools.find((t) => t.id === 't_intent')!.scope).toBe(doc.tools.find((t) => t.id === 't_intent')!.scope);
    const copyBox = entityRect(blockCopy.doc, blockCopy.idMap.b_booking)!;
    for (const block of doc.blocks) expect(overlaps(copyBox, entityRect(blockCopy.doc, block.id)!), block.name).toBe(false);
  });

  it('duplicates a tool as name_2 and a state field as name_2, leaving conditions on the original', () => {
    const doc = frozenSample();
    const result = pasted(duplicate(doc, [{ kind: 'tool', id: 't_book' }, { kind: 'state', id: 'f_slots' }]));
    expect(toolNamed(result.doc, 'book_2')).toMatchObject({ scope: { kind: 'blocks', blockIds: ['b_booking'] }, confirm: 'Booked: {{result.when}} with {{result.professional}}.' });
    expect(result.doc.state.at(-1)).toMatchObject({ name: 'slots_2', type: 'array', default: [] });
    expect(result.doc.edges).toBe(doc.edges);
  });
});
