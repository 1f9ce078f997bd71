// The three-way merge that brings an imported file back as written plus the edits (kept-source.ts),
// and the notes it hands the Export panel and `callboard convert` where it cannot.
import { describe, expect, it } from 'vitest';
import { importBlockAgentYaml } from '../runtimes/block-agent/format/import';
import { exportAs } from './export-as';
import { EDITED_HERE, mergeIntoSource } from './kept-source';

const baseline = ['a: 1', 'b: 2', 'c: 3', 'd: 4', ''].join('\n');
// The user's layout of the same file: a comment, and c written otherwise.
const text = ['# mine', 'a: 1', 'b: 2', 'c:   3', 'd: 4', ''].join('\n');

describe('mergeIntoSource', () => {
  it('an unchanged document gives the file as read', () => {
    expect(mergeIntoSource({ text, baseline }, baseline)).toEqual({ text, rewritten: [] });
  });

  it('an edit away from the user\'s layout lands in the file as read, the rest kept', () => {
    expect(mergeIntoSource({ text, baseline }, baseline.replace('a: 1', 'a: 10'))).toEqual({ text: text.replace('a: 1', 'a: 10'), rewritten: [] });
  });

  it('an edit of lines the user laid out otherwise takes the exporter\'s layout there, and says which lines', () => {
    const merged = mergeIntoSource({ text, baseline }, baseline.replace('c: 3', 'c: 30'))!;
    expect(merged.text).toBe(text.replace('c:   3', 'c: 30'));
    expect(merged.rewritten).toEqual([{ line: 4, endLine: 4, sourceLine: 4, sourceEndLine: 4, why: EDITED_HERE }]);
  });

  it('lines the exporter must write its way give way too, with the reason', () => {
    const merged = mergeIntoSource({ text, baseline }, baseline, { lines: new Set([4]), why: 'quoted' })!;
    expect(merged.text).toBe(text.replace('c:   3', 'c: 3'));
    expect(merged.rewritten).toEqual([{ line: 4, endLine: 4, sourceLine: 4, sourceEndLine: 4, why: 'quoted' }]);
  });
});

describe('what the Export panel and the CLI are told', () => {
  it('a YAML 1.1 word written plain is quoted on export, and the note says which line and why', () => {
    const yaml = 'personality: Hi.\nblocks:\n  - block_id: main\n    name: Main\n    turns:\n      - turn_id: t1\n        name: ask\n        content: yes\n';
    const read = importBlockAgentYaml(yaml, { name: 'Agent' });
    if (!read.ok) throw new Error(JSON.stringify(read.errors));
    const view = exportAs(read.doc, 'yaml');
    expect(view.text).toBe(yaml.replace('content: yes', "content: 'yes'"));
    expect(view.notes).toEqual([
      "line 8 of the export is written in Callboard's layout, not as the imported file wrote it (its line 8): a YAML 1.1 reader (PyYAML among them) reads a value there otherwise than Callboard does, so the export quotes it (the import warned)",
    ]);
  });
});
