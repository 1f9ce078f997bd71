// A Pipecat node as the flow manager sets it (pipecat-ai 1.14.0, flows/manager.py `_set_node`,
// flows/flow.py `Flow`), read from the document: its role message, task messages, functions (the
// global ones first), actions, context strategy and whether it responds at once. Placeholders are
// filled from the state as `_render_node` fills them, refusing a key the state lacks in Pipecat's
// words. Pure.
import type { AgentDocument, Stage, Tool } from '../../../model';
import { inWrittenOrder, PIPECAT_PLACEHOLDER, pipecatKeptOf, taskMessagesOf, type PipecatAction, type PipecatKept } from '../kept';

export interface NodeConfig {
  stage: Stage;
  /** The role message this node sets (filled), when it sets one. */
  roleMessage?: string;
  taskMessages: { role: string; content: string }[];
  /** Offered in this order: global functions, then the node's own (manager.py `_set_node`). */
  functions: Tool[];
  preActions: PipecatAction[];
  postActions: PipecatAction[];
  reset: boolean;
  respondImmediately: boolean;
}

/** Pipecat's FlowError for a placeholder the state lacks (manager.py `_render_node`). */
export class MissingStateKey extends Error {}

/** Fills `{{ key }}` and `{{ a.b }}` from `state` as Pipecat does: str() of the value, `\{{` kept literal. */
export function renderPlaceholders(text: string, state: Record<string, unknown>, node: string): string {
  return text.replace(PIPECAT_PLACEHOLDER, (whole, escape: string, path: string) => {
    if (escape) return whole.slice(1);
    let current: unknown = state;
    for (const part of path.split('.')) {
      // A declared field with no value yet is no key of flow_manager.state.
      if (current === null || typeof current !== 'object' || Array.isArray(current) || !Object.hasOwn(current, part) || (current as Record<string, unknown>)[part] === undefined) {
        throw new MissingStateKey(`node '${node}' uses '{{ ${path} }}', which is not in state`);
      }
      current = (current as Record<string, unknown>)[part];
    }
    return pythonStr(current);
  });
}

/** Python's str() of a JSON value, as a placeholder or a branch key sees it. */
export function pythonStr(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return pythonRepr(value);
}

function pythonRepr(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'string') return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return `[${value.map(pythonRepr).join(', ')}]`;
  return `{${Object.entries(value as Record<string, unknown>).map(([k, v]) => `${pythonRepr(k)}: ${pythonRepr(v)}`).join(', ')}}`;
}

/**
 * Python's `json.dumps(value, ensure_ascii=False)`: how Pipecat's context aggregator writes a
 * tool's result for the model (`", "` and `": "` between items), or `COMPLETED` for a falsy one.
 */
export function resultForModel(value: unknown): string {
  const falsy = value === null || value === undefined || value === false || value === 0 || value === '' ||
    (Array.isArray(value) && value.length === 0) || (typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0);
  return falsy ? 'COMPLETED' : pythonJson(value);
}

function pythonJson(value: unknown): string {
  if (value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map(pythonJson).join(', ')}]`;
  if (value !== null && typeof value === 'object') return `{${Object.entries(value as Record<string, unknown>).map(([k, v]) => `${JSON.stringify(k)}: ${pythonJson(v)}`).join(', ')}}`;
  if (typeof value === 'number' && !Number.isFinite(value)) return Number.isNaN(value) ? 'NaN' : value > 0 ? 'Infinity' : '-Infinity';
  return JSON.stringify(value);
}

/** The node of `stage`, its texts not yet filled. */
export function nodeOf(doc: AgentDocument, stage: Stage, kept: PipecatKept = pipecatKeptOf(doc)): NodeConfig {
  const own = kept.nodes?.[stage.id] ?? {};
  const isEntry = stage.id === doc.entryStageId || (doc.entryStageId === null && doc.stages[0]?.id === stage.id);
  const roleMessage = isEntry && doc.persona !== '' ? doc.persona : typeof own.role_message === 'string' && own.role_message !== '' ? own.role_message : undefined;
  const taskMessages = taskMessagesOf(stage.instructions, own, kept);
  const globals = doc.tools.filter((t) => t.kind === 'function' && t.scope.kind === 'all');
  const own_ = doc.tools.filter((t) => t.kind === 'function' && t.scope.kind !== 'all' && offeredIn(t, stage));
  const order = own.functions;
  const nodeFunctions = inWrittenOrder(own_, order);
  return {
    stage,
    ...(roleMessage !== undefined ? { roleMessage } : {}),
    taskMessages,
    functions: [...globals, ...nodeFunctions],
    preActions: own.pre_actions ?? [],
    postActions: own.post_actions ?? [],
    // RESET_WITH_SUMMARY is deprecated and summarises with a model call; reset is what it does to the context.
    reset: own.context_strategy === 'reset',
    respondImmediately: isEntry ? doc.opening !== 'caller' && own.respond_immediately !== false : own.respond_immediately !== false,
  };
}


function offeredIn(tool: Tool, stage: Stage): boolean {
  if (tool.scope.kind === 'stages') return tool.scope.stageIds.includes(stage.id);
  if (tool.scope.kind === 'blocks') return tool.scope.blockIds.includes(stage.blockId);
  return true;
}

/** The stage of a node name (a global function's transition names its node). */
export const stageNamed = (doc: AgentDocument, name: string): Stage | undefined => doc.stages.find((s) => s.name === name);

