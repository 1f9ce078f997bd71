import { describe, expect, it } from 'vitest';
import type { AgentDocument } from '../model';
import { DOCUMENT_FIXTURES, fixtureDocument, sampleDocument } from '../../test/fixtures/block-agent/fixtures';
import { exportJson, importJson } from './json';

const reversedKeys = (value: unknown, key = ''): unknown => {
  if (Array.isArray(value)) return value.map((v) => reversedKeys(v));
  if (typeof value !== 'object' || value === null) return value;
  // Free-form values keep their order: it is content (the parameters' declaration order, unknown keys).
  // A test's state, call facts and wait answers are free-form too (the user's own keys).
  if (['parameters', 'extra', 'preserved', 'mocks', 'mock', 'default', 'state', 'call', 'waits'].includes(key)) return value;
  return Object.fromEntries(Object.entries(value).reverse().map(([k, v]) => [k, reversedKeys(v, k)]));
};

describe('exportJson', () => {
  it('writes 2-space JSON with a trailing newline, keys in the schema\'s order', () => {
    const text = exportJson(sampleDocument());
    expect(text.endsWith('}\n')).toBe(true);
    expect(text.split('\n')[1]).toBe('  "format": "callboard.agent",');
    expect(Object.keys(JSON.parse(text)).slice(0, 6)).toEqual(['format', 'version', 'id', 'name', 'target', 'persona']);
  });

  it.each(DOCUMENT_FIXTURES)('writes %s the same whatever order its keys stand in', (name) => {
    const doc = fixtureDocument(name);
    expect(exportJson(reversedKeys(doc) as AgentDocument)).toBe(exportJson(doc));
  });

  it('orders each condition and scope by its own kind', () => {
    const doc = JSON.parse(exportJson(reversedKeys(fixtureDocument('every-condition')) as AgentDocument)) as AgentDocument;
    expect(Object.keys(doc.edges[0].conditions[0])).toEqual(['kind', 'toolId', 'field', 'expected']);
    expect(Object.keys(doc.edges[4].conditions[0])).toEqual(['kind', 'expected']);
    expect(Object.keys(doc.tools[4].scope)).toEqual(['kind', 'stageIds']);
  });
});

describe('importJson', () => {
  it.each(DOCUMENT_FIXTURES)('reads back what exportJson wrote (%s)', (name) => {
    const doc = fixtureDocument(name);
    const result = importJson(exportJson(doc));
    expect(result).toEqual({ ok: true, doc, migrated: [] });
  });

  it('gives a syntax error its line and column', () => {
    const result = importJson('{\n  "format": "callboard.agent",\n  "name" "x"\n}');
    expect(result).toEqual({ ok: false, errors: [expect.objectContaining({ line: 3, column: 10 })] });
  });

  it('places an unfinished file at its end', () => {
    const result = importJson('{\n  "format": "callboard.agent",');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[0]).toMatchObject({ line: 2, column: 31 });
  });

  // Each at the character where the text stops being JSON, or at the end of a text that ends too soon,
  // including errors whose engine message gives no position (V8: `Unexpected token ']', "…" is not valid JSON`).
  it.each([
    ['a trailing comma before }', '{\n  "format": "callboard.agent",\n  "name": "x",\n}', 4, 1],
    ['a trailing comma before ]', '{\n  "tags": [\n    "a",\n  ]\n}', 4, 3],
    ['a trailing comma, with CRLF line ends', '{\r\n  "name": "x",\r\n}', 3, 1],
    ['a missing comma between members', '{\n  "format": "callboard.agent"\n  "name": "x"\n}', 3, 3],
    ['a missing comma between elements', '{\n  "tags": ["a" "b"]\n}', 2, 16],
    ['an unquoted key', '{\n  "format": "callboard.agent",\n  name: "x"\n}', 3, 3],
    ['a misspelt literal', '{\n  "intent": tru\n}', 2, 16],
    ['a misspelt literal before }', '{"intent": tru}', 1, 15],
    ['a string left open at the end of its line', '{\n  "format": "callboard.agent",\n  "name": "x\n}', 3, 13],
    ['a string left open at the end of the text', '{\n  "name": "x', 2, 13],
    ['a bad escape', '{\n  "name": "a\\qb"\n}', 2, 14],
    ['a number with a leading zero', '{\n  "version": 01\n}', 2, 15],
    ['a text truncated inside an array', '{\n  "format": "callboard.agent",\n  "tags": ["a"', 3, 15],
    ['a text truncated after a key', '{\n  "format"', 2, 11],
    ['text after the document', '{\n  "name": "x"\n}\n}', 4, 1],
    ['an empty text', '', 1, 1],
    ['a byte order mark before the error', '\uFEFF{\n  "name" "x"\n}', 2, 10],
  ])('gives %s its exact line and column', (_what, text, line, column) => {
    expect(importJson(text)).toEqual({ ok: false, errors: [expect.objectContaining({ line, column, message: expect.any(String) })] });
  });

  it('agrees with the engine wherever its message gives a position', () => {
    const texts = ['{"a": 1,}', '{"a": 1\n "b": 2}', '{a: 1}', '{"a": "x', '{"a": [1, 2', '{"a": 01}', '{"a":"x\ny"}', '{"a":1}}', '{"a": -}', '{"a": 1.}', '{"a": 1e}', '[1 2]', ''];
    for (const text of texts) {
      let message = '';
      try {
        JSON.parse(text);
      } catch (error) {
        message = (error as Error).message;
      }
      const position = /position (\d+)/.exec(message);
      const offset = position ? Number(position[1]) : /end of (JSON )?(input|data)/i.test(message) ? text.length : undefined;
      if (offset === undefined) continue;
      const before = text.slice(0, offset).split('\n');
      const result = importJson(text);
      expect(result.ok ? undefined : result.errors[0], text).toMatchObject({ line: before.length, column: before[before.length - 1].length + 1 });
    }
  });

  it('reports schema errors with their document paths', () => {
    const doc = sampleDocument() as unknown as Record<string, unknown>;
    (doc.stages as Record<string, unknown>[])[1].kind = 'pause';
    const result = importJson(JSON.stringify(doc));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors).toContainEqual({ path: '/stages/1/kind', message: 'use one of ["turn","wait"]', line: 1, column: expect.any(Number) });
    // …and at its place in the text: the column is where the member "kind": "pause" starts.
    const text = JSON.stringify(doc);
    const at = !result.ok ? result.errors.find((e) => e.path === '/stages/1/kind')?.column : undefined;
    expect(text.slice((at ?? 1) - 1)).toMatch(/^"kind":"pause"/);
  });

  it('migrates an unversioned draft', () => {
    const { format: _format, version: _version, layout: _layout, ...draft } = sampleDocument();
    const result = importJson(JSON.stringify({ ...draft, tools: draft.tools.map(({ kind: _kind, ...t }) => t) }));
    expect(result.ok && result.migrated).toEqual(['add envelope, tool kind and layout']);
  });
});
