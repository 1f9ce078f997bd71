// Text that has broken exporters before (comment closers, backticks, `${`, quotes, line breaks,
// YAML indicators) in every free-text place of a document, through Block Agent YAML: the file must
// still parse as YAML, import, and read back as projectBlockAgent says (its descriptions are kept
// as written; the Pinecall-only `confirm` is dropped). pinecall/text-property.test.ts is the TS side.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { AgentDocument } from '../../../model';
import { minimalDoc } from '../../pinecall/format/testing';
import { normalizeForComparison } from './compare';
import { exportBlockAgentYaml } from './export';
import { importBlockAgentYaml } from './import';
import { projectBlockAgent } from './project';

const tricky = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc
    .array(
      fc.constantFrom('*/', '/*', '`', '${', '}', '{', '{{ name }}', '"', "'", '\\', '\n', '\r\n', '\t', ' ', '#', ': ', '- ', '? ', '|', '>', '&a', '*a', '!tag', '%', '@', '---', '...', 'é', '🤖', '\u2028', 'text'),
      { maxLength: 12 },
    )
    .map((parts) => parts.join('')),
);

interface Texts {
  persona: string;
  description: string;
  paramDescription: string;
  confirm: string;
  instructions: string[];
}

function docWith(t: Texts): AgentDocument {
  const doc = minimalDoc({
    description: t.description,
    confirm: t.confirm,
    parameters: { type: 'object', properties: { word: { type: 'string', description: t.paramDescription } }, required: ['word'], additionalProperties: false },
  });
  doc.target = 'block-agent';
  doc.persona = t.persona;
  doc.blocks = [{ id: 'b', name: 'B', ref: 'b', intent: false }];
  doc.stages = t.instructions.map((instructions, i) => ({ id: `s${i}`, name: `stage ${i}`, ref: `s${i}`, blockId: 'b', kind: 'turn' as const, instructions }));
  doc.entryStageId = 's0';
  doc.edges = [{ id: 'e', from: 's0', to: 's1', kind: 'edge', conditions: [{ kind: 'tool', toolId: 't_end', expected: '*' }] }];
  return doc;
}

/** Exports, checks the file is YAML, imports, and compares with the projection. */
function roundTrip(doc: AgentDocument) {
  const text = exportBlockAgentYaml(doc).text;
  expect(() => parse(text)).not.toThrow();
  const read = importBlockAgentYaml(text);
  if (!read.ok) throw new Error(`${JSON.stringify(read.errors)}\n${text}`);
  expect(normalizeForComparison(read.doc)).toEqual(normalizeForComparison(projectBlockAgent(doc)));
  return read.doc;
}

describe('any text survives Block Agent YAML export and import as the projection says', () => {
  it('a description, parameter description, persona, instructions and confirm holding */, backticks, ${, quotes and newlines', () => {
    const nasty = 'Ends the call */ `now` ${caller} "quoted" \'single\'\nsecond line: - # not a comment\n\ttabbed {{ name }}';
    const doc = docWith({ persona: nasty, description: nasty, paramDescription: nasty, confirm: `Confirm ${nasty}?`, instructions: [nasty, `${nasty}\n`] });
    const back = roundTrip(doc);
    // Kept exactly, not folded: YAML holds any text.
    expect(back.tools[0].description).toBe(nasty);
    expect(back.tools[0].parameters.properties?.word).toMatchObject({ description: nasty });
    expect(back.persona).toBe(nasty);
    expect(back.stages.map((s) => s.instructions)).toEqual([nasty, `${nasty}\n`]);
    // confirm is Pinecall's: the projection drops it, and so does the file.
    expect(back.tools[0].confirm).toBeUndefined();
  });

  it('random and hand-picked tricky text in every free-text place', () => {
    const texts = fc.record({
      persona: tricky,
      description: tricky,
      paramDescription: tricky,
      confirm: tricky,
      instructions: fc.array(tricky, { minLength: 2, maxLength: 3 }),
    });
    fc.assert(fc.property(texts, (t) => void roundTrip(docWith(t))), { numRuns: 200 });
  });
});
