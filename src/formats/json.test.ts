import { describe, expect, it } from 'vitest';
import type { AgentDocument } from '../model';
import { DOCUMENT_FIXTURES, fixtureDocument, sampleDocument } from '../../test/fixtures/block-agent/fixtures';
import { exportJson, importJson } from './json';

const reversedKeys = (value: unknown, key = ''): unknown => {
  if (Array.isArray(value)) return value.map((v) => reversedKeys(v));
  if (typeof value !== 'object' || value === null) return value;
  // Free-form values keep their order: it is content (the parameters' declaration order, unknown keys).
  if (['parameters', 'extra', 'preserved', 'mocks', 'mock', 'default'].includes(key)) return value;
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

  it('reports schema errors with their document paths', () => {
    const doc = sampleDocument() as unknown as Record<string, unknown>;
    (doc.stages as Record<string, unknown>[])[1].kind = 'pause';
    const result = importJson(JSON.stringify(doc));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors).toContainEqual({ path: '/stages/1/kind', message: 'use one of ["turn","wait"]' });
  });

  it('migrates an unversioned draft', () => {
    const { format: _format, version: _version, layout: _layout, ...draft } = sampleDocument();
    const result = importJson(JSON.stringify({ ...draft, tools: draft.tools.map(({ kind: _kind, ...t }) => t) }));
    expect(result.ok && result.migrated).toEqual(['add envelope, tool kind and layout']);
  });
});
