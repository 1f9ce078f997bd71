import { describe, expect, it } from 'vitest';
import type { AgentDocument } from '../types';
import { describeRuleCases, lintAs, type RuleCase } from './rule-cases';



const cases: RuleCase[] = [
  { rule: 'tool-docstring', path: '/tools/5/description', severity: ['error', 'warning'],
    fail: (d) => { d.tools[5].description = ' \n '; },
    pass: (d) => { d.tools[5].description = '/**\n * Book a slot.\n * @param slot the id\n */'; } },
  { rule: 'tool-name-pinecall', path: '/tools/5/name', severity: ['error', 'info'],
    fail: (d) => { d.tools[5].name = 'book-slot'; },
    pass: (d) => { d.tools[5].name = 'book_slot2'; } },
  { rule: 'tool-name-openai', path: '/tools/5/name', severity: ['warning', 'error'],
    fail: (d) => { d.tools[5].name = 'b'.repeat(65); },
    pass: (d) => { d.tools[5].name = 'b'.repeat(64); } },
  { rule: 'tool-name-duplicate', path: '/tools/6/name', severity: ['error', 'info', 'error'],
    fail: (d) => { d.tools[6].name = 'book'; },
    pass: (d) => { d.tools[6].name = 'Book'; } },
  { rule: 'tool-name-duplicate-in-scope', path: '/tools/5/name', severity: ['error', 'error'],
    fail: (d) => { d.tools[4].name = 'book'; },
    pass: (d) => { d.tools[6].name = 'book'; } },
  { rule: 'tool-name-reserved', path: '/tools/5/name', severity: ['error', 'info'],
    fail: (d) => { d.tools[5].name = 'slots'; },
    pass: (d) => { d.tools[5].name = 'set_slots'; } },
  { rule: 'tool-scope-stage-without-stages', path: '/tools/5/scope', severity: ['error', 'warning'],
    fail: (d) => { d.stages = []; d.edges = []; d.entryStageId = null; d.tools[5].scope = { kind: 'stages', stageIds: ['s_choose'] }; },
    pass: (d) => { d.tools[5].scope = { kind: 'stages', stageIds: ['s_choose'] }; } },
  { rule: 'tool-scope-unknown-stage', path: '/tools/5/scope/stageIds/1', severity: ['error', 'warning'],
    fail: (d) => { d.tools[5].scope = { kind: 'stages', stageIds: ['s_choose', 's_nope'] }; },
    pass: (d) => { d.tools[5].scope = { kind: 'stages', stageIds: ['s_choose', 's_goodbye'] }; } },
  { rule: 'tool-scope-unknown-block', path: '/tools/5/scope/blockIds/1', severity: ['error', 'error'],
    fail: (d) => { d.tools[5].scope = { kind: 'blocks', blockIds: ['b_booking', 'b_nope'] }; },
    pass: (d) => { d.tools[5].scope = { kind: 'blocks', blockIds: ['b_booking', 'b_end'] }; } },
  { rule: 'tool-scope-empty', path: '/tools/6/scope', severity: ['warning', 'warning'],
    fail: (d) => { d.tools[6].scope = { kind: 'blocks', blockIds: [] }; },
    pass: (d) => { d.tools[6].scope = { kind: 'all' }; } },
];

describeRuleCases(cases);

describe('tool naming details', () => {
  it('says Pinecall\'s load-time messages word for word', () => {
    const problems = lintAs('pinecall', (d) => { d.tools[5].description = ''; d.tools[5].name = 'book me'; });
    expect(problems.find((p) => p.rule === 'tool-docstring')?.message)
      .toBe('tool book me: without a docstring no model can choose it; write a /** one line */ above the method');
    expect(problems.find((p) => p.rule === 'tool-name-pinecall')?.message).toMatch(/^a tool name is one word a model can call, not book me; write book_me$/);
  });

  it('reads the docstring as Pinecall does: a description that is only @tags is empty there, not in Block Agent', () => {
    const atOnly = (d: AgentDocument) => { d.tools[5].description = '@deprecated use reserve'; };
    expect(lintAs('pinecall', atOnly).some((p) => p.rule === 'tool-docstring')).toBe(true);
    expect(lintAs('block-agent', atOnly).some((p) => p.rule === 'tool-docstring')).toBe(false);
  });

  it('reports a name both runtimes refuse once, under the target\'s own rule', () => {
    const both = (d: AgentDocument) => { d.tools[5].name = 'book slot'; };
    expect(lintAs('pinecall', both).filter((p) => p.path === '/tools/5/name').map((p) => p.rule)).toEqual(['tool-name-pinecall']);
    expect(lintAs('block-agent', both).filter((p) => p.path === '/tools/5/name').map((p) => p.rule)).toEqual(['tool-name-openai']);
  });

  it('names the class in the stage-scope refusal and lists existing stages for an unknown one', () => {
    const none = lintAs('pinecall', cases[6].fail).find((p) => p.rule === 'tool-scope-stage-without-stages');
    expect(none?.message).toContain('and ClinicBooking declares none; add `stage: Stages<"…"> = "…"` to the class, or ask when(state) instead');
    const unknown = lintAs('pinecall', cases[7].fail).find((p) => p.rule === 'tool-scope-unknown-stage');
    expect(unknown?.message).toContain('"greet", "identify", "verify", "choose", "goodbye"');
  });

  it('sees a block scope and a stage scope meet in a stage of that block', () => {
    const meet = lintAs('pinecall', (d) => { d.tools[6].name = 'book'; d.tools[6].scope = { kind: 'stages', stageIds: ['s_choose'] }; });
    expect(meet.find((p) => p.path === '/tools/6/name')?.rule).toBe('tool-name-duplicate-in-scope');
    expect(meet.find((p) => p.path === '/tools/6/name')?.message).toContain('offered together in stage "choose"');
    const apart = lintAs('pinecall', (d) => { d.tools[6].name = 'book'; d.tools[6].scope = { kind: 'stages', stageIds: ['s_goodbye'] }; });
    expect(apart.find((p) => p.path === '/tools/6/name')?.rule).toBe('tool-name-duplicate');
  });

  it('flags render and stage as names the class already has', () => {
    const problems = lintAs('pinecall', (d) => { d.tools[5].name = 'render'; d.tools[6].name = 'stage'; });
    expect(problems.filter((p) => p.rule === 'tool-name-reserved').map((p) => p.path)).toEqual(['/tools/5/name', '/tools/6/name']);
  });

  it('flags the members of Pinecall\'s Agent base class (log, say, the hooks…) for tools and state fields alike', () => {
    const problems = lintAs('pinecall', (d) => {
      d.tools[5].name = 'log';
      d.tools[6].name = 'onCall';
      d.state[0].name = 'say';
    });
    expect(problems.filter((p) => p.rule === 'tool-name-reserved' || p.rule === 'state-name-reserved').map((p) => [p.path, p.severity])).toEqual([
      ['/state/0/name', 'error'], ['/tools/5/name', 'error'], ['/tools/6/name', 'error'],
    ]);
    expect(problems.find((p) => p.path === '/tools/5/name')?.message).toContain("clashes with the class's own log");
  });

  it('ignores the name and description of an mcp tool, which neither runtime writes', () => {
    const problems = lintAs('block-agent', (d) => { d.tools[3].name = 'ehr server'; d.tools[3].description = ''; });
    expect(problems.filter((p) => p.path.startsWith('/tools/3/') && p.rule !== 'loss')).toEqual([]);
  });
});
