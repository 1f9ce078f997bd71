// A Pinecall class's view (`views/<slug>.jinja`) rendered as pinecall 0.11.24 renders it
// (pinecall/_view.py): Jinja2 with StrictUndefined, trim_blocks and lstrip_blocks, over the state
// (the fields, `stage`, the properties), `call` (a Line), `resumed` and `remembers(text)`.
// @huggingface/jinja reads the template (its lexer has trim_blocks and lstrip_blocks) and walks
// it; this interpreter gives each step Python's meaning: printing is str(), `==` and `+` are
// Python's, a name the scope lacks is StrictUndefined, filters and tests are Jinja2's
// (py-filters.js), lookups are Jinja2's (py-access.js). `tidy` is the host's (pinecall/view.ts).
// Guest code: runs in QuickJS, and only data crosses.
import { tokenize } from '../../node_modules/@huggingface/jinja/src/lexer.ts';
import { parse } from '../../node_modules/@huggingface/jinja/src/parser.ts';
import {
  ArrayValue, BooleanValue, Environment, FunctionValue, IntegerValue, Interpreter, KeywordArgumentsValue, NullValue, StringValue, UndefinedValue,
} from '../../node_modules/@huggingface/jinja/src/runtime.ts';
import { argsOf, getattr, getitem } from './py-access.js';
import { applyFilter, FILTER_NAMES } from './py-filters.js';
import { runTest, TEST_NAMES } from './py-tests.js';
import { binary, unary } from './py-ops.js';
import { additiveRun, chainOf, evaluateAdditive, evaluateChain, isConstant, markPrecedence, operatorOf } from './py-precedence.js';
import {
  fromJson, isNumber, iterated, NeedsError, NeedValue, numberOf, PyError, PyIterator, PyObject, pyStr, StrictUndefined, truthy, typeName, Unsupported, used,
} from './py-values.js';

const HELD = '__held__';
/** A value already evaluated, handed to the interpreter's own step in place of its expression. */
const held = (value) => ({ type: HELD, value });

// Statements that print nothing of their own.
const SILENT = new Set(['Set', 'Macro', 'Comment']);
// Jinja2's globals Callboard does not provide: said, not reported as undefined.
const OTHER_GLOBALS = new Set(['dict', 'lipsum', 'cycler', 'joiner']);

class PythonInterpreter extends Interpreter {
  constructor(env, maxChars) {
    super(env);
    this.maxChars = maxChars;
  }

  evaluate(statement, environment) {
    if (statement && statement.type === HELD) return statement.value;
    return super.evaluate(statement, environment);
  }

  evaluateBlock(statements, environment) {
    let out = '';
    for (const statement of statements) {
      const value = this.evaluate(statement, environment);
      if (SILENT.has(statement.type)) continue;
      out += pyStr(value);
      if (out.length > this.maxChars) throw new RangeError('__output_cap__');
    }
    return new StringValue(out);
  }

  evaluateIdentifier(node, environment) {
    const value = environment.lookupVariable(node.value);
    if (value instanceof UndefinedValue && !(value instanceof StrictUndefined)) {
      if (OTHER_GLOBALS.has(node.value)) throw new Unsupported(`the view uses Jinja's ${node.value}(), which Callboard does not provide`);
      return new StrictUndefined(`'${node.value}' is undefined`);
    }
    return value;
  }

  evaluateMemberExpression(expr, environment) {
    const object = this.evaluate(expr.object, environment);
    if (expr.computed && expr.property.type === 'SliceExpression') {
      used(object);
      if (object instanceof PyIterator) throw new PyError('TypeError', `'${object.kind}' object is not subscriptable`);
      return super.evaluateMemberExpression({ ...expr, object: held(object) }, environment);
    }
    if (!expr.computed) {
      if (expr.property.type === 'IntegerLiteral') return getitem(object, new IntegerValue(expr.property.value));
      return getattr(object, expr.property.value);
    }
    return getitem(object, this.evaluate(expr.property, environment));
  }

  evaluateBinaryExpression(node, environment) {
    const op = operatorOf(node.operator);
    const evaluate = (n) => this.evaluate(n, environment);
    if (op !== 'and' && op !== 'or') {
      // Jinja2's grammar where the parser's differs (py-precedence.js): chained comparisons, `~` above `+`.
      const chain = ['==', '!=', '<', '>', '<=', '>=', 'in', 'not in'].includes(op) ? chainOf(node) : undefined;
      if (chain) return evaluateChain(chain, evaluate, binary);
      const run = op === '+' || op === '-' || op === '~' ? additiveRun(node) : undefined;
      if (run) return evaluateAdditive(run, evaluate, binary);
    }
    const left = evaluate(node.left);
    if (op === 'and') return truthy(left) ? evaluate(node.right) : left;
    if (op === 'or') return truthy(left) ? left : evaluate(node.right);
    const right = evaluate(node.right);
    // Jinja2 folds a constant base to a literal and writes `-3 ** z` for Python, which reads -(3 ** z).
    if (op === '**' && isConstant(node.left) && !isConstant(node.right) && isNumber(left) && numberOf(left) < 0) {
      return unary('-', binary('**', unary('-', left), right));
    }
    return binary(op, left, right);
  }

  evaluateUnaryExpression(node, environment) {
    const value = this.evaluate(node.argument, environment);
    if (node.operator.value === 'not') return new BooleanValue(!truthy(value));
    return unary(node.operator.value, value);
  }

  evaluateTernaryExpression(node, environment) {
    return truthy(this.evaluate(node.condition, environment)) ? this.evaluate(node.trueExpr, environment) : this.evaluate(node.falseExpr, environment);
  }

  evaluateSelectExpression(node, environment) {
    if (truthy(this.evaluate(node.test, environment))) return this.evaluate(node.lhs, environment);
    return new StrictUndefined('the inline if-expression evaluated to false and no else section was defined.');
  }

  evaluateIf(node, environment) {
    return this.evaluateBlock(truthy(this.evaluate(node.test, environment)) ? node.body : node.alternate, environment);
  }

  evaluateFor(node, environment) {
    const select = node.iterable.type === 'SelectExpression';
    const source = this.evaluate(select ? node.iterable.lhs : node.iterable, environment);
    const items = new ArrayValue(iterated(source).slice());
    return super.evaluateFor({ ...node, iterable: select ? { ...node.iterable, lhs: held(items) } : held(items) }, environment);
  }

  evaluateCallExpression(expr, environment) {
    const callee = this.evaluate(expr.callee, environment);
    used(callee);
    if (!(callee instanceof FunctionValue)) throw new PyError('TypeError', `'${typeName(callee)}' object is not callable`);
    return super.evaluateCallExpression({ ...expr, callee: held(callee) }, environment);
  }

  evaluateTestExpression(node, environment) {
    const passed = runTest(node.test.value, this.evaluate(node.operand, environment), []);
    return new BooleanValue(node.negate ? !passed : passed);
  }

  applyFilter(operand, filterNode, environment) {
    const call = filterNode.type === 'CallExpression';
    const name = call ? filterNode.callee.value : filterNode.value;
    const [args, keywords] = call ? this.evaluateArguments(filterNode.args, environment) : [[], new Map()];
    return applyFilter(name, operand, keywords.size ? [...args, new KeywordArgumentsValue(keywords)] : args);
  }
}

/**
 * Jinja2 refuses a template that names a filter or test it has none of when it compiles it — except
 * inside an `if` or an inline `x if y else z` (a "soft frame"), where the name fails only when that
 * branch runs ("No filter named 'x' found."). A loop, macro, call, filter or set block inside
 * opens a frame of its own, which is not soft.
 */
function checkNames(node, soft = false) {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const item of node) checkNames(item, soft);
    return;
  }
  const own = OWN_FRAME.has(node.type) || (node.type === 'Set' && Array.isArray(node.body) && node.body.length > 0);
  if ((!soft && node.type === 'FilterExpression') || node.type === 'FilterStatement') {
    const name = node.filter.type === 'CallExpression' ? node.filter.callee.value : node.filter.value;
    if (!FILTER_NAMES.has(name)) throw new PyError('TemplateAssertionError', `No filter named '${name}'.`);
  }
  if (!soft && node.type === 'TestExpression' && !TEST_NAMES.has(node.test.value)) throw new PyError('TemplateAssertionError', `No test named '${node.test.value}'.`);
  const inner = SOFT.has(node.type) ? true : own ? false : soft;
  for (const value of Object.values(node)) if (value && typeof value === 'object') checkNames(value, inner);
}

const SOFT = new Set(['If', 'Ternary', 'SelectExpression']);
const OWN_FRAME = new Set(['For', 'Macro', 'CallStatement', 'FilterStatement']);

const casefold = (text) => text.toUpperCase().toLowerCase();

/** `remembers(text)`: a case-blind search of the remembered facts; with a mock answer, that answer; with neither, a need. */
function remembersOf(remembered) {
  return Object.assign(new FunctionValue((args) => {
    const [positional, keywords] = argsOf(args);
    const text = positional[0] ?? keywords.get('text');
    if (text === undefined) throw new PyError('TypeError', "rendered.<locals>.remembers() missing 1 required positional argument: 'text'");
    used(text);
    if (!(text instanceof StringValue)) throw new PyError('AttributeError', `'${typeName(text)}' object has no attribute 'casefold'`);
    if (!remembered) throw new NeedsError('remembers');
    if ('answer' in remembered) return new BooleanValue(remembered.answer);
    const wanted = casefold(text.value);
    return new BooleanValue(remembered.facts.some((fact) => casefold(fact).includes(wanted)));
  }), { pyName: 'rendered.<locals>.remembers' });
}

/** Python's range(): a sized lazy sequence, printed as `range(a, b)`. */
const range = new FunctionValue((args) => {
  const [positional] = argsOf(args);
  const n = positional.map((v) => {
    used(v);
    if (!(v instanceof IntegerValue) && !(v instanceof BooleanValue)) throw new PyError('TypeError', `'${typeName(v)}' object cannot be interpreted as an integer`);
    return Number(v.value);
  });
  const [start, stop, step] = n.length === 1 ? [0, n[0], 1] : [n[0], n[1], n[2] ?? 1];
  if (step === 0) throw new PyError('ValueError', 'range() arg 3 must not be zero');
  const items = [];
  for (let i = start; step > 0 ? i < stop : i > stop; i += step) {
    items.push(new IntegerValue(i));
    if (items.length > 100_000) throw new PyError('OverflowError', 'the range is too long for a prompt');
  }
  return new PyIterator(items, 'range', { sized: true, repr: step === 1 ? `range(${start}, ${stop})` : `range(${start}, ${stop}, ${step})` });
});

function scopeOf(input) {
  const env = new Environment();
  const set = (name, value) => env.setVariable(name, value);
  for (const [name, value] of [['true', true], ['false', false], ['True', true], ['False', false]]) set(name, new BooleanValue(value));
  for (const name of ['none', 'None']) set(name, new NullValue());
  set('range', range);
  const floats = new Set(input.floats ?? []);
  for (const [name, value] of Object.entries(input.fields)) set(name, fromJson(value, floats.has(name)));
  for (const [name, given] of Object.entries(input.derived ?? {})) set(name, given === null ? new NeedValue(name) : fromJson(given.value));
  set('call', new PyObject('Line', 'pinecall.call', { channel: new StringValue('phone'), medium: new NullValue(), claimed: new NullValue() }));
  set('resumed', new BooleanValue(false));
  set('remembers', remembersOf(input.remembered ?? null));
  return env;
}

/** Renders `source` (newlines already \n) for `input`; answers JSON: `{text}` or `{error: {kind, …}}`. */
export function renderPythonView(source, inputJson, maxChars) {
  let program;
  try {
    program = parse(markPrecedence(tokenize(source, { lstrip_blocks: true, trim_blocks: true })));
  } catch (error) {
    return JSON.stringify({ error: { kind: 'syntax', message: String(error && error.message ? error.message : error) } });
  }
  try {
    checkNames(program.body);
    const env = scopeOf(JSON.parse(inputJson));
    const text = new PythonInterpreter(env, maxChars).run(program).value;
    return JSON.stringify({ text });
  } catch (error) {
    if (error instanceof NeedsError) return JSON.stringify({ error: { kind: 'needs', names: [error.need] } });
    if (error instanceof PyError) return JSON.stringify({ error: { kind: 'python', type: error.pyType, message: error.message } });
    if (error instanceof Unsupported) return JSON.stringify({ error: { kind: 'unsupported', message: error.message } });
    if (error instanceof RangeError && error.message === '__output_cap__') throw error;
    if (error instanceof Error && !/out of memory|stack overflow|interrupted/i.test(error.message)) {
      return JSON.stringify({ error: { kind: 'unsupported', message: error.message } });
    }
    throw error;
  }
}
