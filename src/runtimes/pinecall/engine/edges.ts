// Which stage a tool moves the call to. Read from the exporter's own chains (runtimes/pinecall/format/
// edge-chains.ts), so the simulator tries exactly the `if / else if` the exported class would run:
// the edges this tool fires from the current stage, in order, and the first that holds wins.
import { exportedTools, toolChains, type GuardTerm } from '../../../model/tool-chains';
import type { AgentDocument, Edge, Tool } from '../../../model';
import { getOwn } from '../../../model/own';
import type { Evaluate } from '../../../simulator/types';

export interface Fired {
  /** Absent: no edge holds, the stage stays. */
  edge?: Edge;
  /** Trace notes on terms that were not simply evaluated. */
  notes: string[];
}

function holds(term: GuardTerm, args: Record<string, unknown>, state: Record<string, unknown>, evaluate: Evaluate | undefined, notes: string[]): boolean {
  // Own keys only, as the exported chain reads the method's own parameter (never Object.prototype's `constructor`).
  if (term.kind === 'value') return String(getOwn(args, term.param)).toLowerCase() === term.expected;
  if (term.kind === 'nonEmpty') return String(getOwn(args, term.param) ?? '') !== '';
  if (!evaluate) {
    // Unlike `when` (where true only offers a tool), true here would move the call on every run
    // (the sample's `searches >= 3` would end the call after one search), so the stage stays.
    notes.push(`expression ${term.expression} not evaluated (no sandbox yet): taken as false`);
    return false;
  }
  try {
    return evaluate(term.expression, Object.freeze(structuredClone(state)), { what: `the guard ${term.expression}` });
  } catch (error) {
    notes.push(`expression ${term.expression} threw (${(error as Error).message}): taken as false`);
    return false;
  }
}

/**
 * The edge `tool` fires from `stageId` after it ran without error, if any. `state` is the
 * state after the tool's writes (the exported chain runs after the body).
 */
export function firedEdge(
  doc: AgentDocument, tool: Tool, stageId: string, args: Record<string, unknown>, state: Record<string, unknown>, evaluate: Evaluate | undefined,
): Fired {
  // The chain of this very tool: toolChains lists one per function tool, in order, and two tools
  // may share a name (Block Agent, in different blocks), which the exported class tells apart.
  const functionTools = exportedTools(doc);
  const chain = toolChains(doc)[functionTools.indexOf(tool)] ?? toolChains(doc).find((c) => c.tool === tool.name);
  const notes: string[] = [];
  for (const entry of chain?.entries ?? []) {
    if (!entry.edge || entry.edge.from !== stageId) continue;
    // Terms are ANDed and short-circuit, as `&&` in the exported chain.
    if (entry.terms.every((term) => holds(term, args, state, evaluate, notes))) return { edge: entry.edge, notes };
  }
  return { notes };
}
