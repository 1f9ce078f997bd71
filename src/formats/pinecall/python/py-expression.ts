// An expression condition (`searches >= 3 && !verified`) as Python over the agent (`self.searches
// >= 3 and not self.verified`). Only comparisons and logic over state names and plain literals
// translate; anything else (a call, a member, a template string) is JavaScript Python cannot read,
// and undefined says so: the export leaves that edge out and names the loss.

const TOKEN = /\s*(?:(===|!==|==|!=|>=|<=|&&|\|\||[<>!()])|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')|([A-Za-z_$][\w$]*))/y;
const OPERATORS: Record<string, string> = { '===': '==', '!==': '!=', '==': '==', '!=': '!=', '>=': '>=', '<=': '<=', '<': '<', '>': '>', '&&': 'and', '||': 'or', '!': 'not', '(': '(', ')': ')' };
const WORDS: Record<string, string> = { true: 'True', false: 'False', null: 'None', undefined: 'None' };

/** The expression in Python, state names read from `self`; undefined when it is more than comparisons and logic. */
export function pyExpression(expression: string, fields: ReadonlyMap<string, string>): string | undefined {
  const out: string[] = [];
  TOKEN.lastIndex = 0;
  let at = 0;
  while (at < expression.length) {
    if (!expression.slice(at).trim()) break;
    TOKEN.lastIndex = at;
    const m = TOKEN.exec(expression);
    if (!m) return undefined;
    at = TOKEN.lastIndex;
    const [, op, number, string, name] = m;
    if (op) out.push(OPERATORS[op]);
    else if (number) out.push(number);
    else if (string) {
      if (string.includes('\\')) return undefined;
      out.push(JSON.stringify(string.slice(1, -1)));
    } else if (name in WORDS) out.push(WORDS[name]);
    else if (fields.has(name)) out.push(`self.${fields.get(name)}`);
    else return undefined;
  }
  if (out.length === 0) return undefined;
  return out.join(' ').replace(/\( /g, '(').replace(/ \)/g, ')');
}
