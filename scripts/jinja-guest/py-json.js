// json.dumps as Jinja2's `tojson` calls it (sort_keys=True; ensure_ascii; ", " and ": " apart, or
// "," at line ends with an indent), for a Pinecall view (py-filters.js). Guest code: runs in QuickJS.
import { ArrayValue, BooleanValue, FloatValue, IntegerValue, NullValue, ObjectValue, StringValue } from '../../node_modules/@huggingface/jinja/src/runtime.ts';
import { PyIterator } from './py-access.js';
import { floatRepr, isDict, PyError, PyObject, pyStr, StrictUndefined, typeName, used } from './py-values.js';

/** A JSON string as json.dumps writes it with ensure_ascii: every character past `~` escaped. */
function jsonString(s) {
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    const code = s.charCodeAt(i);
    if (ch === '"' || ch === '\\') out += `\\${ch}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (ch === '\b') out += '\\b';
    else if (ch === '\f') out += '\\f';
    else if (code < 0x20 || code > 0x7e) out += `\\u${code.toString(16).padStart(4, '0')}`;
    else out += ch;
  }
  return `${out}"`;
}

/** Python's order of dict keys under sort_keys: by code point. */
const byCodePoint = (a, b) => {
  const x = Array.from(a, (c) => c.codePointAt(0));
  const y = Array.from(b, (c) => c.codePointAt(0));
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i] - y[i];
  return x.length - y.length;
};

export function toJson(value, indent, depth = 0) {
  if (value instanceof StrictUndefined) throw new PyError('TypeError', 'Object of type StrictUndefined is not JSON serializable');
  used(value);
  const newline = indent === undefined ? '' : `\n${' '.repeat(indent * (depth + 1))}`;
  const closing = indent === undefined ? '' : `\n${' '.repeat(indent * depth)}`;
  const comma = indent === undefined ? ', ' : ',';
  if (value instanceof StringValue) return jsonString(value.value);
  if (value instanceof BooleanValue) return value.value ? 'true' : 'false';
  if (value instanceof NullValue) return 'null';
  if (value instanceof IntegerValue) return pyStr(value);
  if (value instanceof FloatValue) return Number.isFinite(value.value) ? floatRepr(value.value) : Number.isNaN(value.value) ? 'NaN' : value.value > 0 ? 'Infinity' : '-Infinity';
  if (value instanceof PyIterator) throw new PyError('TypeError', `Object of type ${value.kind} is not JSON serializable`);
  if (value instanceof ArrayValue) {
    if (!value.value.length) return '[]';
    return `[${newline}${value.value.map((item) => toJson(item, indent, depth + 1)).join(comma + newline)}${closing}]`;
  }
  if (isDict(value) && value instanceof ObjectValue) {
    if (!value.value.size) return '{}';
    const keys = [...value.value.keys()].sort(byCodePoint);
    return `{${newline}${keys.map((k) => `${jsonString(k)}: ${toJson(value.value.get(k), indent, depth + 1)}`).join(comma + newline)}${closing}}`;
  }
  const name = value instanceof PyObject ? value.className : typeName(value);
  throw new PyError('TypeError', `Object of type ${name} is not JSON serializable`);
}
