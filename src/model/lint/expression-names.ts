// The state names an expression condition or a `when` source reads, for lint to resolve them the
// way the sandbox does (src/simulator/sandbox-evaluate.ts): free names are the state's (it runs
// `with (state)`), and so are `this.x`, and `s.x` of an arrow's one parameter (`(s) => s.isUrgent`).
// A small scanner, no parser: where a source holds something it does not follow (a template
// literal, a regular expression, a comment, a computed `s[key]`, a destructured parameter) it says
// nothing, so that a name the runtime knows is never flagged.

import { classMemberNames } from '../class-getters';
import { parameterNames } from '../json-schema';
import type { AgentDocument } from '../types';

const IDENT = /^[A-Za-z_$][\w$]*/;
/** Names JavaScript itself gives an expression: never a state field's. */
const GLOBALS = new Set((
  'undefined NaN Infinity Math Date JSON Number String Boolean Array Object RegExp Set Map parseInt parseFloat isNaN isFinite ' +
  'encodeURIComponent decodeURIComponent globalThis true false null this typeof instanceof in new void delete await async ' +
  'return if else function var let const of'
).split(' '));
const MAX_LENGTH = 2000;

type Token = { kind: 'name' | 'op' | 'other'; text: string };

function tokens(source: string): Token[] | undefined {
  const out: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const c = source[i];
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const name = IDENT.exec(source.slice(i));
    if (name) {
      out.push({ kind: 'name', text: name[0] });
      i += name[0].length;
      continue;
    }
    if (/\d/.test(c)) {
      const number = /^\d[\w.]*/.exec(source.slice(i))![0];
      out.push({ kind: 'other', text: number });
      i += number.length;
      continue;
    }
    if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < source.length && source[j] !== c) j += source[j] === '\\' ? 2 : 1;
      if (j >= source.length) return undefined;
      out.push({ kind: 'other', text: 'string' });
      i = j + 1;
      continue;
    }
    // Template literals, comments and regular expressions hold names that are not reads.
    if (c === '`' || source.startsWith('//', i) || source.startsWith('/*', i)) return undefined;
    if (c === '/' && (out.length === 0 || !['name', 'other'].includes(out[out.length - 1].kind) && out[out.length - 1].text !== ')')) return undefined;
    const op = /^(?:\?\.|=>|===|!==|==|!=|<=|>=|&&|\|\||\?\?|[-+*/%<>!?:.,()[\]{}=&|^~])/.exec(source.slice(i));
    if (!op) return undefined;
    out.push({ kind: 'op', text: op[0] });
    i += op[0].length;
  }
  return out;
}

/** Where a name is read in the source, for the message: the name and the words around it. */
export interface NameRead {
  name: string;
  /** How it is written: `isUrgent` as `s.isUrgent`. */
  written: string;
}

/** The state names the source reads, or undefined when the scanner cannot tell. */
export function stateNamesRead(source: string): NameRead[] | undefined {
  if (source.length > MAX_LENGTH) return undefined;
  const ts = tokens(source);
  if (!ts) return undefined;
  // `(s) => …` or `s => …`: the state's name inside.
  let start = 0;
  let param: string | undefined;
  if (ts[0]?.text === '(' && ts[1]?.kind === 'name' && ts[2]?.text === ')' && ts[3]?.text === '=>') [param, start] = [ts[1].text, 4];
  else if (ts[0]?.kind === 'name' && ts[1]?.text === '=>') [param, start] = [ts[0].text, 2];
  else if (ts[0]?.text === '(' && ts[1]?.text !== ')' && ts.some((t) => t.text === '=>')) return undefined;
  else if (ts[0]?.text === '(' && ts[1]?.text === ')' && ts[2]?.text === '=>') start = 3;
  const out: NameRead[] = [];
  for (let k = start; k < ts.length; k++) {
    const t = ts[k];
    if (t.kind !== 'name') continue;
    const before = ts[k - 1]?.text;
    const after = ts[k + 1]?.text;
    if (before === '.' || before === '?.') {
      const owner = ts[k - 2];
      const ownerIsState = owner?.kind === 'name' && (owner.text === 'this' || owner.text === param) && ts[k - 3]?.text !== '.' && ts[k - 3]?.text !== '?.';
      if (ownerIsState) out.push({ name: t.text, written: `${owner.text}${before}${t.text}` });
      continue;
    }
    if ((t.text === param || t.text === 'this') && after === '[') return undefined;
    if (t.text === param || GLOBALS.has(t.text)) continue;
    // A key of an object literal ({ a: 1 }), not a read.
    if (after === ':' && (before === '{' || before === ',')) continue;
    // A function called by a free name is no state field; the runtime would throw, lint leaves it.
    if (after === '(') continue;
    out.push({ name: t.text, written: t.text });
  }
  return out;
}

/** The names a source reads that `known` does not hold, each once; none when the scanner cannot tell. */
export function unknownNamesRead(source: string, known: ReadonlySet<string>): NameRead[] {
  const read = stateNamesRead(source) ?? [];
  const seen = new Set<string>();
  return read.filter((r) => !known.has(r.name) && !seen.has(r.name) && (seen.add(r.name), true));
}

/**
 * What a predicate may read: state fields, the parameters tools capture (Block Agent's variables),
 * and what the class keeps as code (getters, helpers, plain fields), which the runtime's `this` has.
 */
export function predicateScope(doc: AgentDocument): Set<string> {
  return new Set([
    ...doc.state.map((f) => f.name),
    ...doc.tools.flatMap((t) => (t.kind === 'function' ? parameterNames(t.parameters) : [])),
    ...classMemberNames(doc),
    'stage',
  ]);
}
