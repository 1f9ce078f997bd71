// A Pipecat flow as a Callboard document: each node a stage, each function a tool offered in the
// nodes that list it (a global function everywhere), each transition an edge fired by its tool
// (a branch table: one edge per case on the tool's result, then its default). What the document
// does not model — actions, context strategy, a later node's own role message, the task messages'
// roles, a global function's transition — is kept in `preserved.pipecat` (runtimes/pipecat/kept.ts), and
// the flow's own text in `preserved.sources.pipecat`, so the export writes the file back key for
// key (from-document.ts). Tool descriptions and parameters come from the handlers.py beside the
// flow, when there is one (its functions' docstrings and signatures, as Pipecat derives them).
import { CURRENT_VERSION, DOCUMENT_FORMAT, type AgentDocument, type Block, type Edge, type Stage, type StateField, type Tool } from '../../../model';
import { newId, refFromName } from '../../../model/ids';
import { DEFAULT_TASK_ROLE, pipecatCaseKey, type PipecatKept, type PipecatNodeKept, type PipecatStateWrite, type PipecatTransition } from '../kept';
import { formatFinding } from './findings';
import { readFlow } from './flow';
import { derivedSchema, handlerNames, readHandlers, type HandlersModule } from './handlers';
import { handlerLosses } from './losses';
import { orderAsListed } from '../../../formats/listed-order';
import { stateWritesOf, typeOfSchema, writtenStateTypes } from './state-writes';
import { STUB_BODY } from './handlers-write';
import { placeholdersIn, type FlowConfigData, type FlowFunction, type FlowFunctionData, type FlowNode, type FlowNodeData } from './model';

/** A problem at a place in one of the files read (the flow, or handlers.py). */
export interface FlowProblem {
  message: string;
  line?: number;
  column?: number;
  /** The file it is in, when it is not the flow itself. */
  file?: string;
}

export type PipecatImport =
  | { ok: true; doc: AgentDocument; warnings: FlowProblem[]; notes: FlowProblem[] }
  | { ok: false; errors: FlowProblem[] };

export interface PipecatImportOptions {
  fileName?: string;
  /** The agent's name; else made from the file name. */
  name?: string;
  /** The text of the handlers.py beside the flow, when there is one. */
  handlers?: string;
}

export const HANDLERS_FILE = 'handlers.py';

/** The kept flow text: an export merges the document's edits into it (write.ts). */
export interface KeptFlowSource {
  text: string;
  syntax: 'yaml' | 'json';
}

function nameOf(options: PipecatImportOptions): string {
  if (options.name) return options.name;
  const stem = (options.fileName ?? '').split(/[\\/]/).pop()!.replace(/\.(ya?ml|json)$/i, '').replace(/\.flow$/i, '');
  const words = stem.split(/[\s_\-.]+/).filter(Boolean);
  return words.length ? words.map((w) => w[0].toUpperCase() + w.slice(1)).join(' ') : 'Pipecat flow';
}

const located = (p: { message: string; line?: number; column?: number }, file?: string): FlowProblem => ({
  message: p.message, ...(p.line ? { line: p.line, column: p.column } : {}), ...(file ? { file } : {}),
});

/** Reads a flow (and its handlers.py) into a document, or says every problem that stops it. */
export function importPipecatFlow(text: string, options: PipecatImportOptions = {}): PipecatImport {
  let handlers: HandlersModule | undefined;
  const handlerErrors: FlowProblem[] = [];
  const handlerWarnings: FlowProblem[] = [];
  if (options.handlers !== undefined) {
    handlers = readHandlers(options.handlers);
    for (const p of handlers.problems) (p.severity === 'error' ? handlerErrors : handlerWarnings).push(located(p, HANDLERS_FILE));
  }
  const file = readFlow(text, { ...(options.fileName ? { fileName: options.fileName } : {}), ...(handlers ? { handlers: handlerNames(handlers) } : {}) });
  const errors = [...file.findings.filter((f) => f.severity === 'error').map((f) => located({ ...f, message: formatFinding(f) })), ...handlerErrors];
  if (errors.length > 0 || !file.data) return { ok: false, errors: errors.length ? errors : [{ message: 'the flow holds no FlowConfig: write initial_node and nodes' }] };
  const warnings = [...file.findings.filter((f) => f.severity === 'warning').map((f) => located({ ...f, message: formatFinding(f) })), ...handlerWarnings];
  const notes = handlerLosses(file.model, handlers).map((loss) => located({ message: loss.message, line: loss.at.line, column: loss.at.column }));
  const doc = flowDocument(file.model, file.data as FlowConfigData, nameOf(options), handlers);
  const kept: KeptFlowSource = { text, syntax: file.syntax };
  return { ok: true, doc: { ...doc, preserved: { ...doc.preserved, sources: { pipecat: kept } } }, warnings, notes };
}

/** The document of a flow that read without errors. Exported for the round-trip oracle, which reads its own export. */
export function flowDocument(model: import('./model').FlowConfigModel, data: FlowConfigData, name: string, handlers?: HandlersModule): AgentDocument {
  const block: Block = { id: newId(), name, ref: refFromName(name), intent: false };
  const stageIds = new Map<string, string>();
  const stages = model.nodes.map((node): Stage => {
    const id = newId();
    stageIds.set(node.name, id);
    return { id, name: node.name, ref: node.name, blockId: block.id, kind: 'turn', instructions: node.taskMessages.map((m) => m.content).join('\n\n') };
  });
  const entry = model.nodes.find((n) => n.name === model.initialNode?.value);
  const kept: PipecatKept = {};
  const firstRole = model.nodes[0]?.taskMessages[0]?.role;
  if (firstRole && firstRole !== DEFAULT_TASK_ROLE) kept.taskRole = firstRole;

  const tools: Tool[] = [];
  const edges: Edge[] = [];
  const toolByKey = new Map<string, Tool>();
  const byName = new Map((handlers?.functions ?? []).map((f) => [f.name, f]));
  const toolFor = (fn: FlowFunction, global: boolean): Tool => {
    const key = fn.transitionOnly ? `transition:${fn.name}:${fn.description ?? ''}` : `handler:${fn.name}`;
    let tool = toolByKey.get(key);
    if (!tool) {
      const handler = fn.transitionOnly ? undefined : byName.get(fn.name);
      const schema = handler ? derivedSchema(handler) : undefined;
      tool = {
        id: newId(), kind: 'function', name: fn.name,
        description: fn.transitionOnly ? fn.description ?? '' : schema?.description ?? '',
        parameters: { type: 'object', properties: schema?.properties ?? {}, ...(schema?.required.length ? { required: schema.required } : {}) },
        scope: global ? { kind: 'all' } : { kind: 'stages', stageIds: [] },
        fallback: false, pii: [],
      };
      if (fn.transitionOnly) (kept.transitionOnly ??= []).push(tool.id);
      // The body is Python: kept to be written back (Callboard's own stub needs no keeping), and its plain state writes read for the simulator.
      if (handler && (handler.body.replace(/\n+$/, '') !== STUB_BODY || handler.decorators.length)) {
        (kept.handlers ??= {})[fn.name] = { body: handler.body, ...(handler.decorators.length ? { decorators: handler.decorators } : {}) };
      }
      if (handler) {
        const writes = stateWritesOf(handler.body, handler.params.map((p) => p.name));
        if (writes.length) (kept.stateWrites ??= {})[fn.name] = writes;
      }
      toolByKey.set(key, tool);
      tools.push(tool);
    }
    return tool;
  };

  const nodesKept: Record<string, PipecatNodeKept> = {};
  for (const node of model.nodes) {
    const stageId = stageIds.get(node.name)!;
    const raw = data.nodes[node.name];
    const nodeKept = keptOfNode(node, raw, node === entry, kept.taskRole ?? DEFAULT_TASK_ROLE);
    for (const fn of node.functions) {
      const tool = toolFor(fn, false);
      if (tool.scope.kind === 'stages' && !tool.scope.stageIds.includes(stageId)) tool.scope.stageIds.push(stageId);
      edges.push(...edgesOf(fn, tool, stageId, stageIds, writtenCaseKeys(raw?.functions?.find((f) => f.name === fn.name)?.transition_to)));
    }
    if (Object.keys(nodeKept).length) nodesKept[stageId] = nodeKept;
  }
  // The tools in an order that keeps every node's list as written, where one order can.
  const listed = model.nodes.map((node) => node.functions.map((fn) => toolByKey.get(fn.transitionOnly ? `transition:${fn.name}:${fn.description ?? ''}` : `handler:${fn.name}`)!));
  tools.splice(0, tools.length, ...orderAsListed(tools, listed));
  // A node's functions in an order the document's tool order does not give (nodes list them in opposite orders): kept.
  for (const node of model.nodes) {
    const stageId = stageIds.get(node.name)!;
    const written = node.functions.map((f) => f.name);
    const inDocOrder = tools.filter((t) => t.scope.kind === 'stages' && t.scope.stageIds.includes(stageId)).map((t) => t.name);
    if (written.length && written.join('\n') !== inDocOrder.join('\n')) (nodesKept[stageId] ??= {}).functions = written;
  }
  for (const [i, fn] of model.globalFunctions.entries()) {
    const tool = toolFor(fn, true);
    const written = data.global_functions?.[i]?.transition_to;
    if (written !== undefined) (kept.globalTransitions ??= {})[tool.id] = written as PipecatTransition;
  }
  if (Object.keys(nodesKept).length) kept.nodes = nodesKept;

  return {
    format: DOCUMENT_FORMAT, version: CURRENT_VERSION, id: newId(), name, target: 'pipecat',
    persona: entry?.roleMessage?.value ?? '', llm: {},
    // Pipecat runs the model as soon as a node is set, unless the node says respond_immediately: false.
    opening: entry && !entry.respondImmediately ? 'caller' : 'agent',
    state: typedByWrites(stateOf(model), tools, kept.stateWrites ?? {}),
    blocks: stages.length ? [block] : [], stages, edges, tools,
    entryStageId: entry ? stageIds.get(entry.name)! : null,
    layout: { positions: {}, sizes: {} },
    ...(Object.keys(kept).length ? { preserved: { pipecat: kept as Record<string, unknown> } } : {}),
  };
}

/** What a node says that the document does not model. */
function keptOfNode(node: FlowNode, raw: FlowNodeData | undefined, isEntry: boolean, taskRole: string): PipecatNodeKept {
  const kept: PipecatNodeKept = {};
  const messages = raw?.task_messages ?? [];
  if (!(messages.length === 1 && messages[0].role === taskRole)) kept.task_messages = messages.map((m) => ({ role: m.role, content: m.content }));
  if (raw && Object.hasOwn(raw, 'role_message') && !(isEntry && typeof raw.role_message === 'string' && raw.role_message !== '')) kept.role_message = raw.role_message ?? null;
  if (raw?.pre_actions !== undefined) kept.pre_actions = structuredClone(raw.pre_actions);
  if (raw?.post_actions !== undefined) kept.post_actions = structuredClone(raw.post_actions);
  if (raw && Object.hasOwn(raw, 'context_strategy')) kept.context_strategy = raw.context_strategy ?? null;
  if (raw && Object.hasOwn(raw, 'respond_immediately') && !isEntry) kept.respond_immediately = raw.respond_immediately;
  if (isEntry && raw && Object.hasOwn(raw, 'respond_immediately') && raw.respond_immediately !== false) kept.respond_immediately = raw.respond_immediately;
  // `functions: []` written out is kept; an order the document's tools do not give is kept later (flowDocument).
  if (raw && Object.hasOwn(raw, 'functions') && node.functions.length === 0) kept.functions = [];
  return kept;
}

/**
 * A branch table's keys as the file's data holds them (Python's str() of each key: `True` for an
 * unquoted yes), by Pipecat's canonical key: the condition keeps the data's key, so the file is
 * written back as it was, and compares as Pipecat does (pipecatCaseKey on both sides).
 */
function writtenCaseKeys(transition: FlowFunctionData['transition_to'] | undefined): Map<string, string> {
  const keys = new Map<string, string>();
  if (transition && typeof transition === 'object') for (const key of Object.keys(transition.cases ?? {})) keys.set(pipecatCaseKey(key), key);
  return keys;
}

/** The edges a node's function fires: its one node, or each case of its branch table then the default. */
function edgesOf(fn: FlowFunction, tool: Tool, from: string, stageIds: Map<string, string>, caseKeys: Map<string, string>): Edge[] {
  const to = fn.transitionTo;
  if (!to) return [];
  const edge = (node: string, conditions: Edge['conditions']): Edge => ({ id: newId(), from, to: stageIds.get(node) ?? node, kind: 'edge', conditions });
  if (to.kind === 'node') return [edge(to.node, [{ kind: 'tool', toolId: tool.id, expected: '*' }])];
  return [
    ...to.cases.map((c) => edge(c.node, [{ kind: 'result', toolId: tool.id, field: to.field, expected: caseKeys.get(c.key) ?? c.key }])),
    ...(to.default ? [edge(to.default.value, [{ kind: 'tool', toolId: tool.id, expected: '*' }])] : []),
  ];
}

/** One state field per key the prompts' `{{ }}` read (flow_manager.state, which the handlers fill). */
/** A field a prompt reads as a whole takes the type its handlers store in it (state-writes.ts). */
function typedByWrites(state: StateField[], tools: readonly Tool[], writes: Readonly<Record<string, readonly PipecatStateWrite[]>>): StateField[] {
  const types = writtenStateTypes(writes, (fn, param) => typeOfSchema(tools.find((t) => t.name === fn)?.parameters.properties?.[param]));
  return state.map((f) => (f.type === 'string' && types.has(f.name) ? { ...f, type: types.get(f.name)! } : f));
}

function stateOf(model: import('./model').FlowConfigModel): StateField[] {
  const seen = new Map<string, StateField>();
  const texts = model.nodes.flatMap((n) => [
    n.roleMessage?.value ?? '', ...n.taskMessages.map((m) => m.content),
    ...[...n.preActions, ...n.postActions].map((a) => (a.type === 'tts_say' && typeof a.text === 'string' ? a.text : '')),
  ]);
  for (const text of texts) {
    for (const p of placeholdersIn(text)) {
      const [root, ...rest] = p.path.split('.');
      const field = seen.get(root);
      if (!field) seen.set(root, { id: newId(), name: root, type: rest.length ? 'object' : 'string', pii: false, visibility: 'private' });
      else if (rest.length) field.type = 'object';
    }
  }
  return [...seen.values()];
}
