// Ruby literals as a Pinecall class writes them in `state` defaults and `tool` options: strings
// ("…" and '…'), numbers, true/false/nil, symbols (:x, :"x y"), %i[a b], arrays, hashes with
// `key:` or `"key" =>` keys, and class names (Integer). Read as data, never run; bounded in depth.
// Anything else (a lambda, a method call) is not a literal: the reader says where it stops.

/** `:greet`: a name, not a string (a hash of data never reads as one). */
export class RubySymbol {
  constructor(readonly name: string) {}
}

/** `Integer`: a class named, as `params:` names a parameter's type. */
export class RubyConstant {
  constructor(readonly name: string) {}
}

export type RubyValue = null | boolean | number | string | RubySymbol | RubyConstant | RubyValue[] | { [key: string]: RubyValue };

export class RubyLiteralError extends Error {
  constructor(message: string, readonly offset: number) {
    super(message);
  }
}

const MAX_DEPTH = 32;

/** Reads one literal at `start` of `text`; the value and where it ends. */
export function readRubyLiteral(text: string, start = 0, depth = 0): { value: RubyValue; end: number } {
  if (depth > MAX_DEPTH) throw new RubyLiteralError(`nested deeper than ${MAX_DEPTH} levels`, start);
  let i = skipSpace(text, start);
  const rest = text.slice(i);
  const fail = (what: string): never => { throw new RubyLiteralError(what, i); };
  if (rest.startsWith('"')) return readDoubleQuoted(text, i);
  if (rest.startsWith("'")) return readSingleQuoted(text, i);
  if (rest.startsWith('%i[') || rest.startsWith('%w[')) {
    const close = text.indexOf(']', i + 3);
    if (close < 0) fail('a %i[ list never closed');
    const words = text.slice(i + 3, close).split(/\s+/).filter(Boolean);
    return { value: rest.startsWith('%i') ? words.map((w) => new RubySymbol(w)) : words, end: close + 1 };
  }
  if (rest.startsWith(':"')) {
    const read = readDoubleQuoted(text, i + 1);
    return { value: new RubySymbol(read.value), end: read.end };
  }
  const symbol = /^:([A-Za-z_][A-Za-z0-9_]*[?!]?)/.exec(rest);
  if (symbol) return { value: new RubySymbol(symbol[1]), end: i + symbol[0].length };
  const number = /^-?(?:\d[\d_]*)(?:\.\d[\d_]*)?(?:[eE][+-]?\d+)?/.exec(rest);
  if (number) return { value: Number(number[0].replace(/_/g, '')), end: i + number[0].length };
  const word = /^(true|false|nil)\b/.exec(rest);
  if (word) return { value: word[1] === 'nil' ? null : word[1] === 'true', end: i + word[0].length };
  const constant = /^[A-Z][A-Za-z0-9_]*(?:::[A-Z][A-Za-z0-9_]*)*/.exec(rest);
  if (constant) return { value: new RubyConstant(constant[0]), end: i + constant[0].length };
  if (rest.startsWith('[')) {
    const items: RubyValue[] = [];
    i = skipSpace(text, i + 1);
    while (text[i] !== ']') {
      if (i >= text.length) fail('a [ list never closed');
      const item = readRubyLiteral(text, i, depth + 1);
      items.push(item.value);
      i = skipSpace(text, item.end);
      if (text[i] === ',') i = skipSpace(text, i + 1);
      else if (text[i] !== ']') fail('expected , or ] in a list');
    }
    return { value: items, end: i + 1 };
  }
  if (rest.startsWith('{')) {
    const read = readPairs(text, i + 1, '}', depth + 1);
    return { value: read.value, end: read.end + 1 };
  }
  return fail('not a literal Callboard reads (a string, number, symbol, list, hash or class name)');
}

/** `key: value, "k" => v` pairs up to `close` (or the end of text when `close` is ''); the object and where `close` stands. */
export function readPairs(text: string, start: number, close: string, depth = 0): { value: { [key: string]: RubyValue }; end: number } {
  const out: { [key: string]: RubyValue } = {};
  let i = skipSpace(text, start);
  while (close === '' ? i < text.length : text[i] !== close) {
    if (i >= text.length) throw new RubyLiteralError(`a { hash never closed`, start);
    let key: string;
    const label = /^([A-Za-z_][A-Za-z0-9_]*[?!]?):(?!:)/.exec(text.slice(i));
    if (label) {
      key = label[1];
      i += label[0].length;
    } else {
      const read = readRubyLiteral(text, i, depth + 1);
      const k = read.value;
      key = typeof k === 'string' ? k : k instanceof RubySymbol ? k.name : String(k);
      i = skipSpace(text, read.end);
      if (!text.startsWith('=>', i)) throw new RubyLiteralError('expected => after a hash key', i);
      i += 2;
    }
    const value = readRubyLiteral(text, i, depth + 1);
    Object.defineProperty(out, key, { value: value.value, enumerable: true, writable: true, configurable: true });
    i = skipSpace(text, value.end);
    if (text[i] === ',') i = skipSpace(text, i + 1);
    else if (close === '' ? i < text.length : text[i] !== close) throw new RubyLiteralError(`expected , or ${close || 'the end'} after a value`, i);
  }
  return { value: out, end: i };
}

function skipSpace(text: string, i: number): number {
  while (i < text.length && /\s/.test(text[i])) i++;
  return i;
}

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '"': '"', '\\': '\\', '#': '#', '0': '\0', e: '\x1b', s: ' ' };

function readDoubleQuoted(text: string, start: number): { value: string; end: number } {
  let out = '';
  for (let i = start + 1; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') return { value: out, end: i + 1 };
    if (ch === '#' && text[i + 1] === '{') throw new RubyLiteralError('a string with #{…} runs code; write it without interpolation', i);
    if (ch !== '\\') { out += ch; continue; }
    const next = text[++i];
    const unicode = next === 'u' ? /^u(?:\{([0-9a-fA-F]{1,6})\}|([0-9a-fA-F]{4}))/.exec(text.slice(i)) : null;
    if (unicode) {
      out += String.fromCodePoint(parseInt(unicode[1] ?? unicode[2], 16));
      i += unicode[0].length - 1;
    } else out += ESCAPES[next] ?? next;
  }
  throw new RubyLiteralError('a string never closed', start);
}

function readSingleQuoted(text: string, start: number): { value: string; end: number } {
  let out = '';
  for (let i = start + 1; i < text.length; i++) {
    const ch = text[i];
    if (ch === "'") return { value: out, end: i + 1 };
    if (ch === '\\' && (text[i + 1] === "'" || text[i + 1] === '\\')) out += text[++i];
    else out += ch;
  }
  throw new RubyLiteralError('a string never closed', start);
}

/** A Ruby value as JSON: symbols and class names as their names. */
export function rubyJson(value: RubyValue): unknown {
  if (value instanceof RubySymbol || value instanceof RubyConstant) return value.name;
  if (Array.isArray(value)) return value.map(rubyJson);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) Object.defineProperty(out, k, { value: rubyJson(v), enumerable: true, writable: true, configurable: true });
    return out;
  }
  return value;
}
