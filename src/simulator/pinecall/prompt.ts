// What the model is sent, built afresh before every model call (formats/pinecall.md, step 2):
// the persona and the current stage's instructions filled from the state, the history, and only
// the tools visible now (stage scope and `when`).
import { byId, toolsVisibleIn, type AgentDocument, type Tool } from '../../model';
import { fillTemplate } from '../template';
import type { Evaluate, Session } from '../types';

export interface Visible {
  tools: Tool[];
  /** Trace notes on how `when` was decided (not evaluated yet, or a predicate that threw). */
  notes: string[];
}

/**
 * The tools offered now. Without a stage (an agent with no stages) every tool is offered, as a
 * class without a stage field does. `when` is decided by `evaluate` over a frozen copy of the state.
 */
export function visibleTools(doc: AgentDocument, session: Session, evaluate: Evaluate | undefined): Visible {
  const stage = byId(doc.stages, session.stageId);
  const scoped = (stage ? toolsVisibleIn(doc, stage) : doc.tools).filter((t) => t.kind === 'function');
  const notes: string[] = [];
  const frozen = Object.freeze(structuredClone(session.state));
  const tools = scoped.filter((tool) => {
    if (!tool.when?.trim()) return true;
    if (!evaluate) {
      notes.push(`when of ${tool.name} not evaluated (no sandbox yet): taken as true`);
      return true;
    }
    try {
      return evaluate(tool.when, frozen, { what: `the when of tool ${tool.name}` });
    } catch (error) {
      notes.push(`when of ${tool.name} threw (${(error as Error).message}): the tool is hidden`);
      return false;
    }
  });
  return { tools, notes };
}

/** The system prompt: persona, then what `render()` prints now for the current stage. */
export function systemPrompt(doc: AgentDocument, session: Session): string {
  const stage = byId(doc.stages, session.stageId);
  const parts = [doc.persona, stage?.instructions ?? ''].map((p) => fillTemplate(p, session.state).trim()).filter(Boolean);
  return parts.join('\n\n');
}
