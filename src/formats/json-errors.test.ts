// Issue 33: a hand-edited JSON agent's syntax errors say what to write, where, with the line
// shown, and every slip of the file in one pass (an engine stops at the first and names a token).
import { describe, expect, it } from 'vitest';
import { importJson } from './json';

function errorsOf(text: string) {
  const read = importJson(text);
  if (read.ok) throw new Error('imported');
  return read.errors;
}

describe('JSON syntax errors that teach', () => {
  it('a trailing comma: at the closer, naming the comma to delete', () => {
    expect(errorsOf('{\n  "format": "callboard.agent",\n  "name": "Casa Lola",\n}')).toEqual([{
      line: 4, column: 1,
      message: 'a comma after the last item: JSON allows none before }; delete the comma on line 3, column 22 (line 4: })',
    }]);
  });

  it('a missing comma between two members', () => {
    expect(errorsOf('{\n  "format": "callboard.agent"\n  "name": "Casa Lola"\n}')).toEqual([{
      line: 3, column: 3,
      message: 'a comma is missing before this: write , between the two items (line 3: "name": "Casa Lola")',
    }]);
  });

  it('a quote never closed: where it opened, and what to write', () => {
    expect(errorsOf('{\n  "format": "callboard.agent",\n  "name": "Casa Lola\n}')).toEqual([{
      line: 3, column: 21,
      message: 'the text in quotes that opens on line 3, column 11 is never closed; end it with " on the same line (a line break inside a JSON string is written \\n) (line 3: "name": "Casa Lola)',
    }]);
  });

  it('a brace never closed: where it opened', () => {
    expect(errorsOf('{\n  "format": "callboard.agent",\n  "tags": ["a"')).toEqual([{
      line: 3, column: 15,
      message: 'the text ends while the bracket [ that opens on line 3, column 11 and the brace { that opens on line 1, column 1 are never closed; end them with ] and } where what they hold end (line 3: "tags": ["a")',
    }]);
  });

  it('a key without quotes and text in single quotes', () => {
    expect(errorsOf("{\n  name: 'Casa Lola'\n}").map((e) => [e.line, e.column, e.message.split(':')[0]])).toEqual([
      [2, 3, 'a key is written in double quotes'],
      [2, 9, 'JSON writes text in double quotes, not single ones'],
    ]);
  });

  it('every slip of the file in one pass, in the order of the file', () => {
    const text = '{\n  "format": "callboard.agent"\n  "name": "Casa Lola",\n  "tags": ["a" "b",],\n}';
    expect(errorsOf(text).map((e) => [e.line, e.column, e.message.split(':')[0]])).toEqual([
      [3, 3, 'a comma is missing before this'],
      [4, 16, 'a comma is missing before this'],
      [4, 20, 'a comma after the last item'],
      [5, 1, 'a comma after the last item'],
    ]);
  });
});
