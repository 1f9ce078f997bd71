import { describe, expect, it } from 'vitest';
import { describeRuleCases, lintAs, type RuleCase } from './rule-cases';



const cases: RuleCase[] = [
  { rule: 'stage-name-duplicate', path: '/stages/4/name', severity: ['error', 'warning'],
    fail: (d) => { d.stages[4].name = 'choose'; },
    pass: (d) => { d.stages[4].name = 'choose_again'; } },
  { rule: 'stage-ref-duplicate', path: '/stages/4/ref', severity: ['info', 'error'],
    fail: (d) => { d.stages[4].ref = 't_choose'; },
    pass: (d) => { d.stages[4].ref = 't_choose_2'; } },
  { rule: 'block-ref-duplicate', path: '/blocks/3/ref', severity: ['info', 'error'],
    fail: (d) => { d.blocks[3].ref = 'booking'; },
    pass: (d) => { d.blocks[3].ref = 'booking_2'; } },
  { rule: 'state-name-duplicate', path: '/state/5/name', severity: ['error', 'warning'],
    fail: (d) => { d.state[5].name = 'caller_phone'; },
    pass: (d) => { d.state[5].name = 'caller_phone_2'; } },
  { rule: 'state-name-reserved', path: '/state/4/name', severity: ['error', 'info'],
    fail: (d) => { d.state[4].name = 'stage'; },
    pass: (d) => { d.state[4].name = 'stage_count'; } },
  { rule: 'state-pii-public', path: '/state/1/visibility', severity: ['error', 'info'],
    fail: (d) => { d.state[1].visibility = 'public'; },
    pass: (d) => { d.state[1].pii = false; d.state[1].visibility = 'public'; } },
  { rule: 'stage-block-unknown', path: '/stages/4/blockId', severity: ['info', 'error'],
    fail: (d) => { d.stages[4].blockId = 'b_nope'; },
    pass: (d) => { d.stages[4].blockId = 'b_booking'; } },
  { rule: 'stage-wait-token-missing', path: '/stages/2/kind', severity: ['info', 'error'],
    fail: (d) => { delete d.stages[2].waitToken; },
    pass: (d) => { d.stages[2].waitToken = 'x'; } },
  { rule: 'block-no-tool', path: '/blocks/3', severity: ['info', 'error'],
    fail: (d) => { d.tools[6].scope = { kind: 'blocks', blockIds: ['b_booking'] }; },
    pass: (d) => { d.tools[6].scope = { kind: 'stages', stageIds: ['s_goodbye'] }; } },
  { rule: 'block-intent-no-fallback', path: '/blocks/0/intent', severity: ['info', 'warning'],
    fail: (d) => { d.tools[1].fallback = false; },
    pass: (d) => { d.tools[1].scope = { kind: 'stages', stageIds: ['s_greet'] }; } },
  { rule: 'looping-connect-unknown', path: '/blocks/0/looping/connectTo', severity: ['info', 'error'],
    fail: (d) => { d.blocks[0].looping!.connectTo = 's_nope'; },
    pass: (d) => { d.blocks[0].looping!.connectTo = 's_identity'; } },
  { rule: 'looping-connect-missing', path: '/blocks/0/looping', severity: ['info', 'warning'],
    fail: (d) => { delete d.blocks[0].looping!.connectTo; },
    pass: (d) => { d.blocks[0].looping!.connectTo = 's_choose'; } },
  { rule: 'state-name-world', path: '/state/4/name', severity: ['error', 'info'],
    fail: (d) => { d.state[4].name = 'voice'; },
    pass: (d) => { d.state[4].name = 'voice_value'; } },
  { rule: 'state-name-config', path: '/state/4/name', severity: ['warning', 'info'],
    fail: (d) => { d.state[4].name = 'whatsapp'; },
    pass: (d) => { d.state[4].name = 'caller_whatsapp'; } },
];

describeRuleCases(cases);

describe('name and block details', () => {
  it('says Pinecall\'s pii-and-public refusal and what to write', () => {
    const problem = lintAs('pinecall', cases[5].fail).find((p) => p.rule === 'state-pii-public');
    expect(problem?.message).toMatch(/^@state\(\{ pii: true, visibility: "public" \}\) on \w+\.caller_phone: two different answers to one question; write one: /);
    expect(problem?.entity).toEqual({ kind: 'state', id: 'f_phone' });
  });

  it('says which verb sets a field of the world\'s, as Pinecall refuses it', () => {
    const problem = lintAs('pinecall', (d) => { d.state[4].name = 'greeting'; }).find((p) => p.rule === 'state-name-world');
    expect(problem?.message).toBe("state field greeting: `greeting` is the class's, not a call's state: declare it as a static member, `static greeting = …`; to remember something about the caller, rename it, e.g. greeting_value");
  });

  it('points at the empty wait token when the key is there', () => {
    const problem = lintAs('block-agent', (d) => { d.stages[2].waitToken = ' '; }).find((p) => p.rule === 'stage-wait-token-missing');
    expect(problem?.path).toBe('/stages/2/waitToken');
  });

  it('reports every repeat after the first, not the first', () => {
    const problems = lintAs('pinecall', (d) => { d.stages[3].name = 'greet'; d.stages[4].name = 'greet'; });
    expect(problems.filter((p) => p.rule === 'stage-name-duplicate').map((p) => p.path)).toEqual(['/stages/3/name', '/stages/4/name']);
  });

  it('suggests the fallback tool by its usual name', () => {
    const problem = lintAs('block-agent', cases[9].fail).find((p) => p.rule === 'block-intent-no-fallback');
    expect(problem?.message).toContain('caller_intent_not_yet_detected');
  });
});
