// The renderer's two shortcuts past the yaml package (build-nodes.ts, and plainAsIs in
// scalar-record.ts) must write byte for byte what the package writes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Document, isMap, isScalar, isSeq, type Scalar } from 'yaml';
import { buildDocument } from './build-nodes';
import { recordingScalars } from './scalar-record';
import { walkNodes } from './walk';

const OPTIONS = { lineWidth: 100, minContentWidth: 20, flowCollectionPadding: false, singleQuote: true, directives: false } as const;
const SAFE = { ...OPTIONS, blockQuote: false, lineWidth: 0 } as const;

/** Texts near every test the package makes on a plain scalar: indicators, `: `, ` #`, numbers, markers, widths. */
const tricky = fc.oneof(
  fc.string({ maxLength: 130 }),
  // Sentences around the line width, where the package starts folding (at a space).
  fc.array(fc.stringMatching(/^[a-z]{1,7}$/), { minLength: 12, maxLength: 30 }).map((words) => words.join(' ')),
  fc.stringMatching(/^[-?:,[\]{}#&*!|>'"%@` \t.a-z0-9~+]{0,12}$/),
  fc.constantFrom('', ' ', '-', '?', '- a', 'a: b', 'a:', 'a #b', 'a#b', '---', '--- x', '...', '%x', 'x\n---', 'true', 'True', 'null', '~',
    '1', '0x1F', '0o7', '1e3', '.5', '.inf', 'yes', 'a\tb', 'a\nb', 'é', '\u0085', '\ud800', 'a'.repeat(79), 'a'.repeat(80), 'b '.repeat(60), 'x'.repeat(120)),
);
const value = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small' },
    tricky, fc.integer(), fc.double({ noNaN: true }), fc.boolean(), fc.constant(null), fc.constant(undefined),
    fc.array(tie('v'), { maxLength: 4 }),
    fc.dictionary(tricky, tie('v'), { maxKeys: 4 }),
  ),
})).v;

describe('writing without the package\'s per-value work', () => {
  it('builds the nodes new Document builds, so the text is the same', () => {
    fc.assert(fc.property(fc.dictionary(tricky, value, { maxKeys: 6 }), (data) => {
      const built = buildDocument(data);
      expect(built).toBeDefined();
      expect(built!.toString(OPTIONS)).toBe(new Document(data).toString(OPTIONS));
    }), { numRuns: 300 });
  });

  it('leaves an object met twice to the package, which writes it as an alias', () => {
    const shared = { a: 1 };
    expect(buildDocument({ x: shared, y: shared })).toBeUndefined();
    expect(buildDocument({ when: new Date(0) })).toBeUndefined();
    expect(buildDocument({ n: 1n })).toBeUndefined();
    expect(buildDocument({ x: [1, { y: 'z' }] })).toBeDefined();
  });

  it('writes each plain string the package would write as is, exactly as the package does', () => {
    fc.assert(fc.property(fc.dictionary(tricky, value, { maxKeys: 6 }), fc.boolean(), (data, flow) => {
      for (const options of [OPTIONS, SAFE]) {
        const doc = new Document(data);
        if (flow) walkNodes(doc.contents, (node) => void ((isMap(node) || isSeq(node)) && (node.flow = true)));
        const library = doc.toString(options);
        expect(recordingScalars(doc, options).text).toBe(library);
      }
    }), { numRuns: 300 });
  });

  it('passes strings of a set type to the package', () => {
    const doc = new Document({ a: 'plain words', b: 'quoted words' });
    (doc.get('b', true) as Scalar).type = 'QUOTE_SINGLE';
    expect(recordingScalars(doc, OPTIONS).text).toBe("a: plain words\nb: 'quoted words'\n");
    walkNodes(doc.contents, (node) => void (isScalar(node) && expect(typeof node.value).toBe('string')));
  });
});
