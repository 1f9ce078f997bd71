// A tool's body in Python. The document's implementations are TypeScript, which neither Python
// nor the browser sandbox runs as Python: the body returns the tool's mock result (or its
// arguments), keeps the TypeScript as comments to port by hand, and then moves the stage along
// the document's edges as the TypeScript export does (tool-chains.ts), in Python.
import { uniqueName } from '../../../../model/ids';
import type { ChainEntry, GuardTerm, ToolChain } from '../../../../model/tool-chains';
import { pyExpression, type PyField } from './py-expression';
import { pyLiteral } from './py-text';
import type { PyToolEntry } from './spec';

const IN_METHOD = '        ';

/** A guard term in Python; undefined when it cannot be written (an expression Python cannot read, a parameter it lacks). */
function termPy(term: GuardTerm, params: ReadonlySet<string>, fields: ReadonlyMap<string, PyField>): string | undefined {
  switch (term.kind) {
    case 'value':
      // JavaScript's String(true) is "true", Python's str(True) "True": compared lower-cased both ways.
      return params.has(term.param) ? `str(${term.param}).lower() == ${JSON.stringify(term.expected)}` : undefined;
    case 'nonEmpty':
      return params.has(term.param) ? `${term.param} is not None and str(${term.param}) != ""` : undefined;
    case 'expression': {
      const code = pyExpression(term.expression, fields);
      return code === undefined ? undefined : /\s(and|or)\s/.test(code) ? `(${code})` : code;
    }
  }
}

export interface ChainPy {
  lines: string[];
  /** The entries (document edges) that could not be written. */
  dropped: ChainEntry[];
}

/** The `if / elif` chain of the edges this tool fires, in Python. */
export function chainPy(chain: ToolChain | undefined, params: ReadonlySet<string>, fields: ReadonlyMap<string, PyField>): ChainPy {
  const lines: string[] = [];
  const dropped: ChainEntry[] = [];
  for (const entry of chain?.entries ?? []) {
    const terms = entry.terms.map((t) => termPy(t, params, fields));
    if (terms.some((t) => t === undefined)) {
      dropped.push(entry);
      continue;
    }
    const all = [...(chain!.guarded ? [`self.stage == ${JSON.stringify(entry.from)}`] : []), ...(terms as string[])];
    const move = `self.stage = ${JSON.stringify(entry.to)}${entry.stateEdge ? '  # state edge' : ''}`;
    if (all.length === 0) {
      lines.push(...(lines.length ? [`${IN_METHOD}else:`, `${IN_METHOD}    ${move}`] : [`${IN_METHOD}${move}`]));
      break;
    }
    lines.push(`${IN_METHOD}${lines.length ? 'elif' : 'if'} ${all.join(' and ')}:`, `${IN_METHOD}    ${move}`);
  }
  return { lines, dropped };
}

/** What the method returns: the mock result, else its arguments by name. */
export function resultPy(entry: PyToolEntry): string {
  if (entry.tool.mock !== undefined) return pyLiteral(entry.tool.mock);
  return `{${entry.params.map((p) => `${JSON.stringify(p.name)}: ${p.name}`).join(', ')}}`;
}

export function bodyPy(entry: PyToolEntry, chain: ToolChain | undefined, fields: ReadonlyMap<string, PyField>): string {
  const lines: string[] = [];
  const implementation = entry.tool.implementation?.replace(/\r\n?/g, '\n').trimEnd();
  if (implementation) {
    lines.push(`${IN_METHOD}# The TypeScript implementation, not run here: port it to Python.`);
    lines.push(...implementation.split('\n').map((l) => `${IN_METHOD}# ${l}`.trimEnd()));
  }
  const moves = chainPy(chain, new Set(entry.params.map((p) => p.name)), fields);
  const comment = entry.tool.mock !== undefined ? '# No Python implementation yet: returns its mock result.' : '# No Python implementation yet: returns its arguments.';
  if (moves.lines.length === 0) {
    lines.push(`${IN_METHOD}${comment}`, `${IN_METHOD}return ${resultPy(entry)}`);
  } else {
    const result = uniqueName('result', entry.params.map((p) => p.name));
    lines.push(`${IN_METHOD}${comment}`, `${IN_METHOD}${result} = ${resultPy(entry)}`);
    lines.push(`${IN_METHOD}# Where this tool moves the call: the document's edges, tried in order once the body ran.`);
    lines.push(...moves.lines, `${IN_METHOD}return ${result}`);
  }
  return lines.join('\n') + '\n';
}
