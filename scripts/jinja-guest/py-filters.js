// Jinja2's filters as Jinja2 3.1 runs them (jinja2/filters.py), for a Pinecall view (py-view.js).
// A filter Jinja2 has and Callboard does not render is said, never approximated; a name Jinja2 has
// no filter for is Jinja2's own error.
// Guest code: runs in QuickJS.
import { ArrayValue, BooleanValue, FloatValue, IntegerValue, NullValue, StringValue, UndefinedValue } from '../../node_modules/@huggingface/jinja/src/runtime.ts';
import { argsOf, bind, centered, getitem, PY_SPACE, PyIterator, splitLines, stripped, strCapitalize } from './py-access.js';
import { percentFormat, pyRound } from './py-format.js';
import { binary } from './py-ops.js';
import { runTest } from './py-tests.js';
import { toJson } from './py-json.js';
import {
  escapeHtml, isDict, isList, isNumber, isTuple, iterated, NeedValue, numberOf, pyCompare, pyEq, PyError, PyMarkup, PyTuple, pyLen, pyStr, StrictUndefined, truthy, typeName, Unsupported, used,
} from './py-values.js';


const str = (s) => new StringValue(s);
/** A str method of Markup answers Markup (markupsafe wraps them): the result keeps the value's kind. */
const sameKind = (value, result) => (value instanceof PyMarkup ? new PyMarkup(result.value) : result);
const undefinedHint = (hint) => new StrictUndefined(hint);
const ignoreCase = (v) => (v instanceof StringValue ? str(v.value.toLowerCase()) : v);

/** make_attrgetter: `"a.b.0"` looked up item by item (getitem), an undefined replaced by `fallback` when given. */
function attrGetter(attribute, postprocess, fallback) {
  const path = attribute === undefined || attribute instanceof NullValue ? [] : attribute instanceof StringValue ? attribute.value.split('.').map((p) => (/^\d+$/.test(p) ? new IntegerValue(Number(p)) : str(p))) : [attribute];
  return (item) => {
    let value = item;
    for (const part of path) {
      value = getitem(value, part);
      if (value instanceof UndefinedValue && fallback !== undefined) return fallback;
    }
    return postprocess ? postprocess(value) : value;
  };
}

function multiAttrGetter(attribute, postprocess) {
  if (!(attribute instanceof StringValue) || !attribute.value.includes(',')) return attrGetter(attribute, postprocess);
  const getters = attribute.value.split(',').map((part) => attrGetter(str(part), postprocess));
  return (item) => new ArrayValue(getters.map((get) => get(item)));
}

/**
 * Python's sorted(): stable, by key, a TypeError where two keys have no order — asking `<` of the
 * later item against the earlier one, as CPython's insertion sort does (reverse: the list reversed,
 * sorted, reversed back, which keeps equal items in order).
 */
function sorted(items, key, reverse) {
  const keyed = items.map((item) => ({ item, key: key(item) }));
  if (reverse) keyed.reverse();
  const less = (a, b) => pyCompare('<', a.key, b.key) < 0;
  const out = [];
  for (const entry of keyed) {
    let lo = 0;
    let hi = out.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (less(entry, out[mid])) hi = mid;
      else lo = mid + 1;
    }
    out.splice(lo, 0, entry);
  }
  if (reverse) out.reverse();
  return out.map((k) => k.item);
}

function pick(items, key, wantMax) {
  if (!items.length) return undefinedHint('No aggregated item, sequence was empty.');
  let best = items[0];
  for (const item of items.slice(1)) {
    const order = pyCompare(wantMax ? '>' : '<', key(item), key(best));
    if (wantMax ? order > 0 : order < 0) best = item;
  }
  return best;
}

function unique(items, key) {
  const seen = [];
  const out = [];
  for (const item of items) {
    const k = key(item);
    if ((isList(k) && !isTuple(k)) || isDict(k)) throw new PyError('TypeError', `unhashable type: '${typeName(k)}'`);
    if (!seen.some((s) => pyEq(s, k))) {
      seen.push(k);
      out.push(item);
    }
  }
  return out;
}

/** int() of a string in Python's grammar (underscores between digits, a base's prefix), or undefined. */
function parseInt10(text, base) {
  const t = stripped(text).replace(/^([+-]?)0[xob]/i, (all, sign) => (base === 16 && /x/i.test(all)) || (base === 8 && /o/i.test(all)) || (base === 2 && /b/i.test(all)) ? sign : all);
  const digits = '0123456789abcdefghijklmnopqrstuvwxyz'.slice(0, base);
  const match = new RegExp(`^([+-]?)([${digits}](?:_?[${digits}])*)$`, 'i').exec(t);
  if (!match) return undefined;
  const n = parseInt(match[2].replace(/_/g, ''), base);
  return match[1] === '-' ? -n : n;
}

/** float() of a string in Python's grammar, or undefined. */
function parseFloatPy(text) {
  const t = stripped(text).replace(/(\d)_(?=\d)/g, '$1');
  if (/^[+-]?(inf|infinity)$/i.test(t)) return t.startsWith('-') ? -Infinity : Infinity;
  if (/^[+-]?nan$/i.test(t)) return NaN;
  return /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(t) ? Number(t) : undefined;
}

function toInt(value, fallback, base) {
  if (value instanceof StringValue) {
    const n = parseInt10(value.value, numberOf(base));
    if (n !== undefined) return new IntegerValue(n);
    const f = parseFloatPy(value.value);
    return f === undefined || !Number.isFinite(f) ? fallback : new IntegerValue(Math.trunc(f));
  }
  if (isNumber(value)) return Number.isFinite(numberOf(value)) ? new IntegerValue(Math.trunc(numberOf(value))) : fallback;
  return fallback;
}

function toFloat(value, fallback) {
  if (value instanceof StringValue) {
    const f = parseFloatPy(value.value);
    return f === undefined ? fallback : new FloatValue(f);
  }
  return isNumber(value) ? new FloatValue(numberOf(value)) : fallback;
}

const WORD_SPLIT = new RegExp(`([-${PY_SPACE}({\\[<]+)`, 'u');

/** Jinja2's title: each piece after a run of spaces, hyphens or opening brackets capitalised. */
const title = (s) => s.split(WORD_SPLIT).filter(Boolean).map((item) => {
  const [first, ...rest] = Array.from(item);
  return first.toUpperCase() + rest.join('').toLowerCase();
}).join('');

function indent(s, width, first, blank) {
  const indention = width instanceof StringValue ? width.value : ' '.repeat(numberOf(width));
  const lines = splitLines(`${s}\n`);
  let out;
  if (truthy(blank)) out = lines.join(`\n${indention}`);
  else {
    out = lines.shift() ?? '';
    if (lines.length) out += `\n${lines.map((line) => (line ? indention + line : line)).join('\n')}`;
  }
  return truthy(first) ? indention + out : out;
}

function truncate(s, length, killwords, end, leeway) {
  const chars = Array.from(s);
  const n = numberOf(length);
  const tail = pyStr(end);
  const slack = leeway instanceof NullValue ? 5 : numberOf(leeway);
  if (n < Array.from(tail).length) throw new PyError('AssertionError', `expected length >= ${Array.from(tail).length}, got ${n}`);
  if (slack < 0) throw new PyError('AssertionError', `expected leeway >= 0, got ${slack}`);
  if (chars.length <= n + slack) return s;
  const head = chars.slice(0, n - Array.from(tail).length).join('');
  if (truthy(killwords)) return head + tail;
  const cut = head.lastIndexOf(' ');
  return (cut < 0 ? head : head.slice(0, cut)) + tail;
}


/** Python's sum(): start + each item, by Python's `+`. */
const sum = (items, start) => items.reduce((total, item) => binary('+', total, item), start);

/** reversed(): a string's characters, a list's items or a dict's keys backwards; a generator has no reverse order. */
function reversedItems(value) {
  used(value);
  const reversible = value instanceof StringValue || isDict(value) || (isList(value) && (!(value instanceof PyIterator) || value.sized));
  if (!reversible) throw new PyError('TypeError', `'${typeName(value)}' object is not reversible`);
  return iterated(value).slice().reverse();
}

/** The reverse filter: a string backwards, else reversed(), else the items listed backwards. */
function reverse(value) {
  if (value instanceof StringValue) return str(Array.from(value.value).reverse().join(''));
  if (value instanceof PyIterator && !value.sized) return new ArrayValue(iterated(value).slice().reverse());
  if (value instanceof StringValue || isDict(value) || isList(value)) return new PyIterator(reversedItems(value), 'list_reverseiterator');
  throw new PyError('FilterArgumentError', 'argument must be iterable');
}

/** truncate and indent take the value as it is (no str()): Python's own error for one that is not text. */
function asText(value, filter) {
  if (value instanceof StringValue) return value.value;
  if (filter === 'indent' && !isList(value)) throw new PyError('TypeError', `unsupported operand type(s) for +=: '${typeName(value)}' and 'str'`);
  if (filter === 'truncate' && !isList(value) && !isDict(value)) throw new PyError('TypeError', `object of type '${typeName(value)}' has no len()`);
  throw new Unsupported(`the view gives ${filter} a ${typeName(value)}, which Callboard does not render as Jinja2 does`);
}

/** select / reject / selectattr / rejectattr. */
function selecting(value, args, attribute, keep) {
  if (!truthy(value)) return new PyIterator([], 'generator');
  const [positional, keywords] = argsOf(args);
  let rest = positional;
  let get = (item) => item;
  if (attribute) {
    if (!rest.length) throw new PyError('FilterArgumentError', 'Missing parameter for attribute name');
    get = attrGetter(rest[0]);
    rest = rest.slice(1);
  }
  if (keywords.size) throw new Unsupported('a test given keyword arguments is not rendered by Callboard');
  const decide = rest.length ? (item) => runTest(pyStr(rest[0]), get(item), rest.slice(1)) : (item) => truthy(get(item));
  return new PyIterator(iterated(value).filter((item) => decide(item) === keep), 'generator');
}

function map(value, args, apply) {
  const [positional, keywords] = argsOf(args);
  if (!positional.length && keywords.has('attribute')) {
    const rest = [...keywords.keys()].filter((k) => k !== 'attribute' && k !== 'default');
    if (rest.length) throw new PyError('FilterArgumentError', `Unexpected keyword argument '${rest[0]}'`);
    const get = attrGetter(keywords.get('attribute'), undefined, keywords.has('default') ? keywords.get('default') : undefined);
    return new PyIterator(truthy(value) ? iterated(value).map(get) : [], 'generator');
  }
  if (!positional.length) throw new PyError('FilterArgumentError', 'map requires a filter argument');
  const name = pyStr(positional[0]);
  return new PyIterator(truthy(value) ? iterated(value).map((item) => apply(name, item, [...positional.slice(1), ...(keywords.size ? [args[args.length - 1]] : [])])) : [], 'generator');
}

const F = (params, run) => ({ params, run });
const s0 = str('');
const NONE = new NullValue();
const FALSE = new BooleanValue(false);

// name → [[parameter, default]…] after the value, and what the filter does (values in the order given).
const FILTERS = {
  abs: F([], (v) => { if (!isNumber(v)) throw new PyError('TypeError', `bad operand type for abs(): '${typeName(v)}'`); return v instanceof FloatValue ? new FloatValue(Math.abs(v.value)) : new IntegerValue(Math.abs(numberOf(v))); }),
  capitalize: F([], (v) => sameKind(v, str(strCapitalize(pyStr(v))))),
  center: F([['width', new IntegerValue(80)]], (v, w) => sameKind(v, str(centered(pyStr(v), numberOf(w))))),
  count: F([], (v) => new IntegerValue(pyLen(v))),
  default: F([['default_value', s0], ['boolean', FALSE]], (v, d, b) => (v instanceof UndefinedValue || (truthy(b) && !truthy(v)) ? d : v)),
  dictsort: F([['case_sensitive', FALSE], ['by', str('key')], ['reverse', FALSE]], (v, cs, by, rev) => {
    const at = pyStr(by) === 'key' ? 0 : pyStr(by) === 'value' ? 1 : undefined;
    if (at === undefined) throw new PyError('FilterArgumentError', 'You can only sort by either "key" or "value"');
    if (!isDict(v)) throw new PyError('AttributeError', `'${typeName(v)}' object has no attribute 'items'`);
    const pairs = [...v.value].map(([k, x]) => new PyTuple([str(k), x]));
    return new ArrayValue(sorted(pairs, (p) => (truthy(cs) ? p.value[at] : ignoreCase(p.value[at])), truthy(rev)));
  }),
  escape: F([], (v) => (v instanceof PyMarkup ? v : new PyMarkup(escapeHtml(pyStr(v))))),
  first: F([], (v) => { const items = iterated(v); return items.length ? items[0] : undefinedHint('No first item, sequence was empty.'); }),
  float: F([['default', new FloatValue(0)]], (v, d) => toFloat(v, d)),
  format: F(null, (v, args) => {
    if (v instanceof PyMarkup) throw new Unsupported('the view formats a safe (Markup) string, which escapes its arguments; Callboard does not render that');
    const [positional, keywords] = argsOf(args);
    if (positional.length && keywords.size) throw new PyError('FilterArgumentError', "can't handle positional and keyword arguments at the same time");
    return str(percentFormat(pyStr(v), keywords.size ? { value: keywords } : positional));
  }),
  indent: F([['width', new IntegerValue(4)], ['first', FALSE], ['blank', FALSE]], (v, w, f, b) => str(indent(asText(v, 'indent'), w, f, b))),
  int: F([['default', new IntegerValue(0)], ['base', new IntegerValue(10)]], (v, d, b) => toInt(v, d, b)),
  items: F([], (v) => {
    if (v instanceof UndefinedValue) return new PyIterator([], 'generator');
    if (!isDict(v)) throw new PyError('TypeError', 'Can only get item pairs from a mapping.');
    return new PyIterator([...v.value].map(([k, x]) => new PyTuple([str(k), x])), 'generator');
  }),
  join: F([['d', s0], ['attribute', NONE]], (v, d, a) => str(iterated(v).map(attrGetter(a)).map(pyStr).join(pyStr(d)))),
  // reversed() of a Markup reads it by index, and Markup's items are Markup.
  last: F([], (v) => { const items = reversedItems(v); return items.length ? sameKind(v, items[0]) : undefinedHint('No last item, sequence was empty.'); }),
  length: F([], (v) => new IntegerValue(pyLen(v))),
  list: F([], (v) => new ArrayValue(iterated(v).slice())),
  lower: F([], (v) => sameKind(v, str(pyStr(v).toLowerCase()))),
  max: F([['case_sensitive', FALSE], ['attribute', NONE]], (v, cs, a) => pick(iterated(v), attrGetter(a, truthy(cs) ? undefined : ignoreCase), true)),
  min: F([['case_sensitive', FALSE], ['attribute', NONE]], (v, cs, a) => pick(iterated(v), attrGetter(a, truthy(cs) ? undefined : ignoreCase), false)),
  replace: F([['old', undefined], ['new', undefined], ['count', NONE]], (v, o, n, c) => {
    const text = pyStr(v);
    const old = pyStr(o);
    const count = c instanceof NullValue ? -1 : numberOf(c);
    let out = text;
    if (count < 0) return str(old === '' ? Array.from(text).reduce((acc, ch) => acc + ch + pyStr(n), pyStr(n)) : text.split(old).join(pyStr(n)));
    for (let i = 0, from = 0; i < count; i++) {
      const at = out.indexOf(old, from);
      if (at < 0) break;
      out = out.slice(0, at) + pyStr(n) + out.slice(at + old.length);
      from = at + pyStr(n).length + (old === '' ? 1 : 0);
    }
    return str(out);
  }),
  reverse: F([], reverse),
  round: F([['precision', new IntegerValue(0)], ['method', str('common')]], (v, p, m) => {
    const method = pyStr(m);
    if (!['common', 'ceil', 'floor'].includes(method)) throw new PyError('FilterArgumentError', 'method must be common, ceil or floor');
    if (method === 'common') {
      if (v instanceof StrictUndefined) throw new PyError('TypeError', "type StrictUndefined doesn't define __round__ method");
      return pyRound(v, numberOf(p));
    }
    used(v);
    if (!isNumber(v)) throw new PyError('TypeError', `unsupported operand type(s) for *: '${typeName(v)}' and 'int'`);
    const scale = 10 ** numberOf(p);
    return new FloatValue((method === 'ceil' ? Math.ceil : Math.floor)(numberOf(v) * scale) / scale);
  }),
  safe: F([], (v) => new PyMarkup(pyStr(v))),
  select: F(null, (v, args) => selecting(v, args, false, true)),
  reject: F(null, (v, args) => selecting(v, args, false, false)),
  selectattr: F(null, (v, args) => selecting(v, args, true, true)),
  rejectattr: F(null, (v, args) => selecting(v, args, true, false)),
  sort: F([['reverse', FALSE], ['case_sensitive', FALSE], ['attribute', NONE]], (v, r, cs, a) => new ArrayValue(sorted(iterated(v), multiAttrGetter(a, truthy(cs) ? undefined : ignoreCase), truthy(r)))),
  string: F([], (v) => (v instanceof StringValue ? v : str(pyStr(v)))),
  sum: F([['attribute', NONE], ['start', new IntegerValue(0)]], (v, a, s) => sum(iterated(v).map(attrGetter(a)), s)),
  title: F([], (v) => str(title(pyStr(v)))),
  tojson: F([['indent', NONE]], (v, i) => new PyMarkup(toJson(v, i instanceof NullValue ? undefined : numberOf(i)).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026').replace(/'/g, '\\u0027'))),
  trim: F([['chars', NONE]], (v, c) => sameKind(v, str(stripped(pyStr(v), c instanceof NullValue ? undefined : pyStr(c))))),
  truncate: F([['length', new IntegerValue(255)], ['killwords', FALSE], ['end', str('...')], ['leeway', NONE]], (v, l, k, e, lw) => str(truncate(asText(v, 'truncate'), l, k, e, lw))),
  unique: F([['case_sensitive', FALSE], ['attribute', NONE]], (v, cs, a) => new PyIterator(unique(iterated(v), attrGetter(a, truthy(cs) ? undefined : ignoreCase)), 'generator')),
  upper: F([], (v) => sameKind(v, str(pyStr(v).toUpperCase()))),
  wordcount: F([], (v) => new IntegerValue((pyStr(v).match(/[\p{L}\p{N}_]+/gu) ?? []).length)),
  map: F(null, (v, args) => map(v, args, applyFilter)),
};
FILTERS.d = FILTERS.default;
FILTERS.e = FILTERS.escape;

// Jinja2's other filters: Callboard does not render them, and says so.
const NOT_RENDERED = new Set(['attr', 'batch', 'filesizeformat', 'forceescape', 'groupby', 'pprint', 'random', 'slice', 'striptags', 'urlencode', 'urlize', 'wordwrap', 'xmlattr']);

const UNDEFINED_TAKEN = new Set(['default', 'd', 'items', 'abs', 'tojson', 'round']);

export const FILTER_NAMES = new Set([...Object.keys(FILTERS), ...NOT_RENDERED]);

/** `value | name(args)`, as Jinja2 applies it. */
export function applyFilter(name, value, args) {
  if (NOT_RENDERED.has(name)) throw new Unsupported(`the view uses the filter ${name}, which Callboard does not render as Jinja2 does`);
  const filter = FILTERS[name];
  if (!filter) throw new PyError('TemplateRuntimeError', `No filter named '${name}' found.`);
  // default and items take an undefined as it is (isinstance, no use); everything else uses the value.
  if (value instanceof NeedValue && name !== 'default' && name !== 'd') value.fail();
  if (!UNDEFINED_TAKEN.has(name)) used(value);
  if (filter.params === null) return filter.run(value, args);
  return filter.run(value, ...bind(name, filter.params, args));
}
