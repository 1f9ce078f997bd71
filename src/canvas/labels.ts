import type { AgentDocument, Condition, Edge, Tool } from '../model';
import { literalValue, tokenize } from '../model/ops/source-text';

const MAX_SENTENCE = 32;

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

/**
 * One condition as the canvas writes it on an edge (ui.md): `book ✓` for "the tool fired",
 * `field = value` for a captured value, `"caller confirms"` for natural language,
 * `ext = value` for an external value, and the expression as written.
 */
export function conditionLabel(condition: Condition, toolsById: ReadonlyMap<string, Tool>): string {
  switch (condition.kind) {
    case 'tool': {
      const tool = toolsById.get(condition.toolId)?.name ?? '(missing tool)';
      if (condition.field) return `${condition.field} = ${condition.expected}`;
      return condition.expected === '*' ? `${tool} ✓` : `${tool} = ${condition.expected}`;
    }
    case 'external':
      return `ext = ${condition.expected}`;
    case 'nlu':
      return `"${clip(condition.sentence.trim().replace(/\.$/, ''), MAX_SENTENCE)}"`;
    case 'expression':
      return condition.expression.trim();
    case 'result':
      // A Pipecat branch case: which value of the tool's result takes this edge.
      return `${toolsById.get(condition.toolId)?.name ?? '(missing tool)'} → ${condition.field} = ${condition.expected}`;
  }
}

/** All of an edge's conditions (they are AND-ed); `always` for an edge with none. */
export function edgeLabel(edge: Pick<Edge, 'conditions'>, toolsById: ReadonlyMap<string, Tool>): string {
  if (edge.conditions.length === 0) return 'always';
  return edge.conditions.map((c) => conditionLabel(c, toolsById)).join(' & ');
}

/**
 * A label's width close up, in flow px, as the canvas draws it (11 px monospace, cut at 230 px),
 * with its order badge, or a code edge's mark.
 */
export const labelBoxWidth = (text: string, ordered: boolean, code = false) => Math.min(230, 16 + text.length * 6.7) + (ordered ? 20 : 0) + (code ? 34 : 0);

/** Natural-language edges are drawn dashed: the model decides them, not the code. */
export const isNaturalLanguage = (edge: Pick<Edge, 'conditions'>) => edge.conditions.some((c) => c.kind === 'nlu');

export const toolMap = (doc: AgentDocument): Map<string, Tool> => new Map(doc.tools.map((t) => [t.id, t]));

// Code that ends in `this.stage =` (not `==`), followed by a literal: the tokenizer keeps
// comments and strings that merely mention this.stage out of it.
const ASSIGNS_STAGE = /(?:^|[^\w$.])this\s*\.\s*stage\s*=\s*$/;

/** The stage names a tool body assigns to `this.stage` as string literals, in order, without repeats. */
export function stagesSetInCode(implementation: string | undefined): string[] {
  if (!implementation || !implementation.includes('stage')) return [];
  const tokens = tokenize(implementation);
  const names: string[] = [];
  for (let i = 0; i + 1 < tokens.length; i++) {
    if (tokens[i].kind !== 'code' || !ASSIGNS_STAGE.test(tokens[i].text)) continue;
    const value = literalValue(tokens[i + 1]);
    if (value !== undefined && !names.includes(value)) names.push(value);
  }
  return names;
}
