// Jinja2's operators are Python's: `+`, `-`, `*`, `/`, `//`, `%`, `**`, `~`, comparisons and `in`,
// with Python's types, results and TypeErrors (the interpreter's are JavaScript's: `1 == "1"`,
// `-7 % 3`, `"a" + 1`). Guest code: runs in QuickJS.
import { ArrayValue, BooleanValue, FloatValue, IntegerValue, NullValue, StringValue } from '../../node_modules/@huggingface/jinja/src/runtime.ts';
import { formatArgs, percentFormat } from './py-format.js';
import { PyIterator } from './py-access.js';
import {
  escapeHtml, isDict, isInt, isList, isNumber, isTuple, NeedValue, numberOf, pyCompare, pyEq, PyError, PyMarkup, PyTuple, pyStr, StrictUndefined, typeName, Unsupported, used,
} from './py-values.js';

const unsupported = (op, a, b) => new PyError('TypeError', `unsupported operand type(s) for ${op === '**' ? '** or pow()' : op}: '${typeName(a)}' and '${typeName(b)}'`);
const float = (a, b) => a instanceof FloatValue || b instanceof FloatValue;
const number = (value, asFloat) => (asFloat ? new FloatValue(value) : new IntegerValue(value));
const sequenceOf = (like, items) => (isTuple(like) ? new PyTuple(items) : new ArrayValue(items));

function repeat(sequence, times) {
  const n = Math.max(0, numberOf(times));
  if (sequence instanceof PyMarkup) return new PyMarkup(sequence.value.repeat(n));
  if (sequence instanceof StringValue) return new StringValue(sequence.value.repeat(n));
  const items = [];
  for (let i = 0; i < n; i++) items.push(...sequence.value);
  return sequenceOf(sequence, items);
}

/** Python's modulo: the result has the divisor's sign. */
function modulo(a, b, asFloat) {
  if (b === 0) throw new PyError('ZeroDivisionError', asFloat ? 'float modulo' : 'integer modulo by zero');
  const r = a % b;
  // A zero takes the divisor's sign too (CPython's float_rem: copysign(0, b)).
  if (r === 0) return b < 0 ? -0 : 0;
  return (r < 0) !== (b < 0) ? r + b : r;
}

function arithmetic(op, a, b) {
  const x = numberOf(a);
  const y = numberOf(b);
  const asFloat = float(a, b);
  switch (op) {
    case '+': return number(x + y, asFloat);
    case '-': return number(x - y, asFloat);
    case '*': return number(x * y, asFloat);
    case '/':
      if (y === 0) throw new PyError('ZeroDivisionError', asFloat ? 'float division by zero' : 'division by zero');
      return new FloatValue(x / y);
    case '//':
      if (y === 0) throw new PyError('ZeroDivisionError', asFloat ? 'float floor division by zero' : 'integer division or modulo by zero');
      return number(Math.floor(x / y), asFloat);
    case '%': return number(modulo(x, y, asFloat), asFloat);
    case '**':
      if (x === 0 && y < 0) throw new PyError('ZeroDivisionError', '0.0 cannot be raised to a negative power');
      return number(x ** y, asFloat || y < 0);
    default: return undefined;
  }
}

/** `needle in haystack`, as the haystack's __contains__ answers it (an undefined needle fails where Python compares it). */
export function contains(haystack, needle) {
  used(haystack);
  if (needle instanceof NeedValue) needle.fail();
  if (haystack instanceof StringValue) {
    if (!(needle instanceof StringValue)) throw new PyError('TypeError', `'in <string>' requires string as left operand, not ${typeName(needle)}`);
    return haystack.value.includes(needle.value);
  }
  if (isDict(haystack)) {
    used(needle);
    if (isList(needle) && !isTuple(needle)) throw new PyError('TypeError', `unhashable type: '${typeName(needle)}'`);
    return needle instanceof StringValue && haystack.value.has(needle.value);
  }
  if (haystack instanceof ArrayValue) return haystack.value.some((item) => pyEq(item, needle));
  throw new PyError('TypeError', `argument of type '${typeName(haystack)}' is not iterable`);
}

/** `a op b` for every binary operator but `and` and `or` (which the interpreter short-circuits). */
export function binary(op, a, b) {
  if (op === 'in') return new BooleanValue(contains(b, a));
  if (op === 'not in') return new BooleanValue(!contains(b, a));
  const sequence = (v) => v instanceof StringValue || (isList(v) && !(v instanceof PyIterator));
  // Markup repeats itself by asking the other side for an integer (an undefined included).
  if (op === '*' && a instanceof PyMarkup && !isInt(b)) throw new PyError('TypeError', `'${typeName(b)}' object cannot be interpreted as an integer`);
  if (op === '*' && b instanceof PyMarkup && !isInt(a)) throw new PyError('TypeError', `'${typeName(a)}' object cannot be interpreted as an integer`);
  // str % x is str's own formatting: x is used only where the format has a specifier for it.
  if (op === '%' && a instanceof StringValue && !(a instanceof PyMarkup)) {
    if (b instanceof NeedValue) b.fail();
    const mappingLike = (isList(b) && !isTuple(b)) || isDict(b) || b instanceof StrictUndefined;
    return new StringValue(percentFormat(a.value, b instanceof StrictUndefined ? [b] : formatArgs(b), mappingLike));
  }
  used(a);
  used(b);
  if (op === '-' && (a instanceof PyIterator || b instanceof PyIterator) && (a.kind?.startsWith('dict_') || b.kind?.startsWith('dict_'))) {
    throw new Unsupported('the view takes the set difference of a dict view, which Callboard does not render');
  }
  switch (op) {
    case '==': return new BooleanValue(pyEq(a, b));
    case '!=': return new BooleanValue(!pyEq(a, b));
    case '<': return new BooleanValue(pyCompare(op, a, b) < 0);
    case '<=': return new BooleanValue(pyCompare(op, a, b) <= 0);
    case '>': return new BooleanValue(pyCompare(op, a, b) > 0);
    case '>=': return new BooleanValue(pyCompare(op, a, b) >= 0);
    case '~': return new StringValue(pyStr(a) + pyStr(b));
    default: break;
  }
  if (isNumber(a) && isNumber(b)) return arithmetic(op, a, b);
  if ((a instanceof PyMarkup || b instanceof PyMarkup) && (op === '+' || op === '%') && (a instanceof StringValue || b instanceof StringValue)) {
    // Markup escapes what it is joined with; Callboard renders only the plain `+` of two strings.
    if (op === '%' || !(a instanceof StringValue && b instanceof StringValue)) throw new Unsupported(`the view applies ${op} to a safe (Markup) string, which Callboard does not render as Jinja2 does`);
    const escaped = (v) => (v instanceof PyMarkup ? v.value : escapeHtml(v.value));
    return new PyMarkup(escaped(a) + escaped(b));
  }
  if (op === '+') {
    if (a instanceof StringValue && b instanceof StringValue) return new StringValue(a.value + b.value);
    if (isList(a) && isList(b) && isTuple(a) === isTuple(b) && !(a instanceof PyIterator) && !(b instanceof PyIterator)) return sequenceOf(a, [...a.value, ...b.value]);
    if (a instanceof StringValue || (isList(a) && !(a instanceof PyIterator))) {
      throw new PyError('TypeError', `can only concatenate ${typeName(a)} (not "${typeName(b)}") to ${typeName(a)}`);
    }
  }
  if (op === '*') {
    if (sequence(a) && isInt(b)) return repeat(a, b);
    if (isInt(a) && sequence(b)) return repeat(b, a);
    if (sequence(a) || sequence(b)) throw new PyError('TypeError', `can't multiply sequence by non-int of type '${typeName(sequence(a) ? b : a)}'`);
  }
  if (op === '%' && a instanceof PyMarkup) throw new Unsupported('the view formats a safe (Markup) string with %, which Callboard does not render as Jinja2 does');
  throw unsupported(op, a, b);
}

/** `-x`, `+x`. */
export function unary(op, value) {
  used(value);
  if (!isNumber(value)) throw new PyError('TypeError', `bad operand type for unary ${op}: '${typeName(value)}'`);
  const x = numberOf(value);
  return value instanceof FloatValue ? new FloatValue(op === '-' ? -x : x) : new IntegerValue(op === '-' ? -x : x);
}

export const isNone = (v) => v instanceof NullValue;
