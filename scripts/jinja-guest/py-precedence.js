// Where Jinja2's grammar and the interpreter's parser disagree, read from the tokens (the parser
// drops parentheses, so the tree alone cannot tell `a < b < c` from `(a < b) < c`):
// - comparisons chain (`0 < n < 10` is `0 < n and n < 10`), where the parser nests them;
// - `~` binds tighter than `+` and `-` (`n + 1 ~ "x"` is `n + (1 ~ "x")`), where the parser gives
//   them one level.
// Each comparison or additive operator token is marked with what its run of tokens (between
// brackets, commas and keywords, within one tag) holds; the interpreter (py-view.js) reads the
// marks on the operator tokens the parser keeps in its nodes (`not in` becomes one `in` token
// marked negated, so that the parser keeps it too). Guest code: runs in QuickJS.
import { BooleanValue, StringValue } from '../../node_modules/@huggingface/jinja/src/runtime.ts';
import { pyStr } from './py-values.js';

const OPEN = new Set(['OpenParen', 'OpenSquareBracket', 'OpenCurlyBracket']);
const CLOSE = new Set(['CloseParen', 'CloseSquareBracket', 'CloseCurlyBracket']);
const TAG = new Set(['OpenExpression', 'CloseExpression', 'OpenStatement', 'CloseStatement', 'Text', 'Comment']);
const SEPARATORS = new Set(['Comma', 'Colon', 'Equals']);
const KEYWORDS = new Set(['and', 'or', 'if', 'else', 'not']);

const newRun = () => ({ comparisons: [], additives: [], loop: false });
let groups = 0;

function close(run) {
  run.comparisons.forEach((token, i) => {
    if (i < run.comparisons.length - 1) token.chained = true;
  });
  const ops = run.additives.map((t) => t.value);
  if (ops.includes('~') && ops.some((op) => op !== '~')) {
    groups += 1;
    run.additives.forEach((token, i) => {
      token.group = groups;
      token.top = i === run.additives.length - 1;
    });
  }
}

/** A comparison token's operator (`not in` is an `in` token marked negated). */
export const operatorOf = (token) => (token.negated ? 'not in' : token.value);

/** Marks the tokens' comparison chains and `~` runs; returns the tokens (`not`, `in` made one token). */
export function markPrecedence(tokens) {
  const stack = [newRun()];
  const run = () => stack[stack.length - 1];
  const reset = () => {
    while (stack.length) close(stack.pop());
    stack.push(newRun());
  };
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    const { type, value } = token;
    if (TAG.has(type)) reset();
    else if (OPEN.has(type)) stack.push(newRun());
    else if (CLOSE.has(type)) {
      close(stack.pop());
      if (!stack.length) stack.push(newRun());
    } else if (SEPARATORS.has(type)) {
      close(stack.pop());
      stack.push(newRun());
    } else if (type === 'ComparisonBinaryOperator') run().comparisons.push(token);
    else if (type === 'AdditiveBinaryOperator') run().additives.push(token);
    else if (type === 'Identifier' && value === 'for') run().loop = true;
    else if (type === 'Identifier' && value === 'in') {
      if (run().loop) {
        // `for x in xs`: the keyword, not a comparison.
        close(stack.pop());
        stack.push(newRun());
      } else run().comparisons.push(token);
    } else if (type === 'Identifier' && value === 'not' && tokens[i + 1]?.type === 'Identifier' && tokens[i + 1].value === 'in' && !run().loop) {
      tokens.splice(i, 1);
      tokens[i].negated = true;
      run().comparisons.push(tokens[i]);
    } else if (type === 'Identifier' && KEYWORDS.has(value) && tokens[i - 1]?.type !== 'Dot') {
      close(stack.pop());
      stack.push(newRun());
    }
  }
  reset();
  return tokens;
}

const COMPARISONS = new Set(['==', '!=', '<', '>', '<=', '>=', 'in', 'not in']);
const isComparison = (node) => node?.type === 'BinaryExpression' && COMPARISONS.has(operatorOf(node.operator));

/**
 * A comparison node that is one link of a chain, as the interpreter evaluates it: undefined when
 * the node is a plain comparison; else the chain's first operand and each (operator, operand).
 */
export function chainOf(node) {
  if (!isComparison(node.left) || !node.left.operator.chained) return undefined;
  const links = [];
  let at = node;
  while (isComparison(at) && (at === node || at.operator.chained)) {
    links.unshift([operatorOf(at.operator), at.right]);
    at = at.left;
  }
  return { first: at, links };
}

/** Evaluates a chain: each comparison in turn, the first false one ending it (Python's `a < b < c`). */
export function evaluateChain(chain, evaluate, compare) {
  let left = evaluate(chain.first);
  for (const [op, node] of chain.links) {
    const right = evaluate(node);
    if (!compare(op, left, right).value) return new BooleanValue(false);
    left = right;
  }
  return new BooleanValue(true);
}

/** The top of a run of `+`, `-` and `~`: its operands and operators, the first operand deepest. */
export function additiveRun(node) {
  if (!node.operator.group || !node.operator.top) return undefined;
  const links = [];
  let at = node;
  while (at.type === 'BinaryExpression' && at.operator.group === node.operator.group) {
    links.unshift([at.operator.value, at.right]);
    at = at.left;
  }
  return { first: at, links };
}

/** Evaluates such a run with Jinja2's precedence: each `~` run joined as text first, then `+` and `-` left to right. */
export function evaluateAdditive(run, evaluate, binary) {
  const values = [evaluate(run.first), ...run.links.map(([, node]) => evaluate(node))];
  const terms = [[values[0]]];
  const ops = [];
  run.links.forEach(([op], i) => {
    if (op === '~') terms[terms.length - 1].push(values[i + 1]);
    else {
      ops.push(op);
      terms.push([values[i + 1]]);
    }
  });
  const term = (parts) => (parts.length === 1 ? parts[0] : new StringValue(parts.map(pyStr).join('')));
  let result = term(terms[0]);
  ops.forEach((op, i) => {
    result = binary(op, result, term(terms[i + 1]));
  });
  return result;
}

/** Whether the optimizer of Jinja2 folds the node to a constant (literals and arithmetic on them). */
export function isConstant(node) {
  if (node.type === 'IntegerLiteral' || node.type === 'FloatLiteral') return true;
  if (node.type === 'UnaryExpression') return node.operator.value !== 'not' && isConstant(node.argument);
  if (node.type === 'BinaryExpression') return ['+', '-', '*', '/', '//', '%', '**'].includes(node.operator.value) && isConstant(node.left) && isConstant(node.right);
  return false;
}
