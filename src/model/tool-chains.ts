import { toolVisibleIn } from './document';
import type { AgentDocument, Condition, Edge, Tool } from './types';
import { isBindable } from './names';

/**
 * How the document's edges become `this.stage = "…"` in Pinecall tools, and back.
 *
 * Pinecall moves a call only from inside a tool, so each edge is written into the tools that can
 * fire it, after the tool's body has produced its result, as one `if / else if` chain per tool
 * (the first that holds moves the stage, as the edges of a stage are tried in order):
 *
 *   const result = await (async () => { <body> })();
 *   // Where this tool moves the call: the document's edges, tried in order once the body ran.
 *   if (this.stage === "choose" && String(slot).toLowerCase() === "x") this.stage = "goodbye";
 *   else if (this.stage === "choose" && this.searches >= 3) this.stage = "goodbye"; // state edge
 *   return result;
 *
 * - The `this.stage === "S"` term is written when the tool is offered in several stages.
 * - A tool condition on this tool is `String(p).toLowerCase() === "v"` (compared as a string,
 *   case-insensitively), or `String(p ?? "") !== ""` for `*` on a named field (the first
 *   parameter too); plain `*` without a field needs no term (the tool ran). An expression
 *   condition is the expression with `this.` before each state field.
 * - An edge without a tool condition (only state expressions) is tried after every tool of its
 *   stage: it is written in each of them, marked `// state edge`.
 * - After an entry that always holds, later entries of that stage could never fire, so none follow.
 * The importer reads exactly this shape back; any other `this.stage` write stays in the body.
 */
export type GuardTerm =
  | { kind: 'value'; param: string; expected: string }
  | { kind: 'nonEmpty'; param: string }
  | { kind: 'expression'; expression: string };

export interface ChainEntry {
  from: string;
  to: string;
  stateEdge: boolean;
  terms: GuardTerm[];
  /** The document edge written here (export and projection only). */
  edge?: Edge;
}

export interface ToolChain {
  tool: string;
  /** Offered in several stages: every entry starts with `this.stage === "from"`. */
  guarded: boolean;
  entries: ChainEntry[];
}

/** Function tools are methods; an mcp tool is dropped (a loss), so it fires nothing. */
export const exportedTools = (doc: AgentDocument): Tool[] => doc.tools.filter((t) => t.kind === 'function');

const firstParameter = (tool: Tool): string | undefined => Object.keys(tool.parameters.properties ?? {})[0];

/** The guard terms of `edge` when `tool` fires it, or undefined when `tool` cannot fire it in Pinecall. */
function termsFor(edge: Edge, tool: Tool): GuardTerm[] | undefined {
  // A case of a tool's result (Pipecat's branch tables) is no guard a chain writes: the edge is not written (a loss).
  if (edge.conditions.some((c) => c.kind === 'result')) return undefined;
  const kept = edge.conditions.filter((c) => c.kind === 'tool' || c.kind === 'expression');
  const params = Object.keys(tool.parameters.properties ?? {});
  const first = firstParameter(tool);
  const terms: GuardTerm[] = [];
  for (const condition of kept) {
    if (condition.kind === 'expression') {
      const expression = condition.expression.trim();
      if (!expression) return undefined;
      terms.push({ kind: 'expression', expression });
      continue;
    }
    if (condition.kind !== 'tool' || condition.toolId !== tool.id) return undefined;
    const param = condition.field ?? first;
    // `*` without a field: the tool fired. With a field (the first parameter too): that value is not empty.
    if (condition.expected.trim() === '*' && condition.field === undefined) continue;
    if (param === undefined || !params.includes(param) || !isBindable(param)) return undefined;
    terms.push(condition.expected.trim() === '*' ? { kind: 'nonEmpty', param } : { kind: 'value', param, expected: condition.expected.toLowerCase() });
  }
  return terms;
}

const isStateEdge = (edge: Edge) => !edge.conditions.some((c) => c.kind === 'tool');

/** Each exported tool's chain, entries grouped by stage in document order (see the module comment). */
export function toolChains(doc: AgentDocument): ToolChain[] {
  const stageById = new Map(doc.stages.map((s) => [s.id, s]));
  // Each stage's edges in document order, found once: tools × stages × all edges was the cost of
  // every export and every simulated step on a large agent.
  const edgesFrom = new Map<string, Edge[]>();
  for (const edge of doc.edges) {
    const list = edgesFrom.get(edge.from);
    if (list) list.push(edge);
    else edgesFrom.set(edge.from, [edge]);
  }
  return exportedTools(doc).map((tool) => {
    const stages = doc.stages.filter((s) => toolVisibleIn(tool, s));
    const guarded = stages.length > 1;
    const entries: ChainEntry[] = [];
    for (const stage of stages) {
      for (const edge of edgesFrom.get(stage.id) ?? []) {
        const to = stageById.get(edge.to);
        if (edge.kind !== 'edge' || !to) continue;
        const terms = termsFor(edge, tool);
        if (!terms) continue;
        entries.push({ from: stage.name, to: to.name, stateEdge: isStateEdge(edge), terms, edge });
        if (terms.length === 0) break; // always holds: later edges of this stage never fire from this tool
      }
    }
    return { tool: tool.name, guarded, entries };
  });
}

const entryKey = (chain: ToolChain, entry: ChainEntry) =>
  JSON.stringify([entry.stateEdge ? '' : chain.tool, entry.from, entry.to, entry.terms]);

/**
 * The edges the chains stand for, in one canonical order: stage by stage (document order), and
 * within a stage the chains merged tool by tool. A state edge appears in several chains and is
 * one edge; the order between edges of different tools does not matter to Pinecall (one tool runs
 * at a time), so this order is what both the importer and the projection produce.
 */
export function mergeChains(chains: ToolChain[], stageNames: string[]): (ChainEntry & { tool?: string })[] {
  const out: (ChainEntry & { tool?: string })[] = [];
  for (const stage of stageNames) {
    const merged: { key: string; entry: ChainEntry & { tool?: string } }[] = [];
    for (const chain of chains) {
      const seen = new Map<string, number>();
      let cursor = 0;
      for (const entry of chain.entries.filter((e) => e.from === stage)) {
        const base = entryKey(chain, entry);
        const occurrence = (seen.get(base) ?? 0) + 1;
        seen.set(base, occurrence);
        const key = `${base}#${occurrence}`;
        const at = merged.findIndex((m) => m.key === key);
        if (at >= 0) {
          cursor = at + 1;
          continue;
        }
        merged.splice(cursor, 0, { key, entry: { ...entry, tool: entry.stateEdge ? undefined : chain.tool } });
        cursor++;
      }
    }
    out.push(...merged.map((m) => m.entry));
  }
  return out;
}

/** The conditions an entry stands for, as the importer writes them (a tool edge always names its tool). */
export function entryConditions(entry: ChainEntry, tool: Tool | undefined): Condition[] {
  const first = tool ? firstParameter(tool) : undefined;
  const conditions: Condition[] = entry.terms.map((term): Condition => {
    if (term.kind === 'expression') return { kind: 'expression', expression: term.expression };
    const field = term.param === first && term.kind === 'value' ? {} : { field: term.param };
    return { kind: 'tool', toolId: tool?.id ?? '', ...field, expected: term.kind === 'value' ? term.expected : '*' };
  });
  if (tool && !entry.stateEdge && !conditions.some((c) => c.kind === 'tool')) conditions.unshift({ kind: 'tool', toolId: tool.id, expected: '*' });
  return conditions;
}
