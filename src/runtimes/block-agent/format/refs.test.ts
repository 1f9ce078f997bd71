import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { addBlock, addEdge, addStage, emptyDocument, updateEntity, type AgentDocument, type Outcome } from '../../../model';
import { readFixture } from '../../../../test/fixtures/block-agent/fixtures';
import { exportBlockAgentYaml } from './export';
import { importBlockAgentYaml } from './import';

// Refs follow names (model/ops/refs.ts) as the Block Agent file sees it: block_id, turn_id and
// connect_to of a new agent agree with the names the user gave; an imported file's never move.

const done = (result: Outcome): AgentDocument => {
  if (!result.ok) throw new Error(result.error);
  return result.doc;
};

/** The reported agent: a block and two stages made on the canvas ("stage", "stage_2"), then renamed in the inspector. */
function renamedNewAgent(): AgentDocument {
  let doc: AgentDocument = { ...emptyDocument('Intake'), target: 'block-agent' };
  const block = addBlock(doc);
  doc = block.doc;
  const first = addStage(doc, { blockId: block.id });
  doc = done(first);
  const second = addStage(doc, { blockId: block.id });
  doc = done(second);
  if (!first.ok || !second.ok) throw new Error('unreachable');
  doc = done(addEdge(doc, { from: first.id, to: second.id, conditions: [{ kind: 'nlu', sentence: 'the caller said why they call' }] }));
  doc = done(updateEntity(doc, 'stage', first.id, { name: 'ask_intent' }));
  doc = done(updateEntity(doc, 'stage', second.id, { name: 'collect_dob' }));
  return done(updateEntity(doc, 'block', block.id, { name: 'Intake' }));
}

/** Every block_id and turn_id of the file, in order: turns', connect_to's and looping's alike. */
function refsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refsIn);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, v]) => (key === 'block_id' || key === 'turn_id' ? [`${key}: ${String(v)}`] : refsIn(v)));
}

const imported = (text: string): AgentDocument => {
  const read = importBlockAgentYaml(text, { name: 'Intake' });
  if (!read.ok) throw new Error(JSON.stringify(read.errors));
  return read.doc;
};

describe('Block Agent refs of a new agent follow its names', () => {
  it('stages renamed ask_intent and collect_dob are written with those turn_ids, and connect_to follows', () => {
    const { text } = exportBlockAgentYaml(renamedNewAgent());
    expect(text).toContain('turn_id: ask_intent');
    expect(text).toContain('turn_id: collect_dob');
    expect(text).not.toMatch(/turn_id: stage/);
    // The edge's connect_to names the target by its turn_id, so it follows too.
    expect(refsIn(parse(text))).toEqual(['block_id: intake', 'turn_id: ask_intent', 'turn_id: collect_dob', 'turn_id: collect_dob']);
  });

  it('export → import → export of such an agent is byte-identical', () => {
    const { text } = exportBlockAgentYaml(renamedNewAgent());
    expect(exportBlockAgentYaml(imported(text)).text).toBe(text);
  });
});

describe('Block Agent refs read from a file are kept', () => {
  it('the importer pins every block_id and turn_id it reads: no entity follows its name', () => {
    const doc = imported(readFixture('every-condition.yaml'));
    expect(doc.stages.length).toBeGreaterThan(0);
    for (const entity of [...doc.blocks, ...doc.stages]) expect(entity).not.toHaveProperty('refFollowsName');
  });

  it('renaming every imported stage and block changes the names written, never a block_id, turn_id or connect_to', () => {
    const text = readFixture('every-condition.yaml');
    let doc = imported(text);
    for (const stage of doc.stages) doc = done(updateEntity(doc, 'stage', stage.id, { name: `renamed ${stage.name}` }));
    for (const block of doc.blocks) doc = done(updateEntity(doc, 'block', block.id, { name: `Renamed ${block.name}` }));
    const before = parse(exportBlockAgentYaml(imported(text)).text);
    const after = parse(exportBlockAgentYaml(doc).text);
    expect(refsIn(before).length).toBeGreaterThan(doc.stages.length);
    expect(refsIn(after)).toEqual(refsIn(before));
    expect(after.blocks.map((b: { name: string }) => b.name)).toEqual(doc.blocks.map((b) => b.name));
  });
});
