// A Pinecall view's ERB read as Ruby's ERB reads it with `trim_mode: "-"` (erb 2.2, Ruby 3.1:
// ERB::Compiler::ExplicitScanner): `-%>` eats the line break after it, `<%-` at the start of a
// line the spaces and tabs before it, `<%%` is a literal `<%`, `<%# %>` a comment; then the
// tags' Ruby is read as statements (erb-expr.js for the expressions) into a tree: text, output,
// `if`/`unless`/`elsif`/`else`, `case`/`when`, `.each` and `.each_with_index` blocks. Guest code.
import { lex, Parser } from './erb-expr.js';
import { SyntaxProblem, Unsupported } from './erb-values.js';

const STAG = /([\s\S]*?)((?:(?<![\s\S])|(?<=\n))[ \t]*<%-|<%-|<%%|<%=|<%#|<%|(?![\s\S]))/y;
const ETAG = /([\s\S]*?)(-%>|%%>|%>|(?![\s\S]))/y;

/** The template as pieces: {text} and {tag: '<%' | '<%=' | '<%#', code, line}. */
export function scan(src) {
  const pieces = [];
  let content = '';
  let tag = null;
  let tagLine = 1;
  let at = 0;
  const lineAt = (i) => src.slice(0, i).split('\n').length;
  while (at < src.length) {
    const re = tag ? ETAG : STAG;
    re.lastIndex = at;
    const m = re.exec(src);
    content += m[1];
    const elem = m[2];
    at = re.lastIndex;
    if (!tag) {
      if (/^[ \t]*<%-$/.test(elem)) {
        if (content) pieces.push({ text: content });
        content = '';
        tag = '<%';
        tagLine = lineAt(at);
      } else if (elem === '<%%') content += '<%';
      else if (elem === '<%=' || elem === '<%#' || elem === '<%') {
        if (content) pieces.push({ text: content });
        content = '';
        tag = elem;
        tagLine = lineAt(at);
      } else if (elem === '') break;
    } else if (elem === '%%>') content += '%>';
    else if (elem === '%>' || elem === '-%>') {
      pieces.push({ tag, code: content, line: tagLine });
      content = '';
      tag = null;
      if (elem === '-%>') {
        const eol = /\r?\n/y;
        eol.lastIndex = at;
        if (eol.exec(src)) at = eol.lastIndex;
      }
    } else if (elem === '') break;
  }
  if (tag) throw new SyntaxProblem(`the tag ${tag} on line ${tagLine} never closes`);
  if (content) pieces.push({ text: content });
  return pieces;
}

const BLOCKS = new Set(['each', 'each_with_index']);

/** One `<% %>` tag's statement. */
function statementOf(code, line) {
  const tokens = lex(code);
  if (!tokens.length) return { s: 'none' };
  const first = tokens[0];
  const where = ` (line ${line})`;
  const condition = (from) => {
    const parser = new Parser(tokens);
    parser.i = from;
    const cond = parser.expression();
    if (parser.is('kw', 'then')) parser.i++;
    if (!parser.done()) throw new Unsupported(`more than one statement in one tag: ${code.trim()}${where}`);
    return cond;
  };
  if (first.t === 'kw') {
    switch (first.v) {
      case 'if': case 'unless': case 'elsif': return { s: first.v, cond: condition(1) };
      case 'case': {
        if (tokens.length === 1) throw new Unsupported(`a case with no subject${where}`);
        return { s: 'case', subject: condition(1) };
      }
      case 'when': {
        const parser = new Parser(tokens);
        parser.i = 1;
        const values = [];
        for (;;) {
          if (parser.is('op', '*')) throw new Unsupported(`a splat in when${where}`);
          values.push(parser.ternary());
          if (!parser.is('op', ',')) break;
          parser.i++;
        }
        if (parser.is('kw', 'then')) parser.i++;
        if (!parser.done()) throw new Unsupported(`more than one statement in one tag: ${code.trim()}${where}`);
        return { s: 'when', values };
      }
      case 'else': case 'end':
        if (tokens.length > 1) throw new Unsupported(`more than one statement in one tag: ${code.trim()}${where}`);
        return { s: first.v };
      default: break;
    }
  }
  const doAt = tokens.findIndex((t) => t.t === 'kw' && t.v === 'do');
  if (doAt > 0) {
    const parser = new Parser(tokens.slice(0, doAt));
    const target = parser.expression();
    if (!parser.done() || target.k !== 'call' || target.args !== null || !BLOCKS.has(target.name)) {
      throw new Unsupported(`a block on something other than .each or .each_with_index: ${code.trim()}${where}`);
    }
    const params = [];
    const rest = new Parser(tokens.slice(doAt + 1));
    rest.take('op', '|');
    for (;;) {
      if (rest.is('op', '(') || rest.is('op', '*')) throw new Unsupported(`a destructured or splat block parameter${where}`);
      params.push(rest.take('name').v);
      if (!rest.is('op', ',')) break;
      rest.i++;
    }
    rest.take('op', '|');
    if (!rest.done()) throw new Unsupported(`more than one statement in one tag: ${code.trim()}${where}`);
    if (params.some((p) => /[?!]$/.test(p))) throw new SyntaxProblem(`a block parameter cannot end in ? or !${where}`);
    if (target.name === 'each_with_index' && params.length > 2) throw new Unsupported(`each_with_index with more than two parameters${where}`);
    return { s: 'each', target: target.recv, withIndex: target.name === 'each_with_index', params };
  }
  throw new Unsupported(`the statement \`${code.trim()}\`${where}: Callboard reads if, unless, case/when, .each and .each_with_index blocks in a view`);
}

/** The template as a tree of nodes: {n: 'text'|'out'|'if'|'case'|'each', …}. */
export function compile(src) {
  const root = { n: 'root', body: [] };
  const stack = [root];
  const top = () => stack[stack.length - 1];
  /** Where text and output go: the open branch of the innermost statement. */
  const sink = () => {
    const frame = top();
    if (frame.n === 'case') {
      if (!frame.whens.length && frame.elseBody === null) return frame.before;
      return frame.elseBody ?? frame.whens[frame.whens.length - 1].body;
    }
    if (frame.n === 'if') return frame.elseBody ?? frame.branches[frame.branches.length - 1].body;
    return frame.body;
  };
  for (const piece of scan(src)) {
    if (piece.text !== undefined) {
      sink().push({ n: 'text', v: piece.text });
      continue;
    }
    if (piece.tag === '<%#') continue;
    const where = ` (line ${piece.line})`;
    if (piece.tag === '<%=') {
      if (piece.code.trim() === '') throw new Unsupported(`an empty <%= %>${where}`);
      const parser = new Parser(lex(piece.code));
      const expr = parser.expression();
      if (!parser.done()) {
        const left = parser.peek();
        if (left.t === 'kw' && ['if', 'unless', 'while', 'until', 'rescue'].includes(left.v)) throw new Unsupported(`a modifier ${left.v} in <%= %>${where}`);
        throw new SyntaxProblem(`unexpected ${left.t === 'dstr' ? 'string' : String(left.v)}${where}`);
      }
      sink().push({ n: 'out', expr, line: piece.line });
      continue;
    }
    const st = statementOf(piece.code, piece.line);
    const frame = top();
    switch (st.s) {
      case 'none': break;
      case 'if': case 'unless': {
        const node = { n: 'if', branches: [{ cond: st.cond, negate: st.s === 'unless', body: [] }], elseBody: null, kind: st.s, line: piece.line };
        sink().push(node);
        stack.push(node);
        break;
      }
      case 'elsif':
        if (frame.n !== 'if' || frame.kind !== 'if' || frame.elseBody) throw new SyntaxProblem(`unexpected elsif${where}`);
        frame.branches.push({ cond: st.cond, negate: false, body: [] });
        break;
      case 'else':
        if (frame.n === 'if' && frame.elseBody === null) frame.elseBody = [];
        else if (frame.n === 'case' && frame.whens.length && frame.elseBody === null) frame.elseBody = [];
        else throw new SyntaxProblem(`unexpected else${where}`);
        break;
      case 'case': {
        const node = { n: 'case', subject: st.subject, whens: [], elseBody: null, before: [], line: piece.line };
        sink().push(node);
        stack.push(node);
        break;
      }
      case 'when':
        if (frame.n !== 'case' || frame.elseBody !== null) throw new SyntaxProblem(`unexpected when${where}`);
        // ERB writes the text between `case x` and the first `when` as a statement there: Ruby's syntax error.
        if (frame.before.length) throw new SyntaxProblem(`text between case and its first when${where}`);
        frame.whens.push({ values: st.values, body: [] });
        break;
      case 'each': {
        const node = { n: 'each', target: st.target, withIndex: st.withIndex, params: st.params, body: [], line: piece.line };
        sink().push(node);
        stack.push(node);
        break;
      }
      case 'end':
        if (stack.length === 1) throw new SyntaxProblem(`unexpected end${where}`);
        if (frame.n === 'case' && !frame.whens.length) throw new SyntaxProblem(`a case with no when${where}`);
        stack.pop();
        break;
      default: throw new Unsupported(`the statement ${piece.code.trim()}${where}`);
    }
  }
  if (stack.length > 1) throw new SyntaxProblem(`the ${top().n === 'each' ? 'block' : top().n} on line ${top().line} never ends (add <% end %>)`);
  return root.body;
}
