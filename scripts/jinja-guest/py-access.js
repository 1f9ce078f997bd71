// `x.name` and `x[key]` as Jinja2 looks them up (Environment.getattr / getitem): Python's attribute
// first for a dot (a dict's `items` is its method), the item first for a subscript, and an
// undefined that names what was missing otherwise. The methods of str, dict and list a view may
// call, as Python answers them; a real method Callboard does not run is said, not guessed.
// Guest code: runs in QuickJS.
import { ArrayValue, BooleanValue, FunctionValue, IntegerValue, KeywordArgumentsValue, NamespaceValue, NullValue, ObjectValue, StringValue } from '../../node_modules/@huggingface/jinja/src/runtime.ts';
import {
  isDict, isInt, isList, isTuple, numberOf, objectTypeRepr, pyEq, PyError, PyIterator, PyObject, PyTuple, pyRepr, pyStr, StrictUndefined, stringRepr, typeName, Unsupported, used,
} from './py-values.js';

export { PyIterator };

/** Python's whitespace (str.isspace), which JavaScript's \s is not. */
export const PY_SPACE = '\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const SPACE_RUN = new RegExp(`[${PY_SPACE}]+`, 'g');
const escapeClass = (chars) => chars.replace(/[\\\]^-]/g, '\\$&');

/** str.strip / lstrip / rstrip. */
export function stripped(text, chars, ends = 'both') {
  const set = chars === undefined ? `[${PY_SPACE}]` : `[${escapeClass(chars)}]`;
  let out = text;
  if (chars === '') return out;
  if (ends !== 'right') out = out.replace(new RegExp(`^${set}+`, 'u'), '');
  if (ends !== 'left') out = out.replace(new RegExp(`${set}+$`, 'u'), '');
  return out;
}

// Python's line boundaries (str.splitlines), control characters among them.
// eslint-disable-next-line no-control-regex -- \x1c-\x1e are line boundaries to Python
const LINE_BOUNDARY = /\r\n|[\n\r\v\f\x1c-\x1e\x85\u2028\u2029]/;

/** str.splitlines(): no empty last line for a text that ends with a line break. */
export const splitLines = (s) => s.split(LINE_BOUNDARY).filter((line, i, all) => i < all.length - 1 || line !== '');

const isCased = (ch) => ch.toLowerCase() !== ch.toUpperCase();

/** str.title: a cased character after a cased one is lower, else upper. */
export function strTitle(text) {
  let previous = false;
  let out = '';
  for (const ch of text) {
    out += previous ? ch.toLowerCase() : ch.toUpperCase();
    previous = isCased(ch);
  }
  return out;
}

/** str.capitalize: the first character upper, the rest lower. */
export function strCapitalize(text) {
  const [first = '', ...rest] = Array.from(text);
  return first.toUpperCase() + rest.join('').toLowerCase();
}

/** str.split(sep=None, maxsplit=-1). */
export function strSplit(text, sep, maxsplit = -1) {
  if (sep === undefined) {
    const words = [];
    let rest = stripped(text, undefined, 'left');
    while (rest) {
      if (maxsplit >= 0 && words.length === maxsplit) {
        words.push(rest);
        break;
      }
      SPACE_RUN.lastIndex = 0;
      const found = SPACE_RUN.exec(rest);
      if (!found) {
        words.push(rest);
        break;
      }
      words.push(rest.slice(0, found.index));
      rest = rest.slice(found.index + found[0].length);
    }
    return words;
  }
  if (sep === '') throw new PyError('ValueError', 'empty separator');
  const parts = text.split(sep);
  return maxsplit < 0 || parts.length <= maxsplit + 1 ? parts : [...parts.slice(0, maxsplit), parts.slice(maxsplit).join(sep)];
}

/** Positional arguments and keyword arguments of a call, as the interpreter passes them. */
export function argsOf(args) {
  const last = args[args.length - 1];
  return last instanceof KeywordArgumentsValue ? [args.slice(0, -1), last.value] : [args, new Map()];
}

/** A call's arguments by a Python signature: `params` [[name, default]…]; `undefined` a required one left out. */
export function bind(name, params, args) {
  const [positional, keywords] = argsOf(args);
  if (positional.length > params.length) throw new PyError('TypeError', `${name}() takes at most ${params.length} argument${params.length === 1 ? '' : 's'} (${positional.length} given)`);
  const out = params.map(([, d]) => d);
  positional.forEach((value, i) => (out[i] = value));
  for (const [key, value] of keywords) {
    const at = params.findIndex(([n]) => n === key);
    if (at < 0) throw new PyError('TypeError', `${name}() got an unexpected keyword argument '${key}'`);
    out[at] = value;
  }
  out.forEach((value, i) => {
    if (value === undefined) throw new PyError('TypeError', `${name}() missing required argument '${params[i][0]}'`);
  });
  return out;
}

const text = (v, what) => {
  used(v);
  if (!(v instanceof StringValue)) throw new PyError('TypeError', `${what} must be str, not ${typeName(v)}`);
  return v.value;
};
const optionalText = (v, what) => (v === undefined || v instanceof NullValue ? undefined : text(v, what));
const int = (v, what) => {
  used(v);
  if (!isInt(v)) throw new PyError('TypeError', `'${typeName(v)}' object cannot be interpreted as an integer (${what})`);
  return numberOf(v);
};
const str = (s) => new StringValue(s);
const strings = (list) => new ArrayValue(list.map(str));

const method = (name, run) => Object.assign(new FunctionValue((args) => run(args)), { pyName: name });

const STR_METHODS = {
  upper: () => (s) => str(s.toUpperCase()),
  lower: () => (s) => str(s.toLowerCase()),
  casefold: () => (s) => str(s.toUpperCase().toLowerCase()),
  title: () => (s) => str(strTitle(s)),
  capitalize: () => (s) => str(strCapitalize(s)),
  swapcase: () => (s) => str(Array.from(s, (c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join('')),
  strip: (args) => (s) => str(stripped(s, optionalText(bind('strip', [['chars', null]], args)[0], 'chars'))),
  lstrip: (args) => (s) => str(stripped(s, optionalText(bind('lstrip', [['chars', null]], args)[0], 'chars'), 'left')),
  rstrip: (args) => (s) => str(stripped(s, optionalText(bind('rstrip', [['chars', null]], args)[0], 'chars'), 'right')),
  startswith: (args) => (s) => new BooleanValue(affixes(bind('startswith', [['prefix', undefined]], args)[0], 'startswith').some((p) => s.startsWith(p))),
  endswith: (args) => (s) => new BooleanValue(affixes(bind('endswith', [['suffix', undefined]], args)[0], 'endswith').some((p) => s.endsWith(p))),
  replace: (args) => (s) => {
    const [old, replacement, count] = bind('replace', [['old', undefined], ['new', undefined], ['count', new IntegerValue(-1)]], args);
    return str(replaced(s, text(old, 'replace() argument 1'), text(replacement, 'replace() argument 2'), int(count, 'count')));
  },
  split: (args) => (s) => {
    const [sep, maxsplit] = bind('split', [['sep', new NullValue()], ['maxsplit', new IntegerValue(-1)]], args);
    return strings(strSplit(s, optionalText(sep, 'sep'), int(maxsplit, 'maxsplit')));
  },
  splitlines: () => (s) => strings(splitLines(s)),
  join: (args) => (s) => str(bind('join', [['iterable', undefined]], args)[0].value.map((item, i) => text(item, `sequence item ${i}: expected str instance,`)).join(s)),
  count: (args) => (s) => {
    const sub = text(bind('count', [['sub', undefined]], args)[0], 'count() argument');
    return new IntegerValue(sub === '' ? Array.from(s).length + 1 : s.split(sub).length - 1);
  },
  find: (args) => (s) => new IntegerValue(codePointIndex(s, s.indexOf(text(bind('find', [['sub', undefined]], args)[0], 'find() argument')))),
  zfill: (args) => (s) => {
    const width = int(bind('zfill', [['width', undefined]], args)[0], 'width');
    const sign = /^[-+]/.test(s) ? s[0] : '';
    return str(sign + s.slice(sign.length).padStart(width - sign.length, '0'));
  },
  center: (args) => (s) => str(centered(s, ...widthFill('center', args))),
  ljust: (args) => (s) => str(s.padEnd(...widthFill('ljust', args))),
  rjust: (args) => (s) => str(s.padStart(...widthFill('rjust', args))),
  isdigit: () => (s) => new BooleanValue(/^\p{Nd}+$/u.test(s)),
  isalpha: () => (s) => new BooleanValue(/^\p{L}+$/u.test(s)),
  isalnum: () => (s) => new BooleanValue(/^[\p{L}\p{Nd}]+$/u.test(s)),
  isspace: () => (s) => new BooleanValue(s.length > 0 && new RegExp(`^[${PY_SPACE}]+$`, 'u').test(s)),
  islower: () => (s) => new BooleanValue(Array.from(s).some(isCased) && s === s.toLowerCase()),
  isupper: () => (s) => new BooleanValue(Array.from(s).some(isCased) && s === s.toUpperCase()),
};

function affixes(value, what) {
  if (isTuple(value)) return value.value.map((v) => text(v, `tuple for ${what} must only contain str, not`));
  return [text(value, `${what} first arg`)];
}

function replaced(s, old, replacement, count) {
  if (count < 0) return old === '' ? Array.from(s).reduce((out, c) => out + c + replacement, replacement) : s.split(old).join(replacement);
  let out = s;
  let done = 0;
  let from = 0;
  while (done < count) {
    const at = out.indexOf(old, from);
    if (at < 0) break;
    out = out.slice(0, at) + replacement + out.slice(at + old.length);
    from = at + replacement.length + (old === '' ? 1 : 0);
    done += 1;
  }
  return out;
}

const codePointIndex = (s, unitIndex) => (unitIndex < 0 ? -1 : Array.from(s.slice(0, unitIndex)).length);

function widthFill(name, args) {
  const [width, fill] = bind(name, [['width', undefined], ['fillchar', str(' ')]], args);
  const f = text(fill, 'fill character');
  if (Array.from(f).length !== 1) throw new PyError('TypeError', 'The fill character must be exactly one character long');
  return [int(width, 'width'), f];
}

/** str.center: Python puts the odd space on the right when the text's length is even… and on the left when it is odd. */
export function centered(s, width, fill = ' ') {
  const length = Array.from(s).length;
  if (width <= length) return s;
  const total = width - length;
  const left = Math.floor(total / 2) + (total & width & 1);
  return fill.repeat(left) + s + fill.repeat(total - left);
}

const DICT_METHODS = {
  get: (args) => (d) => {
    const [key, fallback] = bind('get', [['key', undefined], ['default', new NullValue()]], args);
    return key instanceof StringValue && d.value.has(key.value) ? d.value.get(key.value) : fallback;
  },
  items: () => (d) => new PyIterator([...d.value].map(([k, v]) => new PyTuple([str(k), v])), 'dict_items', { sized: true }),
  keys: () => (d) => new PyIterator([...d.value.keys()].map(str), 'dict_keys', { sized: true }),
  values: () => (d) => new PyIterator([...d.value.values()], 'dict_values', { sized: true }),
};

const LIST_METHODS = {
  index: (args) => (l) => {
    const [wanted] = bind('index', [['value', undefined]], args);
    const at = l.value.findIndex((item) => pyEq(item, wanted));
    if (at < 0) throw new PyError('ValueError', `${pyStr(wanted)} is not in list`);
    return new IntegerValue(at);
  },
  count: (args) => (l) => new IntegerValue(l.value.filter((item) => pyEq(item, bind('count', [['value', undefined]], args)[0])).length),
};

// Every public method Python's str, dict and list have: one Callboard does not run is said, not taken for a missing attribute.
const PYTHON_METHODS = {
  str: 'capitalize casefold center count encode endswith expandtabs find format format_map index isalnum isalpha isascii isdecimal isdigit isidentifier islower isnumeric isprintable isspace istitle isupper join ljust lower lstrip maketrans partition removeprefix removesuffix replace rfind rindex rjust rpartition rsplit rstrip split splitlines startswith strip swapcase title translate upper zfill',
  dict: 'clear copy fromkeys get items keys pop popitem setdefault update values',
  list: 'append clear copy count extend index insert pop remove reverse sort',
};

function methodOf(obj, name) {
  const kind = obj instanceof StringValue ? 'str' : isDict(obj) && !isLoop(obj) ? 'dict' : isList(obj) && !isTuple(obj) && !(obj instanceof PyIterator) ? 'list' : undefined;
  if (!kind || !PYTHON_METHODS[kind].split(' ').includes(name)) return undefined;
  const table = kind === 'str' ? STR_METHODS : kind === 'dict' ? DICT_METHODS : LIST_METHODS;
  const run = Object.hasOwn(table, name) ? table[name] : undefined;
  return method(`${kind}.${name}`, (args) => {
    if (!run) throw new Unsupported(`the view calls ${kind}.${name}(), which Callboard does not run as Python does`);
    return run(args)(kind === 'str' ? obj.value : obj);
  });
}

/** The interpreter's `loop` (a dict of its own): Jinja2's is a LoopContext. */
const isLoop = (obj) => isDict(obj) && obj.value.has('index0') && obj.value.has('revindex0') && obj.value.has('previtem');
const LOOP_UNSUPPORTED = new Set(['cycle', 'depth', 'depth0', 'changed']);

function loopAttribute(obj, name) {
  if (LOOP_UNSUPPORTED.has(name)) throw new Unsupported(`the view uses loop.${name}, which Callboard does not render as Jinja2 does`);
  const value = obj.value.get(name);
  if (name === 'previtem' && value.type === 'UndefinedValue') return new StrictUndefined('there is no previous item');
  if (name === 'nextitem' && value.type === 'UndefinedValue') return new StrictUndefined('there is no next item');
  return value ?? new StrictUndefined(`'jinja2.runtime.LoopContext object' has no attribute ${stringRepr(name)}`);
}

const missing = (obj, name) => new StrictUndefined(`${stringRepr(objectTypeRepr(obj))} has no attribute ${stringRepr(name)}`);

/** `obj.name`: Python's attribute, else the item, else an undefined saying which attribute was missing. */
export function getattr(obj, name) {
  used(obj);
  if (isLoop(obj)) return loopAttribute(obj, name);
  const found = methodOf(obj, name);
  if (found) return found;
  if ((obj instanceof ObjectValue || obj instanceof NamespaceValue) && obj.value.has(name)) return obj.value.get(name);
  return missing(obj, name);
}

/** `obj[key]`: the item, else (for a string key) the attribute, else an undefined saying which element was missing. */
export function getitem(obj, key) {
  used(obj);
  used(key);
  if (isLoop(obj)) return key instanceof StringValue ? loopAttribute(obj, key.value) : new StrictUndefined(`jinja2.runtime.LoopContext object has no element ${pyStr(key)}`);
  if (isDict(obj) && key instanceof StringValue && obj.value.has(key.value)) return obj.value.get(key.value);
  if ((obj instanceof StringValue || (isList(obj) && !(obj instanceof PyIterator))) && isInt(key)) {
    const items = obj instanceof StringValue ? Array.from(obj.value, str) : obj.value;
    const at = numberOf(key) < 0 ? items.length + numberOf(key) : numberOf(key);
    if (at >= 0 && at < items.length) return items[at];
  }
  if (key instanceof StringValue) {
    const found = obj instanceof PyObject || obj instanceof NamespaceValue ? (obj.value.has(key.value) ? obj.value.get(key.value) : undefined) : methodOf(obj, key.value);
    return found ?? missing(obj, key.value);
  }
  return new StrictUndefined(`${objectTypeRepr(obj)} has no element ${pyRepr(key)}`);
}
