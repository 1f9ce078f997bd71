// Python's number formatting for a Pinecall view (py-view.js): printf-style `%` formatting (what
// Jinja2's `format` filter and `"…" % x` do) and round(), both on the float's exact binary value,
// ties to even, as CPython does (JavaScript's toFixed rounds ties up and leaves fixed notation
// past 1e21). Guest code: runs in QuickJS.
import { BooleanValue, FloatValue, IntegerValue, StringValue } from '../../node_modules/@huggingface/jinja/src/runtime.ts';
import { isDict, isInt, isNumber, isTuple, numberOf, pyRepr, pyStr, PyError, typeName, used } from './py-values.js';

/** A finite double as an exact fraction: numerator / 2^shift. */
function exact(x) {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  const exponent = Number((bits >> 52n) & 0x7ffn);
  const fraction = bits & ((1n << 52n) - 1n);
  const mantissa = exponent === 0 ? fraction : fraction | (1n << 52n);
  const power = (exponent === 0 ? 1 : exponent) - 1075;
  return power >= 0 ? { num: mantissa << BigInt(power), shift: 0n } : { num: mantissa, shift: BigInt(-power) };
}

/** |x| × 10^digits, rounded to a whole number, ties to even (digits may be negative). */
function scaledRound(x, digits) {
  const { num, shift } = exact(Math.abs(x));
  let top = num;
  let bottom = 1n << shift;
  if (digits >= 0) top *= 10n ** BigInt(digits);
  else bottom *= 10n ** BigInt(-digits);
  const whole = top / bottom;
  const twice = 2n * (top % bottom);
  return twice > bottom || (twice === bottom && whole % 2n === 1n) ? whole + 1n : whole;
}

/** `%.{precision}f` of a finite float: exact, ties to even. */
export function fixed(x, precision) {
  const digits = scaledRound(x, precision).toString().padStart(precision + 1, '0');
  const body = precision ? `${digits.slice(0, -precision)}.${digits.slice(-precision)}` : digits;
  return (x < 0 || Object.is(x, -0) ? '-' : '') + body;
}

/** The digits and the exponent of `%.{precision}e` of a finite float. */
function scientificParts(x, precision) {
  if (x === 0) return { digits: '0'.repeat(precision + 1), exponent: 0 };
  let exponent = Math.floor(Math.log10(Math.abs(x)));
  let digits = scaledRound(x, precision - exponent).toString();
  // log10 may be off by one at a power of ten; rounding may carry into a new digit.
  if (digits.length > precision + 1) {
    exponent += 1;
    digits = scaledRound(x, precision - exponent).toString();
  } else if (digits.length < precision + 1) {
    exponent -= 1;
    digits = scaledRound(x, precision - exponent).toString();
  }
  return { digits, exponent };
}

function scientific(x, precision, upper, alternate) {
  const { digits, exponent } = scientificParts(x, precision);
  const mantissa = precision || alternate ? `${digits[0]}.${digits.slice(1)}` : digits[0];
  const e = `${upper ? 'E' : 'e'}${exponent < 0 ? '-' : '+'}${String(Math.abs(exponent)).padStart(2, '0')}`;
  return (x < 0 || Object.is(x, -0) ? '-' : '') + mantissa + e;
}

function general(x, precision, upper, alternate) {
  const p = precision === 0 ? 1 : precision;
  const exponent = x === 0 ? 0 : scientificParts(x, p - 1).exponent;
  let text = exponent >= -4 && exponent < p ? fixed(x, p - 1 - exponent) : scientific(x, p - 1, upper, alternate);
  if (!alternate) {
    const [mantissa, e = ''] = text.split(/(?=[eE])/);
    text = (mantissa.includes('.') ? mantissa.replace(/\.?0+$/, '') : mantissa) + e;
  }
  return text;
}

function nonFinite(x, upper) {
  const word = Number.isNaN(x) ? 'nan' : x > 0 ? 'inf' : '-inf';
  return upper ? word.toUpperCase() : word;
}

/** A float formatted by `%e`, `%f` or `%g` (and their capitals). */
function floatText(x, kind, precision, alternate) {
  const upper = kind === kind.toUpperCase();
  if (!Number.isFinite(x)) return nonFinite(x, upper);
  const lower = kind.toLowerCase();
  if (lower === 'f') return fixed(x, precision ?? 6);
  if (lower === 'e') return scientific(x, precision ?? 6, upper, alternate);
  return general(x, precision ?? 6, upper, alternate);
}

function intText(value, kind, alternate) {
  const n = BigInt(Math.trunc(value));
  const negative = n < 0n;
  const abs = negative ? -n : n;
  let digits;
  if (kind === 'x' || kind === 'X') digits = (alternate ? '0x' : '') + abs.toString(16);
  else if (kind === 'o') digits = (alternate ? '0o' : '') + abs.toString(8);
  else digits = abs.toString();
  if (kind === 'X') digits = digits.toUpperCase();
  return { negative, digits };
}

const SPEC = /%(?:\(([^)]*)\))?([-+ #0]*)(\*|\d+)?(?:\.(\*|\d+))?[hlL]?(.)?/gs;

/**
 * `format % args` as Python's str does: `args` a list of values (a tuple's), or a dict for
 * `%(name)s`; `lenient` when the right side was one list or dict (Python then leaves nothing unconverted).
 */
export function percentFormat(format, args, lenient = false) {
  const positional = Array.isArray(args) ? args : undefined;
  let next = 0;
  const take = () => {
    if (!positional || next >= positional.length) throw new PyError('TypeError', positional ? 'not enough arguments for format string' : 'format requires a mapping');
    return positional[next++];
  };
  const out = format.replace(SPEC, (all, key, flags, width, precision, kind) => {
    if (kind === undefined) throw new PyError('ValueError', 'incomplete format');
    if (kind === '%' && key === undefined && !flags && width === undefined && precision === undefined) return '%';
    let value;
    if (key !== undefined) {
      if (positional) throw new PyError('TypeError', 'format requires a mapping');
      if (!args.value.has(key)) throw new PyError('KeyError', `'${key}'`);
      value = args.value.get(key);
    }
    const w = width === '*' ? numberOf(take()) : width === undefined ? undefined : Number(width);
    const p = precision === '*' ? numberOf(take()) : precision === undefined ? undefined : Number(precision);
    if (key === undefined) value = positional ? take() : args;
    return field(value, kind, flags, w, p);
  });
  if (positional && next < positional.length && !lenient) throw new PyError('TypeError', 'not all arguments converted during string formatting');
  return out;
}

function field(value, kind, flags, width, precision) {
  const left = flags.includes('-');
  const plus = flags.includes('+');
  const space = flags.includes(' ');
  const alternate = flags.includes('#');
  const zero = flags.includes('0') && !left;
  const pad = (text, numeric) => {
    if (width === undefined || text.length >= width) return text;
    if (left) return text.padEnd(width, ' ');
    if (zero && numeric) {
      const sign = /^[-+ ]/.test(text) ? text[0] : '';
      const prefix = /^[-+ ]?0[xXo]/.test(text) ? text.slice(sign.length, sign.length + 2) : '';
      const body = text.slice(sign.length + prefix.length);
      return sign + prefix + body.padStart(width - sign.length - prefix.length, '0');
    }
    return text.padStart(width, ' ');
  };
  const signed = (negative, body) => (negative ? '-' : plus ? '+' : space ? ' ' : '') + body;
  used(value);
  switch (kind) {
    case 's': case 'r': case 'a': {
      let text = kind === 's' ? pyStr(value) : pyRepr(value);
      // eslint-disable-next-line no-control-regex -- ascii(): everything past \x7f is escaped
      if (kind === 'a') text = text.replace(/[^\x00-\x7f]/gu, (c) => { const n = c.codePointAt(0); return n < 0x100 ? `\\x${n.toString(16).padStart(2, '0')}` : n < 0x10000 ? `\\u${n.toString(16).padStart(4, '0')}` : `\\U${n.toString(16).padStart(8, '0')}`; });
      return pad(precision === undefined ? text : Array.from(text).slice(0, precision).join(''), false);
    }
    case 'd': case 'i': case 'u': {
      if (!isNumber(value)) throw new PyError('TypeError', `%${kind} format: a real number is required, not ${typeName(value)}`);
      const { negative, digits } = intText(numberOf(value), 'd', false);
      return pad(signed(negative, precision === undefined ? digits : digits.padStart(precision, '0')), true);
    }
    case 'x': case 'X': case 'o': {
      if (!isInt(value)) throw new PyError('TypeError', `%${kind} format: an integer is required, not ${typeName(value)}`);
      const { negative, digits } = intText(numberOf(value), kind, alternate);
      return pad(signed(negative, digits), true);
    }
    case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': {
      if (!isNumber(value)) throw new PyError('TypeError', `must be real number, not ${typeName(value)}`);
      const x = numberOf(value);
      const text = floatText(x, kind, precision, alternate);
      return pad(signed(text.startsWith('-'), text.replace(/^-/, '')), Number.isFinite(x));
    }
    case 'c': {
      if (value instanceof StringValue && Array.from(value.value).length === 1) return pad(value.value, false);
      if (isInt(value)) return pad(String.fromCodePoint(numberOf(value)), false);
      throw new PyError('TypeError', '%c requires int or char');
    }
    default:
      throw new PyError('ValueError', `unsupported format character '${kind}' (0x${kind.codePointAt(0).toString(16)})`);
  }
}

/** The right side of `format % x` as Python takes it: a tuple's items, a dict as the mapping, anything else alone. */
export const formatArgs = (value) => (isTuple(value) ? value.value : isDict(value) ? value : [value]);

/** Python's round(x, digits): an int stays an int (rounded to tens for negative digits), a float rounds exactly, ties to even. */
export function pyRound(value, digits) {
  used(value);
  if (value instanceof IntegerValue || value instanceof BooleanValue) {
    const n = numberOf(value);
    if (digits >= 0) return new IntegerValue(n);
    const unit = 10 ** -digits;
    const rounded = Number(scaledRound(n, digits)) * unit * Math.sign(n);
    return new IntegerValue(rounded === 0 ? 0 : rounded);
  }
  if (!(value instanceof FloatValue)) throw new PyError('TypeError', `type ${typeName(value)} doesn't define __round__ method`);
  const x = value.value;
  if (!Number.isFinite(x)) return value;
  const n = scaledRound(x, digits);
  const magnitude = digits >= 0 ? Number(`${n}e-${digits}`) : Number(`${n}e${-digits}`);
  return new FloatValue(x < 0 || Object.is(x, -0) ? -magnitude : magnitude);
}
