// Names that are JavaScript's own (Object.prototype's, `__proto__` among them) as tool names, state
// field names and tool parameter names: where lint refuses them, with what to write instead, and
// where they are kept (runtimes/pinecall/format/prototype-names.test.ts shows those export and compile).
import { describe, expect, it } from 'vitest';
import { PROTOTYPE_NAMES } from '../own';
import type { AgentDocument } from '../types';
import { lintAs } from './rule-cases';

const NAMES = [...PROTOTYPE_NAMES, 'prototype'];
/** Names Pinecall's tool rule (`^[A-Za-z][A-Za-z0-9_]*$`) refuses already: they start with `_`. */
const NOT_ONE_WORD = NAMES.filter((n) => n.startsWith('_'));

/** The sample's tool 5 is `book(slot)`, state field 0 is `caller_name`. */
const renameTool = (name: string) => (d: AgentDocument) => { d.tools[5].name = name; };
const renameField = (name: string) => (d: AgentDocument) => { d.state[0].name = name; };
function renameParameter(name: string) {
  return (d: AgentDocument) => {
    const params = d.tools[5].parameters;
    const slot = params.properties!.slot;
    params.properties = {};
    Object.defineProperty(params.properties, name, { value: slot, enumerable: true, writable: true, configurable: true });
    params.required = [name];
    d.tools[5].pii = [];
    delete d.tools[5].confirm;
  };
}

describe('a tool named like a member of every JavaScript object', () => {
  it.each(NAMES.filter((n) => n !== 'prototype' && n !== 'constructor' && !NOT_ONE_WORD.includes(n)))('%s is refused in Pinecall, with the reason and a name to write instead', (name) => {
    const found = lintAs('pinecall', renameTool(name)).filter((p) => p.path === '/tools/5/name');
    expect(found.map((p) => [p.rule, p.severity])).toEqual([['tool-name-reserved', 'error']]);
    expect(found[0].message).toBe(
      `tool ${name} cannot be a method of the class: every JavaScript object already has ${name} (Object.prototype.${name}), and a member of that name on the agent replaces it for the runtime and for any code that asks the agent for it; rename the tool, e.g. ${name}_tool`,
    );
  });

  it('constructor keeps its own message: the class\'s own constructor', () => {
    const found = lintAs('pinecall', renameTool('constructor')).filter((p) => p.path === '/tools/5/name');
    expect(found.map((p) => [p.rule, p.severity, p.message])).toEqual([
      ['tool-name-reserved', 'error', "tool constructor clashes with the class's own constructor: a class member has one name; rename the tool, e.g. set_constructor"],
    ]);
  });

  it.each(NOT_ONE_WORD)('%s is refused once, by the one-word rule (it starts with _)', (name) => {
    const found = lintAs('pinecall', renameTool(name)).filter((p) => p.path === '/tools/5/name');
    expect(found.map((p) => [p.rule, p.severity])).toEqual([['tool-name-pinecall', 'error']]);
    expect(found[0].message).toMatch(new RegExp(`^a tool name is one word a model can call, not ${name}; write [A-Za-z]`));
  });

  it.each(NAMES)('%s is kept in Block Agent: at most an info note, no error or warning', (name) => {
    const found = lintAs('block-agent', renameTool(name)).filter((p) => p.path === '/tools/5/name');
    expect(found.every((p) => p.severity === 'info')).toBe(true);
    expect(found.length).toBe(name === 'prototype' ? 0 : 1);
  });

  it('prototype is no member of an object (only of a function): kept in Pinecall too', () => {
    expect(lintAs('pinecall', renameTool('prototype')).filter((p) => p.path === '/tools/5/name')).toEqual([]);
  });
});

describe('a state field named like a member of every JavaScript object', () => {
  it.each(NAMES.filter((n) => n !== 'prototype' && n !== 'constructor'))('%s is refused in Pinecall, with the reason and a name to write instead', (name) => {
    const found = lintAs('pinecall', renameField(name)).filter((p) => p.path === '/state/0/name');
    expect(found.map((p) => [p.rule, p.severity])).toEqual([['state-name-reserved', 'error']]);
    const reason = name === '__proto__'
      ? "in JavaScript __proto__ is the object's prototype, not a name a member can have"
      : `every JavaScript object already has ${name} (Object.prototype.${name})`;
    expect(found[0].message).toContain(`state field ${name} cannot be a field of the class, which holds the state: ${reason}`);
    expect(found[0].message).toMatch(new RegExp(`; rename it, e\\.g\\. ${name === '__proto__' ? 'proto' : `${name}_value`}$`));
  });

  it('constructor: a class may have no field of that name (the compiler refuses it)', () => {
    const found = lintAs('pinecall', renameField('constructor')).filter((p) => p.path === '/state/0/name');
    expect(found.map((p) => [p.rule, p.severity, p.message])).toEqual([
      ['state-name-reserved', 'error', "state field constructor clashes with the class's own constructor; rename it, e.g. constructor_value"],
    ]);
  });

  it.each(NAMES)('%s is kept in Block Agent (a captured variable): at most an info note', (name) => {
    const found = lintAs('block-agent', renameField(name)).filter((p) => p.path === '/state/0/name');
    expect(found.every((p) => p.severity === 'info')).toBe(true);
    expect(found.length).toBe(name === 'prototype' ? 0 : 1);
  });

  it('prototype is kept in Pinecall too', () => {
    expect(lintAs('pinecall', renameField('prototype')).filter((p) => p.path === '/state/0/name')).toEqual([]);
  });
});

describe('a tool parameter named like a member of every JavaScript object', () => {
  // A parameter is a binding of the method's signature, and none of these is a reserved word.
  it.each(NAMES)('%s is kept in both runtimes: lint says about it what it says about any other name', (name) => {
    for (const target of ['pinecall', 'block-agent'] as const) {
      const about = (given: string) => lintAs(target, renameParameter(given))
        .filter((p) => p.path.startsWith('/tools/5/parameters') || p.path.startsWith('/tools/5/pii'))
        .map((p) => ({ ...p, path: p.path.replaceAll(given, '<name>'), message: p.message.replaceAll(given, '<name>') }));
      const found = about(name);
      expect(found).toEqual(about('slot_id'));
      expect(found.filter((p) => p.severity !== 'info')).toEqual([]);
    }
  });

  it.each(NAMES)('%s as a keyword of the schema itself is an unknown keyword, as ajv (strict) says', (name) => {
    const found = lintAs('pinecall', (d) => {
      Object.defineProperty(d.tools[5].parameters, name, { value: 1, enumerable: true, writable: true, configurable: true });
    }).filter((p) => p.rule === 'parameters-invalid');
    expect(found.map((p) => [p.path, p.severity])).toEqual([[`/tools/5/parameters/${name}`, 'error']]);
    expect(found[0].message).toContain(`unknown keyword: "${name}"`);
  });

  it('a required name that is no property is still found when it is a prototype name', () => {
    const found = lintAs('pinecall', (d) => { d.tools[5].parameters.required = ['slot', 'toString', '__proto__']; })
      .filter((p) => p.rule === 'parameters-required-unknown').map((p) => p.path);
    expect(found).toEqual(['/tools/5/parameters/required/1', '/tools/5/parameters/required/2']);
  });

  it('a tool condition on a field that is no parameter is found when the field is a prototype name', () => {
    const found = lintAs('block-agent', (d) => {
      const edge = d.edges.find((e) => e.conditions.some((c) => c.kind === 'tool' && c.toolId === d.tools[5].id))!;
      const condition = edge.conditions.find((c) => c.kind === 'tool')!;
      if (condition.kind === 'tool') condition.field = 'constructor';
    }).filter((p) => p.rule === 'condition-tool-field-unknown');
    expect(found.length).toBe(1);
  });
});
