import { describe, expect, it } from 'vitest';
import { describeEntity, edgeName, entityName } from './describe';
import { frozenSample } from './ops/testing';

const doc = frozenSample();

describe('describeEntity: how lists and messages name an entity', () => {
  it('names each kind by its name, after its kind', () => {
    expect(describeEntity(doc, { kind: 'agent' })).toBe('agent');
    expect(describeEntity(doc, { kind: 'block', id: 'b_greeting' })).toBe('block Greeting');
    expect(describeEntity(doc, { kind: 'stage', id: 's_verify' })).toBe('stage verify');
    expect(describeEntity(doc, { kind: 'tool', id: 't_identity' })).toBe('tool collect_identity');
    expect(describeEntity(doc, { kind: 'state', id: 'f_phone' })).toBe('state caller_phone');
  });

  it('names an edge by its stages, and a loop edge by the stage it stays on', () => {
    expect(describeEntity(doc, { kind: 'edge', id: 'e_greet_identify' })).toBe('edge greet → identify');
    expect(describeEntity(doc, { kind: 'edge', id: 'e_greet_loop' })).toBe('edge greet ↻');
    expect(edgeName(doc, 'e_verify_choose')).toBe('verify → choose');
  });

  it('keeps the kind and id of an entity that is gone, and shows a gone stage as ?', () => {
    expect(describeEntity(doc, { kind: 'tool', id: 't_gone' })).toBe('tool t_gone');
    expect(describeEntity(doc, { kind: 'edge', id: 'e_gone' })).toBe('edge');
    expect(edgeName(doc, 'e_gone')).toBe('e_gone');
    const dangling = { ...doc, edges: [{ id: 'e_x', from: 's_greet', to: 's_nowhere', kind: 'edge' as const, conditions: [] }] };
    expect(edgeName(dangling, 'e_x')).toBe('greet → ?');
    // A loop edge that does not stay (a lint error) shows both of its ends.
    const broken = { ...doc, edges: [{ id: 'e_y', from: 's_greet', to: 's_verify', kind: 'loop' as const, conditions: [] }] };
    expect(edgeName(broken, 'e_y')).toBe('greet → verify');
  });

  it('entityName is the name alone, undefined when gone', () => {
    expect(entityName(doc, { kind: 'agent' })).toBe(doc.name);
    expect(entityName(doc, { kind: 'edge', id: 'e_choose_goodbye' })).toBe('choose → goodbye');
    expect(entityName(doc, { kind: 'stage', id: 's_gone' })).toBeUndefined();
    expect(entityName(doc, { kind: 'edge', id: 'e_gone' })).toBeUndefined();
  });
});
