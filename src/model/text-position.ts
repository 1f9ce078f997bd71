// Where an offset falls in a text, as editors and error messages count it: 1-based line and column
// (columns in UTF-16 code units). One linear scan of the line breaks before the offset.
export interface TextPosition {
  line: number;
  column: number;
}

export function positionAt(text: string, offset: number): TextPosition {
  const at = Math.max(0, Math.min(offset, text.length));
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < at; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: at - lineStart + 1 };
}
