// What a Block Agent file cannot say (formats/block-agent.md), path by path:
// lossesFor(doc, 'block-agent'). Refs, tool names and the variables a file declares are worked out
// from the exporter's own plan (./plan.ts), so the list and the export agree.
import { keptPythonLosses } from '../../../formats/kept-python';
import { keptRubyLosses } from '../../../formats/kept-ruby';
import { keepsMoreThanLayout } from '../../../formats/kept-layout';
import { orderAsListed } from '../../../formats/listed-order';
import { IMPORTED_AGENT_NAME, isFallbackToolName, isIntentBlock, stateFromTools } from './conventions';
import { deepEqual, survivingExtra, type PlainObject } from './extra';
import { BLOCK_SHAPE, EDGE_SHAPE, FUNCTION_TOOL_SHAPE, MCP_TOOL_SHAPE, TOP_SHAPE, TURN_SHAPE } from './keys';
import { planExport, writtenToolName, type ExportPlan } from './plan';
import { toolShape, writeBlock, writeEdge, writeLlm, writeTool, writeTurn } from './write';
import { pointer } from '../../../model/lint/pointer';
import { collectLosses, hasKeys, type AddLoss, type Loss } from '../../../model/loss';
import type { AgentDocument, Stage, Tool } from '../../../model/types';

/** Tool keys Pinecall has and Block Agent does not, with what the user can do instead. */
const TOOL_ONLY_IN_PINECALL: [keyof Tool, string, string][] = [
  ['when', 'when', 'a block offers its tools in all of its stages; scope the tool to the blocks where it applies'],
  ['confirm', 'confirm', 'nothing is said after a tool runs; put the sentence in the next stage\'s instructions'],
  ['announce', 'announce', 'the reply is written in parallel with the tool call; say it in the stage\'s instructions'],
  ['preview', 'preview', 'the model reads the whole result; return fewer rows where the result is long'],
  ['timeout', 'timeout', 'the runtime\'s own timeout applies; set it where the agent is deployed'],
  ['implementation', 'implementation', 'a Block Agent tool captures its arguments and runs no code; serve the logic from an mcp server'],
];

const EXTRA_CLASH = 'a kept key that the format itself writes is overwritten by the modelled value; rename the key, or set the modelled field instead';

/**
 * How the import will see the written tools: a file lists a tool under each block that offers it,
 * and the import keeps one tool per name and definition, renaming a different one that reuses a
 * name (read-tools.ts, ToolRegistry). `survivor` maps every written tool to the tool it becomes.
 */
export interface WrittenTools {
  name: Map<string, string>;
  survivor: Map<string, Tool>;
  /** Distinct tools in the order the import meets them. */
  order: Tool[];
  /** Per written tool (a survivor), the ids of the blocks that list it, in block order. */
  blocksOf: Map<Tool, string[]>;
}

export function writtenTools(plan: ExportPlan): WrittenTools {
  const out: WrittenTools = { name: new Map(), survivor: new Map(), order: [], blocksOf: new Map() };
  // By written name, and the names given so far: searching every tool before each one made a file
  // of thousands of tools quadratic (lint runs this on every edit).
  const seen = new Map<string, { definition: unknown; tool: Tool }[]>();
  const given = new Set<string>();
  const suffixes = new Map<string, number>();
  // A tool listed in many blocks is written the same in each: written once (its parameters are cloned).
  const definitions = new Map<string, unknown>();
  for (const block of plan.blocks) {
    // The names this block's list has written so far: the registry renames only a clash within a block.
    const inBlock = new Set<string>();
    for (const source of plan.toolsOf.get(block.id)!) {
      const name = writtenToolName(source);
      const clash = inBlock.has(name);
      inBlock.add(name);
      let definition = definitions.get(source.id);
      if (definition === undefined) definitions.set(source.id, (definition = writeTool(source)));
      const same = seen.get(name)?.find((s) => deepEqual(s.definition, definition));
      if (same) {
        if (!out.survivor.has(source.id)) out.survivor.set(source.id, same.tool);
        continue;
      }
      // uniqueName's rule (the first free name_2, name_3 …), resumed where the last search of this name stopped.
      let unique = name;
      for (let k = suffixes.get(name) ?? 2; clash && given.has(unique); k++) {
        unique = `${name}_${k}`;
        suffixes.set(name, k);
      }
      given.add(unique);
      out.name.set(source.id, unique);
      out.survivor.set(source.id, source);
      out.order.push(source);
      const entry = { definition, tool: source };
      const named = seen.get(name);
      if (named) named.push(entry);
      else seen.set(name, [entry]);
    }
  }
  for (const block of plan.blocks) {
    for (const source of plan.toolsOf.get(block.id)!) {
      const survivor = out.survivor.get(source.id)!;
      const listed = out.blocksOf.get(survivor) ?? [];
      if (listed.at(-1) !== block.id) listed.push(block.id);
      out.blocksOf.set(survivor, listed);
    }
  }
  return out;
}

/** Every path of `doc` a Block Agent file cannot express, in document order. */
export const lossesOfBlockAgent = (doc: AgentDocument): Loss[] => collectLosses('block-agent', (add) => {
  blockAgentLosses(doc, add);
  keptPythonLosses(doc, add);
  keptRubyLosses(doc, add);
});

function blockAgentLosses(doc: AgentDocument, add: AddLoss): void {
  const plan = planExport(doc);
  const tools = writtenTools(plan);
  agentLosses(doc, add);
  blockLosses(doc, plan, tools, add);
  doc.stages.forEach((stage, i) => {
    const entity = { kind: 'stage' as const, id: stage.id };
    const ref = plan.stageRef.get(stage.id);
    if (ref !== undefined && ref !== stage.ref) add(pointer('stages', i, 'ref'), entity, 'turn_id', `${stage.ref ? `${stage.ref} is another turn's too` : 'the turn_id is empty'}, so it is written as ${ref}; give the stage a ref of its own`);
    if (ref !== undefined && extraClashes(writeTurn({ ...stage, extra: undefined }, ref, []), stage.extra, TURN_SHAPE)) {
      add(pointer('stages', i, 'extra'), entity, 'kept key', EXTRA_CLASH);
    }
  });
  edgeLosses(doc, plan, tools, add);
  doc.tools.forEach((tool, i) => toolLosses(doc, tool, i, plan, tools, add));
  stateLosses(doc, plan, tools, add);
}

function agentLosses(doc: AgentDocument, add: AddLoss): void {
  const agent = { kind: 'agent' as const };
  if (doc.name !== IMPORTED_AGENT_NAME) {
    add(pointer('name'), agent, 'agent name', `a Block Agent file has no name, so it comes back as "${IMPORTED_AGENT_NAME}" (or the file's name); name the file after the agent`);
  }
  if (doc.opening !== 'caller') {
    add(pointer('opening'), agent, 'agent opens the call', 'the file does not say who speaks first; choose "agent opens the call" where the agent is deployed');
  }
  if (keepsMoreThanLayout(doc.preserved?.pinecall)) {
    add(pointer('preserved', 'pinecall'), agent, 'Pinecall class code', 'the imports, helper methods, getters and comments kept from a Pinecall class are not written in a Block Agent file; keep the class if you need them');
  }
  const top: PlainObject = { personality: doc.persona, blocks: [] };
  const preservedLlm = doc.preserved?.blockAgent?.llm_settings;
  if (Object.keys(doc.llm).length > 0 || (typeof preservedLlm === 'object' && preservedLlm !== null && Object.keys(preservedLlm).length > 0)) top.llm_settings = writeLlm(doc.llm);
  if (extraClashes(top, doc.preserved?.blockAgent, TOP_SHAPE)) add(pointer('preserved', 'blockAgent'), agent, 'kept key', EXTRA_CLASH);
}

function blockLosses(doc: AgentDocument, plan: ExportPlan, tools: WrittenTools, add: AddLoss): void {
  doc.blocks.forEach((block, i) => {
    const entity = { kind: 'block' as const, id: block.id };
    const ref = plan.blockRef.get(block.id)!;
    if (ref !== block.ref) add(pointer('blocks', i, 'ref'), entity, 'block_id', `${block.ref ? `${block.ref} is another block's too` : 'the block_id is empty'}, so it is written as ${ref}; give the block a ref of its own`);
    if (block.color !== undefined) add(pointer('blocks', i, 'color'), entity, 'block colour', 'a Block Agent file has no colours; the canvas shows the block in the default colour');
    const offered = plan.toolsOf.get(block.id)!.map((t) => tools.survivor.get(t.id)!);
    const written = offered.map((t) => ({ ...t, fallback: fallbackOf(t, tools) }));
    const intent = isIntentBlock(block.name, ref, written);
    if (intent !== block.intent) {
      add(pointer('blocks', i, 'intent'), entity, 'intent flag', intent
        ? `the file has no intent flag, and the import reads ${block.name} as an intent block from its name or its fallback tool; rename the block, or its fallback tool, to keep it off`
        : `the file has no intent flag, and the import reads a block as an intent block only from its name (…Intent) or a fallback tool (caller_intent_not_yet_detected); name ${block.name} so`);
    }
    const stageRef = (id: string) => plan.stageRef.get(id);
    if (extraClashes(writeBlock({ ...block, extra: undefined }, ref, [], [], stageRef), block.extra, BLOCK_SHAPE)) {
      add(pointer('blocks', i, 'extra'), entity, 'kept key', EXTRA_CLASH);
    }
  });
}

/**
 * The tool the import reads a condition in `blockId` as: the first the block lists under the
 * condition's written name, else the first of that name anywhere (read-tools.ts, resolve).
 */
function resolvedTool(plan: ExportPlan, tools: WrittenTools, blockId: string, name: string, firstAnywhere: Map<string, Tool>): Tool | undefined {
  const own = plan.toolsOf.get(blockId)?.find((t) => writtenToolName(t) === name) ?? firstAnywhere.get(name);
  return own && tools.survivor.get(own.id);
}

/** The first tool of each written name over every block's list, in block order (resolvedTool's fallback), built once. */
function firstToolByName(plan: ExportPlan): Map<string, Tool> {
  const first = new Map<string, Tool>();
  for (const block of plan.blocks) {
    for (const tool of plan.toolsOf.get(block.id)!) if (!first.has(writtenToolName(tool))) first.set(writtenToolName(tool), tool);
  }
  return first;
}

function edgeLosses(doc: AgentDocument, plan: ExportPlan, tools: WrittenTools, add: AddLoss): void {
  // Looked up in maps built once: a search of the tools per condition made large agents slow to export.
  const byId = new Map<string, Tool>();
  for (const tool of doc.tools) if (!byId.has(tool.id)) byId.set(tool.id, tool);
  const names = { toolName: (id: string) => (tools.survivor.has(id) ? writtenToolName(byId.get(id)!) : undefined) };
  const firstAnywhere = firstToolByName(plan);
  const blockOf = new Map(doc.stages.map((s) => [s.id, s.blockId]));
  doc.edges.forEach((edge, i) => {
    const entity = { kind: 'edge' as const, id: edge.id };
    edge.conditions.forEach((condition, j) => {
      const at = pointer('edges', i, 'conditions', j);
      if (condition.kind === 'result') {
        add(at, entity, 'result condition',
          'conditions read tool captures, outside answers or a sentence, so the case of the tool\'s result is written as a sentence the model judges; capture the value with a tool and use a tool condition');
      } else if (condition.kind === 'expression') {
        add(at, entity, 'state-expression condition',
          'conditions read tool captures, outside answers or a sentence, so the expression is written as a sentence the model judges; capture the value with a tool and use a tool condition');
      } else if (condition.kind === 'tool') {
        const survivor = tools.survivor.get(condition.toolId);
        const name = names.toolName(condition.toolId);
        const read = name === undefined ? undefined : resolvedTool(plan, tools, blockOf.get(edge.from) ?? '', name, firstAnywhere);
        if (!survivor) {
          add(at, entity, 'condition on an unwritten tool', 'its tool is offered in no block, so it is not written and the condition is left out; scope the tool to a block');
        } else if (read?.id !== condition.toolId) {
          add(at, entity, 'condition on a tool of a taken name', `a condition names its tool by the name the file writes, ${name}, and that name reads as ${read ? tools.name.get(read.id) : 'another tool'}; give each tool a name (or mcp server label) of its own`);
        }
      }
    });
    if (extraClashes(writeEdge({ ...edge, extra: undefined }, plan.stageRef.get(edge.to), names), edge.extra, EDGE_SHAPE)) {
      add(pointer('edges', i, 'extra'), entity, 'kept key', EXTRA_CLASH);
    }
  });
}

const fallbackOf = (tool: Tool, tools: WrittenTools): boolean => tool.kind === 'function' && isFallbackToolName(tools.name.get(tool.id) ?? tool.name);

/** The stages where a tool is offered in the document, and where the written file offers it. */
function coverage(doc: AgentDocument, tool: Tool, tools: WrittenTools): { before: string[]; after: string[] } {
  // toolVisibleIn with its lists as sets: per tool and stage, a search of the scope's list was a large share of a big export.
  const scope = tool.scope;
  const listed = new Set(scope.kind === 'blocks' ? scope.blockIds : scope.kind === 'stages' ? scope.stageIds : []);
  const visible = (s: Stage) => (scope.kind === 'all' ? true : listed.has(scope.kind === 'blocks' ? s.blockId : s.id));
  const blocks = new Set(tools.blocksOf.get(tool));
  const before: string[] = [];
  const after: string[] = [];
  for (const stage of doc.stages) {
    if (visible(stage)) before.push(stage.id);
    if (blocks.has(stage.blockId)) after.push(stage.id);
  }
  return { before, after };
}

function toolLosses(doc: AgentDocument, tool: Tool, i: number, plan: ExportPlan, tools: WrittenTools, add: AddLoss): void {
  const entity = { kind: 'tool' as const, id: tool.id };
  const survivor = tools.survivor.get(tool.id);
  if (!survivor) {
    add(pointer('tools', i), entity, 'tool offered in no block', `a Block Agent tool is listed under the blocks that offer it, and ${tool.name} is offered in none, so it is not written; scope it to a block`);
    return;
  }
  if (survivor !== tool) {
    add(pointer('tools', i), entity, 'tool merged', `it is written exactly like ${tools.name.get(survivor.id)}, so the file lists one tool and the import keeps one; give it a name of its own`);
    return;
  }
  const name = tools.name.get(tool.id)!;
  if (name !== tool.name) {
    add(pointer('tools', i, 'name'), entity, tool.kind === 'mcp' && tool.mcp?.serverLabel === name ? 'mcp tool name' : 'tool name taken', tool.kind === 'mcp' && tool.mcp?.serverLabel === name
      ? `an mcp tool is known by its server label, so ${tool.name} comes back as ${name}; name the tool after its server`
      : `another tool is written as ${tool.name}, so this one comes back as ${name}; give it a name of its own`);
  }
  const { before, after } = coverage(doc, tool, tools);
  const written = new Set(after);
  if (before.length !== after.length || before.some((id) => !written.has(id))) {
    const listing = new Set(tools.blocksOf.get(tool));
    const blocks = plan.blocks.filter((b) => listing.has(b.id)).map((b) => b.name).join(', ') || 'no block';
    add(pointer('tools', i, 'scope'), entity, tool.scope.kind === 'stages' ? 'stage-level tool scope' : 'tool scope',
      `tools belong to blocks; the export offers ${tool.name} in every stage of ${blocks}; move the stages that should not see it into another block`);
  }
  if (fallbackOf(tool, tools) !== tool.fallback) {
    add(pointer('tools', i, 'fallback'), entity, 'fallback flag', tool.fallback
      ? `the file has no fallback flag, and the import recognises a fallback tool by its name; name it like caller_intent_not_yet_detected`
      : `the file has no fallback flag, and the import reads ${name} as a fallback tool from its name; rename it if it is not one`);
  }
  for (const [key, feature, why] of TOOL_ONLY_IN_PINECALL) {
    if (tool[key] !== undefined) add(pointer('tools', i, key), entity, feature, why);
  }
  if (tool.pii.length > 0) add(pointer('tools', i, 'pii'), entity, 'pii', 'parameters are not masked in logs; mask them where the runtime logs calls');
  if (tool.mock !== undefined) add(pointer('tools', i, 'mock'), entity, 'mock result', 'a file holds no simulated results; keep the Callboard document to simulate with them');
  if (tool.kind === 'mcp' && tool.mcp?.mocks !== undefined) add(pointer('tools', i, 'mcp', 'mocks'), entity, 'mcp mock results', 'a file holds no simulated results; keep the Callboard document to simulate with them');
  if (tool.kind === 'function' && tool.mcp !== undefined) add(pointer('tools', i, 'mcp'), entity, 'mcp server of a function tool', 'a function tool calls no server; make it an mcp tool');
  if (hasKeys(tool.extra) && extraClashes(toolShape(tool), tool.extra, tool.kind === 'function' ? FUNCTION_TOOL_SHAPE : MCP_TOOL_SHAPE)) {
    add(pointer('tools', i, 'extra'), entity, 'kept key', EXTRA_CLASH);
  }
}

/** Block Agent's variables are the parameters its tools capture: nothing else is declared (conventions.ts). */
function stateLosses(doc: AgentDocument, plan: ExportPlan, tools: WrittenTools, add: AddLoss): void {
  // A variable takes the type of the first tool that captures it in the order the import reads the
  // tools back (as every block lists them, read-tools.ts), not the order they were first written.
  const listed = plan.blocks.map((b) => [...new Set(plan.toolsOf.get(b.id)!.map((t) => tools.survivor.get(t.id)!))]);
  const captured = new Map(stateFromTools(orderAsListed(tools.order, listed), (name) => name).map((f) => [f.name, f]));
  const seen = new Set<string>();
  const text = (value: string | undefined) => (value ? value.replace(/\r\n?/g, '\n') : undefined);
  doc.state.forEach((field, i) => {
    const entity = { kind: 'state' as const, id: field.id };
    if (seen.has(field.name)) {
      add(pointer('state', i), entity, 'repeated state field', `a file has one variable per name, so this second ${field.name} is not kept; rename it or delete it`);
      return;
    }
    seen.add(field.name);
    const variable = captured.get(field.name);
    if (!variable) {
      add(pointer('state', i), entity, 'state field', `no written tool captures ${field.name}, so Block Agent has no variable for it; add a tool parameter named ${field.name} to keep it`);
      return;
    }
    if (variable.type !== field.type) add(pointer('state', i, 'type'), entity, 'state type', `${field.name} comes back as ${variable.type}, the type of the parameter that captures it; give the two the same type`);
    if (text(variable.description) !== text(field.description)) {
      add(pointer('state', ...(text(field.description) ? [i, 'description'] : [i])), entity, 'state description',
        `${field.name} comes back with the description of the parameter that captures it; write the description on that parameter`);
    }
    if (field.default !== undefined) add(pointer('state', i, 'default'), entity, 'state default', `${field.name} is empty until a tool captures it; say the default in the instructions if it matters`);
    if (field.pii) add(pointer('state', i, 'pii'), entity, 'state pii', `${field.name} is not masked in logs; mask it where the runtime logs calls`);
    if (field.visibility === 'public') add(pointer('state', i, 'visibility'), entity, 'state visibility', `${field.name} has no visibility setting; every captured variable is available to the runtime`);
  });
}

/** Whether some key of `extra` does not come back (it collides with a key the format writes). */
function extraClashes(written: PlainObject, extra: PlainObject | undefined, shape: Parameters<typeof survivingExtra>[2]): boolean {
  if (extra === undefined || Object.keys(extra).length === 0) return false;
  return !deepEqual(survivingExtra(written, extra, shape) ?? {}, extra);
}
