import { describe, expect, it } from 'vitest';
import { readFlow } from './index';

const schemaOf = (text: string) =>
  readFlow(text, { syntax: 'yaml' })
    .findings.filter((f) => f.stage === 'schema' || f.stage === 'graph')
    .map((f) => [f.loc.join('.'), f.code, f.message]);

// Each expectation below is what pipecat-ai 1.14.0 printed for the same text
// (`FlowConfig.from_yaml(text)` → `ValidationError.errors()`: loc, type, msg), in its order.
describe("Pipecat's schema, in its order and words", () => {
  it('lists every problem of a flow broken in many places, as Pydantic lists them', () => {
    const text = `
initial_node: a
extra_top: 1
nodes:
  a:
    task_messages: [{role: developer, content: hi, x: 1}, {role: yes, content: 3}]
    role_message: 5
    role_messages: [x]
    functions:
      - name: f
        description: d
      - name: g
        transition_only: true
      - name: h
        transition_to: 5
      - name: i
        transition_to: {field: s, cases: {}}
      - {transition_to: {cases: {yes: a}, bogus: 1}}
    pre_actions: [{type: tts_say, handler: x}, {type: function}, {handler: x}]
    context_strategy: RESET
    respond_immediately: maybe
  b: 5
  c: {}
global_functions: {name: x}
`;
    expect(schemaOf(text)).toEqual([
      ['nodes.a.task_messages.0.x', 'extra_forbidden', 'Extra inputs are not permitted'],
      ['nodes.a.task_messages.1.role', 'string_type', 'Input should be a valid string'],
      ['nodes.a.task_messages.1.content', 'string_type', 'Input should be a valid string'],
      ['nodes.a.role_message', 'string_type', 'Input should be a valid string'],
      ['nodes.a.functions.0', 'value_error', "Value error, function 'f' has a description, which only a transition_only function takes; a direct function describes itself in its docstring"],
      ['nodes.a.functions.1', 'value_error', "Value error, function 'g' is transition_only and needs a description"],
      ['nodes.a.functions.2.transition_to.str', 'string_type', 'Input should be a valid string'],
      ['nodes.a.functions.2.transition_to.Branch', 'model_type', 'Input should be a valid dictionary or instance of Branch'],
      ['nodes.a.functions.3.transition_to.str', 'string_type', 'Input should be a valid string'],
      ['nodes.a.functions.3.transition_to.Branch.cases', 'too_short', 'Dictionary should have at least 1 item after validation, not 0'],
      ['nodes.a.functions.4.name', 'missing', 'Field required'],
      ['nodes.a.functions.4.transition_to.str', 'string_type', 'Input should be a valid string'],
      ['nodes.a.functions.4.transition_to.Branch.field', 'missing', 'Field required'],
      ['nodes.a.functions.4.transition_to.Branch.bogus', 'extra_forbidden', 'Extra inputs are not permitted'],
      ['nodes.a.pre_actions.0', 'value_error', "Value error, the built-in 'tts_say' action does not take a 'handler'"],
      ['nodes.a.pre_actions.1', 'value_error', "Value error, a 'function' action requires a 'handler' name"],
      ['nodes.a.pre_actions.2.type', 'missing', 'Field required'],
      ['nodes.a.context_strategy', 'literal_error', "Input should be 'append' or 'reset'"],
      ['nodes.a.respond_immediately', 'bool_parsing', 'Input should be a valid boolean, unable to interpret input'],
      ['nodes.a.role_messages', 'extra_forbidden', 'Extra inputs are not permitted'],
      ['nodes.b', 'model_type', 'Input should be a valid dictionary or instance of Node'],
      ['nodes.c.task_messages', 'missing', 'Field required'],
      ['global_functions', 'list_type', 'Input should be a valid list'],
      ['extra_top', 'extra_forbidden', 'Extra inputs are not permitted'],
    ]);
  });

  it('locates each problem and says what to write instead', () => {
    const flow = readFlow('initial_node: a\nnodes:\n  a:\n    role_messages: [x]\n    task_messages:\n      - role: yes\n        content: hi\n', { syntax: 'yaml' });
    const missing = flow.findings.find((f) => f.code === 'extra_forbidden')!;
    expect([missing.line, missing.column]).toEqual([4, 5]);
    expect(missing.fix).toMatch(/takes one `role_message`/);
    const role = flow.findings.find((f) => f.code === 'string_type')!;
    expect([role.line, role.column]).toEqual([6, 15]);
    expect(role.fix).toBe('PyYAML (YAML 1.1) reads the unquoted yes as the boolean True; write "yes" in quotes to keep it text');
  });

  it('reads booleans as Pydantic does in lax mode (quoted "no" is false, 2 is not a boolean)', () => {
    const base = 'initial_node: a\nnodes:\n  a:\n    task_messages: []\n    respond_immediately: ';
    for (const ok of ["'YES'", "'Off'", "'t'", '1', '0', '1.0']) expect(schemaOf(base + ok)).toEqual([]);
    expect(schemaOf(`${base}2`)).toEqual([['nodes.a.respond_immediately', 'bool_parsing', 'Input should be a valid boolean, unable to interpret input']]);
    expect(schemaOf(`${base}1.5`)).toEqual([['nodes.a.respond_immediately', 'bool_type', 'Input should be a valid boolean']]);
    expect(schemaOf(`${base}null`)).toEqual([['nodes.a.respond_immediately', 'bool_type', 'Input should be a valid boolean']]);
    expect(readFlow(`${base}'no'`, { syntax: 'yaml' }).model.nodes[0].respondImmediately).toBe(false);
  });

  it('refuses a top level that is not a map, and empty nodes, in its words', () => {
    expect(schemaOf('- a\n')).toEqual([['', 'value_error', 'flow config: top level must be a mapping']]);
    expect(schemaOf('')).toEqual([['', 'value_error', 'flow config: top level must be a mapping']]);
    expect(schemaOf('initial_node: a\nnodes: {}\n')).toEqual([['nodes', 'too_short', 'Dictionary should have at least 1 item after validation, not 0']]);
    expect(schemaOf('initial_node: a\nnodes: null\n')).toEqual([['nodes', 'dict_type', 'Input should be a valid dictionary']]);
    expect(schemaOf('nodes:\n  a: {task_messages: []}\n')).toEqual([['initial_node', 'missing', 'Field required']]);
  });

  it("finds a node's repeated function only once its fields pass, as the node validator runs after them", () => {
    expect(schemaOf('initial_node: a\nnodes:\n  a:\n    task_messages: []\n    functions: [{name: f}, {name: f}]\n')).toEqual([['nodes.a', 'value_error', "Value error, duplicate function 'f' in node"]]);
    expect(schemaOf('initial_node: a\nnodes:\n  a:\n    task_messages: []\n    functions: [{name: f}, {name: f}]\n    respond_immediately: maybe\n')).toEqual([
      ['nodes.a.respond_immediately', 'bool_parsing', 'Input should be a valid boolean, unable to interpret input'],
    ]);
  });

  it('refuses a transition-only function with a branch table', () => {
    expect(schemaOf('initial_node: a\nnodes:\n  a:\n    task_messages: []\n    functions: [{name: f, transition_only: yes, description: d, transition_to: {field: s, cases: {x: a}}}]\n')).toEqual([
      ['nodes.a.functions.0', 'value_error', "Value error, function 'f' is transition_only and must name the node it transitions to"],
    ]);
  });
});
