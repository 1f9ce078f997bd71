import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parse } from 'yaml';
import { validateDocument } from '../../../model';
import { DOCUMENT_FIXTURES, fixtureDocument, readFixture } from '../../../../test/fixtures/block-agent/fixtures';
import { normalizeForComparison } from './compare';
import { exportBlockAgentYaml } from './export';
import { importBlockAgentYaml } from './import';
import { projectBlockAgent } from './project';
import { renderYaml } from './render';

function importOk(text: string) {
  const result = importBlockAgentYaml(text);
  if (!result.ok) throw new Error(result.errors.map((e) => `${e.line}:${e.column} ${e.message}`).join('\n'));
  return result;
}

describe('Block Agent round trip', () => {
  it.each(DOCUMENT_FIXTURES)('import(export(%s)) is projectBlockAgent of it, ids aside', (name) => {
    const doc = fixtureDocument(name);
    const { doc: imported } = importOk(exportBlockAgentYaml(doc).text);
    expect(validateDocument(imported).ok).toBe(true);
    expect(normalizeForComparison(imported)).toEqual(normalizeForComparison(projectBlockAgent(doc)));
  });

  it.each(DOCUMENT_FIXTURES)('a second round trip of %s writes the same YAML data', (name) => {
    const first = exportBlockAgentYaml(fixtureDocument(name)).text;
    const second = exportBlockAgentYaml(importOk(first).doc).text;
    expect(parse(second)).toEqual(parse(first));
  });

  it('projects what the sample loses and what the import re-derives', () => {
    const projected = projectBlockAgent(fixtureDocument('clinic-booking'));
    const book = projected.tools.find((t) => t.name === 'book')!;
    expect([book.when, book.confirm, book.implementation]).toEqual([undefined, undefined, undefined]);
    expect(projected.edges.find((e) => e.id === 'e_choose_giveup')!.conditions).toEqual([{ kind: 'nlu', sentence: 'searches >= 3' }]);
    expect(projected.tools.find((t) => t.name === 'collect_identity')!.pii).toEqual([]);
    expect(projected.state.map((f) => f.name)).toEqual(['schedule_appointment', 'intent_utterance', 'caller_name', 'phone', 'day', 'visit', 'slot']);
    expect(projected).toMatchObject({ target: 'block-agent', opening: 'caller', layout: { positions: {}, sizes: {} } });
    expect(projected.blocks.map((b) => b.intent)).toEqual([true, false, false, false]);
  });

  it('projects a stage-scoped tool onto its block and a shared tool onto both blocks', () => {
    const support = projectBlockAgent(fixtureDocument('every-condition'));
    expect(support.tools.find((t) => t.name === 'note_question')!.scope).toEqual({ kind: 'blocks', blockIds: ['b_account'] });
    const shared = projectBlockAgent(fixtureDocument('text-and-sharing'));
    expect(shared.tools.map((t) => [t.name, t.scope])).toEqual([
      ['collect_patient', { kind: 'blocks', blockIds: ['b_ask', 'b_confirm'] }],
      ['confirm', { kind: 'blocks', blockIds: ['b_ask', 'b_confirm'] }],
    ]);
  });

  it('imports the example of formats/block-agent.md and writes the same YAML data back', () => {
    const text = readFixture('spec-example.yaml');
    const { doc, warnings } = importOk(text);
    expect(warnings).toEqual([]);
    expect(parse(exportBlockAgentYaml(doc).text)).toEqual(parse(text));
  });

  it('keeps unknown keys at every level and writes them back', () => {
    const text = readFixture('unknown-keys.yaml');
    const { doc } = importOk(text);
    expect(doc.preserved?.blockAgent).toEqual({ x_deployment: { region: 'eu', replicas: 2 }, llm_settings: { model: 'gpt-4o-mini', reasoning: { effort: 'low' } } });
    expect(doc.blocks[0].extra).toEqual({ color_hint: 'blue', looping: { connect_to: { note: 'fallback' }, escalate: true } });
    expect(doc.stages[0].extra).toEqual({ x_retries: 2 });
    expect(doc.edges[0].extra).toEqual({ priority: 3, conditions: [{ case_sensitive: true }, { confidence: 0.8 }], connect_to: { transition: 'soft' } });
    expect(doc.tools.map((t) => t.extra)).toEqual([{ strict: true, function: { x_cost: 3 } }, { require_approval: 'never' }]);
    expect(parse(exportBlockAgentYaml(doc).text)).toEqual(parse(text));
  });

  it('reads back a CR LF followed by a space inside multi-line text (found by the property below)', () => {
    const a = 'wordwordword\r\n \n\n';
    const data = { personality: a, blocks: [{ block_id: 'b', tools: [{ function: { description: `wordwordwordword\n${a}` } }] }] };
    expect(parse(renderYaml(data))).toEqual(data);
  });

  it('renders any text so that it reads back the same, in prose keys and elsewhere', () => {
    // Pieces that stress the YAML writer: spaces (folding), line breaks, tabs, indicators, quotes, BOM.
    const pieces = fc.constantFrom('word', 'é🌞', ' ', '  ', '\n', '\n\n', '\t', '#', ': ', '- ', "'", '"', '*/', '|', '>', '\r\n', '\r', '\u2028', '\ufeff', '&a', '*b', '!t', '---', '{', '[');
    const text = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 300 }), fc.string({ unit: 'binary', maxLength: 100 }), fc.array(pieces, { maxLength: 80 }).map((p) => p.join('')));
    fc.assert(fc.property(text, text, (a, b) => {
      const data = { personality: a, blocks: [{ block_id: b, turns: [{ content: b, messages: [a, b] }], tools: [{ function: { description: `${b}\n${a}`, parameters: { pattern: a } } }] }] };
      expect(parse(renderYaml(data))).toEqual(data);
    }), { numRuns: 400 });
  });
});
