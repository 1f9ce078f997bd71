import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { annotationFor, derivedSchema, handlerLosses, handlerNames, readFlow, readHandlers, writeHandlers, type HandlerSpec } from './index';
import { exampleFlow } from './testing';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', 'handlers', name), 'utf8');

describe('reading handlers.py as Pipecat derives tool schemas', () => {
  it("derives, for every annotation Pipecat maps, the schema pipecat-ai 1.14.0 derived (fixtures/handlers/every_type.schema.json)", () => {
    const module = readHandlers(fixture('every_type.py'));
    expect(module.problems).toEqual([]);
    const theirs = JSON.parse(fixture('every_type.schema.json')) as { name: string; description: string; parameters: { properties: unknown; required: string[] } };
    const ours = derivedSchema(module.functions[0]);
    expect({ name: ours.name, description: ours.description, parameters: { type: 'object', properties: ours.properties, required: ours.required } }).toEqual(theirs);
  });

  it('skips the flow_manager parameter and says why Pipecat would refuse a function', () => {
    const module = readHandlers('def sync_tool(flow_manager, x: int):\n    return {}, None\n\nasync def wrong_first(manager, x: int):\n    pass\n\nasync def fine(flow_manager, x: int):\n    pass\n');
    expect(module.functions.map((f) => [f.name, f.invalid])).toEqual([
      ['sync_tool', 'Direct function sync_tool must be async'],
      ['wrong_first', "Direct function wrong_first first parameter must be named 'flow_manager'"],
      ['fine', undefined],
    ]);
    expect(derivedSchema(module.functions[2]).properties).toEqual({ x: { type: 'integer' } });
  });

  it('keeps decorators, multi-line signatures, defaults with = in strings, and the body as code', () => {
    const text = `import x\n\n@flows_tool_options(timeout_secs=5)\nasync def look_up(\n    flow_manager,\n    order: str,  # the order number\n    note: Literal["a=b", "c"] = "a=b",\n) -> tuple:\n    '''Find an order.'''\n    result = {"status": "shipped"}\n    return result, TRANSITION_IN_YAML\n`;
    const [fn] = readHandlers(text).functions;
    expect(fn).toMatchObject({ name: 'look_up', decorators: ['@flows_tool_options(timeout_secs=5)'], description: 'Find an order.', at: { line: 4, column: 7 } });
    expect(fn.params.map((p) => [p.name, p.annotation, p.default, p.at.line])).toEqual([['order', 'str', undefined, 6], ['note', 'Literal["a=b", "c"]', '"a=b"', 7]]);
    expect(fn.body).toBe('    result = {"status": "shipped"}\n    return result, TRANSITION_IN_YAML');
  });

  it('refuses what it cannot read, at its line and column, saying what to write', () => {
    const unknown = readHandlers('async def f(flow_manager, when: datetime):\n    pass\n');
    expect(unknown.problems).toMatchObject([{ severity: 'error', line: 1, column: 33 }]);
    expect(unknown.problems[0].message).toMatch(/cannot tell what schema Pipecat derives for datetime.*use str, int/);
    const star = readHandlers('async def f(flow_manager, *args):\n    pass\n');
    expect(star.problems[0]).toMatchObject({ line: 1, column: 27 });
    expect(star.problems[0].message).toMatch(/does not read \*args/);
    const open = readHandlers('async def f(flow_manager, x: int:\n    """never closed\n');
    expect(open.problems[0]).toMatchObject({ severity: 'error', line: 2, column: 5 });
    expect(open.problems[0].message).toMatch(/never closed/);
  });

  it('bounds the size and the time it reads for', () => {
    expect(readHandlers('x = 1\n'.repeat(10), { bytes: 20, functions: 10, typeDepth: 16, millis: 1000 }).problems[0].message).toMatch(/Callboard reads at most 20 bytes/);
    let clock = 0;
    const slow = readHandlers('async def f(flow_manager):\n    pass\n'.repeat(20), { bytes: 10_000, functions: 100, typeDepth: 16, millis: 5 }, () => (clock += 1));
    expect(slow.problems[0].message).toMatch(/took more than 5 ms and stopped here/);
  });

  it("warns, as Pipecat logs when it binds them, at tools annotated as returning a NodeConfig", () => {
    const flow = 'initial_node: a\nnodes:\n  a:\n    task_messages: []\n    functions: [{name: old_style}, {name: new_style}, {name: aliased}]\n';
    const handlers = handlerNames(readHandlers('async def old_style(flow_manager) -> tuple[dict, NodeConfig]:\n    pass\nasync def new_style(flow_manager) -> tuple[dict, object]:\n    pass\nasync def aliased(flow_manager) -> ConsolidatedFunctionResult:\n    pass\n'));
    const found = readFlow(flow, { syntax: 'yaml', handlers }).findings.filter((f) => f.stage === 'handlers');
    expect(found.map((f) => [f.severity, f.message])).toEqual([
      ['warning', "node 'a' tool 'old_style' is annotated as returning a NodeConfig; in a configured flow it must return (result, TRANSITION_IN_YAML)"],
      ['warning', "node 'a' tool 'aliased' is annotated as returning a NodeConfig; in a configured flow it must return (result, TRANSITION_IN_YAML)"],
    ]);
    // With `from __future__ import annotations` Python keeps the alias's name, which does not say NodeConfig.
    expect(readHandlers('from __future__ import annotations\nasync def aliased(flow_manager) -> ConsolidatedFunctionResult:\n    pass\n').functions[0].annotatedWithNode).toBe(false);
  });

  it('names, for the flow check, every function and whether Pipecat takes it', () => {
    const names = handlerNames(readHandlers('async def a(flow_manager):\n    pass\ndef b(flow_manager):\n    pass\n'));
    expect([...names.functions]).toEqual([['a', undefined], ['b', 'Direct function b must be async']]);
  });
});

describe('writing handlers.py', () => {
  const specs: HandlerSpec[] = [
    { name: 'look_up_order', description: 'Find an order by its number.\n\nRead the number digit by digit.', params: [{ name: 'order_number', annotation: 'str', description: 'The order number,\nas the caller said it.' }, { name: 'include_items', annotation: 'bool', default: 'False' }] },
    { name: 'transfer', description: 'Hand the caller to a person.', params: [{ name: 'reason', annotation: 'Optional[str]', default: 'None', description: 'Why, in a few words.' }, { name: 'priority', annotation: 'int', description: 'How urgent.' }] },
    { name: 'bare', description: '', params: [] },
  ];

  it('writes functions the reader reads back equal: names, descriptions, types, required, bodies', () => {
    const text = writeHandlers(specs);
    const read = readHandlers(text);
    expect(read.problems).toEqual([]);
    expect(read.functions.map(derivedSchema)).toEqual([
      { name: 'look_up_order', description: 'Find an order by its number.\n\nRead the number digit by digit.', properties: { order_number: { type: 'string', description: 'The order number,\nas the caller said it.' }, include_items: { type: 'boolean' } }, required: ['order_number'] },
      { name: 'transfer', description: 'Hand the caller to a person.', properties: { reason: { anyOf: [{ type: 'string' }, { type: 'null' }], description: 'Why, in a few words.' }, priority: { type: 'integer', description: 'How urgent.' } }, required: ['priority'] },
      { name: 'bare', description: '', properties: {}, required: [] },
    ]);
    // A read module written again is the same text: bodies and decorators are kept.
    const again = writeHandlers(read.functions.map((f) => ({ name: f.name, description: f.description, params: f.params.map((p) => ({ name: p.name, ...(p.annotation ? { annotation: p.annotation } : {}), ...(p.default !== undefined ? { default: p.default } : {}), ...(p.description !== undefined ? { description: p.description } : {}) })), body: f.body, decorators: f.decorators })));
    expect(again).toBe(text);
  });

  it('refuses a description Pipecat would read as a section, rather than write one that reads back otherwise', () => {
    expect(() => writeHandlers([{ name: 'f', description: 'Does a thing.\nReturns:\n    nothing', params: [] }])).toThrow(/reads back with another description/);
    expect(() => writeHandlers([{ name: 'class', description: '', params: [] }])).toThrow(/not a name Python takes/);
  });

  it('maps a JSON Schema to an annotation and says what Pipecat loses of it', () => {
    expect(annotationFor({ type: 'array', items: { type: 'integer' } })).toEqual({ annotation: 'list[int]', lost: [] });
    expect(annotationFor({ anyOf: [{ type: 'string' }, { type: 'null' }] })).toEqual({ annotation: 'Optional[str]', lost: [] });
    const literal = annotationFor({ type: 'string', enum: ['pizza', 'sushi'], minLength: 1 });
    expect(literal.annotation).toBe('Literal["pizza", "sushi"]');
    expect(literal.lost.join(' ')).toMatch(/enum.*Literal.*minLength/);
  });
});

describe('what a flow loses without its handlers.py', () => {
  it('lists, per referenced function and action handler, what lives only in Python', () => {
    const flow = readFlow(exampleFlow('editor__order_status'), { fileName: 'order_status.yaml' });
    const losses = handlerLosses(flow.model);
    expect(losses.filter((l) => l.subject === 'look_up_order').map((l) => [l.kind, l.at.line])).toEqual([['tool-description', 25], ['tool-parameters', 25], ['tool-result', 27]]);
    expect(new Set(losses.map((l) => l.subject))).toEqual(new Set(['look_up_order', 'cancel_order', 'keep_order', 'report_missing', 'done', 'start_return', 'request_reship', 'transfer_to_agent']));
    const food = readFlow(exampleFlow('pipecat__food_ordering'), { fileName: 'flow.yaml' });
    // Transition-only functions are written wholly in the file: nothing of them is lost.
    expect(handlerLosses(food.model).map((l) => `${l.kind}:${l.subject}`)).toEqual([
      'tool-description:select_pizza_order', 'tool-parameters:select_pizza_order', 'tool-description:select_sushi_order', 'tool-parameters:select_sushi_order',
      'tool-description:get_delivery_estimate', 'tool-parameters:get_delivery_estimate', 'tool-description:get_prices', 'tool-parameters:get_prices',
      'action-handler:check_kitchen_status',
    ]);
    const handlers = readHandlers('async def select_pizza_order(flow_manager, size: str):\n    pass\nasync def check_kitchen_status(action, flow_manager):\n    pass\n');
    expect(handlerLosses(food.model, handlers).map((l) => l.subject)).not.toContain('select_pizza_order');
  });
});
