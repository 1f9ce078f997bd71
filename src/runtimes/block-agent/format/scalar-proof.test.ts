import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Document, parse, Scalar } from 'yaml';
import { blockText, readsBackExactly } from './scalar-proof';
import { recordingScalars } from './scalar-record';

const OPTIONS = { lineWidth: 100, minContentWidth: 20, flowCollectionPadding: false, singleQuote: true } as const;

/** The document for `data`, with the texts under `personality` / `content` written as `type` blocks. */
function docWith(data: unknown, type?: Scalar.Type): Document {
  const doc = new Document(data);
  for (const path of [['personality'], ['blocks', 0, 'turns', 0, 'content']]) {
    const node = doc.getIn(path, true);
    if (type && node instanceof Scalar) node.type = type;
  }
  return doc;
}

describe('reading a scalar as the yaml package wrote it', () => {
  it('reads `|` and `>` blocks as the library does', () => {
    const cases: [string, string][] = [
      ['|\n  one\n\n  two', 'one\n\ntwo\n'],
      ['|-\n  one\n  two', 'one\ntwo'],
      ['>-\n  one\n  two\n\n\n  three', 'one two\n\nthree'],
      ['>\n  one\n  two', 'one two\n'],
    ];
    for (const [out, text] of cases) {
      expect(blockText(out, '  ')).toBe(text);
      expect(parse(`x: ${out}\n`).x).toBe(text);
    }
  });

  it('is unsure of the forms it does not read (an indentation indicator, keep chomping, indented lines)', () => {
    expect(blockText('|2-\n    one', '  ')).toBeUndefined();
    expect(blockText('|+\n  one\n', '  ')).toBeUndefined();
    expect(blockText('>-\n  one\n    two', '  ')).toBeUndefined();
    expect(readsBackExactly({ value: 'a\nb', out: '"a\\nb"\n', indent: '  ', inFlow: false, implicitKey: false })).toBe(false);
    // Plain text that YAML reads as something else is never vouched for.
    for (const text of ['true', 'null', '0x1F', '1.5e3', '- a', 'a: b', 'a #b', '.inf', '']) {
      expect(readsBackExactly({ value: text, out: text, indent: '  ', inFlow: false, implicitKey: false })).toBe(false);
    }
    expect(readsBackExactly({ value: 'a,b', out: 'a,b', indent: '  ', inFlow: true, implicitKey: false })).toBe(false);
  });

  it('vouches for a file only when the library reads it back as its data', () => {
    const pieces = fc.constantFrom('word', 'é🌞', ' ', '  ', '\n', '\n\n', '\t', '#', ': ', '- ', "'", '"', '|', '>', '\r\n', '\r', '\u2028', '\ufeff', '&a', '*b', '---', '{', '[', '7', 'true');
    const text = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 200 }), fc.array(pieces, { maxLength: 60 }).map((p) => p.join('')));
    const type = fc.constantFrom(undefined, Scalar.BLOCK_LITERAL, Scalar.BLOCK_FOLDED, Scalar.QUOTE_SINGLE);
    let vouched = 0;
    fc.assert(fc.property(text, text, type, (a, b, t) => {
      const data = { personality: a, blocks: [{ block_id: b, turns: [{ content: a, edges: [{ connect_to: { turn_id: b } }] }], kpis: [b, a] }] };
      const doc = docWith(data, t);
      const { text: written, scalarsReadBack } = recordingScalars(doc, OPTIONS);
      if (!scalarsReadBack) return;
      vouched++;
      expect(parse(written, { uniqueKeys: false })).toEqual(data);
    }), { numRuns: 500 });
    // The proof is not merely refusing everything: it vouches for a good share of the files.
    expect(vouched).toBeGreaterThan(100);
  });

  it('vouches for ordinary prose, so the export skips reading the whole file back', () => {
    const prose = 'Greet the caller by name, ask how you can help today, and listen for the reason of the call before you answer anything at all.';
    const data = { personality: `${prose}\n\n${prose}`, blocks: [{ block_id: 'intro', turns: [{ content: prose, edges: [] }] }], n: 3, ok: true, none: null };
    for (const type of [Scalar.BLOCK_LITERAL, Scalar.BLOCK_FOLDED] as Scalar.Type[]) {
      const { text, scalarsReadBack } = recordingScalars(docWith(data, type), OPTIONS);
      expect(scalarsReadBack).toBe(true);
      expect(parse(text)).toEqual(data);
    }
  });

  it('does not vouch for a text the library writes wrongly (CR LF and a space in a multi-line double quote)', () => {
    const a = 'wordwordword\r\n \n\n';
    const data = { blocks: [{ block_id: 'b', tools: [{ function: { description: `wordwordwordword\n${a}` } }] }] };
    const { text, scalarsReadBack } = recordingScalars(new Document(data), OPTIONS);
    // yaml 2.9.1 writes `\r\n ` here as an escaped backslash: the text says something else than the data.
    expect(parse(text)).not.toEqual(data);
    expect(scalarsReadBack).toBe(false);
  });
});
