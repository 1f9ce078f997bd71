import { describe, expect, it } from 'vitest';
import { pipecatRefuses, readFlow, type HandlerNames } from './index';

const findings = (text: string, handlers?: HandlerNames) => readFlow(text, { syntax: 'yaml', ...(handlers ? { handlers } : {}) }).findings;

describe("Pipecat's reference checks (_check_graph), every one in one pass", () => {
  const broken = `initial_node: zz
nodes:
  a:
    task_messages: []
    functions:
      - name: f
        transition_to: nowhere
      - name: g
      - name: h
        transition_to: {field: s, cases: {x: a, y: bb}, default: elsewhere}
global_functions:
  - name: g
  - name: g
    transition_to: lost
`;

  it("lists them in _check_graph's order and words, the first being the one Pipecat raises", () => {
    const graph = findings(broken).filter((f) => f.stage === 'graph');
    expect(graph.map((f) => [f.line, f.column, f.message])).toEqual([
      [1, 15, "Value error, initial_node 'zz' is not a defined node"],
      [13, 5, "Value error, duplicate function 'g' in global_functions"],
      [8, 9, "Value error, node 'a' function 'g' is also a global function"],
      [7, 24, "Value error, node 'a' function 'f' transitions to unknown node 'nowhere'"],
      [10, 52, "Value error, node 'a' function 'h' transitions to unknown node 'bb'"],
      [10, 66, "Value error, node 'a' function 'h' transitions to unknown node 'elsewhere'"],
      [14, 20, "Value error, global_functions function 'g' transitions to unknown node 'lost'"],
    ]);
    expect(pipecatRefuses(findings(broken))).toBe(true);
  });

  it('suggests the node meant when a name is close to one', () => {
    const flow = findings('initial_node: start\nnodes:\n  start:\n    task_messages: []\n    functions: [{name: f, transition_to: confrim}]\n  confirm:\n    task_messages: []\n    post_actions: [{type: end_conversation}]\n');
    expect(flow.find((f) => f.stage === 'graph')!.fix).toMatch(/did you mean 'confirm'\?/);
  });

  it('runs only when the schema passed, as Pipecat runs _check_graph after the fields', () => {
    expect(findings('initial_node: zz\nnodes:\n  a: {task_messages: 5}\n').map((f) => f.stage)).not.toContain('graph');
  });
});

describe("the handlers' references (Flow(config, handlers=…)), when a handlers.py is known", () => {
  const flow = `initial_node: a
nodes:
  a:
    task_messages: []
    pre_actions: [{type: function, handler: warm_up}]
    functions:
      - name: look_up
        transition_to: b
      - name: go
        transition_only: true
        description: Go on.
        transition_to: b
  b:
    task_messages: []
    post_actions: [{type: end_conversation}]
global_functions:
  - name: transfer
`;
  it('names every missing tool and action handler in its words; transition-only functions need none', () => {
    const found = findings(flow, { functions: new Map([['transfer', 'Direct function transfer must be async']]) }).filter((f) => f.stage === 'handlers');
    expect(found.map((f) => [f.line, f.message])).toEqual([
      [7, "node 'a' references tool 'look_up', which is not in the handlers"],
      [5, "node 'a' pre_actions references action handler 'warm_up', which is not in the handlers"],
      [17, "global_functions tool 'transfer' is not a valid direct function: Direct function transfer must be async"],
    ]);
    expect(findings(flow, { functions: new Map([['transfer', undefined], ['look_up', undefined], ['warm_up', undefined]]) }).filter((f) => f.stage === 'handlers')).toEqual([]);
  });

  it('does not check references without a handlers.py (the file alone cannot say)', () => {
    expect(findings(flow).filter((f) => f.stage === 'handlers')).toEqual([]);
  });
});

describe("Callboard's own warnings (Pipecat 1.14.0 loads these without a word)", () => {
  it('warns at nodes no transition reaches, nodes with no way on, and branch tables that decide nothing', () => {
    const text = `initial_node: a
nodes:
  a:
    task_messages: []
    functions:
      - name: pick
        transition_to: {field: s, cases: {x: b, y: b}, default: b}
  b:
    task_messages: []
  orphan:
    task_messages: []
    post_actions: [{type: end_conversation}]
`;
    const warnings = findings(text).filter((f) => f.stage === 'lint');
    expect(warnings.map((f) => [f.code, f.line, f.column])).toEqual([
      ['unreachable', 10, 3],
      ['branch-one-target', 7, 24],
      ['dead-end', 8, 3],
    ]);
    expect(warnings.every((f) => f.severity === 'warning' && f.fix)).toBe(true);
    expect(pipecatRefuses(findings(text))).toBe(false);
  });

  it('counts global functions as a way on from every node, and their targets as reached', () => {
    const text = 'initial_node: a\nnodes:\n  a: {task_messages: []}\n  help: {task_messages: [], post_actions: [{type: end_conversation}]}\nglobal_functions: [{name: ask_for_help, transition_to: help}]\n';
    expect(findings(text)).toEqual([]);
  });

  it('keeps a one-case table with no default (go there, or stay) quiet: the patient intake example does that', () => {
    const text = 'initial_node: a\nnodes:\n  a:\n    task_messages: []\n    functions: [{name: verify, transition_to: {field: ok, cases: {"True": b}}}]\n  b: {task_messages: [], post_actions: [{type: end_conversation}]}\n';
    expect(findings(text)).toEqual([]);
  });
});
