import { parameterNames } from './json-schema';
import { pointer } from './lint/pointer';
import { walkSchema } from './lint/schema-walk';
import type { AgentDocument, EntityKind, Target, Tool } from './types';

/** One path of the document the target runtime cannot express: the export drops it. */
export interface Loss {
  /** JSON pointer to what is dropped; removing exactly these paths is `project(doc, target)`. */
  path: string;
  entity: { kind: EntityKind; id?: string };
  /** Short name of what is lost, e.g. 'natural-language condition'. */
  feature: string;
  /** "<feature> is not expressed in <runtime>: <what happens and what to write instead>". */
  message: string;
}

export const TARGET_LABEL: Record<Target, string> = { pinecall: 'Pinecall', 'block-agent': 'Block Agent' };

type Add = (path: string, entity: Loss['entity'], feature: string, why: string) => void;

/**
 * Every path of `doc` that `target` cannot express (design.md, "Losses are computed"). Export
 * warnings, lint notes and the simulator's "skipped in this runtime" lines all read this list.
 */
export function lossesFor(doc: AgentDocument, target: Target): Loss[] {
  const losses: Loss[] = [];
  const add: Add = (path, entity, feature, why) =>
    losses.push({ path, entity, feature, message: `${feature} is not expressed in ${TARGET_LABEL[target]}: ${why}` });
  if (target === 'pinecall') pinecallLosses(doc, add);
  else blockAgentLosses(doc, add);
  return losses;
}

function pinecallLosses(doc: AgentDocument, add: Add): void {
  if (Object.keys(doc.llm).length > 0) {
    add(pointer('llm'), { kind: 'agent' }, 'llm settings', 'the class holds no model settings; set them where the agent is deployed');
  }
  doc.blocks.forEach((block, i) => {
    if (!block.looping) return;
    add(pointer('blocks', i, 'looping'), { kind: 'block', id: block.id }, 'block looping',
      'Pinecall counts no loops; count attempts in a state field and leave with an expression condition, e.g. searches >= 3');
  });
  doc.stages.forEach((stage, i) => {
    const entity = { kind: 'stage' as const, id: stage.id };
    if (stage.kind === 'wait') {
      add(pointer('stages', i, 'kind'), entity, 'wait stage', `${stage.name} becomes an ordinary stage; let a tool fetch the outside answer instead of waiting for it`);
    }
    if (stage.waitToken !== undefined) {
      add(pointer('stages', i, 'waitToken'), entity, 'wait token', `nothing answers ${stage.waitToken || 'the token'} in Pinecall; let a tool fetch the outside answer`);
    }
  });
  doc.edges.forEach((edge, i) => {
    const entity = { kind: 'edge' as const, id: edge.id };
    if (edge.kind === 'loop') {
      // The whole edge goes, its conditions with it: Pinecall stays on a stage until a tool moves it.
      add(pointer('edges', i), entity, 'loop edge', 'a Pinecall stage is kept until a tool moves it, so the export leaves this edge out');
      return;
    }
    edge.conditions.forEach((condition, j) => {
      if (condition.kind === 'nlu') {
        add(pointer('edges', i, 'conditions', j), entity, 'natural-language condition',
          'only tool firing and the state move a Pinecall stage; add a tool the model calls when this holds, and use a tool condition');
      } else if (condition.kind === 'external') {
        add(pointer('edges', i, 'conditions', j), entity, 'external condition',
          'nothing outside the call answers in Pinecall; let a tool fetch the answer, and use a tool condition on it');
      }
    });
  });
  doc.tools.forEach((tool, i) => {
    const entity = { kind: 'tool' as const, id: tool.id };
    if (tool.kind === 'mcp') {
      add(pointer('tools', i), entity, 'mcp tool', `a Pinecall tool is a method; call the ${tool.mcp?.serverLabel || 'mcp'} server from a function tool's implementation`);
      return;
    }
    walkSchema(tool.parameters, (node, at) => {
      if (node.pattern === undefined) return;
      add(pointer('tools', i, 'parameters', ...at, 'pattern'), entity, 'parameter pattern',
        'Pinecall derives parameters from the TypeScript signature, which has no regex; check the value in the implementation and throw a sentence the model can use');
    });
  });
}

/** Block Agent tool keys Pinecall has and Block Agent does not, with what the user can do instead. */
const TOOL_ONLY_IN_PINECALL: [keyof Tool, string, string][] = [
  ['when', 'when', 'a block offers its tools in all of its stages; scope the tool to the blocks where it applies'],
  ['confirm', 'confirm', 'nothing is said after a tool runs; put the sentence in the next stage\'s instructions'],
  ['announce', 'announce', 'the reply is written in parallel with the tool call; say it in the stage\'s instructions'],
  ['preview', 'preview', 'the model reads the whole result'],
  ['timeout', 'timeout', 'the runtime\'s own timeout applies'],
  ['implementation', 'implementation', 'a Block Agent tool captures its arguments and runs no code; serve the logic from an mcp server'],
];

function blockAgentLosses(doc: AgentDocument, add: Add): void {
  doc.tools.forEach((tool, i) => {
    const entity = { kind: 'tool' as const, id: tool.id };
    for (const [key, feature, why] of TOOL_ONLY_IN_PINECALL) {
      if (tool[key] !== undefined) add(pointer('tools', i, key), entity, feature, why);
    }
    if (tool.pii.length > 0) add(pointer('tools', i, 'pii'), entity, 'pii', 'parameters are not masked in logs');
    if (tool.scope.kind === 'stages') {
      const blocks = [...new Set(doc.stages.filter((s) => tool.scope.kind === 'stages' && tool.scope.stageIds.includes(s.id)).map((s) => s.blockId))];
      const names = blocks.map((id) => doc.blocks.find((b) => b.id === id)?.name ?? id).join(', ') || 'no block';
      add(pointer('tools', i, 'scope'), entity, 'stage-level tool scope', `tools belong to blocks; the export offers ${tool.name} in every stage of ${names}`);
    }
  });
  doc.edges.forEach((edge, i) => edge.conditions.forEach((condition, j) => {
    if (condition.kind !== 'expression') return;
    add(pointer('edges', i, 'conditions', j), { kind: 'edge', id: edge.id }, 'state-expression condition',
      'conditions read tool captures, outside answers or a sentence; capture the value with a tool and use a tool condition');
  }));
  // Block Agent's variables are the parameters tools capture: nothing else is declared.
  const captured = new Set(doc.tools.flatMap((t) => (t.kind === 'function' ? parameterNames(t.parameters) : [])));
  doc.state.forEach((field, i) => {
    const entity = { kind: 'state' as const, id: field.id };
    if (!captured.has(field.name)) {
      add(pointer('state', i), entity, 'state field', `no tool captures ${field.name}, so Block Agent has no variable for it; add a tool parameter named ${field.name} to keep it`);
      return;
    }
    if (field.default !== undefined) add(pointer('state', i, 'default'), entity, 'state default', `${field.name} is empty until a tool captures it`);
    if (field.pii) add(pointer('state', i, 'pii'), entity, 'state pii', `${field.name} is not masked in logs`);
    if (field.visibility === 'public') add(pointer('state', i, 'visibility'), entity, 'state visibility', `${field.name} has no visibility setting`);
  });
}
