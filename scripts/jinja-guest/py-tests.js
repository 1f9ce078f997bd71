// Jinja2's tests (`x is defined`, `select("odd")`) as jinja2/tests.py answers them, for a Pinecall
// view (py-view.js). A test of an undefined raises where Jinja2's asks the undefined something
// (`odd`), and answers where it only looks at its type (`none`, `string`). Guest code: runs in QuickJS.
import { BooleanValue, FloatValue, FunctionValue, IntegerValue, NullValue, StringValue, UndefinedValue } from '../../node_modules/@huggingface/jinja/src/runtime.ts';
import { PyIterator } from './py-access.js';
import { binary, contains } from './py-ops.js';
import { isDict, isList, isNumber, NeedValue, pyCompare, pyEq, PyError, PyMarkup, pyStr, StrictUndefined, Unsupported } from './py-values.js';

/** A test as `select`, `reject` and `is` call it: by name, on a value, with its arguments. */
export function runTest(name, value, args) {
  const test = TESTS[name];
  if (!test) throw new PyError('TemplateRuntimeError', `No test named '${name}' found.`);
  if (name !== 'defined' && name !== 'undefined') {
    if (value instanceof NeedValue) value.fail();
    if (value instanceof StrictUndefined && !STRICT_QUIET.has(name)) value.fail();
  }
  return test(value, ...args);
}

const oneOf = (...types) => (v) => types.some((type) => v instanceof type);
// Tests that ask an undefined nothing it would raise on (isinstance, `is None`, callable).
const STRICT_QUIET = new Set(['none', 'boolean', 'false', 'true', 'integer', 'float', 'number', 'string', 'mapping', 'sequence', 'callable', 'escaped', 'sameas']);

const TESTS = {
  defined: (v) => !(v instanceof UndefinedValue),
  undefined: (v) => v instanceof UndefinedValue,
  none: (v) => v instanceof NullValue,
  boolean: oneOf(BooleanValue),
  false: (v) => v instanceof BooleanValue && !v.value,
  true: (v) => v instanceof BooleanValue && v.value,
  integer: oneOf(IntegerValue),
  float: oneOf(FloatValue),
  number: (v) => isNumber(v),
  string: oneOf(StringValue),
  mapping: (v) => isDict(v),
  iterable: (v) => v instanceof StringValue || isList(v) || isDict(v),
  sequence: (v) => v instanceof StringValue || (isList(v) && !(v instanceof PyIterator)) || isDict(v),
  callable: (v) => v instanceof FunctionValue || v instanceof StrictUndefined,
  escaped: (v) => v instanceof PyMarkup,
  odd: (v) => pyEq(binary('%', v, new IntegerValue(2)), new IntegerValue(1)),
  even: (v) => pyEq(binary('%', v, new IntegerValue(2)), new IntegerValue(0)),
  divisibleby: (v, n) => pyEq(binary('%', v, n), new IntegerValue(0)),
  lower: (v) => { const s = pyStr(v); return /\p{L}/u.test(s) && s === s.toLowerCase() && s !== s.toUpperCase(); },
  upper: (v) => { const s = pyStr(v); return /\p{L}/u.test(s) && s === s.toUpperCase() && s !== s.toLowerCase(); },
  eq: (a, b) => pyEq(a, b), equalto: (a, b) => pyEq(a, b), '==': (a, b) => pyEq(a, b),
  ne: (a, b) => !pyEq(a, b), '!=': (a, b) => !pyEq(a, b),
  lt: (a, b) => pyCompare('<', a, b) < 0, lessthan: (a, b) => pyCompare('<', a, b) < 0, '<': (a, b) => pyCompare('<', a, b) < 0,
  le: (a, b) => pyCompare('<=', a, b) <= 0, '<=': (a, b) => pyCompare('<=', a, b) <= 0,
  gt: (a, b) => pyCompare('>', a, b) > 0, greaterthan: (a, b) => pyCompare('>', a, b) > 0, '>': (a, b) => pyCompare('>', a, b) > 0,
  ge: (a, b) => pyCompare('>=', a, b) >= 0, '>=': (a, b) => pyCompare('>=', a, b) >= 0,
  in: (a, b) => contains(b, a),
  sameas: (a, b) => (a instanceof NullValue && b instanceof NullValue) || (a instanceof BooleanValue && b instanceof BooleanValue && a.value === b.value) || a === b,
  filter: () => { throw new Unsupported('the view uses the test filter, which Callboard does not render'); },
  test: () => { throw new Unsupported('the view uses the test test, which Callboard does not render'); },
};

export const TEST_NAMES = new Set(Object.keys(TESTS));
