// Git-friendly files (issue 15): exports are canonical and the positions sit apart from the logic,
// so a one-field edit is a one-hunk git diff in every format, and moving a card touches only the
// JSON's last section (YAML and TypeScript carry no positions).
import { structuredPatch } from 'diff';
import { produce } from 'immer';
import { describe, expect, it } from 'vitest';
import { frozenSample, stageNamed, toolNamed } from '../model/ops/testing';
import type { AgentDocument } from '../model';
import { exportAs } from './export-as';

const FORMATS = ['yaml', 'ts', 'json'] as const;
const hunks = (a: string, b: string) => structuredPatch('a', 'b', a, b, '', '', { context: 3 }).hunks;

describe('git-friendly exports', () => {
  const sample = frozenSample();

  it('one docstring edited: the YAML, TypeScript and JSON diffs are each one hunk', () => {
    const edited = produce(sample, (d: AgentDocument) => { toolNamed(d, 'book').description = 'Book the slot the caller agreed to, by its id.'; });
    for (const format of FORMATS) {
      const found = hunks(exportAs(sample, format).text, exportAs(edited, format).text);
      expect(found.length, format).toBe(1);
      expect(found[0].lines.some((l) => l.startsWith('+') && l.includes('agreed to')), format).toBe(true);
    }
  });

  it('one instruction edited: one hunk each', () => {
    const edited = produce(sample, (d: AgentDocument) => { stageNamed(d, 'greet').instructions = 'Greet the caller warmly and ask how you can help.'; });
    for (const format of FORMATS) expect(hunks(exportAs(sample, format).text, exportAs(edited, format).text).length, format).toBe(1);
  });

  it('a moved card changes only the JSON, in its last section', () => {
    const moved = produce(sample, (d: AgentDocument) => { d.layout.positions[stageNamed(d, 'choose').id] = { x: 77, y: 88 }; });
    expect(exportAs(moved, 'yaml').text).toBe(exportAs(sample, 'yaml').text);
    expect(exportAs(moved, 'ts').text).toBe(exportAs(sample, 'ts').text);
    const before = exportAs(sample, 'json').text;
    const [hunk, ...more] = hunks(before, exportAs(moved, 'json').text);
    expect(more).toEqual([]);
    const layoutLine = before.split('\n').indexOf('  "layout": {') + 1;
    expect(layoutLine).toBeGreaterThan(0);
    expect(hunk.oldStart).toBeGreaterThan(layoutLine);
    expect(Object.keys(JSON.parse(before)).at(-1)).toBe('layout');
  });

  // The order of an agent's and its entities' keys is edit history, not meaning (a parameter
  // schema's property order is the parameters' order, and stays).
  it('the same document written twice, after edits in another key order, is the same text', () => {
    const reverse = <T extends object>(value: T): T => Object.fromEntries(Object.entries(value).reverse()) as T;
    const reordered = reverse({
      ...sample,
      tools: sample.tools.map(reverse), stages: sample.stages.map(reverse), blocks: sample.blocks.map(reverse),
      state: sample.state.map(reverse), edges: sample.edges.map(reverse), llm: reverse(sample.llm),
    }) as AgentDocument;
    expect(Object.keys(reordered)[0]).not.toBe(Object.keys(sample)[0]);
    for (const format of FORMATS) expect(exportAs(reordered, format).text, format).toBe(exportAs(sample, format).text);
  });
});
