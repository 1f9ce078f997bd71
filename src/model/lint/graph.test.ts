import { describe, expect, it } from 'vitest';
import { describeRuleCases, lintAs, type RuleCase } from './rule-cases';



const cases: RuleCase[] = [
  { rule: 'edge-unknown-stage', path: '/edges/5/to', severity: ['error', 'error'],
    fail: (d) => { d.edges[5].to = 's_nope'; },
    pass: (d) => { d.edges[5].to = 's_identity'; } },
  { rule: 'edge-loop-target', path: '/edges/1/to', severity: ['info', 'error'],
    fail: (d) => { d.edges[1].to = 's_identity'; },
    pass: (d) => { d.edges[1].to = d.edges[1].from; } },
  { rule: 'edge-loop-multiple', path: '/edges/7', severity: ['info', 'error'],
    fail: (d) => { d.edges.push({ id: 'e_more', from: 's_greet', to: 's_greet', kind: 'loop', conditions: [{ kind: 'nlu', sentence: 'Small talk.' }] }); },
    pass: (d) => { d.edges.push({ id: 'e_more', from: 's_choose', to: 's_choose', kind: 'loop', conditions: [{ kind: 'nlu', sentence: 'No day yet.' }] }); } },
  { rule: 'edge-conditions-mixed', path: '/edges/6/conditions/0', severity: ['info', 'error'],
    fail: (d) => { d.edges[6].conditions = [{ kind: 'nlu', sentence: 'The caller gives up.' }]; },
    pass: (d) => { d.edges.push({ id: 'e_more', from: 's_choose', to: 's_choose', kind: 'loop', conditions: [{ kind: 'nlu', sentence: 'No day yet.' }] }); } },
  { rule: 'condition-tool-unknown', path: '/edges/5/conditions/0/toolId', severity: ['error', 'error'],
    fail: (d) => { d.edges[5].conditions = [{ kind: 'tool', toolId: 't_nope', expected: '*' }]; },
    pass: (d) => { d.edges[5].conditions = [{ kind: 'tool', toolId: 't_slots', expected: '*' }]; } },
  { rule: 'condition-tool-not-offered', path: '/edges/5/conditions/0/toolId', severity: ['error', 'error'],
    fail: (d) => { d.edges[5].conditions = [{ kind: 'tool', toolId: 't_end', expected: '*' }]; },
    pass: (d) => { d.tools[6].scope = { kind: 'all' }; d.edges[5].conditions = [{ kind: 'tool', toolId: 't_end', expected: '*' }]; } },
  { rule: 'condition-tool-field-unknown', path: '/edges/2/conditions/0/field', severity: ['error', 'error'],
    fail: (d) => { d.edges[2].conditions = [{ kind: 'tool', toolId: 't_identity', field: 'dni', expected: '*' }]; },
    pass: (d) => { d.edges[2].conditions = [{ kind: 'tool', toolId: 't_identity', field: 'caller_name', expected: '*' }]; } },
  { rule: 'condition-tool-no-parameters', path: '/edges/0/conditions/0/expected', severity: ['warning', 'warning'],
    fail: (d) => { d.edges[0].conditions = [{ kind: 'tool', toolId: 't_not_yet', expected: 'true' }]; },
    pass: (d) => { d.edges[0].conditions = [{ kind: 'tool', toolId: 't_not_yet', expected: '*' }]; } },
  { rule: 'condition-expression-syntax', path: '/edges/6/conditions/0/expression', severity: ['error', 'warning'],
    fail: (d) => { d.edges[6].conditions = [{ kind: 'expression', expression: 'searches >=' }]; },
    pass: (d) => { d.edges[6].conditions = [{ kind: 'expression', expression: 'searches >= 3 && !verified' }]; } },
  { rule: 'condition-expression-unknown-name', path: '/edges/6/conditions/0/expression', severity: ['error', 'error'],
    fail: (d) => { d.edges[6].conditions = [{ kind: 'expression', expression: 'outage_confirmed == true' }]; },
    pass: (d) => { d.edges[6].conditions = [{ kind: 'expression', expression: 'searches >= 3 && caller_name !== "" && Math.max(searches, 1) > 0' }]; } },
  { rule: 'entry-missing', path: '/entryStageId', severity: ['error', 'error'],
    fail: (d) => { d.entryStageId = null; },
    pass: (d) => { d.stages = []; d.edges = []; d.entryStageId = null; } },
  { rule: 'entry-unknown', path: '/entryStageId', severity: ['error', 'error'],
    fail: (d) => { d.entryStageId = 's_nope'; },
    pass: (d) => { d.entryStageId = 's_identity'; } },
  { rule: 'stage-unreachable', path: '/stages/3', severity: ['warning', 'warning'],
    fail: (d) => { d.edges.splice(3, 1); },
    pass: (d) => { d.edges[3].from = 's_identity'; } },
  { rule: 'edge-no-condition', path: '/edges/5/conditions', severity: ['info', 'warning'],
    fail: (d) => { d.edges[5].conditions = []; },
    pass: (d) => { d.edges[5].conditions = [{ kind: 'tool', toolId: 't_slots', expected: '*' }]; } },
  { rule: 'agent-empty', path: '/stages', severity: ['info', 'warning'],
    fail: (d) => { d.stages = []; d.edges = []; d.entryStageId = null; },
    pass: (d) => { d.stages = [d.stages[0]]; d.edges = []; d.entryStageId = d.stages[0].id; } },
  { rule: 'edge-state-expression-mixed', path: '/edges/6/conditions/0', severity: ['info', 'warning'],
    fail: () => {},
    pass: (d) => { d.edges[6].conditions = [{ kind: 'tool', toolId: 't_slots', field: 'day', expected: '*' }]; } },
];

describeRuleCases(cases);

describe('graph details', () => {
  it('reports a missing start of an edge too', () => {
    const problems = lintAs('pinecall', (d) => { d.edges[5].from = ''; });
    expect(problems.filter((p) => p.rule === 'edge-unknown-stage').map((p) => p.path)).toEqual(['/edges/5/from']);
  });

  it('lets a loop edge hold a natural-language condition beside tool edges (Block Agent allows it)', () => {
    expect(lintAs('block-agent', () => {}).some((p) => p.rule === 'edge-conditions-mixed')).toBe(false);
  });

  it('only parses an expression: it never runs it', () => {
    const marker = '__callboard_lint_ran__';
    const problems = lintAs('pinecall', (d) => {
      d.edges[6].conditions = [{ kind: 'expression', expression: `(globalThis.${marker} = true)` }];
      d.tools[5].when = `(s) => (globalThis.${marker} = true)`;
    });
    expect(problems.some((p) => p.rule === 'condition-expression-syntax' || p.rule === 'tool-when-syntax')).toBe(false);
    expect(marker in globalThis).toBe(false);
  });

  it('says the parse error and an example', () => {
    const problem = lintAs('pinecall', cases[8].fail).find((p) => p.rule === 'condition-expression-syntax');
    expect(problem?.message).toMatch(/^this condition does not parse as JavaScript \(.+\); write an expression over the state fields/);
    const empty = lintAs('pinecall', (d) => { d.edges[6].conditions = [{ kind: 'expression', expression: ' ' }]; });
    expect(empty.find((p) => p.rule === 'condition-expression-syntax')?.message).toContain('(it is empty)');
  });

  it('follows block looping to reach a stage no edge enters', () => {
    const problems = lintAs('block-agent', (d) => {
      d.edges = d.edges.filter((e) => e.to !== 's_goodbye');
    });
    expect(problems.filter((p) => p.rule === 'stage-unreachable')).toEqual([]);
  });

  it('names a tool offered in the stage when the condition\'s tool is elsewhere', () => {
    const problem = lintAs('pinecall', cases[5].fail).find((p) => p.rule === 'condition-tool-not-offered');
    expect(problem?.message).toContain('pick one of "free_slots", "book"');
    expect(problem?.entity).toEqual({ kind: 'edge', id: 'e_choose_goodbye' });
  });
});
