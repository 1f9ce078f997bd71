// Issue 33: most Pinecall agents have no stage field — one conversation, every tool offered, and
// a view. Such a class came in with no block and no stage (its view kept only as code), and went
// out to Block Agent as `blocks: []`, its instructions lost. Now it is one block and one turn
// carrying its view, written back as it was. The fixture is a class in that shape.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import type { AgentDocument } from '../../../model';
import { lint } from '../../../model/lint';
import { updateEntity } from '../../../model/ops/update';
import { exportBlockAgentYaml } from '../../block-agent/format/export';
import { importBlockAgentYaml } from '../../block-agent/format/import';
import { withoutKeptSources } from '../../../formats/kept-source';
import { exportPinecallTs } from './export';
import { importPinecallTs } from './import';
import { normalizeForComparison, projectPinecall } from './project';
import { fixtureUrl } from './testing';

const source = readFileSync(fixtureUrl('no-stage.tsx'), 'utf8');

function imported(text: string): AgentDocument {
  const read = importPinecallTs(text);
  if (!read.ok) throw new Error(read.errors.map((e) => `${e.line}:${e.column} ${e.message}`).join('\n'));
  expect(read.warnings).toEqual([]);
  return read.doc;
}

describe('a class without a stage field', () => {
  const doc = imported(source);

  it('is one block and one turn carrying its view, every tool offered in it', () => {
    expect(doc.blocks.map((b) => b.name)).toEqual(['EastfieldLibrary']);
    expect(doc.stages.map((s) => [s.name, s.blockId, s.instructions])).toEqual([
      ['conversation', doc.blocks[0].id, 'Ask for the library card number before you renew anything.\n\nRenewed so far: {{ renewed }}.'],
    ]);
    expect(doc.entryStageId).toBe(doc.stages[0].id);
    expect(doc.tools.map((t) => [t.name, t.scope.kind])).toEqual([['findLoans', 'all'], ['renew', 'all']]);
    expect(lint(doc).filter((p) => p.severity === 'error')).toEqual([]);
  });

  it('exports back byte-identical', () => {
    expect(exportPinecallTs(doc).text).toBe(source);
  });

  it('the exporter\'s own text of it has no stage field either, and reads back as the projection says', () => {
    const fresh = exportPinecallTs(withoutKeptSources(doc)).text;
    expect(fresh).not.toMatch(/\bstage:|\bstage =|this\.stage|Stages/);
    expect(fresh).toContain('        <p>Ask for the library card number before you renew anything.</p>\n        <p>Renewed so far: {this.renewed}.</p>\n');
    expect(normalizeForComparison(imported(fresh))).toEqual(normalizeForComparison(projectPinecall(doc)));
  });

  it('an edit of its instructions changes only that paragraph', () => {
    const edited = updateEntity(doc, 'stage', doc.stages[0].id, { instructions: 'Ask for the card number first.\n\nRenewed so far: {{ renewed }}.' });
    expect(exportPinecallTs(edited.doc).text).toBe(source.replace('<p>Ask for the library card number before you renew anything.</p>', '<p>Ask for the card number first.</p>'));
  });

  it('converted to a Block Agent, it is one block with one turn saying its view, and its tools', () => {
    const yaml = exportBlockAgentYaml({ ...withoutKeptSources(doc), target: 'block-agent' }).text;
    const data = parse(yaml) as { blocks: { tools: { function: { name: string } }[]; turns: { content: string }[] }[] };
    expect(data.blocks).toHaveLength(1);
    expect(data.blocks[0].turns.map((t) => t.content)).toEqual(['Ask for the library card number before you renew anything.\n\nRenewed so far: {{ renewed }}.']);
    expect(data.blocks[0].tools.map((t) => t.function.name)).toEqual(['findLoans', 'renew']);
    const back = importBlockAgentYaml(yaml);
    expect(back.ok && [back.doc.blocks.length, back.doc.stages.length]).toEqual([1, 1]);
  });

  it('a view with an expression the document does not model keeps that paragraph as code, after the instructions', () => {
    const text = source.replace('<p>Renewed so far: {this.renewed}.</p>', '<p>Renewed so far: {this.renewed.join(", ")}.</p>');
    const read = imported(text);
    expect(read.stages[0].instructions).toBe('Ask for the library card number before you renew anything.');
    expect(exportPinecallTs(read).text).toBe(text);
    expect(exportPinecallTs(withoutKeptSources(read)).text).toContain('<p>Renewed so far: {this.renewed.join(", ")}.</p>');
  });
});
