import { produce } from 'immer';
import { describe, expect, it } from 'vitest';
import { diffAgents } from '../../model/diff';
import { deleteEntities } from '../../model/ops/delete';
import { frozenSample, stageNamed, toolNamed } from '../../model/ops/testing';
import type { AgentDocument } from '../../model';
import { sideBySideOf } from './side-by-side';

const base = frozenSample();
const edit = (recipe: (d: AgentDocument) => void) => produce(base, recipe);
const only = (doc: AgentDocument) => {
  const differences = diffAgents(base, doc);
  expect(differences).toHaveLength(1);
  return sideBySideOf(differences[0], base, doc);
};

describe('side by side: what a difference opens', () => {
  it('a tool description: old and new text in the diff editor', () => {
    const doc = edit((d) => { toolNamed(d, 'book').description = 'Book it.'; });
    expect(only(doc)).toEqual({ mode: 'text', original: toolNamed(base, 'book').description, modified: 'Book it.', language: 'plaintext' });
  });

  it('a parameter schema: the whole parameters, pretty-printed JSON, before and after', () => {
    const doc = edit((d) => { (toolNamed(d, 'free_slots').parameters.properties!.day as { description?: string }).description = 'The weekday'; });
    const view = only(doc);
    expect(view.mode).toBe('text');
    if (view.mode !== 'text') return;
    expect(view.language).toBe('json');
    expect(JSON.parse(view.original)).toEqual(toolNamed(base, 'free_slots').parameters);
    expect(JSON.parse(view.modified)).toEqual(toolNamed(doc, 'free_slots').parameters);
    expect(view.original).toContain('\n  ');
  });

  it('a rename: a short value, old → new', () => {
    const doc = edit((d) => { stageNamed(d, 'verify').name = 'check'; });
    expect(only(doc)).toEqual({ mode: 'short', old: 'verify', new: 'check' });
  });

  it('a removed edge: the whole edge as it was, beside nothing', () => {
    const doc = deleteEntities(base, { kind: 'edge', id: 'e_verify_goodbye' });
    const view = only(doc);
    expect(view.mode === 'text' && JSON.parse(view.original).id).toBe('e_verify_goodbye');
    expect(view.mode === 'text' && view.modified).toBe('');
  });
});
