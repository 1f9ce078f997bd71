// An expression condition (`searches >= 3 && !verified`) as Python over the agent (`self.searches
// >= 3 and not self.verified`). Only comparisons and logic over state names and plain literals
// translate, and only where Python reads them as JavaScript does (PyField); anything else (a call,
// a member, a template string, a number compared with a list) is JavaScript Python cannot read,
// and undefined says so: the export leaves that edge out and names the loss.
import type { AgentDocument } from '../../../../model';

const TOKEN = /\s*(?:(===|!==|==|!=|>=|<=|&&|\|\||[<>!()])|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')|([A-Za-z_$][\w$]*))/y;
const OPERATORS: Record<string, string> = { '===': '==', '!==': '!=', '==': '==', '!=': '!=', '>=': '>=', '<=': '<=', '<': '<', '>': '>', '&&': 'and', '||': 'or', '!': 'not', '(': '(', ')': ')' };
const WORDS: Record<string, string> = { true: 'True', false: 'False', null: 'None', undefined: 'None' };
const RELATIONAL = new Set(['<', '>', '<=', '>=']);
const EQUALITY = new Set(['===', '!==', '==', '!=']);

/**
 * A state field as a condition may read it in Python. JavaScript compares and tests anything;
 * Python raises comparing None or a list with a number, and reads an empty list as false where
 * JavaScript reads it as true. So: `number` (a number that opens as one) may be compared and
 * tested; `scalar` (text, a boolean, a number that may be None) only tested and compared for
 * equality; `other` (a list, an object) only compared for equality.
 */
export interface PyField {
  name: string;
  use: 'number' | 'scalar' | 'other';
}

/** The fields a condition may read, by the document's name: the class's name and how Python may use it; the stage when there is one. */
export function pyFieldsOf(doc: AgentDocument, names: ReadonlyMap<string, string>): ReadonlyMap<string, PyField> {
  const out = new Map<string, PyField>();
  for (const field of doc.state) {
    const name = names.get(field.name);
    if (!name || out.has(field.name)) continue;
    const numeric = field.type === 'number' || field.type === 'integer';
    const opensAsNumber = numeric && typeof field.default === 'number';
    out.set(field.name, { name, use: opensAsNumber ? 'number' : numeric || field.type === 'string' || field.type === 'boolean' ? 'scalar' : 'other' });
  }
  if (doc.stages.length) out.set('stage', { name: 'stage', use: 'scalar' });
  return out;
}

type Token = { kind: 'op' | 'number' | 'string' | 'word'; text: string } | { kind: 'field'; text: string; field: PyField };

function tokens(expression: string, fields: ReadonlyMap<string, PyField>): Token[] | undefined {
  const out: Token[] = [];
  let at = 0;
  while (at < expression.length && expression.slice(at).trim()) {
    TOKEN.lastIndex = at;
    const m = TOKEN.exec(expression);
    if (!m) return undefined;
    at = TOKEN.lastIndex;
    const [, op, number, string, name] = m;
    if (op) out.push({ kind: 'op', text: op });
    else if (number) out.push({ kind: 'number', text: number });
    else if (string) {
      if (string.includes('\\')) return undefined;
      out.push({ kind: 'string', text: string.slice(1, -1) });
    } else if (name in WORDS) out.push({ kind: 'word', text: name });
    else if (fields.has(name)) out.push({ kind: 'field', text: name, field: fields.get(name)! });
    else return undefined;
  }
  return out;
}

/** Whether Python reads the expression as JavaScript does (see PyField): each comparison and test checked. */
function sameInPython(list: Token[]): boolean {
  const isOp = (t: Token | undefined, set: Set<string>) => t?.kind === 'op' && set.has(t.text);
  return list.every((token, i) => {
    // JavaScript's loose == coerces ("5" == 5); Python's does not: only a test against null reads the same.
    if (token.kind === 'op' && (token.text === '==' || token.text === '!=')) {
      return [list[i - 1], list[i + 1]].some((side) => side?.kind === 'word' && (side.text === 'null' || side.text === 'undefined'));
    }
    if (token.kind === 'op' && RELATIONAL.has(token.text)) {
      return [list[i - 1], list[i + 1]].every((side) => side?.kind === 'number' || (side?.kind === 'field' && side.field.use === 'number'));
    }
    if (token.kind !== 'field') return true;
    const compared = isOp(list[i - 1], EQUALITY) || isOp(list[i + 1], EQUALITY);
    const ordered = isOp(list[i - 1], RELATIONAL) || isOp(list[i + 1], RELATIONAL);
    return compared || ordered || token.field.use !== 'other';
  });
}

/** The expression in Python, state fields read from `self`; undefined when Python would not read it as JavaScript does. */
export function pyExpression(expression: string, fields: ReadonlyMap<string, PyField>): string | undefined {
  const list = tokens(expression, fields);
  if (!list || list.length === 0 || !sameInPython(list)) return undefined;
  const out = list.map((t) =>
    t.kind === 'op' ? OPERATORS[t.text] : t.kind === 'string' ? JSON.stringify(t.text) : t.kind === 'word' ? WORDS[t.text] : t.kind === 'field' ? `self.${t.field.name}` : t.text);
  return out.join(' ').replace(/\( /g, '(').replace(/ \)/g, ')');
}

const ARROW = /^\s*(?:\(\s*([A-Za-z_$][\w$]*)\s*(?::[^)]*)?\)|([A-Za-z_$][\w$]*))\s*=>\s*([^]*)$/;

/**
 * A tool's `when` (`(s) => s.attempts < 5`) as the SDK's `when=lambda self: self.attempts < 5`;
 * undefined when its body is more than comparisons and logic over `s.<state field>`.
 */
export function pyWhen(when: string, fields: ReadonlyMap<string, PyField>): string | undefined {
  const m = ARROW.exec(when);
  if (!m) return undefined;
  const param = m[1] ?? m[2];
  let body = m[3].trim();
  if (body.startsWith('{')) return undefined;
  // `s.field` reads the field; any other use of `s` (a method, a nested member) is refused below.
  const escaped = param.replace(/\$/g, '\\$');
  body = body.replace(new RegExp(`(?<![\\w$.])${escaped}\\.([A-Za-z_$][\\w$]*)(?![\\w$]*\\s*[.(\\[])`, 'g'), (_all, name: string) => (fields.has(name) ? name : `\u0000${name}`));
  if (body.includes('\u0000') || new RegExp(`(?<![\\w$.])${escaped}(?![\\w$])`).test(body)) return undefined;
  const code = pyExpression(body, fields);
  return code === undefined ? undefined : `lambda self: ${code}`;
}
