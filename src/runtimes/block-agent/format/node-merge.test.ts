// The YAML merge by nodes (issue 33): an edit placed by the structure both files share, where the
// user's file orders or styles maps otherwise than the exporter.
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readFixture } from '../../../../test/fixtures/block-agent/fixtures';
import { updateEntity } from '../../../model/ops/update';
import { exportBlockAgentYaml } from './export';
import { importBlockAgentYaml } from './import';
import { mergeByNodes } from './node-merge';

const lines = (...l: string[]) => `${l.join('\n')}\n`;

// The user's file: keys in their own order, a flow map, a comment.
const kept = lines(
  'tools:',
  '  - type: function',
  '    strict: true # keep me',
  '    function:',
  '      name: pick',
  '      parameters:',
  '        properties:',
  '          choice: {type: string, enum: [a, b]}',
);
// The same as the exporter writes it.
const baseline = lines(
  'tools:',
  '  - type: function',
  '    function:',
  '      name: pick',
  '      parameters:',
  '        properties:',
  '          choice:',
  '            type: string',
  '            enum: [a, b]',
  '    strict: true',
);

describe('mergeByNodes', () => {
  it('adds a key after its neighbour in the user\'s map, touching no other line', () => {
    const fresh = baseline.replace('            enum: [a, b]\n', '            enum: [a, b]\n          note:\n            type: string\n');
    const merged = mergeByNodes(kept, baseline, fresh)!;
    expect(merged.text).toBe(kept.replace('[a, b]}\n', '[a, b]}\n          note:\n            type: string\n'));
    expect(merged.rewritten).toEqual([]);
    expect(parse(merged.text)).toEqual(parse(fresh));
  });

  it('writes the enclosing block pair of a changed value inside a flow map in the exporter\'s layout, and names it', () => {
    const fresh = baseline.replace('enum: [a, b]', 'enum: [a, b, c]');
    const merged = mergeByNodes(kept, baseline, fresh)!;
    expect(merged.text.split('\n').slice(7, 10)).toEqual(['          choice:', '            type: string', '            enum: [a, b, c]']);
    expect(merged.text).toContain('strict: true # keep me');
    expect(merged.rewritten).toEqual([{ line: 8, endLine: 10, sourceLine: 8, sourceEndLine: 8, why: 'an edit changed them' }]);
    expect(parse(merged.text)).toEqual(parse(fresh));
  });

  it('removes a key\'s lines, and keeps the dash of an item whose first key is replaced', () => {
    const removed = mergeByNodes(kept, baseline, baseline.replace('    strict: true\n', ''))!;
    expect(removed.text).toBe(kept.replace('    strict: true # keep me\n', ''));
    const renamed = mergeByNodes(kept, baseline, baseline.replace('  - type: function', '  - type: mcp'))!;
    expect(renamed.text.split('\n')[1]).toBe('  - type: mcp');
    expect(parse(renamed.text)).toEqual(parse(baseline.replace('type: function', 'type: mcp')));
  });

  it('writes a list whose length changed whole, in the exporter\'s layout, and names it', () => {
    const fresh = baseline.replace('tools:\n', 'tools:\n  - type: mcp\n');
    const merged = mergeByNodes(kept, baseline, fresh)!;
    expect(merged.text).toBe(fresh);
    expect(merged.rewritten).toEqual([{ line: 1, endLine: 11, sourceLine: 1, sourceEndLine: 8, why: 'an edit changed them' }]);
  });

  it('gives up where the files do not share a structure (the caller writes the file whole and says so)', () => {
    expect(mergeByNodes('- a\n- b\n', 'a: 1\n', 'a: 2\n')).toBeUndefined();
    expect(mergeByNodes('a: [1\n', 'a: 1\n', 'a: 2\n')).toBeUndefined();
  });
});

describe('a parameter added to a tool the file writes with its keys in its own order', () => {
  it('is merged into the file (unknown-keys.yaml): the new lines only, no note', () => {
    const text = readFixture('unknown-keys.yaml');
    const read = importBlockAgentYaml(text);
    if (!read.ok) throw new Error('unknown-keys.yaml does not import');
    const tool = read.doc.tools.find((t) => t.name === 'pick')!;
    const properties = { ...tool.parameters.properties, note: { type: 'string' as const } };
    const edited = updateEntity(read.doc, 'tool', tool.id, { parameters: { ...tool.parameters, properties } });
    expect(edited.ok).toBe(true);
    const out = exportBlockAgentYaml(edited.doc);
    expect(out.notes).toEqual([]);
    expect(out.text).toBe(text.replace('x_ui: radio}\n', 'x_ui: radio}\n              note:\n                type: string\n'));
  });
});
