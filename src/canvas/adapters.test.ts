import { describe, expect, it } from 'vitest';
import { produce } from 'immer';
import { deepFreeze, frozenSample, stageNamed, toolNamed, positionOf, sizeOf } from '../model/ops/testing';
import { BLOCK_GAP, BLOCK_PADDING, DEFAULT_BLOCK_SIZE, STAGE_GAP, STAGE_SIZE } from '../model/ops/layout';
import { countProblems, createFlowAdapter, fallbackPositions, liveInstructions, type ProblemLike } from './adapters';
import type { AgentFlowEdge, BlockFlowNode, StageFlowNode } from './types';
import type { StageFlow } from '../model/code-flow';

const none = new Set<string>();


describe('createFlowAdapter', () => {
  it('draws blocks before their stages, stages inside their block, at the document positions', () => {
    const doc = frozenSample();
    const { nodes } = createFlowAdapter()({ doc, selected: none });
    expect(nodes.map((n) => n.id)).toEqual(['b_greeting', 'b_identify', 'b_booking', 'b_end', 's_greet', 's_identity', 's_verify', 's_choose', 's_goodbye']);
    const verify = nodes.find((n) => n.id === 's_verify') as StageFlowNode;
    expect(verify).toMatchObject({ type: 'stage', parentId: 'b_identify', position: positionOf(doc, 's_verify'), width: STAGE_SIZE.width, height: STAGE_SIZE.height });
    expect(verify.extent).toBeUndefined();
    const block = nodes.find((n) => n.id === 'b_identify') as BlockFlowNode;
    expect(block).toMatchObject({ type: 'block', position: positionOf(doc, 'b_identify'), ...sizeOf(doc, 'b_identify') });
    // check_record is scoped to the verify stage, which lives in this block.
    expect(block.data.tools.map((t) => t.name)).toEqual(['collect_identity', 'ehr', 'check_record']);
  });

  it('marks the entry stage and lists the tools each stage sees', () => {
    const doc = frozenSample();
    const { nodes } = createFlowAdapter()({ doc, selected: none });
    const greet = nodes.find((n) => n.id === 's_greet') as StageFlowNode;
    expect(greet.data.isEntry).toBe(true);
    expect(greet.data.tools.map((t) => t.name)).toEqual(['is_schedule_appointment', 'caller_intent_not_yet_detected']);
    expect((nodes.find((n) => n.id === 's_choose') as StageFlowNode).data.isEntry).toBe(false);
  });

  it('numbers the edges of a stage that has several, keeps loops on one stage, dashes natural language', () => {
    const doc = frozenSample();
    const { edges } = createFlowAdapter()({ doc, selected: none });
    const byId = new Map(edges.map((e) => [e.id, e]));
    expect(byId.get('e_greet_identify')!.data).toMatchObject({ order: 1, label: 'schedule_appointment = true', dashed: false, kind: 'edge' });
    expect(byId.get('e_greet_loop')).toMatchObject({ source: 's_greet', target: 's_greet' });
    expect(byId.get('e_greet_loop')!.data).toMatchObject({ order: 2, kind: 'loop', dashed: true });
    expect(byId.get('e_identify_verify')!.data).toMatchObject({ order: null, label: 'phone = *' });
    // Two edges between the same stages fan out.
    expect(byId.get('e_choose_goodbye')!.data!.offset).toBe(-0.5);
    expect(byId.get('e_choose_giveup')!.data!.offset).toBe(0.5);
  });

  it('reflects the selection', () => {
    const doc = frozenSample();
    const { nodes, edges } = createFlowAdapter()({ doc, selected: new Set(['s_verify', 'e_verify_choose']) });
    expect(nodes.filter((n) => n.selected).map((n) => n.id)).toEqual(['s_verify']);
    expect(edges.filter((e) => e.selected).map((e) => e.id)).toEqual(['e_verify_choose']);
  });

  it('keeps unchanged nodes and edges by identity, and the arrays when nothing changed', () => {
    const adapter = createFlowAdapter();
    const doc = frozenSample();
    const first = adapter({ doc, selected: none });
    expect(adapter({ doc, selected: new Set() })).toBe(first);
    const moved = produce(doc, (d) => {
      d.layout.positions.s_verify = { x: 24, y: 200 };
    });
    const second = adapter({ doc: moved, selected: none });
    const changed = second.nodes.filter((n, i) => n !== first.nodes[i]).map((n) => n.id);
    expect(changed).toEqual(['s_verify']);
    // A small agent's edges are routed around its cards (edge-routes.ts): those whose way the move
    // changed are new, the others the same objects.
    const route = (e: AgentFlowEdge) => JSON.stringify(e.data?.route);
    expect(second.edges.some((e, i) => route(e) !== route(first.edges[i]))).toBe(true);
    second.edges.forEach((e, i) => {
      if (route(e) === route(first.edges[i])) expect(e, e.id).toBe(first.edges[i]);
    });
    expect(adapter({ doc: moved, selected: none }).edges).toBe(second.edges);
    const selected = adapter({ doc: moved, selected: new Set(['s_choose']) });
    expect(selected.nodes.filter((n, i) => n !== second.nodes[i]).map((n) => n.id)).toEqual(['s_choose']);
    // Selecting a card leaves the edges alone (every drag starts so); selecting an edge rebuilds that one edge.
    expect(selected.edges).toBe(second.edges);
    const edgeToo = adapter({ doc: moved, selected: new Set(['s_choose', 'e_verify_choose']) });
    expect(edgeToo.edges.filter((e, i) => e !== selected.edges[i]).map((e) => e.id)).toEqual(['e_verify_choose']);
    expect(edgeToo.edges.find((e) => e.id === 'e_verify_choose')!.selected).toBe(true);
  });

  it('rebuilds only the stages whose tools changed when a tool is renamed', () => {
    const adapter = createFlowAdapter();
    const doc = frozenSample();
    const first = adapter({ doc, selected: none });
    const renamed = produce(doc, (d) => {
      d.tools.find((t) => t.id === 't_book')!.name = 'book_slot';
    });
    const second = adapter({ doc: renamed, selected: none });
    expect(second.nodes.filter((n, i) => n !== first.nodes[i]).map((n) => n.id)).toEqual(['b_booking', 's_choose']);
    const label = (r: { edges: AgentFlowEdge[] }) => r.edges.find((e) => e.id === 'e_choose_goodbye')!.data!.label;
    expect(label(second)).toBe('book_slot ✓');
  });

  it('hands the flow the same arrays while a tool\'s description is typed', () => {
    const adapter = createFlowAdapter();
    const doc = frozenSample();
    const first = adapter({ doc, selected: none });
    const typed = produce(doc, (d) => {
      toolNamed(d, 'book').description += ' Only after the caller agreed.';
    });
    // No card shows a description and the tools' scopes did not change: no React Flow update.
    expect(adapter({ doc: typed, selected: none })).toBe(first);
  });

  it('hands the flow the same arrays while a stage\'s instructions are typed; the card reads the text live', () => {
    const adapter = createFlowAdapter();
    const doc = frozenSample();
    const first = adapter({ doc, selected: none });
    const typed = produce(doc, (d) => {
      stageNamed(d, 'greet').instructions += ' Then ask how you can help.';
    });
    expect(adapter({ doc: typed, selected: none })).toBe(first);
    const id = stageNamed(typed, 'greet').id;
    expect(liveInstructions(typed, id)).toBe(stageNamed(typed, 'greet').instructions);
    expect(liveInstructions(typed, 'no-such-stage')).toBeUndefined();
    // Emptied, the card shows its empty state: that node is rebuilt.
    const emptied = produce(typed, (d) => {
      stageNamed(d, 'greet').instructions = '';
    });
    const after = adapter({ doc: emptied, selected: none });
    const changed = after.nodes.filter((n, i) => n !== first.nodes[i]).map((n) => n.id);
    expect(changed).toEqual([id]);
  });

  it('says "ends the call" on exactly the stages no edge leaves, after an edge is removed', () => {
    const adapter = createFlowAdapter();
    const doc = produce(frozenSample(), (d) => {
      d.target = 'block-agent';
    });
    const ends = (r: ReturnType<typeof adapter>) => r.nodes.filter((n) => n.type === 'stage' && n.data.endMark).map((n) => n.id);
    const before = ends(adapter({ doc, selected: none }));
    const from = doc.edges.find((e) => !before.includes(e.from) && doc.edges.filter((x) => x.from === e.from).length === 1)!.from;
    const cut = produce(doc, (d) => {
      d.edges = d.edges.filter((e) => e.from !== from);
    });
    expect(ends(adapter({ doc: cut, selected: none }))).toEqual(doc.stages.map((s) => s.id).filter((id) => before.includes(id) || id === from));
  });

  it('draws read-only "set in code" edges from every stage that sees the tool', () => {
    const doc = deepFreeze(produce(frozenSample(), (d) => {
      d.tools.find((t) => t.id === 't_slots')!.implementation = 'if (this.searches > 3) this.stage = "goodbye";\nreturn [];';
    }));
    const { edges } = createFlowAdapter()({ doc, selected: none });
    const code = edges.filter((e) => e.data?.kind === 'code');
    expect(code).toHaveLength(1);
    expect(code[0]).toMatchObject({ source: 's_choose', target: 's_goodbye', selectable: false, deletable: false });
    expect(code[0].data).toMatchObject({ label: 'set in code by free_slots', dashed: true, order: null });
    // It shares the pair with two document edges: three fan out.
    expect(edges.filter((e) => e.source === 's_choose' && e.target === 's_goodbye').map((e) => e.data!.offset)).toEqual([-1, 0, 1]);
  });

  it('draws the code-flow reader\'s edges when given, labelled "tool · condition", each knowing its write and tool', () => {
    const doc = frozenSample();
    const write = { tool: 'free_slots', to: 'goodbye', condition: 'this.searches > 3', at: { member: 'free_slots', offset: 0, line: 2, column: 3 } };
    const stageFlow: StageFlow = { writes: [write], unresolved: [], unknownStages: [] };
    const { edges } = createFlowAdapter()({ doc, selected: none, stageFlow });
    const code = edges.filter((e) => e.data?.kind === 'code');
    expect(code.map((e) => [e.source, e.target, e.data!.label])).toEqual([['s_choose', 's_goodbye', 'free_slots · this.searches > 3']]);
    expect(code[0].data!.code).toEqual({ write, toolId: 't_slots' });
    expect(code[0].className).toBe('cb-edge code');
  });

  it('does not say a stage ends the call when the code moves the call away from it', () => {
    const doc = deepFreeze(produce(frozenSample(), (d) => {
      d.target = 'pinecall';
      d.edges = d.edges.filter((e) => e.from !== 's_choose');
    }));
    const endsOf = (stageFlow?: StageFlow) => (createFlowAdapter()({ doc, selected: none, stageFlow }).nodes.find((n) => n.id === 's_choose') as StageFlowNode).data.endMark;
    expect(endsOf()).not.toBeNull();
    const write = { tool: 'free_slots', to: 'goodbye', at: { member: 'free_slots', offset: 0, line: 1, column: 1 } };
    expect(endsOf({ writes: [write], unresolved: [], unknownStages: [] })).toBeNull();
  });

  it('staggers the labels of code edges leaving one stage for different stages, so none hides another', () => {
    const doc = frozenSample();
    const spot = { member: 'free_slots', offset: 0, line: 1, column: 1 };
    const stageFlow: StageFlow = { writes: [{ tool: 'free_slots', to: 'greet', at: spot }, { tool: 'free_slots', to: 'identify', at: spot }], unresolved: [], unknownStages: [] };
    const code = createFlowAdapter()({ doc, selected: none, stageFlow }).edges.filter((e) => e.data?.kind === 'code');
    expect(code.map((e) => [e.target, e.data!.labelShift])).toEqual([['s_greet', -12], ['s_identity', 12]]);
  });

  it('says on a stage card when a tool offered there sets the stage in a way that cannot be resolved', () => {
    const doc = frozenSample();
    const stageFlow: StageFlow = {
      writes: [],
      unresolved: [{ tool: 'free_slots', text: 'next()', reason: 'next() is computed when the call runs', at: { member: 'free_slots', offset: 0, line: 1, column: 1 } }],
      unknownStages: [],
    };
    const { nodes } = createFlowAdapter()({ doc, selected: none, stageFlow });
    const notes = (id: string) => (nodes.find((n) => n.id === id) as StageFlowNode).data.codeNotes;
    expect(notes('s_choose')).toEqual(['free_slots sets the stage in code: not resolved (next() is computed when the call runs)']);
    expect(notes('s_greet')).toEqual([]);
  });

  it('skips edges whose stages are missing, and never touches the document', () => {
    const doc = deepFreeze(produce(frozenSample(), (d) => {
      d.edges.push({ id: 'dangling', from: 's_greet', to: 'nowhere', kind: 'edge', conditions: [] });
    }));
    const { edges } = createFlowAdapter()({ doc, selected: none });
    expect(edges.some((e) => e.id === 'dangling')).toBe(false);
  });
});

describe('problems', () => {
  const doc = frozenSample();
  const problems: ProblemLike[] = [
    { severity: 'info', entity: { kind: 'stage', id: 's_verify' }, message: 'a' },
    { severity: 'warning', entity: { kind: 'edge', id: 'e_verify_choose' }, message: 'b' },
    { severity: 'info', entity: { kind: 'block', id: 'b_greeting' }, message: 'c' },
    { severity: 'error', entity: { kind: 'tool', id: 't_book' }, message: 'd' },
    { severity: 'info', entity: { kind: 'agent' }, message: 'e' },
  ];

  it('counts a stage\'s own problems and its outgoing edges\', with the worst severity', () => {
    const counts = countProblems(doc, problems);
    expect(counts.get('s_verify')).toEqual({ count: 2, worst: 'warning', messages: ['a', 'b'] });
    expect(counts.get('e_verify_choose')).toMatchObject({ count: 1 });
    expect(counts.get('b_greeting')).toMatchObject({ count: 1, worst: 'info' });
    expect(counts.has('s_choose')).toBe(false);
  });

  it('puts the counts on the nodes', () => {
    const { nodes } = createFlowAdapter()({ doc, selected: none, problems });
    expect((nodes.find((n) => n.id === 's_verify') as StageFlowNode).data.problems).toMatchObject({ count: 2 });
    expect((nodes.find((n) => n.id === 's_greet') as StageFlowNode).data.problems).toBeNull();
  });
});

describe('fallbackPositions', () => {
  it('places unplaced blocks to the right and unplaced stages under their block\'s lowest stage', () => {
    const doc = produce(frozenSample(), (d) => {
      d.blocks.push({ id: 'b_new', name: 'New', ref: 'new', intent: false });
      d.stages.push({ ...stageNamed(d as never, 'choose'), id: 's_new', name: 'new', ref: 't_new', blockId: 'b_identify' });
    });
    const placed = fallbackPositions(doc);
    const right = Math.max(...doc.blocks.filter((b) => b.id !== 'b_new').map((b) => positionOf(doc, b.id).x + (doc.layout.sizes[b.id] ?? DEFAULT_BLOCK_SIZE).width));
    expect(placed.get('b_new')).toEqual({ x: right + BLOCK_GAP, y: 0 });
    const lowest = Math.max(...doc.stages.filter((s) => s.blockId === 'b_identify' && s.id !== 's_new').map((s) => positionOf(doc, s.id).y));
    expect(placed.get('s_new')).toEqual({ x: BLOCK_PADDING, y: lowest + STAGE_SIZE.height + STAGE_GAP });
    expect(placed.size).toBe(2);
    expect(toolNamed(doc, 'book')).toBeTruthy();
  });
});

describe('problem counts and identity', () => {
  it('keeps nodes whose problem counts did not change when the problem list is recomputed', () => {
    const adapter = createFlowAdapter();
    const doc = frozenSample();
    const p1: ProblemLike[] = [{ severity: 'info', entity: { kind: 'stage', id: 's_verify' }, message: 'a' }];
    const first = adapter({ doc, selected: none, problems: p1 });
    const same = adapter({ doc, selected: none, problems: [...p1] });
    expect(same).toBe(first);
    const more = adapter({ doc, selected: none, problems: [...p1, { severity: 'error', entity: { kind: 'stage', id: 's_greet' }, message: 'b' }] });
    expect(more.nodes.filter((n, i) => n !== first.nodes[i]).map((n) => n.id)).toEqual(['s_greet']);
  });
});
