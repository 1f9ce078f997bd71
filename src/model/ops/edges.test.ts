import { describe, expect, it } from 'vitest';
import type { AgentDocument } from '../types';
import { addCondition, addEdge, moveCondition, removeCondition, reorderEdge, updateCondition } from './edges';
import { frozenSample, schemaErrors } from './testing';

const edgeIds = (doc: AgentDocument) => doc.edges.map((e) => e.id);

describe('addEdge', () => {
  it('appends an edge with its conditions, after the stage’s other edges', () => {
    const doc = frozenSample();
    const result = addEdge(doc, { from: 's_choose', to: 's_greet', conditions: [{ kind: 'nlu', sentence: 'Start over.' }] });
    if (!result.ok) throw new Error(result.error);
    expect(result.doc.edges.at(-1)).toEqual({ id: result.id, from: 's_choose', to: 's_greet', kind: 'edge', conditions: [{ kind: 'nlu', sentence: 'Start over.' }] });
    expect(schemaErrors(result.doc)).toEqual([]);
  });

  it('makes an edge from a stage to itself a loop', () => {
    const result = addEdge(frozenSample(), { from: 's_choose', to: 's_choose' });
    if (!result.ok) throw new Error(result.error);
    expect(result.doc.edges.at(-1)).toMatchObject({ kind: 'loop', conditions: [] });
  });

  it('refuses a second loop, unknown stages and a kind that contradicts the ends, returning the same document', () => {
    const doc = frozenSample();
    const refusals = [
      [addEdge(doc, { from: 's_greet', to: 's_greet' }), 'stage "greet" already has a loop; edit its conditions instead'],
      [addEdge(doc, { from: 's_greet', to: 'nowhere' }), 'there is no stage "nowhere"'],
      [addEdge(doc, { from: 's_greet', to: 's_choose', kind: 'loop' }), 'a loop edge starts and ends on the same stage'],
      [addEdge(doc, { from: 's_choose', to: 's_choose', kind: 'edge' }), 'an edge from a stage to itself is a loop'],
    ] as const;
    for (const [result, error] of refusals) expect(result).toEqual({ ok: false, doc, error });
    for (const [result] of refusals) expect(result.doc).toBe(doc);
  });
});

describe('reorderEdge', () => {
  it('moves an edge among the edges of its stage only', () => {
    const doc = frozenSample();
    const next = reorderEdge(doc, 'e_verify_goodbye', 0);
    expect(edgeIds(next)).toEqual(['e_greet_identify', 'e_greet_loop', 'e_identify_verify', 'e_verify_goodbye', 'e_verify_choose', 'e_choose_goodbye', 'e_choose_giveup']);
    expect(edgeIds(reorderEdge(next, 'e_verify_goodbye', 1))).toEqual(edgeIds(doc));
    expect(schemaErrors(next)).toEqual([]);
  });

  it('puts an edge last among its siblings for an index past the end, even when other stages’ edges sit between', () => {
    const doc = frozenSample();
    const scattered = addEdge(doc, { from: 's_greet', to: 's_goodbye' });
    if (!scattered.ok) throw new Error(scattered.error);
    const moved = reorderEdge(scattered.doc, 'e_greet_identify', 99);
    const fromGreet = moved.edges.filter((e) => e.from === 's_greet').map((e) => e.id);
    expect(fromGreet).toEqual(['e_greet_loop', scattered.id, 'e_greet_identify']);
    expect(moved.edges.filter((e) => e.from !== 's_greet')).toEqual(doc.edges.filter((e) => e.from !== 's_greet'));
  });

  it('returns the same document for an unknown edge or an unchanged place', () => {
    const doc = frozenSample();
    expect(reorderEdge(doc, 'nope', 0)).toBe(doc);
    expect(reorderEdge(doc, 'e_greet_identify', 0)).toBe(doc);
    expect(reorderEdge(doc, 'e_identify_verify', 5)).toBe(doc);
  });
});

describe('conditions', () => {
  const conditionsOf = (doc: AgentDocument, id: string) => doc.edges.find((e) => e.id === id)!.conditions;

  it('adds at the end or at an index', () => {
    const doc = frozenSample();
    const added = addCondition(doc, 'e_identify_verify', { kind: 'expression', expression: 'verified' });
    const first = addCondition(added.doc, 'e_identify_verify', { kind: 'nlu', sentence: 'Gave both.' }, 0);
    expect(conditionsOf(first.doc, 'e_identify_verify').map((c) => c.kind)).toEqual(['nlu', 'tool', 'expression']);
    expect(schemaErrors(first.doc)).toEqual([]);
  });

  it('merges a patch of the same kind, clears with undefined, and replaces on a kind change', () => {
    const doc = frozenSample();
    const merged = updateCondition(doc, 'e_identify_verify', 0, { expected: '+34*', field: undefined });
    expect(conditionsOf(merged.doc, 'e_identify_verify')).toEqual([{ kind: 'tool', toolId: 't_identity', expected: '+34*' }]);
    const replaced = updateCondition(doc, 'e_identify_verify', 0, { kind: 'nlu', sentence: 'The caller gave a phone.' });
    expect(conditionsOf(replaced.doc, 'e_identify_verify')).toEqual([{ kind: 'nlu', sentence: 'The caller gave a phone.' }]);
    expect(schemaErrors(merged.doc)).toEqual([]);
    expect(schemaErrors(replaced.doc)).toEqual([]);
  });

  it('refuses an incomplete condition, an unknown edge and a bad index', () => {
    const doc = frozenSample();
    expect(updateCondition(doc, 'e_identify_verify', 0, { kind: 'expression' })).toEqual({ ok: false, doc, error: 'a condition of kind "expression" needs "expression"' });
    expect(removeCondition(doc, 'nope', 0)).toEqual({ ok: false, doc, error: 'there is no edge "nope"' });
    expect(removeCondition(doc, 'e_identify_verify', 1)).toEqual({ ok: false, doc, error: 'the edge has no condition 1' });
  });

  it('removes and moves conditions', () => {
    let doc = frozenSample();
    for (const sentence of ['a', 'b']) doc = addCondition(doc, 'e_greet_identify', { kind: 'nlu', sentence }).doc;
    const moved = moveCondition(doc, 'e_greet_identify', 2, 0);
    expect(conditionsOf(moved.doc, 'e_greet_identify').map((c) => (c.kind === 'nlu' ? c.sentence : c.kind))).toEqual(['b', 'tool', 'a']);
    const removed = removeCondition(moved.doc, 'e_greet_identify', 1);
    expect(conditionsOf(removed.doc, 'e_greet_identify')).toEqual([{ kind: 'nlu', sentence: 'b' }, { kind: 'nlu', sentence: 'a' }]);
    expect(schemaErrors(removed.doc)).toEqual([]);
  });
});

describe('tool conditions', () => {
  it('must name a tool of the agent', () => {
    const doc = frozenSample();
    expect(addCondition(doc, 'e_greet_loop', { kind: 'tool', toolId: 'ghost', expected: '*' })).toEqual({ ok: false, doc, error: 'there is no tool "ghost"' });
    expect(updateCondition(doc, 'e_identify_verify', 0, { toolId: 'ghost' })).toEqual({ ok: false, doc, error: 'there is no tool "ghost"' });
  });
});
