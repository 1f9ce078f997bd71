// Where a Ruby class's kept tool bodies set the stage beyond the moves the import read as edges
// (import.ts readMoves: an unconditional `self.stage = :x`, the exporter's own `if` chain): each
// `self.stage = :x` under an `if`, `elsif`, `else`, `unless`, `case`/`when`, a loop or a modifier,
// and each side of `c ? :a : :b`, with its conditions as written. The canvas draws them as the
// code's edges, as it does a TypeScript or Python body's. Read line by line, as import.ts reads.
import type { AgentDocument } from '../../../../model';
import { stageFlowOfKeptWrites, type KeptStageWrite, type StageFlow } from '../../../../model/code-flow';
import { SYMBOL, symbolName, withoutComment } from './scan';

export type RubyCodeWrite = KeptStageWrite;


/** The stage writes of one body, skipping the lines whose moves the import read as edges (0-based lines of `body`). */
export function rubyCodeWrites(body: string, movesRead: ReadonlySet<number>): RubyCodeWrite[] {
  const lines = body.split('\n');
  const writes: RubyCodeWrite[] = [];
  // The conditions of the blocks the line stands in, outermost first; a block that is no condition (a loop, begin) as null.
  const stack: (string | null)[] = [];
  let offset = 0;
  lines.forEach((raw, i) => {
    const code = withoutComment(raw).trim();
    const at = offset;
    offset += raw.length + 1;
    if (code === '') return;
    const branch = /^(if|unless|elsif|when|case|while|until)\b\s*(.*)$/.exec(code);
    const opensBlock = /\bdo\s*(\|[^|]*\|)?\s*$/.test(code) || /^(begin|for)\b/.test(code);
    if (branch) {
      const [, word, rest] = branch;
      if (word === 'if') stack.push(rest);
      else if (word === 'unless') stack.push(`not (${rest})`);
      else if (word === 'elsif') stack[stack.length - 1] = rest;
      else if (word === 'case') stack.push(`case ${rest}`);
      else if (word === 'when') stack[stack.length - 1] = `${(stack.at(-1) ?? '').replace(/ when .*$/, '')} when ${rest}`;
      else stack.push(null);
    } else if (code === 'else') stack[stack.length - 1] = `else of ${stack.at(-1) ?? ''}`;
    else if (/^(rescue|ensure)\b/.test(code)) { /* the body's own end closes it */ }
    else if (/^end\b/.test(code)) stack.pop();
    const assignment = new RegExp(`^self\\.stage\\s*=\\s*(.+?)(?:\\s+(if|unless)\\s+(.+))?$`).exec(code);
    if (assignment && !movesRead.has(i)) {
      const [, value, modifier, modified] = assignment;
      const around = stack.filter((c): c is string => c !== null);
      const own = modifier ? [modifier === 'if' ? modified : `not (${modified})`] : [];
      const maybe = stack.some((c) => c === null) ? { maybe: true as const } : {};
      const column = raw.indexOf('self.stage') + 1;
      const push = (to: string, extra: string[]) => {
        const conditions = [...around, ...own, ...extra];
        writes.push({ to, ...(conditions.length ? { condition: conditions.join(' and ') } : {}), ...maybe, line: i + 1, column, offset: at + column - 1 });
      };
      const single = new RegExp(`^${SYMBOL}$`).exec(value.trim());
      const ternary = new RegExp(`^(.+?)\\s*\\?\\s*${SYMBOL}\\s*:\\s*${SYMBOL}$`).exec(value.trim());
      if (single) push(symbolName(single[1], single[2]), []);
      else if (ternary) {
        push(symbolName(ternary[2], ternary[3]), [ternary[1]]);
        push(symbolName(ternary[4], ternary[5]), [`not (${ternary[1]})`]);
      }
    }
    if (opensBlock && !branch) stack.push(null);
  });
  return writes;
}

/** The writes a Ruby class's kept bodies make beyond its edges, as its import found them. */
export const rubyStageFlow = (doc: AgentDocument): StageFlow =>
  stageFlowOfKeptWrites(doc, ((doc.preserved?.pinecallRuby ?? {}) as { codeWrites?: Record<string, RubyCodeWrite[]> }).codeWrites ?? {});
