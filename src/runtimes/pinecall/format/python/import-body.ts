// A tool method's body in Python, read back. Two shapes:
// - The export's own (body.ts): the TypeScript implementation kept as comments, a result that is
//   the mock (or the arguments), then the `if / elif / else` chain of the document's edges after
//   its marker comment. Read back exactly: the implementation, the mock and the chain's entries.
// - Anything else is the team's own Python, kept as written (the simulator cannot run Python: it
//   answers the tool with its mock). Its `self.stage = "x"` writes still move the call in the
//   runtime, so each one whose conditions read as plain comparisons becomes an entry too; one it
//   cannot read is named in a warning, with what to write instead.
import type { KeptStageWrite } from '../../../../model/code-flow';
import type { SyntaxNode } from '@lezer/common';
import type { ChainEntry, GuardTerm, ToolChain } from '../../../../model/tool-chains';
import { children, literalOf, stringOf, type PyFile, type PySourceProblem } from './py-tree';
import { jsOfPython } from './import-expression';

export const CHAIN_MARK = "# Where this tool moves the call: the document's edges, tried in order once the body ran.";
const TS_MARK = '# The TypeScript implementation, not run here: port it to Python.';
const NO_BODY_ARGUMENTS = '# No Python implementation yet: returns its arguments.';
const NO_BODY_MOCK = '# No Python implementation yet: returns its mock result.';

export interface BodyScope {
  tool: string;
  /** The stages the tool is offered in (every stage when it names none). */
  visible: string[];
  /** Every stage of the class. */
  stages: string[];
  params: string[];
  /** The class's state fields, by name. */
  fields: ReadonlySet<string>;
}

/** A stage write in a kept body, where it stands in the body's text (dedented, as kept); `maybe`: inside a nested function. */
export type CodeWriteRead = KeptStageWrite;

export interface BodyRead {
  /** The TypeScript implementation the export kept as comments. */
  implementation?: string;
  mock?: { value: unknown };
  /** The team's own Python, as written (its lines, dedented to the method's body). */
  python?: string;
  chain: ToolChain;
  /** The stage writes of a kept body that became entries (the export does not write them again). */
  fromBody: boolean;
  /** The stage writes of a kept body the document cannot hold as edges: the canvas draws them as the code's. */
  codeWrites?: CodeWriteRead[];
  warnings: PySourceProblem[];
}

/** The statements of a method's body after its docstring, comments included. */
export function bodyStatements(body: SyntaxNode): SyntaxNode[] {
  const all = children(body).filter((c) => c.name !== ':');
  const first = all.findIndex((c) => c.name !== 'Comment');
  if (first >= 0 && all[first].name === 'ExpressionStatement' && ['String', 'ContinuedString'].includes(all[first].firstChild?.name ?? '')) all.splice(first, 1);
  return all;
}

export function readBody(file: PyFile, body: SyntaxNode, scope: BodyScope): BodyRead {
  const statements = bodyStatements(body);
  const own = readOwnShape(file, statements, scope);
  if (own) return own;
  return readKeptBody(file, statements, scope);
}

/** The export's shape, or undefined when the body is anything else. */
function readOwnShape(file: PyFile, statements: SyntaxNode[], scope: BodyScope): BodyRead | undefined {
  const text = (n: SyntaxNode) => file.of(n).trim();
  let i = 0;
  let implementation: string | undefined;
  if (statements[i]?.name === 'Comment' && text(statements[i]) === TS_MARK) {
    const lines: string[] = [];
    i++;
    while (statements[i]?.name === 'Comment' && text(statements[i]) !== NO_BODY_ARGUMENTS && text(statements[i]) !== NO_BODY_MOCK) {
      const line = text(statements[i]);
      lines.push(line === '#' ? '' : line.replace(/^# /, ''));
      i++;
    }
    implementation = lines.join('\n');
  }
  const said = statements[i] && text(statements[i]);
  if (said !== NO_BODY_ARGUMENTS && said !== NO_BODY_MOCK) return undefined;
  i++;
  const resultStatement = statements[i];
  if (!resultStatement) return undefined;
  let resultNode: SyntaxNode | undefined;
  let chain: ChainEntry[] = [];
  if (resultStatement.name === 'ReturnStatement' && i === statements.length - 1) {
    resultNode = children(resultStatement).find((c) => c.name !== 'return');
  } else if (resultStatement.name === 'AssignStatement') {
    const [target, op, value] = children(resultStatement);
    if (target?.name !== 'VariableName' || op?.name !== 'AssignOp' || !value) return undefined;
    const resultName = file.of(target);
    const rest = statements.slice(i + 1);
    const last = rest.at(-1);
    if (rest[0]?.name !== 'Comment' || text(rest[0]) !== CHAIN_MARK || last?.name !== 'ReturnStatement' || text(last) !== `return ${resultName}`) return undefined;
    const moves = rest.slice(1, -1).filter((s) => s.name !== 'Comment' || text(s) !== '# state edge');
    if (moves.length !== 1) return undefined;
    const read = readChainStatement(file, moves[0], scope);
    if (!read) return undefined;
    chain = read;
    resultNode = value;
  } else return undefined;
  let mock: { value: unknown } | undefined;
  if (said === NO_BODY_MOCK) {
    const literal = resultNode && literalOf(file, resultNode);
    if (!literal || !literal.ok) return undefined;
    mock = { value: literal.value };
  }
  return {
    ...(implementation !== undefined ? { implementation } : {}),
    ...(mock ? { mock } : {}),
    chain: { tool: scope.tool, guarded: scope.visible.length > 1, entries: chain },
    fromBody: false,
    warnings: [],
  };
}

/** `if … : self.stage = "x" elif … else …`, or a lone `self.stage = "x"`, as the export writes them. */
function readChainStatement(file: PyFile, statement: SyntaxNode, scope: BodyScope): ChainEntry[] | undefined {
  const guarded = scope.visible.length > 1;
  if (statement.name === 'AssignStatement') {
    const move = stageMove(file, statement, file.text);
    if (!move || guarded || !scope.stages.includes(move.to) || !scope.visible[0]) return undefined;
    return [{ from: scope.visible[0], to: move.to, stateEdge: move.stateEdge, terms: [] }];
  }
  if (statement.name !== 'IfStatement') return undefined;
  const entries: ChainEntry[] = [];
  for (const branch of ifBranches(statement)) {
    const moves = children(branch.body).filter((c) => c.name !== ':' && c.name !== 'Comment');
    if (moves.length !== 1) return undefined;
    const move = stageMove(file, moves[0], file.text);
    if (!move || !scope.stages.includes(move.to)) return undefined;
    const read = branch.condition ? readTerms(file, branch.condition, scope) : { terms: [] as GuardTerm[] };
    if (!read) return undefined;
    const from = read.stage ?? (guarded ? undefined : scope.visible[0]);
    if (from === undefined || !scope.visible.includes(from)) return undefined;
    entries.push({ from, to: move.to, stateEdge: move.stateEdge, terms: read.terms });
  }
  return entries;
}

/** An `if` statement's branches in order: each condition (none for `else`) and its body. */
export function ifBranches(statement: SyntaxNode): { condition?: SyntaxNode; body: SyntaxNode }[] {
  const out: { condition?: SyntaxNode; body: SyntaxNode }[] = [];
  let condition: SyntaxNode | undefined;
  let expectCondition = false;
  for (const child of children(statement)) {
    if (child.name === 'if' || child.name === 'elif') {
      expectCondition = true;
      continue;
    }
    if (child.name === 'else') continue;
    if (child.name === 'Body') {
      out.push({ ...(condition ? { condition } : {}), body: child });
      condition = undefined;
      continue;
    }
    if (expectCondition) {
      condition = child;
      expectCondition = false;
    }
  }
  return out;
}

/** `self.stage = "x"`, marked `# state edge` on its line or not. */
function stageMove(file: PyFile, statement: SyntaxNode, text: string): { to: string; stateEdge: boolean } | undefined {
  if (statement.name !== 'AssignStatement') return undefined;
  const parts = children(statement);
  if (parts.length !== 3 || parts[1].name !== 'AssignOp' || file.of(parts[0]) !== 'self.stage') return undefined;
  const to = stringOf(file, parts[2]);
  if (to === undefined) return undefined;
  const lineEnd = text.indexOf('\n', statement.to);
  const rest = text.slice(statement.to, lineEnd < 0 ? undefined : lineEnd).trim();
  return { to, stateEdge: rest === '# state edge' };
}

/** The `and`-joined parts of a condition. */
function conjuncts(file: PyFile, node: SyntaxNode): SyntaxNode[] {
  if (node.name === 'BinaryExpression') {
    const [left, op, right] = children(node);
    if (op?.name === 'and' && left && right) return [...conjuncts(file, left), ...conjuncts(file, right)];
  }
  return [node];
}

function readTerms(file: PyFile, condition: SyntaxNode, scope: BodyScope): { stage?: string; terms: GuardTerm[] } | undefined {
  const parts = conjuncts(file, condition);
  let stage: string | undefined;
  const first = file.of(parts[0]);
  const stageTest = /^self\.stage\s*==\s*("(?:[^"\\]|\\.)*")$/.exec(first);
  if (stageTest) {
    stage = stringOf(file, children(parts[0]).at(-1)!);
    parts.shift();
  }
  const terms: GuardTerm[] = [];
  for (let i = 0; i < parts.length; i++) {
    const part = file.of(parts[i]);
    const value = /^str\((\w+)\)\.lower\(\)\s*==\s*("(?:[^"\\]|\\.)*")$/.exec(part);
    if (value && scope.params.includes(value[1])) {
      terms.push({ kind: 'value', param: value[1], expected: JSON.parse(value[2]) as string });
      continue;
    }
    // `p is not None and str(p) != ""`: two conjuncts, one term.
    const notNone = /^(\w+) is not None$/.exec(part);
    if (notNone && scope.params.includes(notNone[1]) && parts[i + 1] && file.of(parts[i + 1]) === `str(${notNone[1]}) != ""`) {
      terms.push({ kind: 'nonEmpty', param: notNone[1] });
      i++;
      continue;
    }
    // The export puts parentheses around a term that joins others (`(a or b)`): the term is what they hold.
    const held = parts[i].name === 'ParenthesizedExpression' ? children(parts[i]).find((c) => c.name !== '(' && c.name !== ')') : undefined;
    const inner = held && /\s(and|or)\s/.test(file.of(held)) ? held : parts[i];
    const expression = jsOfPython(file, inner, scope.fields);
    if (expression === undefined) return undefined;
    terms.push({ kind: 'expression', expression });
  }
  return { stage, terms };
}

/** A body the team wrote: kept as written; its readable stage writes become entries. */
function readKeptBody(file: PyFile, statements: SyntaxNode[], scope: BodyScope): BodyRead {
  const warnings: PySourceProblem[] = [];
  const entries: ChainEntry[] = [];
  const codeWrites: CodeWriteRead[] = [];
  const from = scope.visible;
  const add = (to: string, terms: GuardTerm[]) => {
    for (const stage of from) if (stage !== to || terms.length) entries.push({ from: stage, to, stateEdge: false, terms });
  };
  const origin = statements[0] ? file.text.lastIndexOf('\n', statements[0].from - 1) + 1 : 0;
  // The body is kept dedented by its first line's indentation: spots are given in the kept text.
  const indent = statements[0] ? statements[0].from - origin : 0;
  // `terms`: the conditions as the document can hold them (undefined: it cannot); `said`: as written, for the canvas.
  const visit = (list: SyntaxNode[], terms: GuardTerm[] | undefined, said: string[], maybe: boolean) => {
    for (const statement of list) {
      const move = stageMove(file, statement, file.text);
      if (move) {
        if (!scope.stages.includes(move.to)) warnings.push(file.at(statement, `stage is one of ${scope.stages.join(', ')}, not ${JSON.stringify(move.to)}: the SDK refuses this write when it runs`));
        else if (terms && !maybe) add(move.to, terms);
        else {
          warnings.push(unreadWrite(file, statement, move.to));
          const at = file.at(statement, '');
          const first = file.at(origin, '');
          codeWrites.push({ to: move.to, ...(said.length ? { condition: said.join(' and ') } : {}), ...(maybe ? { maybe: true as const } : {}), line: at.line - first.line + 1, column: at.column - indent, offset: 0 });
        }
        continue;
      }
      if (statement.name === 'IfStatement') {
        const branches = ifBranches(statement);
        const before: string[] = [];
        branches.forEach((branch) => {
          // Only a lone `if`: an `elif` or `else` holds when the ones before it did not, which no list of plain terms says.
          const read = branches.length === 1 && branch.condition && terms ? conditionTerms(file, branch.condition, scope) : undefined;
          const own = branch.condition ? oneLine(file.of(branch.condition)) : undefined;
          visit(children(branch.body).filter((c) => c.name !== ':'), read ? [...terms!, ...read] : undefined, [...said, ...before.map((c) => `not (${c})`), ...(own ? [own] : [])], maybe);
          if (own) before.push(own);
        });
        continue;
      }
      // Loops, `try`, `with` and nested functions: each block under what opens it, as written (its writes run only sometimes).
      let previousEnd = statement.from;
      for (const block of children(statement).filter((c) => c.name === 'Body')) {
        const header = oneLine(file.text.slice(previousEnd, block.from));
        previousEnd = block.to;
        const inFunction = /^(async\s+)?def\b|^lambda\b/.test(header);
        visit(children(block).filter((c) => c.name !== ':'), undefined, header ? [...said, header] : said, maybe || inFunction);
      }
    }
  };
  visit(statements, [], [], false);
  const kept = keptText(file, statements);
  const keptLines = kept.split('\n');
  for (const write of codeWrites) write.offset = keptLines.slice(0, write.line - 1).reduce((sum, l) => sum + l.length + 1, 0) + write.column - 1;
  return { python: kept, chain: { tool: scope.tool, guarded: scope.visible.length > 1, entries }, fromBody: true, warnings, codeWrites };
}

/** Code as one line, trimmed, cut at 80 characters: what an edge's label can hold. */
function oneLine(code: string): string {
  const line = code.replace(/\s+/g, ' ').trim();
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}

function unreadWrite(file: PyFile, statement: SyntaxNode, to: string): PySourceProblem {
  return file.at(statement, `this moves the call to ${to} under conditions the document cannot hold (an elif, an else, a loop, a try or a test beyond plain comparisons of parameters and state): the canvas draws it as the code's edge, but the simulator, which cannot run Python, does not take it; write it under a lone \`if\` of plain comparisons to simulate it`);
}

/** A lone `if`'s condition as terms: comparisons of parameters (`p == "v"`) and expressions over state. */
function conditionTerms(file: PyFile, condition: SyntaxNode, scope: BodyScope): GuardTerm[] | undefined {
  const terms: GuardTerm[] = [];
  for (const part of conjuncts(file, condition)) {
    const compare = /^(\w+)\s*==\s*("(?:[^"\\]|\\.)*"|True|False)$/.exec(file.of(part));
    if (compare && scope.params.includes(compare[1])) {
      const expected = compare[2] === 'True' ? 'true' : compare[2] === 'False' ? 'false' : (JSON.parse(compare[2]) as string).toLowerCase();
      terms.push({ kind: 'value', param: compare[1], expected });
      continue;
    }
    if (scope.params.includes(file.of(part))) {
      terms.push({ kind: 'nonEmpty', param: file.of(part) });
      continue;
    }
    const expression = jsOfPython(file, part, scope.fields);
    if (expression === undefined) return undefined;
    terms.push({ kind: 'expression', expression });
  }
  return terms;
}

/** The body's statements as written, each line dedented by the body's indentation. */
function keptText(file: PyFile, statements: SyntaxNode[]): string {
  if (statements.length === 0) return '';
  const from = file.text.lastIndexOf('\n', statements[0].from - 1) + 1;
  const to = statements.at(-1)!.to;
  const lines = file.text.slice(from, to).split('\n');
  const indent = /^[ \t]*/.exec(lines[0])![0].length;
  return lines.map((l) => (l.slice(0, indent).trim() === '' ? l.slice(indent) : l)).join('\n');
}
