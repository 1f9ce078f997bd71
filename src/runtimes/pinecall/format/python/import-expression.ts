// A Python condition over the agent (`self.searches >= 3 and not self.verified`) back into the
// document's JavaScript expression (`searches >= 3 && !verified`): the inverse of py-expression.ts,
// for comparisons and logic over state fields and plain literals only. Anything else (a call, a
// parameter, a subscript) is code the document cannot hold as a condition: undefined says so.
import type { SyntaxNode } from '@lezer/common';
import { children, literalOf, type PyFile } from './py-tree';

const COMPARE: Record<string, string> = { '==': '===', '!=': '!==', '<': '<', '>': '>', '<=': '<=', '>=': '>=' };

/**
 * The expression in JavaScript; `self` is the name the agent goes by (`self`, or a lambda's own
 * parameter) and `prefix` what a field is written with in the result (`s.` inside a `when`).
 */
export function jsOfPython(file: PyFile, node: SyntaxNode, fields: ReadonlySet<string>, self = 'self', prefix = '', depth = 0): string | undefined {
  if (depth > 64) return undefined;
  const again = (n: SyntaxNode) => jsOfPython(file, n, fields, self, prefix, depth + 1);
  switch (node.name) {
    case 'MemberExpression': {
      const m = /^(\w+)\.(\w+)$/.exec(file.of(node));
      return m && m[1] === self && fields.has(m[2]) ? `${prefix}${m[2]}` : undefined;
    }
    case 'Number':
    case 'String':
    case 'Boolean':
    case 'None': {
      const read = literalOf(file, node);
      return read.ok ? JSON.stringify(read.value) : undefined;
    }
    case 'ParenthesizedExpression': {
      const inner = children(node).find((c) => c.name !== '(' && c.name !== ')');
      const code = inner && again(inner);
      return code === undefined ? undefined : `(${code})`;
    }
    case 'UnaryExpression': {
      const [op, operand] = children(node);
      if (op?.name === 'not' && operand) {
        const code = again(operand);
        return code === undefined ? undefined : /^[\w.]+$|^\(.*\)$/.test(code) ? `!${code}` : `!(${code})`;
      }
      if (op && file.of(op) === '-' && operand?.name === 'Number') return `-${file.of(operand)}`;
      return undefined;
    }
    case 'BinaryExpression': {
      const parts = children(node);
      const [left, op] = parts;
      const right = parts.at(-1)!;
      if (!left || !op || parts.length < 3) return undefined;
      const l = again(left);
      const r = again(right);
      if (l === undefined || r === undefined) return undefined;
      const written = parts.slice(1, -1).map((p) => file.of(p)).join(' ');
      if (written === 'and') return `${l} && ${r}`;
      if (written === 'or') return `${l} || ${r}`;
      const none = r === 'null';
      if (written === 'is' && none) return `${l} == null`;
      if (written === 'is not' && none) return `${l} != null`;
      if ((written === '==' || written === '!=') && none) return `${l} ${written} null`;
      if (op.name !== 'CompareOp') return undefined;
      const js = COMPARE[written];
      return js ? `${l} ${js} ${r}` : undefined;
      return undefined;
    }
    default:
      return undefined;
  }
}
