// The fast path (fast-parse.ts) must read every file it answers for exactly as the slow path
// (parseDocument with positions) does, and leave to the slow path whatever it is not sure of.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isMap, isPair, isScalar, isSeq, parseDocument, type Node } from 'yaml';
import { MAX_FILE_DEPTH } from '../../../model/limits';
import { fastParseYaml } from './fast-parse';
import { importBlockAgentTools, importBlockAgentYaml } from './import';

/** A node tree as data that says everything the reader looks at: class, value, scalar type and source, order. */
function shape(node: unknown): unknown {
  if (node === null || node === undefined) return null;
  if (isScalar(node)) return { scalar: node.value, valueType: typeof node.value, type: node.type, source: node.source };
  if (isMap(node)) return { map: node.items.map((pair) => [shape(pair.key), shape(pair.value)]) };
  if (isSeq(node)) return { seq: node.items.map((item) => (isPair(item) ? { pair: [shape(item.key), shape(item.value)] } : shape(item))) };
  return { other: String(node) };
}

const slowShape = (text: string) => shape(parseDocument(text, { uniqueKeys: false }).contents as Node | null);

const FIXTURES = join(__dirname, '../../../../test/fixtures');
const fixtureTexts = ['block-agent', 'offline-corpus'].flatMap((dir) =>
  readdirSync(join(FIXTURES, dir)).filter((f) => f.endsWith('.yaml')).map((f) => [`${dir}/${f}`, readFileSync(join(FIXTURES, dir, f), 'utf8')] as const));

const SCALARS = [
  'plain words', '007', '0o17', '0x1F', '0x1f', '1e3', '-1.5E-2', '.5', '+12', '-0', '1.10', '1_000', '0b101', '1:30',
  'true', 'True', 'TRUE', 'false', 'yes', 'No', 'on', 'OFF', '~', 'null', 'Null', 'NULL', '', "'quoted'", "'it''s'", '"tab\\tand\\u00e9\\x41"',
  '"line\\nbreak"', '"folded\n  over lines"', 'plain\n  continued\n\n  paragraph', "'single\n  folded'", '12345678901234567890',
  '"\\N\\_\\L\\P"', '"\\/"', 'a # comment', '-', 'a-b', 'é ü 中文 😀', '"trailing  "', 'http://x.y/z?q=1#f',
];
const BLOCKS = ['|\n  literal\n  text\n', '|-\n  strip\n', '|+\n  keep\n\n', '>\n  folded\n  text\n\n  para\n', '>-\n  a\n   more indented\n  b\n', '|2\n    indented first\n', '|\n\n  leading empty\n'];

describe('the fast YAML parse', () => {
  it('builds the same node tree as parseDocument for every fixture file', () => {
    expect(fixtureTexts.length).toBeGreaterThan(5);
    for (const [name, text] of fixtureTexts) {
      const fast = fastParseYaml(text);
      expect(fast, name).toBeDefined();
      expect(shape(fast!.root), name).toEqual(slowShape(text));
    }
  });

  it('resolves every kind of scalar as parseDocument does, as a value, a flow item and a key', () => {
    for (const scalar of SCALARS) {
      const oneLine = !scalar.includes('\n');
      const texts = [`k: ${scalar}\n`, `- ${scalar}\n`];
      if (oneLine && !scalar.includes('#') && scalar !== '-') texts.push(`[${scalar}, x]\n`);
      // A flow map's empty value is left to the slow path (see the next test).
      if (oneLine && !scalar.includes('#') && scalar !== '-' && scalar !== '') texts.push(`{k: ${scalar}}\n`);
      // An empty key (`~: v` too) is left to the slow path (see the next test).
      if (oneLine && scalar !== '' && scalar !== '-' && !/^(~|null|Null|NULL)$/.test(scalar)) texts.push(`${scalar}: v\n`);
      for (const text of texts) {
        const slow = parseDocument(text, { uniqueKeys: false });
        const fast = fastParseYaml(text);
        if (slow.errors.length > 0) {
          expect(fast, text).toBeUndefined();
          continue;
        }
        expect(fast, text).toBeDefined();
        expect(shape(fast!.root), text).toEqual(shape(slow.contents));
      }
    }
    for (const block of BLOCKS) {
      for (const text of [`k: ${block}`, `- ${block}`, `a:\n  b: ${block.replace(/\n {2}/g, '\n    ')}`]) {
        const fast = fastParseYaml(text);
        expect(fast, text).toBeDefined();
        expect(shape(fast!.root), text).toEqual(slowShape(text));
      }
    }
  });

  it('leaves to the slow path what it is not sure of', () => {
    const unsure = [
      'a: &x 1\nb: *x\n', // anchors and aliases: their bounds are checked there
      'base: &b {x: 1}\nother:\n  <<: *b\n', // a merge key through an alias
      'a: !!str 1\n', 'a: !custom x\n', // tags
      '%YAML 1.1\n---\na: yes\n', // a directive changes how scalars read
      'a: 1\n---\nb: 2\n', // two documents
      'a: 1\na: 2\n', // a key twice
      '[a: b]\n', // a flow pair
      '? [a]\n: 1\n', // a collection as a key
      'a: .inf\n', 'a: -.Inf\n', 'a: .nan\n', // numbers JSON cannot hold
      `${'k'.repeat(1200)}: v\n`, // longer than an implicit key may be
      'a: [1, 2\n', 'a:\n\t- b\n', // syntax errors
      'a:\n  : b: c\n', ': x\n', '~: x\n', // an empty key (the yaml package refuses the first, js-yaml reads both)
      '{a}\n', 'x: {a: , b: 1}\n', '? a\n', '? a\n: 1\n', '? |\n  k\n: 1\n', // no value in a flow map, explicit and block keys
      'a: 1\rb: 2\n', // a carriage return alone
      `${'['.repeat(MAX_FILE_DEPTH + 1)}${']'.repeat(MAX_FILE_DEPTH + 1)}\n`, // past the nesting bound
    ];
    for (const text of unsure) expect(fastParseYaml(text), text).toBeUndefined();
    // Within the bound, nesting reads fast.
    expect(fastParseYaml(`${'['.repeat(MAX_FILE_DEPTH)}${']'.repeat(MAX_FILE_DEPTH)}\n`)).toBeDefined();
  });
});

describe('the fast YAML parse on damaged files', () => {
  const PIECES = [' ', '\n', ':', ': ', '- ', '-', '#', ' #x', '"', "'", '[', ']', '{', '}', ',', '\t', '|', '>', '?', '&a ', '*a', '!', '%', '\\',
    '---', '...', '\r', '\r\n', '~', '0', 'yes', '\n  ', '\n- ', '<<: ', '\u00a0', '\u2028', '\x07'];
  const edit = fc.record({ at: fc.nat(), cut: fc.nat({ max: 3 }), piece: fc.constantFrom(...PIECES) });

  it('reads a file the yaml package reads, as it reads it, or leaves it to the slow path', () => {
    fc.assert(fc.property(fc.constantFrom(...fixtureTexts.map(([, text]) => text)), fc.array(edit, { minLength: 1, maxLength: 3 }), (original, edits) => {
      let text = original;
      for (const { at, cut, piece } of edits) {
        const i = at % (text.length + 1);
        text = text.slice(0, i) + piece + text.slice(i + cut);
      }
      const fast = fastParseYaml(text);
      if (!fast) return;
      const slow = parseDocument(text, { uniqueKeys: false });
      expect(slow.errors.map((e) => e.code), text).toEqual([]);
      expect(slow.warnings.map((e) => e.code), text).toEqual([]);
      expect(shape(fast.root), text).toEqual(shape(slow.contents));
    }), { numRuns: 400 });
  });
});

describe('the importer through the fast path and the slow path', () => {
  /** Import results compare without their random ids. */
  const withoutIds = (value: unknown): unknown => JSON.parse(JSON.stringify(value, (key, v: unknown) => (/^(id|from|to|blockId|entryStageId|connectTo|toolId)$/.test(key) || key === 'blockIds' ? '·' : v)));

  it('imports every fixture the same either way', () => {
    for (const [name, text] of fixtureTexts) {
      const fast = importBlockAgentYaml(text, { name: 'x' });
      const slow = importBlockAgentYaml(text, { name: 'x', slowPath: true });
      expect(withoutIds(fast), name).toEqual(withoutIds(slow));
    }
  });

  it('reads anchors, aliases and merge-key-like keys as before (the slow path reads them)', () => {
    const text = [
      'personality: &p Be kind.', 'x-shared: &s {a: 1, b: [2, 3]}', 'x-again: *s', 'x-merge:', '  <<: *s', '  c: 4',
      'blocks:', '  - block_id: b', '    turns:', '      - turn_id: t', '        content: *p', '',
    ].join('\n');
    expect(fastParseYaml(text)).toBeUndefined();
    const result = importBlockAgentYaml(text);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.doc.stages[0].instructions).toBe('Be kind.');
    expect(result.doc.preserved?.blockAgent).toEqual({ 'x-shared': { a: 1, b: [2, 3] }, 'x-again': { a: 1, b: [2, 3] }, 'x-merge': { '<<': { a: 1, b: [2, 3] }, c: 4 } });
    expect(withoutIds(result)).toEqual(withoutIds(importBlockAgentYaml(text, { slowPath: true })));
  });

  it('places an error or a warning exactly as the slow path does, though the fast parse read the file', () => {
    const error = 'blocks:\n  - block_id: b\n    turns:\n      - turn_id: t\n        edges:\n          - type: edge\n            connect_to: {turn_id: nowhere}\n';
    const warning = 'blocks:\n  - block_id: b\n    turns:\n      - turn_id: t\n        content: yes\n';
    for (const text of [error, warning]) {
      expect(fastParseYaml(text), text).toBeDefined();
      expect(withoutIds(importBlockAgentYaml(text)), text).toEqual(withoutIds(importBlockAgentYaml(text, { slowPath: true })));
    }
    const failed = importBlockAgentYaml(error);
    expect(failed.ok).toBe(false);
    if (!failed.ok) expect(failed.errors[0]).toMatchObject({ line: 7, column: 35 });
    const warned = importBlockAgentYaml(warning);
    expect(warned.ok && warned.warnings[0]).toMatchObject({ line: 5, column: 18 });
  });

  it('reads a list of tools the same either way', () => {
    const text = JSON.stringify([{ type: 'function', function: { name: 'f', description: 'd', parameters: { type: 'object', properties: { a: { type: 'string' } } } } }]);
    expect(fastParseYaml(text)).toBeDefined();
    expect(withoutIds(importBlockAgentTools(text))).toEqual(withoutIds(importBlockAgentTools(text, { slowPath: true })));
  });
});
