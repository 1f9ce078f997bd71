// Issue 33: a syntax error in an imported class says what to write, where, with the line shown;
// every error the parser finds in one pass. Each case is a slip people make writing a class by hand.
import { describe, expect, it } from 'vitest';
import { importPinecallTs } from './import';

const CLASS = [
  'import { Agent, tool } from "@pinecall/agents";',
  '',
  '/** You book tables at Casa Lola. */',
  'export default class CasaLola extends Agent {',
  '  /** Book a table for a number of guests. */',
  '  @tool({ confirm: "Book it?" })',
  '  async book(guests: number) {',
  '    return { guests };',
  '  }',
  '}',
  '',
].join('\n');

function errorsOf(text: string) {
  const read = importPinecallTs(text);
  if (read.ok) throw new Error('imported');
  return read.errors;
}

describe('TypeScript syntax errors that teach', () => {
  it('the class imports as written (the cases below each break one thing)', () => {
    expect(importPinecallTs(CLASS).ok).toBe(true);
  });

  it('a brace never closed: where it opened, and what to write', () => {
    const errors = errorsOf(CLASS.replace('    return { guests };\n  }\n', '    return { guests };\n'));
    // The class's } closes the method, so the parser finds the class open at the end; the method's { is the one whose } does not line up.
    expect(errors).toEqual([{
      line: 7, column: 30,
      message: 'the brace { that opens on line 7, column 30 is never closed; end it with } where what it holds ends (line 7: async book(guests: number) {)',
    }]);
  });

  it('a missing comma between two options', () => {
    const errors = errorsOf(CLASS.replace('@tool({ confirm: "Book it?" })', '@tool({ confirm: "Book it?" announce: "Booking." })'));
    expect(errors[0]).toEqual({
      line: 6, column: 31,
      message: 'a comma is missing before this: write , between two entries of the object (line 6: @tool({ confirm: "Book it?" announce: "Booking." }))',
    });
  });

  it('a quote never closed', () => {
    const errors = errorsOf(CLASS.replace('confirm: "Book it?"', 'confirm: "Book it?'));
    expect(errors[0]).toEqual({
      line: 6, column: 20,
      message: 'the text in quotes that opens here is never closed; end it with " on the same line (a text over several lines is written in backticks, `like this`) (line 6: @tool({ confirm: "Book it? }))',
    });
    // What the open quote swallowed (the closers after it) is not reported as braces never closed.
    expect(errors.filter((e) => /never closed; end it with [})\]]/.test(e.message))).toEqual([]);
  });

  it('a parameter list never closed: a comma or a ) is missing', () => {
    const errors = errorsOf(CLASS.replace('async book(guests: number) {', 'async book(guests: number {'));
    expect(errors[0]).toEqual({
      line: 7, column: 29,
      message: 'a comma or a ) is missing before this: write , between two parameters or arguments, or ) where they end (line 7: async book(guests: number {)',
    });
  });

  it('every error of the file in one pass, in the order of the file', () => {
    const errors = errorsOf(CLASS.replace('@tool({ confirm: "Book it?" })', '@tool({ confirm: "Book it?" announce: "x" })').replace('return { guests };', 'return { guests guests };'));
    expect(errors.map((e) => [e.line, e.message.split(':')[0]])).toEqual([
      [6, 'a comma is missing before this'],
      [8, 'a comma is missing before this'],
    ]);
  });
});
