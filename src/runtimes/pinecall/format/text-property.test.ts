import fc from 'fast-check';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import type { AgentDocument } from '../../../model';
import { exportPinecallTs } from './export';
import { importPinecallTs } from './import';
import { normalizeForComparison, projectPinecall } from './project';
import { minimalDoc } from './testing';

/** Text that has broken exporters before: comment closers, template syntax, JSX specials, line breaks, unicode. */
const tricky = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.array(fc.constantFrom('*/', '/*', '/**', '`', '${', '}', '{', '{{ name }}', '{{name}}', '<p>', '&amp;', '&', '\n', '\r\n', '\t', ' ', '* ', '@param', '"', "'", '\\', 'é', '🤖', '\u2028', 'text'), { maxLength: 12 }).map((parts) => parts.join('')),
);

function docWith(texts: { persona: string; description: string; instructions: string[]; field: string; confirm: string; expected: string }): AgentDocument {
  const doc = minimalDoc({ description: texts.description, confirm: texts.confirm, parameters: { type: 'object', properties: { word: { type: 'string' } }, required: ['word'], additionalProperties: false } });
  doc.persona = texts.persona;
  doc.state = [{ id: 'f_name', name: 'name', type: 'string', default: texts.field, pii: false, visibility: 'private', description: texts.field }];
  doc.blocks = [{ id: 'b', name: 'B', ref: 'b', intent: false }];
  doc.stages = texts.instructions.map((instructions, i) => ({ id: `s${i}`, name: `stage ${i} ${texts.expected.slice(0, 3)}`, ref: `s${i}`, blockId: 'b', kind: 'turn', instructions }));
  doc.entryStageId = 's0';
  doc.edges = [{ id: 'e', from: 's0', to: 's1', kind: 'edge', conditions: [{ kind: 'tool', toolId: 't_end', expected: texts.expected }] }];
  return doc;
}

/** Syntax errors TypeScript's own parser finds in the exported class (none, or the file is broken). */
function syntaxErrors(text: string): string[] {
  const out = ts.transpileModule(text, { fileName: 'agent.tsx', reportDiagnostics: true, compilerOptions: { jsx: ts.JsxEmit.Preserve } });
  return (out.diagnostics ?? []).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

describe('any text survives export and import as the projection says', () => {
  it('a description and confirm sentence holding */, backticks, ${, quotes and newlines: the class parses and reads back equal after the folding', () => {
    const nasty = 'Ends the call */ `now` ${caller} "quoted" \'single\' \\ back\nsecond line /* again */\r\nthird';
    const doc = docWith({ persona: nasty, description: nasty, instructions: [nasty, nasty], field: nasty, confirm: `Book ${nasty}?`, expected: 'yes' });
    const text = exportPinecallTs(doc).text;
    expect(syntaxErrors(text)).toEqual([]);
    const read = importPinecallTs(text);
    if (!read.ok) throw new Error(JSON.stringify(read.errors));
    expect(normalizeForComparison(read.doc)).toEqual(normalizeForComparison(projectPinecall(doc)));
    // The docstring folds the description onto one line (Pinecall's own reading); confirm is kept whole.
    expect(read.doc.tools[0].description).toBe(projectPinecall(doc).tools[0].description);
    expect(read.doc.tools[0].description).not.toContain('\n');
    expect(read.doc.tools[0].confirm).toBe(`Book ${nasty}?`);
  });

  it('persona, descriptions, instructions, defaults, confirm, expected values and stage names', () => {
    const texts = fc.record({
      persona: tricky, description: tricky.filter((d) => d.trim() !== '' && /[^\s*@/]/.test(d)),
      instructions: fc.array(tricky, { minLength: 2, maxLength: 3 }), field: tricky, confirm: tricky, expected: tricky.filter((e) => e.trim() !== '*'),
    });
    fc.assert(fc.property(texts, (t) => {
      const doc = docWith(t);
      const project = projectPinecall(doc);
      fc.pre(project.tools[0].description !== '');
      const read = importPinecallTs(exportPinecallTs(doc).text);
      if (!read.ok) throw new Error(JSON.stringify(read.errors));
      expect(normalizeForComparison(read.doc)).toEqual(normalizeForComparison(project));
    }), { numRuns: 300 });
  });
});
