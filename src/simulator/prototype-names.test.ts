// Names that are JavaScript's own in a run: arguments, state fields, placeholders and mocks named
// `__proto__`, `constructor` or `toString` are read and written as own keys, never found on
// Object.prototype and never taken for the state's prototype.
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentDocument, Tool } from '../model';
import { PROTOTYPE_NAMES } from '../model/own';
import { importBlockAgentYaml } from '../runtimes/block-agent/format';
import { checkExpectations } from './conversation-tests/expectations';
import { mockToolRunner, scriptedToolRunner } from './mock-runner';
import { fillArguments, picksOffered } from './offline/fill';
import { valueOfRow } from './offline/pick';
import { checkArguments } from '../runtimes/pinecall/engine/check-args';
import { displayArguments, newSession } from './session';
import { runStep, startSession } from './simulation';
import { runToolCode } from './sandbox/run-tool';
import { fillConfirm, fillTemplate } from './template';
import { answer, say, scriptedModel } from './testing';
import type { StepDeps } from './types';
import { patterns } from './offline/testing';

const NAMES = [...PROTOTYPE_NAMES, 'prototype'];
const polluted = () => (({}) as Record<string, unknown>).polluted;
const parsed = <T>(json: string) => JSON.parse(json) as T;

afterEach(() => {
  expect(polluted()).toBeUndefined();
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual([...PROTOTYPE_NAMES].sort());
});

const tool = (parameters: string): Tool => ({
  id: 't', kind: 'function', name: 'pick', description: 'Pick.', parameters: parsed(parameters), scope: { kind: 'all' }, fallback: false, pii: ['__proto__'],
});

describe('Pinecall argument check', () => {
  const pick = tool('{"type":"object","properties":{"__proto__":{"type":"string"},"constructor":{"type":"string"},"toString":{"type":"string"}},"required":["__proto__","constructor","valueOf"]}');

  it('a missing argument is missing, whatever its name; an absent optional one is not checked', () => {
    expect(checkArguments(pick, {})).toBe('pick: __proto__ is required; constructor is required; valueOf is required');
    expect(checkArguments(pick, parsed('{"__proto__":"a","constructor":"b","valueOf":1}'))).toBeUndefined();
  });

  it('the type of an own __proto__ argument is checked', () => {
    expect(checkArguments(pick, parsed('{"__proto__":1,"constructor":"b","valueOf":1}'))).toBe('pick: __proto__ must be a string, not a number');
  });

  it('logs mask a pii argument named __proto__ and keep it a key', () => {
    const shown = displayArguments(pick, parsed('{"__proto__":"secret","toString":"x"}'));
    expect(Object.hasOwn(shown, '__proto__')).toBe(true);
    expect(shown).toEqual(parsed('{"__proto__":"***","toString":"x"}'));
  });
});

describe('placeholders', () => {
  it.each(NAMES)('{{ %s }} is the state field of that name, or empty: never Object.prototype\'s member', (n) => {
    expect(fillTemplate(`[{{ ${n} }}]`, {})).toBe('[]');
    expect(fillTemplate(`[{{ ${n} }}] [{{ a.${n} }}]`, parsed(`{"${n}":"x","a":{"${n}":"y"}}`))).toBe('[x] [y]');
    // A read-back keeps a placeholder nothing fills as written (the platform's read_back), never Object.prototype's member.
    expect(fillConfirm(`{{${n}}}/{{result.${n}}}`, {}, {})).toBe(`{{${n}}}/{{result.${n}}}`);
    expect(fillConfirm(`{{${n}}}/{{result.${n}}}`, parsed(`{"${n}":"x"}`), parsed(`{"${n}":"y"}`))).toBe('x/y');
  });
});

describe('the state of a session', () => {
  const doc = (): AgentDocument => {
    const read = importBlockAgentYaml(`blocks:
  - block_id: b
    name: B
    tools:
      - type: function
        function:
          name: pick
          description: Pick.
          parameters: {type: object, properties: {__proto__: {type: string}, constructor: {type: string}}, required: [__proto__]}
    turns:
      - turn_id: t1
        name: ask
        content: Ask.
        edges: [{type: edge, conditions: [{source: tools, tool: pick, field: __proto__, expected_value: blue}], connect_to: {turn_id: t2}}]
      - turn_id: t2
        name: done
        content: Done.
        edges: [{type: loop, conditions: [{nlu: Never.}]}]
`);
    if (!read.ok) throw new Error(JSON.stringify(read.errors));
    return read.doc;
  };

  it('holds a field named __proto__ as a key, from its default and from initial values', () => {
    const d = doc();
    d.state[0].type = 'object';
    d.state[0].default = { polluted: 1 };
    const session = newSession(d);
    expect(Object.hasOwn(session.state, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(session.state)).toBe(Object.prototype);
    expect(session.state.__proto__).toEqual({ polluted: 1 });
    const started = startSession(d, { initialState: parsed('{"__proto__":{"polluted":2},"constructor":"c"}') });
    expect(Object.getOwnPropertyNames(started.state)).toEqual(['__proto__', 'constructor']);
    expect(started.state.__proto__).toEqual({ polluted: 2 });
  });

  it('Block Agent: a tool call captures __proto__ and constructor into the state, and the condition on __proto__ moves the call', async () => {
    const d = doc();
    const model = scriptedModel([say('Thanks.'), answer('', ['pick', '{"__proto__":"Blue","constructor":"c"}'])]);
    const deps: StepDeps = { model, runner: mockToolRunner, revision: 1, now: () => 1 };
    const out = await runStep(d, startSession(d), { kind: 'say', text: 'blue, please' }, deps);
    expect(out.trace.filter((t) => t.kind === 'check-failed')).toEqual([]);
    expect(Object.getOwnPropertyNames(out.state)).toEqual(['__proto__', 'constructor']);
    expect(out.state.__proto__).toBe('Blue');
    expect(Object.getPrototypeOf(out.state)).toBe(Object.prototype);
    expect(out.changeLog.map((c) => [c.field, c.next])).toEqual([['__proto__', 'Blue'], ['constructor', 'c'], ['stage', 'done']]);
    expect(d.stages.find((s) => s.id === out.stageId)?.name).toBe('done');
    // A conversation test's expectation on those fields reads the session's own values.
    const results = checkExpectations(d, { name: 't', input: [], expect: { state: parsed('{"__proto__":"Blue","toString":"x"}') } }, out);
    expect(results.map((r) => [r.rule, r.passed])).toEqual([['state', true], ['state', false]]);
  });

  it('Pinecall: the edge guard on a __proto__ argument reads the argument, and a missing constructor argument is no value', async () => {
    const d: AgentDocument = { ...doc(), target: 'pinecall', state: [] };
    const guard = d.edges[0].conditions[0];
    if (guard.kind === 'tool') guard.expected = '*';
    const never = { ...d, edges: [{ ...d.edges[0], conditions: [{ kind: 'tool' as const, toolId: d.tools[0].id, field: 'constructor', expected: '*' }] }] };
    for (const [agent, args, moved] of [[d, '{"__proto__":"x"}', true], [never, '{"__proto__":"x"}', false]] as const) {
      const model = scriptedModel([answer('', ['pick', args]), say('Done.')]);
      const out = await runStep(agent, startSession(agent), { kind: 'say', text: 'x' }, { model, runner: scriptedToolRunner({}), revision: 1, now: () => 1 });
      expect(out.trace.filter((t) => t.kind === 'check-failed')).toEqual([]);
      expect(agent.stages.find((s) => s.id === out.stageId)?.name).toBe(moved ? 'done' : 'ask');
    }
  });

  it('a tool body that writes this.__proto__ writes the field, in the sandbox', async () => {
    const out = await runToolCode({
      body: 'this.__proto__ = { polluted: 3 }; this.constructor = "c"; return this.toString === Object.prototype.toString;',
      params: [], args: {}, state: parsed('{"__proto__":{"polluted":1},"n":1}'), call: {}, timeoutMs: 5000,
    });
    if (!out.ok) throw new Error(out.error);
    expect(out.result).toBe(true);
    expect(Object.getOwnPropertyNames(out.writes)).toEqual(['__proto__', 'constructor']);
    expect(out.writes.__proto__).toEqual({ polluted: 3 });
  });
});

describe('the offline model', () => {
  it.each(NAMES)('fills a parameter named %s as an own argument, and finds it missing when nothing fills it', (n) => {
    const parameters = parsed<Tool['parameters']>(`{"type":"object","properties":{"${n}":{"type":"string","enum":["red","blue"]}},"required":["${n}"]}`);
    const none = fillArguments(parameters, { callerLines: ['hello there'], offered: [], patterns: patterns() });
    expect(none.missing).toEqual([n]);
    expect(Object.keys(none.args)).toEqual([]);
    const blue = fillArguments(parameters, { callerLines: ['blue, please'], offered: [], patterns: patterns() });
    expect(blue.missing).toEqual([]);
    expect(Object.getOwnPropertyNames(blue.args)).toEqual([n]);
    expect(blue.args[n]).toBe('blue');
    expect(Object.getOwnPropertyNames(blue.filled)).toEqual([n]);
  });

  it.each(NAMES)('reads a row\'s field %s only when the row has it', (n) => {
    expect(valueOfRow({ id: 'r1' }, n)).toBe('r1');
    expect(valueOfRow(parsed(`{"${n}":"own","id":"r1"}`), n)).toBe('own');
    expect(picksOffered(n, { type: 'string' }, [{ id: 'a' }, { id: 'b' }])).toBe(false);
  });
});
