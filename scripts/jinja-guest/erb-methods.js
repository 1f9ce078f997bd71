// Ruby's meaning of the methods and operators a Pinecall view may use (erb-view.js calls these),
// each as Ruby 3.1 answers it, its exceptions in Ruby's words; a method outside the subset is
// refused by name, never answered another way. Guest code: runs in QuickJS, and only data crosses.
import {
  className, compare, equal, inspect, isFloat, isNumber, lookup, noMethod, numberOf, Reading, RHash, RSym, rubyNumber, RubyError, toS, truthy, Unsupported,
} from './erb-values.js';

const special = (v) => v === null || v === true || v === false || v instanceof RSym || isNumber(v);
/** rb_convert_type's words: `no implicit conversion of nil into String`. */
const conversion = (v, into) => new RubyError('TypeError', `no implicit conversion of ${v === null ? 'nil' : v === true ? 'true' : v === false ? 'false' : className(v)} into ${into}`);
/** Numeric#coerce's words: `String can't be coerced into Integer`, `nil can't be coerced into Integer`. */
const coercion = (v, into) => new RubyError('TypeError', `${special(v) ? inspect(v) : className(v)} can't be coerced into ${into}`);

function integral(n) {
  if (Number.isInteger(n) && !Number.isSafeInteger(n)) throw new Unsupported('an Integer past 2**53 (Ruby keeps it exact; JavaScript does not)');
  return n;
}

function arithmetic(op, a, b) {
  const x = numberOf(a);
  if (!isNumber(b)) throw coercion(b, className(a));
  const y = numberOf(b);
  const float = isFloat(a) || isFloat(b);
  const out = op === '+' ? x + y : op === '-' ? x - y : x * y;
  return float ? rubyNumber(out, true) : integral(out);
}

function repeated(length, count, maxChars) {
  if (!Number.isInteger(count) || isFloat(count)) throw new Unsupported('repeating by a Float');
  if (count < 0) throw new RubyError('ArgumentError', 'negative argument');
  if (length * count > maxChars) throw new RangeError('__output_cap__');
  return count;
}

/** `a op b` for +, -, *, ==, !=, <, >, <=, >=. */
export function binary(op, a, b, maxChars) {
  if (op === '==') return equal(a, b);
  if (op === '!=') return !equal(a, b);
  if (op === '<' || op === '>' || op === '<=' || op === '>=') {
    if (a instanceof RHash || a instanceof Reading) throw new Unsupported(`${op} on a ${className(a)}`);
    if (Array.isArray(a) || a === null || a === true || a === false || a instanceof RSym) {
      if (a instanceof RSym) throw new Unsupported(`${op} on a Symbol`);
      throw noMethod(op, a);
    }
    const c = compare(a, b, op);
    return op === '<' ? c < 0 : op === '>' ? c > 0 : op === '<=' ? c <= 0 : c >= 0;
  }
  if (isNumber(a)) return arithmetic(op, a, b);
  if (typeof a === 'string') {
    if (op === '+') {
      if (typeof b !== 'string') throw conversion(b, 'String');
      if (a.length + b.length > maxChars) throw new RangeError('__output_cap__');
      return a + b;
    }
    if (op === '*') {
      if (!isNumber(b)) throw conversion(b, 'Integer');
      return a.repeat(repeated(a.length, numberOf(b), maxChars));
    }
    throw noMethod(op, a);
  }
  if (Array.isArray(a)) {
    if (op === '+') {
      if (!Array.isArray(b)) throw conversion(b, 'Array');
      return a.concat(b);
    }
    if (op === '*' && isNumber(b)) {
      const n = repeated(a.length, numberOf(b), maxChars);
      return Array.from({ length: n }, () => a).flat();
    }
    throw new Unsupported(`Array ${op} ${className(b)}`);
  }
  if (a instanceof RHash || a instanceof Reading) throw new Unsupported(`${op} on a ${className(a)}`);
  throw noMethod(op, a);
}

export function negate(v) {
  if (isNumber(v)) return isFloat(v) ? rubyNumber(-numberOf(v), true) : -v;
  throw noMethod('-@', v);
}

const ASCII_SPACE = /^[\t\n\v\f\r ]+|[\t\n\v\f\r \0]+$/g;
/** String#strip: ASCII white space off both ends (and NULs at the end). */
export const strip = (s) => s.replace(ASCII_SPACE, '');

/** Array#join: nested arrays joined with the same separator, everything else by to_s. */
export function join(items, sep, maxChars) {
  const out = items.map((item) => (Array.isArray(item) ? join(item, sep, maxChars) : toS(item))).join(sep);
  if (out.length > maxChars) throw new RangeError('__output_cap__');
  return out;
}

/** Kernel#Array. */
export const arrayOf = (v) => (v === null ? [] : Array.isArray(v) ? v : v instanceof RHash ? v.pairs.map(([k, x]) => [k, x]) : [v]);

const TITLECASED = /^[\u01c4-\u01cc\u01f1-\u01f3]/;

function arity(name, args, min, max) {
  const n = args ? args.length : 0;
  if (n < min || n > max) throw new RubyError('ArgumentError', `wrong number of arguments (given ${n}, expected ${min === max ? min : max === Infinity ? `${min}+` : `${min}..${max}`})`);
}

function count(v) {
  if (!isNumber(v) || isFloat(v)) {
    if (isNumber(v)) throw new Unsupported('a Float as a count');
    throw conversion(v, 'Integer');
  }
  return numberOf(v);
}

/** `recv[key]`. */
export function index(recv, key) {
  if (Array.isArray(recv)) {
    if (!isNumber(key)) throw key === null ? new RubyError('TypeError', 'no implicit conversion from nil to integer') : conversion(key, 'Integer');
    if (isFloat(key)) throw new Unsupported('an Array indexed by a Float');
    const i = key < 0 ? recv.length + key : key;
    return i >= 0 && i < recv.length ? recv[i] : null;
  }
  if (recv instanceof RHash) {
    if (recv.fromState && typeof key === 'string') {
      throw new Unsupported(`x[${inspect(key)}] on a hash from the state: Callboard holds its keys as the symbols a class writes ({ id: … }), and cannot say whether Ruby holds text keys there`);
    }
    return lookup(recv, key).value;
  }
  if (recv instanceof Reading) {
    if (typeof key !== 'string' && !(key instanceof RSym)) throw new Unsupported(`state[${inspect(key)}]`);
    return recv.scope.field(typeof key === 'string' ? key : key.name, true);
  }
  if (typeof recv === 'string' || recv instanceof RSym) {
    const text = Array.from(typeof recv === 'string' ? recv : recv.name);
    if (isNumber(key) && !isFloat(key)) {
      const i = key < 0 ? text.length + key : key;
      return i >= 0 && i < text.length ? text[i] : null;
    }
    if (typeof key === 'string') return (typeof recv === 'string' ? recv : recv.name).includes(key) ? key : null;
    throw new Unsupported(`a ${className(recv)} indexed by a ${className(key)}`);
  }
  if (recv === null || recv === true || recv === false) throw noMethod('[]', recv);
  throw new Unsupported(`[] on a ${className(recv)}`);
}

/** `recv.name(args)` (args null: no parentheses). */
export function callMethod(recv, name, args, scope, maxChars) {
  if (recv instanceof Reading) return scope.readingMethod(name, args);
  const list = args ?? [];
  const kind = className(recv);
  switch (name) {
    case 'nil?':
      arity(name, list, 0, 0);
      return recv === null;
    case 'to_s':
      arity(name, list, 0, 0);
      return toS(recv);
    case 'inspect':
      arity(name, list, 0, 0);
      return inspect(recv);
    case 'any?':
      if (list.length) throw new Unsupported('any? with an argument');
      if (Array.isArray(recv)) return recv.some(truthy);
      if (recv instanceof RHash) return recv.pairs.length > 0;
      break;
    case 'empty?':
      arity(name, list, 0, 0);
      if (typeof recv === 'string') return recv.length === 0;
      if (recv instanceof RSym) return recv.name.length === 0;
      if (Array.isArray(recv)) return recv.length === 0;
      if (recv instanceof RHash) return recv.pairs.length === 0;
      break;
    case 'size': case 'length':
      arity(name, list, 0, 0);
      if (typeof recv === 'string') return Array.from(recv).length;
      if (recv instanceof RSym) return Array.from(recv.name).length;
      if (Array.isArray(recv)) return recv.length;
      if (recv instanceof RHash) return recv.pairs.length;
      if (name === 'size' && isNumber(recv) && !isFloat(recv)) return 8;
      break;
    case 'count':
      if (Array.isArray(recv)) {
        arity(name, list, 0, 1);
        return list.length ? recv.filter((x) => equal(x, list[0])).length : recv.length;
      }
      if (recv instanceof RHash) {
        if (list.length) throw new Unsupported('Hash#count with an argument');
        return recv.pairs.length;
      }
      if (typeof recv === 'string') {
        arity(name, list, 1, Infinity);
        throw new Unsupported('String#count (it counts characters of a set)');
      }
      break;
    case 'first': case 'last': {
      const items = Array.isArray(recv) ? recv : recv instanceof RHash && name === 'first' ? recv.pairs.map(([k, v]) => [k, v]) : undefined;
      if (!items) break;
      arity(name, list, 0, 1);
      if (!list.length) return (name === 'first' ? items[0] : items[items.length - 1]) ?? null;
      const n = count(list[0]);
      if (n < 0) throw new RubyError('ArgumentError', 'negative array size');
      return name === 'first' ? items.slice(0, n) : items.slice(Math.max(0, items.length - n));
    }
    case 'join':
      if (!Array.isArray(recv)) break;
      arity(name, list, 0, 1);
      if (list.length && list[0] !== null && typeof list[0] !== 'string') throw conversion(list[0], 'String');
      return join(recv, list.length && list[0] !== null ? list[0] : '', maxChars);
    case 'upcase': case 'downcase': case 'capitalize': {
      if (typeof recv !== 'string' && !(recv instanceof RSym)) break;
      if (list.length) throw new Unsupported(`${name} with options`);
      const text = typeof recv === 'string' ? recv : recv.name;
      let out;
      if (name === 'upcase') out = text.toUpperCase();
      else if (name === 'downcase') out = text.toLowerCase();
      else {
        if (TITLECASED.test(text)) throw new Unsupported('capitalize of a letter with a title case of its own');
        const [head = '', ...tail] = Array.from(text);
        out = head.toUpperCase() + tail.join('').toLowerCase();
      }
      return typeof recv === 'string' ? out : new RSym(out);
    }
    case 'include?':
      arity(name, list, 1, 1);
      if (typeof recv === 'string') {
        if (typeof list[0] !== 'string') throw conversion(list[0], 'String');
        return recv.includes(list[0]);
      }
      if (Array.isArray(recv)) return recv.some((x) => equal(x, list[0]));
      if (recv instanceof RHash) {
        if (recv.fromState && typeof list[0] === 'string') throw new Unsupported('include? of a text key on a hash from the state (its keys are held as symbols)');
        return lookup(recv, list[0]).found;
      }
      break;
    case 'each': case 'each_with_index':
      throw new Unsupported(`.${name} outside a do … end block`);
    default:
      throw new Unsupported(`the method .${name}`);
  }
  if (recv === null || recv === true || recv === false || isNumber(recv) || typeof recv === 'string' || recv instanceof RSym || Array.isArray(recv) || recv instanceof RHash) {
    throw noMethod(name, recv);
  }
  throw new Unsupported(`.${name} on a ${kind}`);
}

/** Ruby's exact rounding of `x` to `digits` places (ties to even, as Ruby's own printf), for `%.Nf`. */
function fixed(x, digits) {
  if (!Number.isFinite(x) || Math.abs(x) >= 1e21 || digits > 40) throw new Unsupported('%f of a number this large, or to this many places');
  const plain = x.toFixed(digits);
  const exact = Math.abs(x).toFixed(Math.min(100, digits + 60));
  const tail = exact.slice(exact.indexOf('.') + 1 + digits);
  if (!/^50*$/.test(tail)) return plain;
  // An exact tie: JavaScript rounds it away from zero; Ruby to the even digit.
  const k = Math.floor(Math.abs(x) * 10 ** digits);
  const chosen = k % 2 === 0 ? k : k + 1;
  return (x < 0 ? '-' : '') + (chosen / 10 ** digits).toFixed(digits);
}

/** Kernel#format for `%s`, `%d`, `%f`, `%.Nf` (a width and `-` allowed) and `%%`; any other directive is refused. */
export function format(args) {
  if (!args.length) throw new RubyError('ArgumentError', 'too few arguments');
  const [fmt, ...values] = args;
  if (typeof fmt !== 'string') throw conversion(fmt, 'String');
  let next = 0;
  const out = fmt.replace(/%(?:(%)|(-)?(\d+)?(?:\.(\d+))?([a-zA-Z])?)/g, (whole, percent, left, width, precision, type) => {
    if (percent) return '%';
    if (!type || !'sdf'.includes(type) || (precision !== undefined && type === 'd')) throw new Unsupported(`the format directive ${whole}`);
    if (next >= values.length) throw new RubyError('ArgumentError', 'too few arguments');
    const value = values[next++];
    let text;
    if (type === 's') text = precision !== undefined ? Array.from(toS(value)).slice(0, Number(precision)).join('') : toS(value);
    else if (type === 'd') {
      if (value === null) throw new RubyError('TypeError', "can't convert nil into Integer");
      if (!isNumber(value) || isFloat(value)) throw new Unsupported(`%d of a ${className(value)}`);
      text = String(value);
    } else {
      if (value === null) throw new RubyError('TypeError', "can't convert nil into Float");
      if (!isNumber(value)) throw new Unsupported(`%f of a ${className(value)}`);
      text = fixed(numberOf(value), precision === undefined ? 6 : Number(precision));
    }
    const pad = Math.max(0, Number(width ?? 0) - Array.from(text).length);
    return left ? text + ' '.repeat(pad) : ' '.repeat(pad) + text;
  });
  return out;
}

