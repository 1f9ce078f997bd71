// Where a JSON text first breaks, and what was expected there. V8's JSON.parse names no position in
// some of its messages ("Unexpected token '}', … is not valid JSON"), and the YAML parser accepts
// much that JSON does not, so the place is found here: a small recursive reader, run only on text
// whose depth was already bounded (json-depth.ts).
export interface JsonBreak {
  offset: number;
  expected: string;
}

export function jsonBreak(text: string): JsonBreak | undefined {
  let i = 0;
  const space = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i])) i++;
  };
  const fail = (expected: string): never => {
    throw { offset: i, expected } satisfies JsonBreak;
  };
  const literal = (word: string) => {
    if (text.startsWith(word, i)) i += word.length;
    else fail('a value (text in double quotes, a number, true, false, null, [ or {)');
  };
  const string = () => {
    i++;
    while (i < text.length && text[i] !== '"') {
      if (text[i] === '\\') i++;
      else if (text.charCodeAt(i) < 0x20) fail('a closing " before the end of the line (a line break inside text is written \\n)');
      i++;
    }
    if (i >= text.length) fail('a closing "');
    i++;
  };
  const value = (): void => {
    space();
    const c = text[i];
    if (c === '"') return string();
    if (c === '{') {
      i++;
      space();
      if (text[i] === '}') {
        i++;
        return;
      }
      for (;;) {
        space();
        if (text[i] !== '"') fail('a key in double quotes');
        string();
        space();
        if (text[i] !== ':') fail('a colon after the key');
        i++;
        value();
        space();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === '}') {
          i++;
          return;
        }
        fail('a comma or }');
      }
    }
    if (c === '[') {
      i++;
      space();
      if (text[i] === ']') {
        i++;
        return;
      }
      for (;;) {
        value();
        space();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === ']') {
          i++;
          return;
        }
        fail('a comma or ]');
      }
    }
    const number = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?/.exec(text.slice(i, i + 400));
    if (number) {
      i += number[0].length;
      return;
    }
    literal(c === 't' ? 'true' : c === 'f' ? 'false' : c === 'n' ? 'null' : '\u0000');
  };
  try {
    value();
    space();
    if (i < text.length) fail('the end of the text (one value per file)');
    return undefined;
  } catch (error) {
    if (typeof error === 'object' && error !== null && 'expected' in error) return error as JsonBreak;
    throw error;
  }
}
