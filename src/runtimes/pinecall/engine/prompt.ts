// What the model is sent, built afresh before every model call (formats/pinecall.md, step 2, as the
// platform's own source sends it): the static blocks (persona, rules, every declared tool), the
// history, then the current stage's view filled from the state; every declared tool, and which of
// them are open now (stage scope and `when`): a closed one is refused where it is run.
import { byId, toolsVisibleIn, type AgentDocument, type Tool } from '../../../model';
import { fillTemplate } from '../../../simulator/template';
import { personaAsPinecallReads } from '../../../model/docstring';
import { pyOneLine } from '../../../model/py-docstring';
import { rubyOneLine } from '../../../model/ruby-docstring';
import { keptViewOf, viewReplacesInstructions } from '../../../simulator/class-code/kept-view';
import { exportedTools } from '../../../model/tool-chains';
import { toolSpec } from '../../../simulator/messages';
import { identityBlock, toolsBlock } from './prompt-blocks';
import { classKnowledge } from '../../../simulator/class-code/knowledge';
import type { Evaluate, Session } from '../../../simulator/types';

export interface Visible {
  tools: Tool[];
  /** Trace notes on how `when` was decided (not evaluated yet, or a predicate that threw). */
  notes: string[];
}

/**
 * The tools offered now. Without a stage (an agent with no stages) every tool is offered, as a
 * class without a stage field does. `when` is decided by `evaluate` over a frozen copy of `scope`:
 * what Pinecall's snapshot holds (the state with the stage and the getters' values, derived.ts
 * scopeWith), the session's state when not given.
 */
export function visibleTools(doc: AgentDocument, session: Session, evaluate: Evaluate | undefined, scope: Readonly<Record<string, unknown>> = session.state): Visible {
  const stage = byId(doc.stages, session.stageId);
  const scoped = (stage ? toolsVisibleIn(doc, stage) : doc.tools).filter((t) => t.kind === 'function');
  const notes: string[] = [];
  const frozen = Object.freeze(structuredClone(scope));
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

/**
 * The prompt, as Pinecall's blocks render it (prompt-blocks.ts) and the platform sends them
 * (pinecall/runtime `domain/agent.py` DEFAULT_LAYOUT, `session/_prompt.py` request): the static
 * blocks as the system text — the identity block (the class's docstring line, the framework's
 * rules, protocols and channel), the knowledge block (the class's `@knowledge` text, whole) and the
 * tools block (every tool the class declares, by the name and
 * description its spec has: `declared`, the specs the runtime's code builds where the step has
 * them); and the dynamic block, the view, sent after the history as a system message of its own —
 * the current stage's instructions, `{{ }}` filled from `scope`; or, for a class whose view is kept
 * as code, `view`: the text that code rendered (../view.ts), sent as rendered (Pinecall fills no
 * placeholders in it), instead of the instructions (render(), @render) or after them (render()'s
 * children that are no section). An empty view is not sent (`Blocks.of` skips an empty block).
 */
export function promptBlocks(doc: AgentDocument, session: Session, scope: Readonly<Record<string, unknown>> = session.state, view?: string, declared = declaredTools(doc)): PromptBlocks {
  const stage = byId(doc.stages, session.stageId);
  const instructions = fillTemplate(stage?.instructions ?? '', scope).trim();
  const kept = keptViewOf(doc);
  // render()'s children that are no stage's section follow the sections, as the export writes them.
  const now = view === undefined ? [instructions] : kept && !viewReplacesInstructions(kept) ? [instructions, view.trim()] : [view.trim()];
  return { system: [identityOf(doc), knowledgeText(doc), toolsBlock(declared)].filter(Boolean).join('\n\n'), view: now.filter(Boolean).join('\n\n') };
}

export interface PromptBlocks {
  /** The static blocks (identity, knowledge, tools), joined as livekit's one `instructions` string (`BETWEEN_BLOCKS`). */
  system: string;
  /** The view block now; '' when there is none (nothing is sent for it). */
  view: string;
}

/** The knowledge block: the class's `@knowledge` text, whole ('' when it declares none, or gives it by code). */
export function knowledgeText(doc: AgentDocument): string {
  const knowledge = classKnowledge(doc);
  return knowledge && 'text' in knowledge ? knowledge.text : '';
}

/** The identity block a class sends: its docstring's line, the framework's rules and protocols, and the channel's unless it turns them off. */
export const identityOf = (doc: AgentDocument): string => identityBlock(personaLine(doc), channelRulesOn(doc));

/**
 * The identity as Pinecall reads the class's JSDoc: up to its first `@` line, one line, and sent
 * as written: the SDK fills no placeholder in it (pinecall 0.11.24 blocks.identity, "No state").
 * A class in Python: its docstring's line as the SDK reads it (`_doc.one_line`, up to the first section).
 */
export const personaLine = (doc: AgentDocument): string =>
  (doc.language === 'python' ? pyOneLine(doc.persona) ?? '' : doc.language === 'ruby' ? rubyOneLine(doc.persona.split('\n')) : personaAsPinecallReads(doc.persona)).trim();

/** The tools a class declares, by name and the description its runtime reads (without the specs the runtime's code builds). */
export const declaredTools = (doc: AgentDocument): { name: string; description: string }[] => exportedTools(doc)
  .map((t) => ({ name: t.name, description: doc.language === 'python' ? pyOneLine(t.description) ?? '' : doc.language === 'ruby' ? rubyOneLine(t.description.split('\n')) : toolSpec(t).description }));

/** A class in Python that sets `channel_rules = False` sends no channel block (`Agent.channel_rules`). */
function channelRulesOn(doc: AgentDocument): boolean {
  const members = (doc.preserved?.pinecallPython as { members?: unknown } | undefined)?.members;
  return !(Array.isArray(members) && members.some((m) => typeof m === 'string' && /^channel_rules\s*(?::\s*[\w[\].]+\s*)?=\s*False\s*(#.*)?$/m.test(m)));
}
