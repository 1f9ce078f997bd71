// Python's view of the interpreter's values, for a Pinecall view rendered as Jinja2 renders it
// (py-view.js): how Python prints a value (`str`, `repr`), compares it and tells its type, and the
// values Jinja2 has that @huggingface/jinja lacks — a StrictUndefined that raises on any use, a
// property the simulator cannot compute (a need), the call's `Line`. Guest code: runs in QuickJS.
import {
  ArrayValue, BooleanValue, FloatValue, FunctionValue, IntegerValue, KeywordArgumentsValue, NamespaceValue, NullValue, ObjectValue, StringValue, TupleValue, UndefinedValue,
} from '../../node_modules/@huggingface/jinja/src/runtime.ts';

/** An exception Python would raise, by its class name and message (`UndefinedError: 'x' is undefined`). */
export class PyError extends Error {
  constructor(type, message) {
    super(message);
    this.pyType = type;
  }
}

/** Jinja2 would render this, but Callboard does not render it as Jinja2 does: said, never guessed. */
export class Unsupported extends Error {}

/** A name the view used whose value the simulator cannot compute (a property, `remembers`). */
export class NeedsError extends Error {
  constructor(name) {
    super(name);
    this.need = name;
  }
}

// A value whose every use fails: reading `.value` (what the interpreter does to use one) throws.
const failing = (self) => Object.defineProperty(self, 'value', { get: () => self.fail(), set() {}, configurable: true });

/** Jinja2's StrictUndefined: defined-ness may be tested and `default` may replace it; any other use raises its hint. */
export class StrictUndefined extends UndefinedValue {
  constructor(hint) {
    super();
    this.hint = hint;
    failing(this);
  }
  fail() {
    throw new PyError('UndefinedError', this.hint);
  }
  __bool__() {
    return this.fail();
  }
  toString() {
    return this.fail();
  }
}

const RuntimeValue = Object.getPrototypeOf(NullValue);

/** A property of the class without a mock answer: it is defined (the SDK computes it), but any use needs its value. */
export class NeedValue extends RuntimeValue {
  constructor(name) {
    super(undefined);
    this.type = 'NeedValue';
    this.need = name;
    failing(this);
  }
  fail() {
    throw new NeedsError(this.need);
  }
  __bool__() {
    return this.fail();
  }
  toString() {
    return this.fail();
  }
}

/** Fails for a value no operation may use (undefined, a need); else the value. */
export function used(value) {
  if (value instanceof StrictUndefined || value instanceof NeedValue) value.fail();
  if (value instanceof UndefinedValue) throw new PyError('UndefinedError', 'the value is undefined');
  return value;
}

/** A Python object with attributes and no items: the call's `Line`. */
export class PyObject extends ObjectValue {
  constructor(className, module, fields) {
    super(new Map(Object.entries(fields)));
    this.className = className;
    this.module = module;
  }
  __bool__() {
    return new BooleanValue(true);
  }
}

/** A string Jinja2 marks safe (Markup, a str of its own type): `escape` leaves it as it is. */
export class PyMarkup extends StringValue {}

/** markupsafe's escape of a string. */
export const escapeHtml = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&#34;').replace(/'/g, '&#39;');

/** A tuple the interpreter can still unpack in a `for` (its own TupleValue it cannot). */
export class PyTuple extends ArrayValue {}

/**
 * A lazy sequence of Python's (a generator, a reversed iterator, a dict view, a range): walked like
 * a list; printed only where Python prints it without an address (a dict view, a range: `repr`).
 */
export class PyIterator extends ArrayValue {
  constructor(items, kind, options = {}) {
    super(items);
    this.kind = kind;
    this.sized = options.sized ?? false;
    this.repr = options.repr;
  }
  __bool__() {
    return new BooleanValue(this.sized ? this.value.length > 0 : true);
  }
}

export const isTuple = (v) => v instanceof PyTuple || v instanceof TupleValue;
export const isList = (v) => v instanceof ArrayValue;
export const isDict = (v) => v instanceof ObjectValue && !(v instanceof PyObject) && !(v instanceof KeywordArgumentsValue);
export const isNumber = (v) => v instanceof IntegerValue || v instanceof FloatValue || v instanceof BooleanValue;
export const numberOf = (v) => (v instanceof BooleanValue ? (v.value ? 1 : 0) : v.value);
export const isInt = (v) => v instanceof IntegerValue || v instanceof BooleanValue;

/** Python's name of the value's type (`'str'`, `'NoneType'`…), as its error messages say it. */
export function typeName(v) {
  if (v instanceof StrictUndefined) return 'StrictUndefined';
  if (v instanceof PyMarkup) return 'Markup';
  if (v instanceof StringValue) return 'str';
  if (v instanceof BooleanValue) return 'bool';
  if (v instanceof IntegerValue) return 'int';
  if (v instanceof FloatValue) return 'float';
  if (v instanceof NullValue) return 'NoneType';
  if (isTuple(v)) return 'tuple';
  if (v instanceof PyIterator) return v.kind;
  if (v instanceof ArrayValue) return 'list';
  if (v instanceof PyObject) return v.className;
  if (v instanceof NamespaceValue) return 'Namespace';
  if (v instanceof ObjectValue) return 'dict';
  if (v instanceof FunctionValue) return 'function';
  return 'object';
}

/** Jinja2's object_type_repr: how an undefined's hint names the object it was looked up on. */
export function objectTypeRepr(v) {
  if (v instanceof NullValue) return 'None';
  if (v instanceof PyObject) return `${v.module}.${v.className} object`;
  if (v instanceof NamespaceValue) return 'jinja2.utils.Namespace object';
  return `${typeName(v)} object`;
}

/** Python's repr of a float: the shortest digits that read back, fixed from 1e-4 up to 1e16. */
export function floatRepr(x) {
  if (Number.isNaN(x)) return 'nan';
  if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf';
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  const [mantissa, exp] = Math.abs(x).toExponential().split('e');
  const digits = mantissa.replace('.', '');
  const e = Number(exp);
  const sign = x < 0 ? '-' : '';
  if (e >= -4 && e < 16) {
    if (e < 0) return `${sign}0.${'0'.repeat(-e - 1)}${digits}`;
    const whole = digits.slice(0, e + 1).padEnd(e + 1, '0');
    return `${sign}${whole}.${digits.slice(e + 1) || '0'}`;
  }
  const shown = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
  return `${sign}${shown}e${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`;
}

// What Python's str.isprintable() calls not printable, shown escaped by repr (space is printable).
const NOT_PRINTABLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}\p{Zl}\p{Zp}\p{Zs}]/u;

/** Python's repr of a string: single quotes unless it holds one and no double quote. */
export function stringRepr(s) {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of s) {
    const code = ch.codePointAt(0);
    if (ch === quote || ch === '\\') out += `\\${ch}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (ch !== ' ' && NOT_PRINTABLE.test(ch)) {
      out += code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : code < 0x10000 ? `\\u${code.toString(16).padStart(4, '0')}` : `\\U${code.toString(16).padStart(8, '0')}`;
    } else out += ch;
  }
  return out + quote;
}

/** Python's repr() of a value. */
export function pyRepr(v) {
  if (v instanceof StringValue) return stringRepr(v.value);
  if (v instanceof PyIterator) {
    if (v.repr !== undefined) return v.repr;
    if (v.sized) return `${v.kind}([${v.value.map(pyRepr).join(', ')}])`;
    throw new Unsupported(`the view prints a ${v.kind} object, which the SDK prints by its memory address`);
  }
  if (v instanceof StrictUndefined || (v instanceof UndefinedValue && !(v instanceof NeedValue))) return 'Undefined';
  if (isTuple(v)) return v.value.length === 1 ? `(${pyRepr(v.value[0])},)` : `(${v.value.map(pyRepr).join(', ')})`;
  if (v instanceof ArrayValue) return `[${v.value.map(pyRepr).join(', ')}]`;
  if (v instanceof PyObject) return `${v.className}(${[...v.value].map(([k, x]) => `${k}=${pyRepr(x)}`).join(', ')})`;
  if (v instanceof NamespaceValue) return `<Namespace {${[...v.value].map(([k, x]) => `${stringRepr(k)}: ${pyRepr(x)}`).join(', ')}}>`;
  if (v instanceof ObjectValue) return `{${[...v.value].map(([k, x]) => `${stringRepr(k)}: ${pyRepr(x)}`).join(', ')}}`;
  return pyStr(v);
}

/** Python's str() of a value: what `{{ x }}` prints. */
export function pyStr(v) {
  used(v);
  if (v instanceof StringValue) return v.value;
  if (v instanceof BooleanValue) return v.value ? 'True' : 'False';
  if (v instanceof IntegerValue) return Number.isInteger(v.value) ? BigInt(v.value).toString() : String(v.value);
  if (v instanceof FloatValue) return floatRepr(v.value);
  if (v instanceof NullValue) return 'None';
  if (v instanceof FunctionValue) return `<function ${v.pyName ?? '<lambda>'}>`;
  return pyRepr(v);
}

/** Python's truth of a value (bool()): fails for an undefined or a need. */
export function truthy(v) {
  used(v);
  if (v instanceof FloatValue) return v.value !== 0;
  return v.__bool__().value;
}

/** Python's ==. */
export function pyEq(a, b) {
  used(a);
  used(b);
  if (isNumber(a) && isNumber(b)) return numberOf(a) === numberOf(b);
  if (a instanceof StringValue && b instanceof StringValue) return a.value === b.value;
  if (a instanceof NullValue || b instanceof NullValue) return a instanceof NullValue && b instanceof NullValue;
  if (isList(a) && isList(b)) return isTuple(a) === isTuple(b) && a.value.length === b.value.length && a.value.every((x, i) => pyEq(x, b.value[i]));
  if (isDict(a) && isDict(b)) return a.value.size === b.value.size && [...a.value].every(([k, x]) => b.value.has(k) && pyEq(x, b.value.get(k)));
  return a === b;
}

/** Python's order of two values: negative, zero or positive; a TypeError in Python's words where it has none. */
export function pyCompare(op, a, b) {
  used(a);
  used(b);
  if (isNumber(a) && isNumber(b)) return numberOf(a) - numberOf(b);
  if (a instanceof StringValue && b instanceof StringValue) {
    const x = Array.from(a.value, (c) => c.codePointAt(0));
    const y = Array.from(b.value, (c) => c.codePointAt(0));
    for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i] - y[i];
    return x.length - y.length;
  }
  if (isList(a) && isList(b) && isTuple(a) === isTuple(b) && !(a instanceof PyIterator) && !(b instanceof PyIterator)) {
    for (let i = 0; i < Math.min(a.value.length, b.value.length); i++) {
      if (!pyEq(a.value[i], b.value[i])) return pyCompare(op, a.value[i], b.value[i]);
    }
    return a.value.length - b.value.length;
  }
  throw new PyError('TypeError', `'${op}' not supported between instances of '${typeName(a)}' and '${typeName(b)}'`);
}

/** The items a `for` (or a filter) walks: a string's characters, a list's items, a dict's keys. */
export function iterated(v) {
  used(v);
  if (v instanceof StringValue) return Array.from(v.value, (c) => new StringValue(c));
  if (v instanceof ArrayValue) return v.value;
  if (isDict(v)) return [...v.value.keys()].map((k) => new StringValue(k));
  throw new PyError('TypeError', `'${typeName(v)}' object is not iterable`);
}

/** Python's len(). */
export function pyLen(v) {
  used(v);
  if (v instanceof StringValue) return Array.from(v.value).length;
  if (v instanceof PyIterator && !v.sized) throw new PyError('TypeError', `object of type '${v.kind}' has no len()`);
  if (v instanceof ArrayValue) return v.value.length;
  if (isDict(v)) return v.value.size;
  throw new PyError('TypeError', `object of type '${typeName(v)}' has no len()`);
}

/**
 * A JSON value as the view sees it: numbers whole or not (JSON keeps no float with no fraction;
 * `float` says a top-level field is Python's float), strings, lists, dicts, None.
 */
export function fromJson(value, float = false) {
  if (value === null || value === undefined) return new NullValue();
  if (typeof value === 'boolean') return new BooleanValue(value);
  if (typeof value === 'number') return Number.isInteger(value) && !float ? new IntegerValue(value) : new FloatValue(value);
  if (typeof value === 'string') return new StringValue(value);
  if (Array.isArray(value)) return new ArrayValue(value.map((item) => fromJson(item)));
  return new ObjectValue(new Map(Object.entries(value).map(([k, item]) => [k, fromJson(item)])));
}
