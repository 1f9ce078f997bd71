import { produce } from 'immer';
import { describe, expect, it } from 'vitest';
import { deleteEntities } from '../model/ops/delete';
import { frozenSample, stageNamed, toolNamed } from '../model/ops/testing';
import type { AgentDocument } from '../model';
import { createFlowAdapter } from './adapters';
import { compareOverlay, GHOST_PREFIX, overlayFlow, overlayFor, overlayStyleSheet } from './compare-overlay';

const base = frozenSample();
const edit = (recipe: (d: AgentDocument) => void) => produce(base, recipe);

describe('compare overlay: entity → status', () => {
  it('the same agent: nothing marked, no ghosts', () => {
    const overlay = compareOverlay(base, base);
    expect(overlay.status.size).toBe(0);
    expect(overlay.ghosts).toEqual([]);
    expect(overlay.ghostEdges).toEqual([]);
  });

  it('a changed stage, a renamed one, an added stage and a changed tool are marked by their ids in the open agent', () => {
    const doc = edit((d) => {
      stageNamed(d, 'greet').instructions += ' Smile.';
      stageNamed(d, 'verify').name = 'check_identity';
      toolNamed(d, 'book').description = 'Book the slot and read it back.';
      d.stages.push({ ...structuredClone(stageNamed(base, 'goodbye')), id: 's_new', name: 'farewell', instructions: 'Say bye twice.' });
      d.layout.positions.s_new = { x: 20, y: 200 };
    });
    const { status, notes } = compareOverlay(base, doc);
    expect(status.get('s_greet')).toBe('changed');
    expect(status.get('s_verify')).toBe('renamed');
    expect(status.get('t_book')).toBe('changed');
    expect(status.get('s_new')).toBe('added');
    expect(status.has('s_choose')).toBe(false);
    expect(notes.get('s_greet')).toEqual(['stage greet: instructions']);
  });

  it('a stage both renamed and changed reads as changed (the stronger mark)', () => {
    const doc = edit((d) => {
      const verify = stageNamed(d, 'verify');
      verify.name = 'check_identity';
      verify.instructions = 'Something else entirely.';
    });
    expect(compareOverlay(base, doc).status.get('s_verify')).toBe('changed');
  });
});

describe('compare overlay: ghosts from the base', () => {
  it('a deleted edge is a ghost edge between the existing cards, labelled as the base had it', () => {
    const doc = deleteEntities(base, { kind: 'edge', id: 'e_verify_goodbye' });
    const { ghostEdges, ghosts } = compareOverlay(base, doc);
    expect(ghosts).toEqual([]);
    expect(ghostEdges).toHaveLength(1);
    expect(ghostEdges[0]).toMatchObject({ id: `${GHOST_PREFIX}e_verify_goodbye`, source: 's_verify', target: 's_goodbye' });
    expect(ghostEdges[0].label).not.toBe('');
  });

  it('a deleted stage is a ghost at its old place inside its block, and its edges reach the ghost', () => {
    const doc = deleteEntities(base, { kind: 'stage', id: 's_verify' });
    const { ghosts, ghostEdges } = compareOverlay(base, doc);
    expect(ghosts).toEqual([{ id: `${GHOST_PREFIX}s_verify`, kind: 'stage', name: 'verify', position: base.layout.positions.s_verify, size: expect.any(Object), parentId: 'b_identify' }]);
    const ends = ghostEdges.map((e) => `${e.source}>${e.target}`).sort();
    expect(ends).toEqual(['ghost:s_verify>s_choose', 'ghost:s_verify>s_goodbye', 's_identity>ghost:s_verify']);
  });

  it('a deleted block is a ghost block holding the ghosts of its stages', () => {
    const doc = deleteEntities(base, { kind: 'block', id: 'b_booking' });
    const { ghosts } = compareOverlay(base, doc);
    expect(ghosts.map((g) => [g.id, g.kind, g.parentId])).toEqual([
      ['ghost:b_booking', 'block', undefined],
      ['ghost:s_choose', 'stage', 'ghost:b_booking'],
    ]);
    expect(ghosts[0].position).toEqual(base.layout.positions.b_booking);
  });
});

describe('compare overlay on the flow', () => {
  it('copies only the marked nodes and edges; the others keep their identity; ghosts come last and cannot be picked', () => {
    const doc = deleteEntities(edit((d) => { stageNamed(d, 'greet').instructions += ' Smile.'; }), { kind: 'edge', id: 'e_verify_goodbye' });
    const flow = createFlowAdapter()({ doc, selected: new Set() });
    const shown = overlayFlow(flow.nodes, flow.edges, compareOverlay(base, doc));
    const greet = shown.nodes.find((n) => n.id === 's_greet')!;
    expect(greet.className).toContain('cb-diff-changed');
    expect(shown.nodes.find((n) => n.id === 's_choose')).toBe(flow.nodes.find((n) => n.id === 's_choose'));
    const ghost = shown.edges[shown.edges.length - 1];
    expect(ghost).toMatchObject({ id: 'ghost:e_verify_goodbye', selectable: false, className: expect.stringContaining('cb-diff-ghost') });
    expect(shown.edges.slice(0, flow.edges.length).every((e, i) => e === flow.edges[i])).toBe(true);
  });

  it('ghost cards are not selectable or draggable and sit after their parents', () => {
    const doc = deleteEntities(base, { kind: 'block', id: 'b_booking' });
    const flow = createFlowAdapter()({ doc, selected: new Set() });
    const shown = overlayFlow(flow.nodes, flow.edges, compareOverlay(base, doc));
    const ids = shown.nodes.map((n) => n.id);
    expect(ids.indexOf('ghost:b_booking')).toBeLessThan(ids.indexOf('ghost:s_choose'));
    const stageGhost = shown.nodes.find((n) => n.id === 'ghost:s_choose')!;
    expect(stageGhost).toMatchObject({ type: 'ghost', selectable: false, draggable: false, parentId: 'ghost:b_booking' });
  });

  it('is diffed once per (base, doc) pair', () => {
    const doc = edit((d) => { stageNamed(d, 'greet').instructions += ' Smile.'; });
    expect(overlayFor(base, doc)).toBe(overlayFor(base, doc));
    expect(overlayFor(base, base)).not.toBe(overlayFor(base, doc));
  });

  it('marks tool chips and edge labels through one style sheet keyed by id', () => {
    const doc = edit((d) => { toolNamed(d, 'book').description = 'Changed.'; });
    const sheet = overlayStyleSheet(compareOverlay(base, doc), (id) => id);
    expect(sheet).toContain('[data-tool-id="t_book"]');
    expect(sheet).toContain('var(--cb-diff-changed)');
    expect(sheet).not.toContain('t_slots');
  });
});
