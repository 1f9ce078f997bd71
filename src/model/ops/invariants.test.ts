import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AgentDocument } from '../types';
import { duplicate } from './clipboard';
import { addBlock, addStage, addStateField, addTool } from './create';
import { deleteEntities } from './delete';
import { addCondition, addEdge, removeCondition, reorderEdge } from './edges';
import type { EntityKindWithId } from './outcome';
import { renameParameter, renameStage, renameStateField, renameTool } from './rename';
import { deepFreeze, frozenSample, integrityErrors, schemaErrors } from './testing';
import { moveStageToBlock, setEntry, setPositions, updateEntity } from './update';

const pick = <T>(items: T[], n: number): T | undefined => (items.length ? items[n % items.length] : undefined);
const kinds: EntityKindWithId[] = ['block', 'stage', 'edge', 'tool', 'state'];
const collection = (doc: AgentDocument, kind: EntityKindWithId): { id: string }[] =>
  ({ block: doc.blocks, stage: doc.stages, edge: doc.edges, tool: doc.tools, state: doc.state })[kind];

// Each step picks its targets from the current document by index, so sequences stay meaningful.
const steps: Array<(doc: AgentDocument, a: number, b: number, text: string) => AgentDocument> = [
  (doc, _a, _b, text) => addBlock(doc, { name: text }).doc,
  (doc, a, _b, text) => addStage(doc, { blockId: pick(doc.blocks, a)?.id ?? '', name: text, kind: a % 2 ? 'wait' : 'turn' }).doc,
  (doc, _a, _b, text) => addTool(doc, { name: text }).doc,
  (doc, _a, _b, text) => addStateField(doc, { name: text }).doc,
  (doc, a, b) => addEdge(doc, { from: pick(doc.stages, a)?.id ?? '', to: pick(doc.stages, b)?.id ?? '' }).doc,
  (doc, a, b, text) => addCondition(doc, pick(doc.edges, a)?.id ?? '', b % 2 ? { kind: 'nlu', sentence: text } : { kind: 'tool', toolId: pick(doc.tools, b)?.id ?? 'x', expected: '*' }).doc,
  (doc, a, b) => removeCondition(doc, pick(doc.edges, a)?.id ?? '', b % 3).doc,
  (doc, a, b) => reorderEdge(doc, pick(doc.edges, a)?.id ?? '', b % 4),
  (doc, a, _b, text) => updateEntity(doc, 'stage', pick(doc.stages, a)?.id ?? '', { instructions: text }).doc,
  (doc, a) => setEntry(doc, pick(doc.stages, a)?.id ?? null).doc,
  (doc, a, b) => moveStageToBlock(doc, pick(doc.stages, a)?.id ?? '', pick(doc.blocks, b)?.id ?? '').doc,
  (doc, a, b) => setPositions(doc, { [pick(doc.stages, a)?.id ?? 'x']: { x: b % 500, y: a % 700 } }),
  (doc, a, _b, text) => renameStage(doc, pick(doc.stages, a)?.id ?? '', text).doc,
  (doc, a, _b, text) => updateEntity(doc, 'block', pick(doc.blocks, a)?.id ?? '', { name: text }).doc,
  (doc, a, _b, text) => renameTool(doc, pick(doc.tools, a)?.id ?? '', text).doc,
  (doc, a, _b, text) => renameStateField(doc, pick(doc.state, a)?.id ?? '', text).doc,
  (doc, a, b, text) => {
    const tool = pick(doc.tools, a);
    return renameParameter(doc, tool?.id ?? '', pick(Object.keys(tool?.parameters.properties ?? {}), b) ?? '', text).doc;
  },
  (doc, a, b) => {
    const kind = kinds[a % kinds.length];
    const target = pick(collection(doc, kind), b);
    return target ? deleteEntities(doc, [{ kind, id: target.id }]) : doc;
  },
  (doc, a, b) => {
    const kind = kinds[a % kinds.length];
    const target = pick(collection(doc, kind), b);
    return target ? duplicate(doc, [{ kind, id: target.id }]).doc : doc;
  },
];

describe('any sequence of operations', () => {
  it('keeps the document valid and whole, and never mutates its input', () => {
    const step = fc.tuple(fc.nat(steps.length - 1), fc.nat(50), fc.nat(50), fc.constantFrom('', 'x', 'greet', 'phone', 'book', 'a b', 'Caller_name'));
    fc.assert(
      fc.property(fc.array(step, { maxLength: 15 }), (sequence) => {
        let doc = frozenSample();
        for (const [op, a, b, text] of sequence) {
          const before = JSON.stringify(doc);
          const next = steps[op](doc, a, b, text);
          expect(JSON.stringify(doc)).toBe(before);
          expect(schemaErrors(next)).toEqual([]);
          expect(integrityErrors(next)).toEqual([]);
          doc = deepFreeze(next);
        }
      }),
      { numRuns: 200 },
    );
  });
});
