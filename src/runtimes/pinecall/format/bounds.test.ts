// The Pinecall importer's bounds (type-budget.ts, source-bounds.ts): type expansion, nesting and
// syntax depth, each refused at its line and column with the limit named. Fixtures are generated;
// timeouts make a missing bound fail instead of running out of memory or stack.
import { describe, expect, it } from 'vitest';
import { MAX_DEPTH, MAX_FILE_DEPTH, MAX_SYNTAX_DEPTH, MAX_TYPE_NODES } from '../../../model/limits';
import { importPinecallTs, type PinecallImport } from './import';

/** A class with one tool taking `params`, after `declarations`; the tool's body is `body`. */
const agent = (params: string, declarations = '', body = 'return {};') =>
  `import { Agent, tool } from "@pinecall/agents";\n${declarations}\n/** You look things up. */\nexport default class Lookup extends Agent {\n  /** Look it up. */\n  @tool()\n  async look(${params}) {\n    ${body}\n  }\n}\n`;

const lineOf = (text: string, needle: string) => text.slice(0, text.indexOf(needle)).split('\n').length;
const errors = (result: PinecallImport) => (result.ok ? [] : result.errors);

describe('type expansion', () => {
  it('refuses 30 interfaces that each use the previous one twice (2^30 members written out) at the reference that passes the limit', () => {
    const declarations = ['interface T0 { a: string; b: string }', ...Array.from({ length: 30 }, (_, i) => `interface T${i + 1} { a: T${i}; b: T${i} }`)].join('\n');
    const text = agent('details: T30', declarations);
    expect(text.length).toBeLessThan(1_200);
    const [error, ...rest] = errors(importPinecallTs(text));
    expect(rest).toEqual([]);
    // Each interface is two JSON levels (its properties, then a member): T0's members, 31 down, would be at 64.
    expect(error).toMatchObject({ line: lineOf(text, 'interface T1 '), column: 'interface T1 { a: '.length + 1 });
    expect(error.message).toBe(
      `the reference to interface T0 (inside T30 › T29 › T28 › … › T2 › T1) nests the tool's parameters more than ${MAX_DEPTH} levels deep; Callboard reads at most ${MAX_DEPTH} levels: write any or Record<string, unknown> (an open object) for the deep part instead`,
    );
  }, 10_000);

  it('refuses a shallow expansion past the node limit, naming the interface and what to write', () => {
    // Ten levels of four members each: 4^10 ≈ 1,000,000 schema nodes, 22 levels deep.
    const declarations = ['interface W0 { a: string }', ...Array.from({ length: 10 }, (_, i) => `interface W${i + 1} { a: W${i}; b: W${i}; c: W${i}; d: W${i} }`)].join('\n');
    const text = agent('details: W10', declarations);
    const [error, ...rest] = errors(importPinecallTs(text));
    expect(rest).toEqual([]);
    expect(error.line).toBeGreaterThanOrEqual(lineOf(text, 'interface W1 '));
    expect(error.message).toMatch(new RegExp(`^the reference to interface W\\d+ \\(inside W10 › .*\\) makes the parameter types of this file expand past ${MAX_TYPE_NODES.toLocaleString('en-US')} schema nodes: .*; Callboard reads at most 20,000: write any or Record<string, unknown> \\(an open object\\) there instead, or reference the interface fewer times$`));
  }, 10_000);

  it('still stops a recursive interface at its own name', () => {
    const result = importPinecallTs(agent('node: Tree', 'interface Tree { label: string; children: Tree[]; parent?: Tree }'));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const tree = (result.doc.tools[0].parameters.properties as Record<string, { properties: Record<string, unknown> }>).node;
    expect(tree.properties.children).toEqual({ type: 'array', items: { type: 'object', description: 'Tree' } });
  }, 10_000);

  it('refuses a chain of 10,000 type aliases, and reads one of 10,000 extends without following it (as Pinecall)', () => {
    const aliases = ['type A0 = string;', ...Array.from({ length: 10_000 }, (_, i) => `type A${i + 1} = A${i};`)].join('\n');
    const [alias] = errors(importPinecallTs(agent('x: A10000', aliases)));
    expect(alias.message).toMatch(/^the reference to type A\d+ is reached through more than 64 interfaces and type aliases \(A10000 › A9999 › A9998 › … › A\d+ › A\d+\); Callboard follows at most 64/);
    const chain = ['interface E0 { a: string }', ...Array.from({ length: 10_000 }, (_, i) => `interface E${i + 1} extends E${i} {}`)].join('\n');
    const extended = importPinecallTs(agent('x: E10000', chain));
    expect(extended.ok && extended.doc.tools[0].parameters.properties?.x).toEqual({ type: 'object', properties: {}, required: [], additionalProperties: false });
  }, 20_000);
});

describe('nesting and syntax depth', () => {
  const TOO_DEEP = new RegExp(`^the file nests (\\d[\\d,]*|more than ${MAX_FILE_DEPTH}) levels deep; Callboard reads at most ${MAX_FILE_DEPTH} levels in a file`);

  it('refuses a type literal nested 10,000 deep, which the TypeScript parser itself cannot read, with the limit', () => {
    const text = agent(`x: ${'{ a: '.repeat(10_000)}string${' }'.repeat(10_000)}`);
    const [error, ...rest] = errors(importPinecallTs(text));
    expect(rest).toEqual([]);
    expect(error.line).toBe(lineOf(text, 'async look'));
    expect(error.message).toMatch(TOO_DEEP);
    expect(error.message).not.toMatch(/Maximum call stack/);
  }, 10_000);

  it('refuses a mock nested 150 deep at the bracket past the limit', () => {
    const text = agent('', '', `return ${'['.repeat(150)}${']'.repeat(150)};`);
    const [error] = errors(importPinecallTs(text));
    // The class's members are level 1, the method body's statements level 2: the 100th `[` opens level 101.
    expect(error).toEqual({ line: lineOf(text, 'return [['), column: '    return '.length + MAX_FILE_DEPTH, message: expect.stringMatching(TOO_DEEP) });
    expect(error.message).toContain('151 levels deep');
  }, 10_000);

  it('refuses a condition chained 20,000 calls long, which reading it would recurse through', () => {
    const text = agent('', '', `return this.x${'.f()'.repeat(10_000)};`);
    const [error] = errors(importPinecallTs(text));
    expect(error.line).toBe(lineOf(text, 'return this.x'));
    expect(error.message).toMatch(new RegExp(`^the code here goes 20,0\\d\\d steps deep \\(.*\\); Callboard reads at most ${MAX_SYNTAX_DEPTH}: split it into shorter statements$`));
  }, 10_000);

  it('reads ordinary nesting and chains', () => {
    expect(importPinecallTs(agent('x: string', '', `return ${'['.repeat(MAX_DEPTH)}${']'.repeat(MAX_DEPTH)};`)).ok).toBe(true);
    expect(importPinecallTs(agent('x: string', '', `return this.x${'.f()'.repeat(200)};`)).ok).toBe(true);
  });
});
