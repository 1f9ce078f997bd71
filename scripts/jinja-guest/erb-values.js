// Ruby's values for a Pinecall class's ERB view (erb-view.js), as data: nil, true and false,
// Integer and Float (a JavaScript number; a Float with no fraction is an RFloat so it prints
// `2.0`), String (a JavaScript string), Symbol (RSym), Array, Hash (RHash: ordered pairs, keys
// compared as Ruby compares them) and the view's `state` (the Reading). Printing is Ruby 3.1's:
// `to_s` for `<%= %>`, `inspect` inside an Array or a Hash (`{:k=>"v"}`, Ruby 3.1's hash form).
// Guest code: runs in QuickJS, and only data crosses.

/** `:name`. */
export class RSym {
  constructor(name) {
    this.name = name;
  }
}

/** A Float whose value has no fraction (JSON and JavaScript keep no `2.0`). */
export class RFloat {
  constructor(value) {
    this.value = value;
  }
}

/**
 * A Hash: pairs in insertion order. `fromState` marks one read from the state as JSON: its keys are
 * taken as the symbols a class writes (`{ id: 1 }`), and a lookup by a text key is refused, since
 * Callboard cannot say whether the class wrote its keys as text.
 */
export class RHash {
  constructor(pairs, fromState = false) {
    this.pairs = pairs;
    this.fromState = fromState;
  }
}

/** The view's `state` (Pinecall::Reading over the snapshot). */
export class Reading {
  constructor(scope) {
    this.scope = scope;
  }
}

/** An exception Ruby raises: its class and message, as Ruby 3.1 words them. */
export class RubyError extends Error {
  constructor(type, message) {
    super(message);
    this.type = type;
  }
}

/** Ruby Callboard does not interpret: the view is not rendered, and this says which construct. */
export class Unsupported extends Error {}

/** A value the simulator cannot compute (a derived field, the remembered facts): the mock it needs. */
export class NeedsError extends Error {
  constructor(name) {
    super(`needs ${name}`);
    this.need = name;
  }
}

/** A template Ruby would not compile (ERB's tags or Ruby's syntax): said, never guessed at. */
export class SyntaxProblem extends Error {}

export const isFloat = (v) => v instanceof RFloat || (typeof v === 'number' && !Number.isInteger(v));
export const isNumber = (v) => typeof v === 'number' || v instanceof RFloat;
export const numberOf = (v) => (v instanceof RFloat ? v.value : v);
/** A JavaScript number as Ruby holds it: a Float when `float` (or when it has a fraction). */
export const rubyNumber = (n, float) => (float && Number.isInteger(n) ? new RFloat(n) : n);

/** JSON from the host as Ruby values: objects as Hashes with symbol keys (marked as from the state). */
export function fromJson(value, float = false) {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return rubyNumber(value, float);
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (Array.isArray(value)) return value.map((v) => fromJson(v));
  return new RHash(Object.keys(value).map((k) => [new RSym(k), fromJson(value[k])]), true);
}

export const truthy = (v) => v !== null && v !== false;

export function className(v) {
  if (v === null) return 'NilClass';
  if (v === true) return 'TrueClass';
  if (v === false) return 'FalseClass';
  if (isNumber(v)) return isFloat(v) ? 'Float' : 'Integer';
  if (typeof v === 'string') return 'String';
  if (v instanceof RSym) return 'Symbol';
  if (Array.isArray(v)) return 'Array';
  if (v instanceof RHash) return 'Hash';
  if (v instanceof Reading) return 'Pinecall::Reading';
  return 'Object';
}

/** Float#to_s: the shortest digits, decimal while the exponent is -4 < e <= 16, else `1.0e+16`. */
export function floatToS(x) {
  if (Number.isNaN(x)) return 'NaN';
  if (!Number.isFinite(x)) return x > 0 ? 'Infinity' : '-Infinity';
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  const sign = x < 0 ? '-' : '';
  const [mantissa, exp] = Math.abs(x).toExponential().split('e');
  const digits = mantissa.replace('.', '');
  const decpt = Number(exp) + 1;
  if (decpt > 0 && decpt <= 16) {
    const whole = digits.length <= decpt ? digits + '0'.repeat(decpt - digits.length) : digits.slice(0, decpt);
    const frac = digits.length <= decpt ? '0' : digits.slice(decpt);
    return `${sign}${whole}.${frac}`;
  }
  if (decpt <= 0 && decpt > -4) return `${sign}0.${'0'.repeat(-decpt)}${digits}`;
  const e = decpt - 1;
  return `${sign}${digits[0]}.${digits.slice(1) || '0'}e${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`;
}

const integerToS = (n) => (Math.abs(n) < 1e21 ? String(n) : BigInt(n).toString());

const ESCAPES = { '\n': '\\n', '\t': '\\t', '\r': '\\r', '\f': '\\f', '\v': '\\v', '\u0007': '\\a', '\b': '\\b', '\u001b': '\\e', '"': '\\"', '\\': '\\\\' };

/** String#inspect (UTF-8): escapes, `#{`, `#$` and `#@` guarded, other control characters as \u. */
export function inspectString(s) {
  let out = '"';
  const chars = Array.from(s);
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i];
    if (ESCAPES[c]) out += ESCAPES[c];
    else if (c === '#' && (chars[i + 1] === '{' || chars[i + 1] === '$' || chars[i + 1] === '@')) out += '\\#';
    else if (c.codePointAt(0) < 0x20 || c === '\u007f') out += c === '\u007f' ? '\\x7F' : `\\u${c.codePointAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
    else out += c;
  }
  return out + '"';
}

const PLAIN_SYMBOL = /^(?:[A-Za-z_][A-Za-z0-9_]*[?!=]?|\[\]=?|[+\-*/%<>!~^&|]|==|===|<=>|<=|>=|<<|>>|\*\*|=~|!=|!~|\+@|-@)$/;

export function inspect(v) {
  if (v === null) return 'nil';
  if (v === true || v === false) return String(v);
  if (isNumber(v)) return isFloat(v) ? floatToS(numberOf(v)) : integerToS(v);
  if (typeof v === 'string') return inspectString(v);
  if (v instanceof RSym) return PLAIN_SYMBOL.test(v.name) ? `:${v.name}` : `:${inspectString(v.name)}`;
  if (Array.isArray(v)) return `[${v.map(inspect).join(', ')}]`;
  if (v instanceof RHash) return `{${v.pairs.map(([k, x]) => `${inspect(k)}=>${inspect(x)}`).join(', ')}}`;
  if (v instanceof Reading) return `#<Pinecall::Reading ${inspect(v.scope.snapshot())}>`;
  throw new Unsupported('a value Callboard cannot print as Ruby does');
}

/** `to_s`, as `<%= %>` prints: nil is empty, a symbol its name, an Array or a Hash its inspect. */
export function toS(v) {
  if (v === null) return '';
  if (typeof v === 'string') return v;
  if (v instanceof RSym) return v.name;
  if (v instanceof Reading) throw new Unsupported('printing `state` (Ruby prints the object\'s address, which a simulation has none of)');
  return inspect(v);
}

/** How Ruby 3.1 names a receiver in NoMethodError: `nil:NilClass`, `"x":String`, `#<Array:0x…>:Array` when its inspect is long. */
export function receiver(v) {
  if (v === null || v === true || v === false) return `${inspect(v)}:${className(v)}`;
  const shown = inspect(v);
  return `${shown.length > 65 ? `#<${className(v)}:0x…>` : shown}:${className(v)}`;
}

export const noMethod = (name, v) => new RubyError('NoMethodError', `undefined method \`${name}' for ${receiver(v)}`);

const codePoints = (s) => Array.from(s, (c) => c.codePointAt(0));

/** Ruby's `==`: numbers by value (1 == 1.0), Arrays and Hashes by content; a text against a symbol is refused (see below). */
export function equal(a, b) {
  if (isNumber(a) && isNumber(b)) return numberOf(a) === numberOf(b);
  if ((typeof a === 'string' && b instanceof RSym) || (a instanceof RSym && typeof b === 'string')) {
    const [text, sym] = typeof a === 'string' ? [a, b] : [b, a];
    throw new Unsupported(`it compares the text ${inspectString(text)} with the symbol ${inspect(sym)}: Callboard holds a symbol of the state as text, so it cannot say whether Ruby holds a String or a Symbol there`);
  }
  if (a instanceof RSym && b instanceof RSym) return a.name === b.name;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => equal(x, b[i]));
  if (a instanceof RHash && b instanceof RHash) {
    return a.pairs.length === b.pairs.length && a.pairs.every(([k, v]) => {
      const found = lookup(b, k);
      return found.found && equal(v, found.value);
    });
  }
  if (a instanceof Reading || b instanceof Reading) return a === b;
  return a === b;
}

/** A Hash's key as Ruby's `eql?` matches it (1 and 1.0 are different keys). */
function sameKey(a, b) {
  if (isNumber(a) && isNumber(b)) return isFloat(a) === isFloat(b) && numberOf(a) === numberOf(b);
  if (a instanceof RSym && b instanceof RSym) return a.name === b.name;
  if (a instanceof RSym || b instanceof RSym) return false;
  if (typeof a === 'string' || typeof b === 'string') return a === b;
  return equal(a, b);
}

export function lookup(hash, key) {
  for (const [k, v] of hash.pairs) if (sameKey(k, key)) return { found: true, value: v };
  return { found: false, value: null };
}

/** `<=>` for `<`, `>`, `<=`, `>=`: numbers, or Strings (by code point, as Ruby compares UTF-8 bytes); else Ruby's ArgumentError. */
export function compare(a, b, op) {
  if (isNumber(a) && isNumber(b)) return Math.sign(numberOf(a) - numberOf(b));
  if (typeof a === 'string' && typeof b === 'string') {
    const x = codePoints(a);
    const y = codePoints(b);
    for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i] < y[i] ? -1 : 1;
    return Math.sign(x.length - y.length);
  }
  if (isNumber(a) || typeof a === 'string') {
    // rb_cmperr: a special constant or a Float is shown by inspect, anything else by its class.
    const special = b === null || b === true || b === false || b instanceof RSym || isNumber(b);
    throw new RubyError('ArgumentError', `comparison of ${className(a)} with ${special ? inspect(b) : className(b)} failed`);
  }
  throw noMethod(op, a);
}
