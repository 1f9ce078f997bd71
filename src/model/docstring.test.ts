import { describe, expect, it } from 'vitest';
import { docstringLines, docstringOneLine } from './docstring';

describe('docstringOneLine (Pinecall reads a docstring as one line)', () => {
  it('keeps a one-line docstring as it is', () => {
    expect(docstringOneLine('Book one of the slots you offered.')).toBe('Book one of the slots you offered.');
  });

  it('trims each line, drops a leading *, drops empty lines and joins with single spaces', () => {
    const doc = '  Free slots on one day.\n *   For one kind of visit.\n\n   *\n  Always call it.  ';
    expect(docstringOneLine(doc)).toBe('Free slots on one day. For one kind of visit. Always call it.');
  });

  it('stops at the first line that starts with @', () => {
    expect(docstringOneLine('Book a slot.\n@param slot the id\nNot read.')).toBe('Book a slot.');
    expect(docstringOneLine(' * Book a slot.\n * @returns the booking')).toBe('Book a slot.');
  });

  it('an @ inside a line does not stop it', () => {
    expect(docstringOneLine('Mail the caller at name@example.com.\nThen hang up.')).toBe('Mail the caller at name@example.com. Then hang up.');
  });

  it('is empty when nothing is left to read', () => {
    expect(docstringOneLine('')).toBe('');
    expect(docstringOneLine('\n  *  \n')).toBe('');
    expect(docstringOneLine('@deprecated\nUse book.')).toBe('');
  });

  it('tolerates the JSDoc delimiters and CRLF line ends', () => {
    expect(docstringOneLine('/**\r\n * End the call.\r\n */')).toBe('End the call.');
    expect(docstringOneLine('/** End the call. */')).toBe('End the call.');
  });

  it('keeps the spacing inside a line (only the joins are single spaces)', () => {
    expect(docstringOneLine('a  b\n c')).toBe('a  b c');
  });

  it('docstringLines keeps the same lines one by one (the Pinecall export writes one comment line each)', () => {
    expect(docstringLines('/**\n * Free slots on one day.\n *\n * For one kind of visit.\n * @param day the day\n */')).toEqual(['Free slots on one day.', 'For one kind of visit.']);
  });
});
