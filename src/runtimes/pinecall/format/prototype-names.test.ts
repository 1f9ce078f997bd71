// Names that are JavaScript's own in a Pinecall class: as parameters and interface members they
// are kept (a parameter is a binding, and none of them is a reserved word), the export compiles
// under tsc --strict and reads back the same; a value with an own `__proto__` key (a default, a
// mock) is written `["__proto__"]: …`, which JavaScript reads as a key, not as the prototype.
import { afterEach, describe, expect, it } from 'vitest';
import { compileAgent } from '../../../../test/pinecall-agents/compile-agent';
import type { AgentDocument, JsonSchema } from '../../../model';
import { PROTOTYPE_NAMES } from '../../../model/own';
import { importBlockAgentYaml } from '../../block-agent/format';
import { exportPinecallTs } from './export';
import { importPinecallTs } from './import';
import { normalizeForComparison } from './project';
import { minimalDoc } from './testing';

// A compile parses the ES2022 library once per worker (seconds); later ones reuse it.
const SLOW = 60_000;
const NAMES = [...PROTOTYPE_NAMES, 'prototype'];

function imported(text: string): AgentDocument {
  const read = importPinecallTs(text);
  if (!read.ok) throw new Error(JSON.stringify(read.errors));
  return read.doc;
}

const ownKeys = (schema: JsonSchema | undefined) => Object.keys(schema?.properties ?? {});
const polluted = () => (({}) as Record<string, unknown>).polluted;

afterEach(() => {
  expect(polluted()).toBeUndefined();
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual([...PROTOTYPE_NAMES].sort());
});

/** A hand-written class that uses `n` as a parameter, an inline member and an interface member. */
const handwritten = (n: string) => `import { Agent, state, tool, type Stages } from "@pinecall/agents";

interface Holder {
  ${n}: string;
  other?: number;
}

/** Hi. */
export default class Names extends Agent {
  @state stage: Stages<"ask" | "done"> = "ask";

  /** Take it. */
  @tool({ pii: ["${n}"] })
  async take(${n}: string, inner?: { ${n}?: number }, holder?: Holder) {
    return { ${n}, inner, holder };
  }
}
`;

describe.each(NAMES)('the name %s in a Pinecall class', (n) => {
  it('is kept as a parameter, an inline member and an interface member (TS → document)', () => {
    const text = handwritten(n);
    expect(compileAgent(text)).toEqual([]);
    const tool = imported(text).tools[0];
    expect(ownKeys(tool.parameters)).toEqual([n, 'inner', 'holder']);
    expect(tool.parameters.required).toEqual([n]);
    expect(tool.parameters.properties![n]).toEqual({ type: 'string' });
    expect(Object.getPrototypeOf(tool.parameters.properties![n])).toBe(Object.prototype);
    expect(ownKeys(tool.parameters.properties!.inner)).toEqual([n]);
    expect(ownKeys(tool.parameters.properties!.holder)).toEqual([n, 'other']);
    expect(tool.parameters.properties!.holder.required).toEqual([n]);
    expect(tool.pii).toEqual([n]);
  }, SLOW);

  it('reads back the same after TS → document → TS → document, and the export compiles', () => {
    const first = imported(handwritten(n));
    const text = exportPinecallTs(first).text;
    expect(compileAgent(text)).toEqual([]);
    const second = imported(text);
    expect(normalizeForComparison(second)).toEqual(normalizeForComparison(first));
    // The interface the class declared is gone from the document; the generated one names the member.
    const fresh = exportPinecallTs({ ...first, preserved: undefined }).text;
    expect(fresh).toContain(`async take(${n}: string, inner?: Inner, holder?: Holder)`);
    expect(fresh).toContain(`interface Inner {\n  ${n}?: number;\n}`);
    expect(fresh).toContain(`interface Holder {\n  ${n}: string;\n  other?: number;\n}`);
    expect(compileAgent(fresh)).toEqual([]);
    expect(imported(fresh).tools[0].parameters).toEqual(first.tools[0].parameters);
  }, SLOW);

  it('from a Block Agent file (parameter, condition field, nested member) exports a class that compiles and guards on it', () => {
    const yaml = `personality: Hi.
blocks:
  - block_id: b
    name: B
    tools:
      - type: function
        function:
          name: pick
          description: Pick one.
          parameters:
            type: object
            properties:
              ${n}: {type: string}
              extra: {type: object, properties: {${n}: {type: number}}, required: [${n}]}
            required: [${n}]
    turns:
      - turn_id: t1
        name: ask
        content: Ask.
        edges:
          - {type: edge, conditions: [{source: tools, tool: pick, field: ${n}, expected_value: '*'}], connect_to: {turn_id: t2}}
          - {type: edge, conditions: [{source: tools, tool: pick, field: ${n}, expected_value: 'Yes'}], connect_to: {turn_id: t2}}
      - turn_id: t2
        name: done
        content: Bye.
`;
    const read = importBlockAgentYaml(yaml);
    if (!read.ok) throw new Error(JSON.stringify(read.errors));
    // The state fields the file implies would be refused in Pinecall (see lint); the parameters are what is tested here.
    const doc: AgentDocument = { ...read.doc, target: 'pinecall', state: [] };
    const { text } = exportPinecallTs(doc);
    expect(text).toContain(`async pick(${n}: string, extra?: Extra)`);
    expect(text).toContain(`String(${n} ?? "") !== ""`);
    expect(compileAgent(text)).toEqual([]);
    const back = imported(text);
    expect(ownKeys(back.tools[0].parameters)).toEqual([n, 'extra']);
    expect(text).toContain(`String(${n}).toLowerCase() === "yes"`);
    // The value condition on the first parameter comes back without `field`, which means the same.
    expect(back.edges.map((e) => e.conditions)).toEqual([
      [{ kind: 'tool', toolId: back.tools[0].id, field: n, expected: '*' }],
      [{ kind: 'tool', toolId: back.tools[0].id, expected: 'yes' }],
    ]);
  }, SLOW);
});

describe('the __proto__ parameter and the edge guard that names it', () => {
  const doc = (): AgentDocument => {
    const base = minimalDoc({
      name: 'book', description: 'Book it.',
      parameters: JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"},"day":{"type":"string"}},"required":["__proto__"],"additionalProperties":false}') as JsonSchema,
      scope: { kind: 'all' },
    });
    base.blocks = [{ id: 'b', name: 'Minimal', ref: 'minimal', intent: false }];
    base.stages = [
      { id: 's1', name: 'ask', ref: 'ask', blockId: 'b', kind: 'turn', instructions: 'Ask.' },
      { id: 's2', name: 'done', ref: 'done', blockId: 'b', kind: 'turn', instructions: 'Bye.' },
    ];
    base.entryStageId = 's1';
    base.edges = [{ id: 'e', from: 's1', to: 's2', kind: 'edge', conditions: [{ kind: 'tool', toolId: 't_end', expected: 'x' }] }];
    return base;
  };

  it('stays in the signature the guard reads, and the class compiles', () => {
    const { text } = exportPinecallTs(doc());
    expect(text).toContain('async book(__proto__: string, day?: string)');
    expect(text).toContain('String(__proto__).toLowerCase() === "x"');
    expect(text).toContain('return { __proto__, day };');
    expect(compileAgent(text)).toEqual([]);
    const back = imported(text);
    expect(ownKeys(back.tools[0].parameters)).toEqual(['__proto__', 'day']);
    expect(back.tools[0].implementation).toBeUndefined();
    expect(back.edges[0].conditions).toEqual([{ kind: 'tool', toolId: back.tools[0].id, expected: 'x' }]);
  }, SLOW);
});

describe('values with an own __proto__ key (a default, a mock)', () => {
  const value = () => JSON.parse('{"a":1,"__proto__":{"polluted":1,"__proto__":[{"__proto__":2}]}}') as Record<string, unknown>;
  const doc = (): AgentDocument => {
    const base = minimalDoc({ mock: value() });
    base.state = [
      // Not `record`: that is one of the world's settings, which a class may not declare (and the export renames).
      { id: 'f1', name: 'details', type: 'object', default: value(), pii: false, visibility: 'private' },
      { id: 'f2', name: 'rows', type: 'array', default: [value()], pii: false, visibility: 'private' },
    ];
    return base;
  };

  it('are written with ["__proto__"] keys, compile, and read back with the key own', () => {
    const { text } = exportPinecallTs(doc());
    expect(text).toContain('@state details: Record<string, any> = {"a":1,["__proto__"]:{"polluted":1,["__proto__"]:[{["__proto__"]:2}]}};');
    expect(text).toContain('return {"a":1,["__proto__"]:');
    expect(text).not.toMatch(/"__proto__":/);
    expect(compileAgent(text)).toEqual([]);
    const back = imported(text);
    expect(back.state.map((f) => f.default)).toEqual([value(), [value()]]);
    expect(Object.hasOwn(back.state[0].default as object, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(back.state[0].default)).toBe(Object.prototype);
    expect(back.tools[0].mock).toEqual(value());
    expect(Object.hasOwn(back.tools[0].mock as object, '__proto__')).toBe(true);
    expect(back.preserved?.pinecall).toBeUndefined();
  }, SLOW);

  it('a hand-written `"__proto__": …` sets the prototype in JavaScript, so it is read as code, not as a value', () => {
    const text = exportPinecallTs(minimalDoc({ mock: { a: 1 } })).text.replace('return {"a":1};', 'return {"a":1,"__proto__":{"b":2}};');
    const tool = imported(text).tools[0];
    expect(tool.mock).toBeUndefined();
    expect(tool.implementation).toContain('"__proto__":{"b":2}');
    const field = imported(text.replace('export default class Minimal extends Agent {\n', 'export default class Minimal extends Agent {\n  @state x: Record<string, any> = { "__proto__": { b: 2 } };\n')).state[0];
    expect(field.name).toBe('x');
    expect(field.default).toBeUndefined();
  });
});
