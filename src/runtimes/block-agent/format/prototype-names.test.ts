// Names that are JavaScript's own as YAML map keys, tool names, parameter names and header names
// in a Block Agent file: each is kept as a key (an own property, never the map's prototype), reads
// back the same after an export, and pollutes nothing.
import { afterEach, describe, expect, it } from 'vitest';
import { isScalar, parse, parseDocument, visit } from 'yaml';
import { PROTOTYPE_NAMES } from '../../../model/own';
import { exportJson, importJson } from '../../../formats/json';
import { normalizeForComparison } from './compare';
import { exportBlockAgentYaml } from './export';
import { importBlockAgentTools, importBlockAgentYaml } from './import';

const NAMES = [...PROTOTYPE_NAMES, 'prototype'];

/** `n` as an unknown key at every level the format models, as a tool, a parameter, a nested member and a header. */
const agent = (n: string) => `personality: Hi.
${n}: {polluted: 1}
llm_settings: {temperature: 0.2, ${n}: {polluted: 2, deep: {${n}: {polluted: 3}}}}
blocks:
  - block_id: one
    name: One
    ${n}: {polluted: 4}
    tools:
      - type: function
        ${n}: {polluted: 5}
        function:
          name: ${n}
          description: Pick.
          ${n}: {polluted: 6}
          parameters:
            type: object
            properties:
              ${n}: {type: string, description: The value.}
              other: {type: object, properties: {${n}: {type: number}}, required: [${n}]}
            required: [${n}]
      - type: mcp
        server_label: ehr
        server_url: https://mcp.example.com/mcp
        headers: {${n}: plain}
    turns:
      - turn_id: t1
        name: first
        content: Ask.
        ${n}: {polluted: 7}
        edges:
          - type: edge
            ${n}: {polluted: 8}
            conditions: [{source: tools, tool: ${n}, field: ${n}, expected_value: '*', ${n}: {polluted: 9}}]
            connect_to: {turn_id: t2, ${n}: {polluted: 10}}
      - turn_id: t2
        name: second
        content: Bye.
    looping: {threshold: 2, messages: [Bye.], connect_to: {turn_id: t2, ${n}: {polluted: 11}}, ${n}: {polluted: 12}}
`;

function importOk(text: string) {
  const result = importBlockAgentYaml(text);
  if (!result.ok) throw new Error(result.errors.map((e) => `${e.line}:${e.column} ${e.message}`).join('\n'));
  return result;
}

/** `value[path…]` following own keys only, and whether each step was an own key. */
function own(value: unknown, ...path: (string | number)[]): { found: boolean; value: unknown } {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, key)) return { found: false, value: undefined };
    current = (current as Record<string | number, unknown>)[key];
  }
  return { found: true, value: current };
}

const polluted = () => (({}) as Record<string, unknown>).polluted;

afterEach(() => {
  // Nothing may reach Object.prototype, whatever a test did.
  expect(polluted()).toBeUndefined();
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual([...PROTOTYPE_NAMES].sort());
});

describe.each(NAMES)('the name %s in a Block Agent file', (n) => {
  it('is kept as an own key at every place, with its value', () => {
    const { doc, warnings } = importOk(agent(n));
    expect(polluted()).toBeUndefined();
    const [fn, mcp] = doc.tools;
    const kept: [unknown, (string | number)[], unknown][] = [
      [doc.preserved?.blockAgent, [n], { polluted: 1 }],
      [doc.preserved?.blockAgent, ['llm_settings', n], { polluted: 2, deep: { [n]: { polluted: 3 } } }],
      [doc.blocks[0].extra, [n], { polluted: 4 }],
      [fn.extra, [n], { polluted: 5 }],
      [fn.extra, ['function', n], { polluted: 6 }],
      [fn.parameters, ['properties', n], { type: 'string', description: 'The value.' }],
      [fn.parameters, ['properties', 'other', 'properties', n], { type: 'number' }],
      [fn.parameters, ['required'], [n]],
      [mcp.mcp?.headers, [n], 'plain'],
      [doc.stages[0].extra, [n], { polluted: 7 }],
      [doc.edges[0].extra, [n], { polluted: 8 }],
      [doc.edges[0].extra, ['conditions', 0, n], { polluted: 9 }],
      [doc.edges[0].extra, ['connect_to', n], { polluted: 10 }],
      [doc.blocks[0].extra, ['looping', 'connect_to', n], { polluted: 11 }],
      [doc.blocks[0].extra, ['looping', n], { polluted: 12 }],
    ];
    for (const [root, path, value] of kept) {
      const at = own(root, ...path);
      expect({ path, found: at.found }).toEqual({ path, found: true });
      expect(at.value).toEqual(value);
      // The key's own value, never an object that took the place of the map's prototype.
      if (typeof value === 'object' && !Array.isArray(value)) expect(Object.getPrototypeOf(at.value)).toBe(Object.prototype);
    }
    expect(fn.name).toBe(n);
    expect(doc.edges[0].conditions).toEqual([{ kind: 'tool', toolId: fn.id, field: n, expected: '*' }]);
    expect(doc.state.map((f) => f.name)).toEqual([n, 'other']);
    // The condition's field is a parameter: no "has no parameter" warning.
    expect(warnings.filter((w) => /has no parameter/.test(w.message))).toEqual([]);
  });

  it('reads back the same after YAML → document → YAML → document, and the YAML data twice the same', () => {
    const first = importOk(agent(n)).doc;
    const text = exportBlockAgentYaml(first).text;
    const second = importOk(text).doc;
    expect(normalizeForComparison(second)).toEqual(normalizeForComparison(first));
    expect(own(second.preserved?.blockAgent, n).found).toBe(true);
    expect(own(second.edges[0].extra, 'conditions', 0, n).found).toBe(true);
    const data = parse(text) as Record<string, unknown>;
    expect(own(data, n).value).toEqual({ polluted: 1 });
    expect(own(data, 'blocks', 0, 'tools', 0, 'function', 'parameters', 'properties', n).found).toBe(true);
    expect(parse(exportBlockAgentYaml(second).text)).toEqual(data);
  });

  it('survives the document as JSON (the save format)', () => {
    const first = importOk(agent(n)).doc;
    const read = importJson(exportJson(first));
    if (!read.ok) throw new Error(JSON.stringify(read.errors));
    expect(read.doc).toEqual(first);
    expect(own(read.doc.preserved?.blockAgent, n).found).toBe(true);
    expect(own(read.doc.tools[0].parameters, 'properties', n).found).toBe(true);
  });

  it('is kept in a bare list of tools too', () => {
    const result = importBlockAgentTools(`- type: function\n  ${n}: {polluted: 1}\n  function: {name: ${n}, description: D., parameters: {type: object, properties: {${n}: {type: string}}}}\n`);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.tools[0].name).toBe(n);
    expect(own(result.tools[0].extra, n).value).toEqual({ polluted: 1 });
    expect(own(result.tools[0].parameters, 'properties', n).value).toEqual({ type: 'string' });
  });
});

describe('__proto__ keys', () => {
  it('change no prototype on the way in or out, anywhere in the file', () => {
    const text = agent('__proto__');
    const { doc } = importOk(text);
    const objects: unknown[] = [];
    const walk = (value: unknown) => {
      if (value === null || typeof value !== 'object') return;
      objects.push(value);
      Object.values(value).forEach(walk);
    };
    walk(doc);
    walk(parse(exportBlockAgentYaml(doc).text));
    for (const value of objects) expect([Object.prototype, Array.prototype]).toContain(Object.getPrototypeOf(value));
    expect(polluted()).toBeUndefined();
  });

  it('is written back as a key by the export, at each of its 15 places', () => {
    const count = (text: string) => {
      let n = 0;
      visit(parseDocument(text), { Pair: (_, pair) => { if (isScalar(pair.key) && pair.key.value === '__proto__') n++; } });
      return n;
    };
    const text = agent('__proto__');
    expect(count(text)).toBe(15);
    expect(count(exportBlockAgentYaml(importOk(text).doc).text)).toBe(15);
  });
});
