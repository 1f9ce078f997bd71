// "What the model sees" (issue 15): per stage, the system prompt as written (persona + the stage's
// instructions, placeholders left as templates: state is a run's, not the file's) and the tools
// offered there as the OpenAI tools JSON. A reviewer diffs these two texts per stage: they are
// what a change to an agent changes for the model. Pinecall's `when` reads live state and is
// shown as written on the tool, not applied.
import type { AgentDifference } from '../model/diff';
import { personaAsPinecallReads } from '../model/docstring';
import type { AgentDocument } from '../model';
import { openAiToolsForStage } from './openai-tools';
import { RUNTIME_TRAITS } from '../model/runtime-homes';

export interface StageModelView {
  stage: string;
  prompt: string;
  /** The OpenAI tools array offered in the stage, as indented JSON text. */
  tools: string;
}

export function modelView(doc: AgentDocument): StageModelView[] {
  const persona = RUNTIME_TRAITS[doc.target].personaIsDocstring ? personaAsPinecallReads(doc.persona) : doc.persona.trim();
  return doc.stages.map((stage) => ({
    stage: stage.name,
    prompt: [persona, stage.instructions.trim()].filter(Boolean).join('\n\n'),
    tools: JSON.stringify(openAiToolsForStage(doc, stage.id), null, 2),
  }));
}

export interface StageModelChange {
  /** The stage's name in the second agent (the first's when it is gone). */
  stage: string;
  /** Set when the stage was renamed: its name in the first agent. */
  was?: string;
  old?: { prompt: string; tools: string };
  new?: { prompt: string; tools: string };
}

/**
 * The stages whose prompt or offered tools differ, paired by name through the diff's renames; a
 * stage only in one agent has only `old` or `new`.
 */
export function modelViewChanges(a: AgentDocument, b: AgentDocument, differences: readonly AgentDifference[]): StageModelChange[] {
  const renamedTo = new Map(differences.filter((d) => d.entity.kind === 'stage' && d.change === 'renamed').map((d) => [String(d.old), String(d.new)]));
  const before = new Map(modelView(a).map((v) => [renamedTo.get(v.stage) ?? v.stage, v]));
  const after = modelView(b);
  const changes: StageModelChange[] = [];
  for (const now of after) {
    const then = before.get(now.stage);
    before.delete(now.stage);
    if (then && then.prompt === now.prompt && then.tools === now.tools) continue;
    changes.push({
      stage: now.stage,
      ...(then && then.stage !== now.stage ? { was: then.stage } : {}),
      ...(then ? { old: { prompt: then.prompt, tools: then.tools } } : {}),
      new: { prompt: now.prompt, tools: now.tools },
    });
  }
  for (const [, then] of before) changes.push({ stage: then.stage, old: { prompt: then.prompt, tools: then.tools } });
  return changes;
}
