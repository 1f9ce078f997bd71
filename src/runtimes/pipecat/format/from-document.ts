// A document as a Pipecat flow (the inverse of document.ts): each turn stage a node, the tools it
// offers its functions (a tool offered everywhere a global function), the edges its tools fire
// their transitions. What the flow cannot say is the losses' (doc-losses.ts), and dropped here in
// the same way: an edge no tool fires, a condition on a parameter's value, a wait stage. The file
// written from a kept source changes only what the document changed (write.ts).
import { byId, toolVisibleIn, type AgentDocument, type Edge, type Stage, type Tool } from '../../../model';
import { inWrittenOrder, pipecatCaseKey, pipecatKeptOf, taskMessagesOf, type PipecatKept } from '../kept';
import type { FlowConfigData, FlowFunctionData, FlowNodeData } from './model';

/** The tools a node lists: those offered in its stage and not everywhere (those are global functions). */
export const nodeTools = (doc: AgentDocument, stage: Stage): Tool[] =>
  doc.tools.filter((t) => t.kind === 'function' && t.scope.kind !== 'all' && toolVisibleIn(t, stage));

export const globalTools = (doc: AgentDocument): Tool[] => doc.tools.filter((t) => t.kind === 'function' && t.scope.kind === 'all');

/** Stages a flow has a node for: all of them (a wait stage becomes an ordinary node, a loss). */
export const flowStages = (doc: AgentDocument): Stage[] => doc.stages;

export const isTransitionOnly = (kept: PipecatKept, tool: Tool): boolean => kept.transitionOnly?.includes(tool.id) ?? false;

/** An edge a function's transition can say: fired by `tool` alone (`*`), or by one case of its result. */
export function transitionEdge(edge: Edge, tool: Tool): 'direct' | 'case' | undefined {
  if (edge.conditions.length !== 1) return undefined;
  const [c] = edge.conditions;
  if (c.kind === 'tool' && c.toolId === tool.id && c.expected.trim() === '*' && c.field === undefined) return 'direct';
  if (c.kind === 'result' && c.toolId === tool.id) return 'case';
  return undefined;
}

/**
 * The `transition_to` of `tool` at `stage`: its edges from the stage, in order. A direct edge
 * before any case is the whole transition (Pipecat has one per function); cases on one field
 * (the first case's) make a branch table, and a direct edge after them its default.
 */
export function transitionOf(doc: AgentDocument, stage: Stage, tool: Tool): { written: FlowFunctionData['transition_to']; used: Edge[] } {
  const used: Edge[] = [];
  const cases: Record<string, string> = {};
  let field: string | undefined;
  let fallback: string | undefined;
  for (const edge of doc.edges) {
    if (edge.from !== stage.id) continue;
    const kind = transitionEdge(edge, tool);
    const to = byId(doc.stages, edge.to);
    if (!kind || !to) continue;
    if (kind === 'direct') {
      if (field === undefined) return { written: to.name, used: [edge] };
      fallback = to.name;
      used.push(edge);
      break;
    }
    const c = edge.conditions[0] as Extract<Edge['conditions'][number], { kind: 'result' }>;
    if (field !== undefined && c.field !== field) continue;
    field = c.field;
    // The first case of a key wins, as the first edge that holds does; Pipecat holds `True` and `true` as one key.
    if (Object.keys(cases).some((key) => pipecatCaseKey(key) === pipecatCaseKey(c.expected))) continue;
    cases[c.expected] = to.name;
    used.push(edge);
  }
  if (field === undefined) return { written: undefined, used: [] };
  return { written: { field, cases, ...(fallback !== undefined ? { default: fallback } : {}) }, used };
}

function functionData(doc: AgentDocument, kept: PipecatKept, stage: Stage | undefined, tool: Tool): FlowFunctionData {
  const transitionOnly = isTransitionOnly(kept, tool);
  const transition = stage ? transitionOf(doc, stage, tool).written : kept.globalTransitions?.[tool.id];
  return {
    name: tool.name,
    ...(transitionOnly ? { transition_only: true, description: tool.description } : {}),
    ...(transition !== undefined && transition !== null ? { transition_to: transition } : {}),
  };
}


function nodeData(doc: AgentDocument, kept: PipecatKept, stage: Stage, isEntry: boolean): FlowNodeData {
  const own = kept.nodes?.[stage.id] ?? {};
  const task_messages = taskMessagesOf(stage.instructions, own, kept);
  // Keys in the order Pipecat's own examples write them: role, task, functions, actions, strategy.
  const out = {} as FlowNodeData;
  if (isEntry && doc.persona !== '') out.role_message = doc.persona;
  else if (own.role_message !== undefined) out.role_message = own.role_message;
  out.task_messages = task_messages;
  const tools = inWrittenOrder(nodeTools(doc, stage), own.functions);
  if (tools.length || own.functions !== undefined) out.functions = tools.map((t) => functionData(doc, kept, stage, t));
  if (own.pre_actions !== undefined) out.pre_actions = structuredClone(own.pre_actions) as FlowNodeData['pre_actions'];
  if (own.post_actions !== undefined) out.post_actions = structuredClone(own.post_actions) as FlowNodeData['post_actions'];
  if (own.context_strategy !== undefined) out.context_strategy = own.context_strategy;
  if (isEntry) {
    if (doc.opening === 'caller') out.respond_immediately = false;
    else if (own.respond_immediately !== undefined) out.respond_immediately = own.respond_immediately;
  } else if (own.respond_immediately !== undefined) out.respond_immediately = own.respond_immediately;
  return out;
}

/** The flow's data: what Pipecat validates, key for key. */
export function flowData(doc: AgentDocument): FlowConfigData {
  const kept = pipecatKeptOf(doc);
  const stages = flowStages(doc);
  const entry = byId(stages, doc.entryStageId) ?? stages[0];
  const nodes: Record<string, FlowNodeData> = {};
  for (const stage of stages) if (!Object.hasOwn(nodes, stage.name)) nodes[stage.name] = nodeData(doc, kept, stage, stage === entry);
  const globals = globalTools(doc);
  return {
    initial_node: entry?.name ?? '',
    nodes,
    ...(globals.length ? { global_functions: globals.map((t) => functionData(doc, kept, undefined, t)) } : {}),
  };
}
