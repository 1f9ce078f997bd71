// What a Pipecat flow (with its handlers.py) cannot say of a document, path by path:
// lossesFor(doc, 'pipecat'). Read from how the export writes (from-document.ts), so the list and the
// files agree: an edge is written only as a function's transition, a tool only as a function a
// node lists (or a global one), a state field only as a prompt's {{ placeholder }}.
import { byId, type AgentDocument, type Edge, type JsonSchema, type JsonType, type Stage, type Tool } from '../../../model';
import { refFromName } from '../../../model/ids';
import { pointer } from '../../../model/lint/pointer';
import { collectLosses, hasKeys, type AddLoss, type Loss } from '../../../model/loss';
import { pipecatKeptOf, type PipecatKept, type PipecatStateWrite } from '../kept';
import { flowStages, globalTools, isTransitionOnly, nodeTools, transitionOf } from './from-document';
import { annotationFor, writeHandlers } from './handlers-write';
import { handlerSpec, isPythonName, writableSpec } from './handler-spec';
import { derivedSchema, readHandlers } from './handlers';
import { placeholdersIn } from './model';
import { stateWritesOf, typeOfSchema, writtenStateTypes } from './state-writes';
import { keepsMoreThanLayout } from '../../../formats/kept-layout';

const KEPT_KEYS = 'keys the document kept from another runtime\'s file are not written in a flow';

export function lossesOfPipecat(doc: AgentDocument): Loss[] {
  return collectLosses('pipecat', (add) => {
    agentLosses(doc, add);
    blockLosses(doc, add);
    stageLosses(doc, add);
    edgeLosses(doc, add);
    doc.tools.forEach((tool, i) => toolLosses(doc, tool, i, add));
    stateLosses(doc, add);
  });
}

function agentLosses(doc: AgentDocument, add: AddLoss): void {
  const agent = { kind: 'agent' as const };
  if (Object.keys(doc.llm).length > 0) add(pointer('llm'), agent, 'llm settings', 'a flow holds no model settings; set them on the LLM service in the bot that runs the flow');
  // A TypeScript class's interface names alone are its file's layout, no loss (kept-layout.ts).
  if (keepsMoreThanLayout(doc.preserved?.pinecall)) add(pointer('preserved', 'pinecall'), agent, 'kept keys', KEPT_KEYS);
  for (const key of ['pinecallPython', 'pinecallRuby', 'blockAgent'] as const) {
    if (hasKeys(doc.preserved?.[key])) add(pointer('preserved', key), agent, 'kept keys', KEPT_KEYS);
  }
  if (doc.persona !== '' && flowStages(doc).length === 0) add(pointer('persona'), agent, 'persona', 'a flow says its role in a node\'s role_message, and this agent has no stage to be a node; add a stage');
  const entry = byId(doc.stages, doc.entryStageId);
  const first = flowStages(doc)[0];
  const initial = entry ? writtenStages(doc).find((s) => s.name === entry.name) : first;
  if (doc.entryStageId !== (initial?.id ?? null)) add(pointer('entryStageId'), agent, 'entry stage', initial ? `the flow starts in a node, and ${entry ? `${entry.name} is none` : 'no stage is the entry'}: it starts in ${initial.name}` : 'the flow has no node to start in');
}

function blockLosses(doc: AgentDocument, add: AddLoss): void {
  const stages = flowStages(doc);
  if (doc.blocks.length > 1) add(pointer('blocks'), { kind: 'agent' }, 'blocks', 'a flow\'s nodes are not grouped: the stages come back in one block named after the agent');
  else if (doc.blocks.length === 1 && stages.length === 0) add(pointer('blocks', 0), { kind: 'block', id: doc.blocks[0].id }, 'block without nodes', 'a flow with no node has no block to come back in');
  else if (doc.blocks.length === 1) {
    const block = doc.blocks[0];
    const entity = { kind: 'block' as const, id: block.id };
    if (block.name !== doc.name) add(pointer('blocks', 0, 'name'), entity, 'block name', `a flow's nodes are not grouped: the one block comes back named after the agent (${doc.name})`);
    if (block.ref !== refFromName(doc.name)) add(pointer('blocks', 0, 'ref'), entity, 'block ref', `the block's ref comes back made from the agent's name (${refFromName(doc.name)})`);
    if (block.color !== undefined) add(pointer('blocks', 0, 'color'), entity, 'block colour', 'a flow has no blocks to colour');
  }
  const home = doc.blocks[0]?.id;
  doc.stages.forEach((stage, i) => {
    if (doc.blocks.length > 1 && stage.blockId !== home) add(pointer('stages', i, 'blockId'), { kind: 'stage', id: stage.id }, 'block of a stage', `${stage.name} comes back in the one block of the flow`);
  });
  doc.blocks.forEach((block, i) => {
    const entity = { kind: 'block' as const, id: block.id };
    if (block.looping) add(pointer('blocks', i, 'looping'), entity, 'block looping', 'a node has no attempt counter; count attempts in flow_manager.state from a handler and branch on its result');
    if (block.intent) add(pointer('blocks', i, 'intent'), entity, 'intent block', 'a flow has no intent detection; give the node one function per intent, each with its transition');
    if (hasKeys(block.extra)) add(pointer('blocks', i, 'extra'), entity, 'kept keys', KEPT_KEYS);
  });
}

function stageLosses(doc: AgentDocument, add: AddLoss): void {
  const names = new Set<string>();
  doc.stages.forEach((stage, i) => {
    const entity = { kind: 'stage' as const, id: stage.id };
    if (stage.kind === 'wait') add(pointer('stages', i, 'kind'), entity, 'wait stage', `${stage.name} becomes an ordinary node: a flow waits for no outside answer; let a handler fetch it instead`);
    if (names.has(stage.name)) add(pointer('stages', i), entity, 'repeated stage name', `a flow keys its nodes by name, so this second ${stage.name} is left out; rename it`);
    names.add(stage.name);
    if (stage.ref !== stage.name) add(pointer('stages', i, 'ref'), entity, 'stage ref', `a node is known by its name: the ref ${stage.ref || '(empty)'} comes back as ${stage.name}`);
    if (stage.waitToken !== undefined) add(pointer('stages', i, 'waitToken'), entity, 'wait token', 'a node waits for no outside answer; let a handler fetch it');
    if (stage.refFollowsName !== undefined) add(pointer('stages', i, 'refFollowsName'), entity, 'ref follows the name', 'a node\'s name is its key, so there is no separate ref to follow it');
    if (hasKeys(stage.extra)) add(pointer('stages', i, 'extra'), entity, 'kept keys', KEPT_KEYS);
  });
}

/** Why an edge cannot be written as a transition, or undefined when it is written. */
function edgeLoss(doc: AgentDocument, kept: PipecatKept, edge: Edge, written: Set<Edge>): [string, string, number?] | undefined {
  if (written.has(edge)) return undefined;
  const from = byId(doc.stages, edge.from);
  const to = byId(doc.stages, edge.to);
  if (!from || !to) return ['edge to nowhere', 'it joins a stage that does not exist'];
  if (edge.kind === 'loop') return ['loop edge', 'a node stays until a function moves it, so the edge is left out; count attempts in flow_manager.state from a handler'];
  for (const [j, c] of edge.conditions.entries()) {
    if (c.kind === 'nlu') return ['natural-language condition', 'a flow moves only when a function runs: give the node a transition-only function whose description says when to call it', j];
    if (c.kind === 'external') return ['external condition', 'a flow has no outside values; let a handler fetch the value and branch on its result', j];
    if (c.kind === 'expression') return ['expression condition', 'a flow cannot test the state; let a handler return the value and branch on its result', j];
    if (c.kind === 'tool' && (c.expected.trim() !== '*' || c.field !== undefined)) return ['parameter value condition', 'a transition branches on the function\'s result, not its arguments; return the value from the handler and branch on it', j];
  }
  const tools = edge.conditions.filter((c) => c.kind === 'tool' || c.kind === 'result').map((c) => c.toolId);
  if (tools.length === 0) return ['edge no tool fires', 'a flow moves only when a function runs: give the node a transition-only function whose description says when to call it'];
  if (edge.conditions.length > 1) return ['several conditions', 'a transition has one function and, in a branch table, one case; split the decision into the handler\'s result'];
  const tool = byId(doc.tools, tools[0]);
  if (!tool || tool.kind !== 'function') return ['edge of a missing tool', 'the tool that fires it is not written'];
  if (tool.scope.kind === 'all') return kept.globalTransitions?.[tool.id] !== undefined
    ? ['edge of a global function', 'a global function has one transition for every node, kept as the file wrote it; this edge is not written']
    : ['edge of a global function', `${tool.name} is offered in every node, and a global function's transition is the same from every node: scope it to the stages where it moves the call`];
  if (!nodeTools(doc, from).includes(tool)) return ['edge of a tool not offered', `${tool.name} is not offered in ${from.name}, so it cannot move the call from there`];
  return ['unreachable transition', `an earlier edge of ${tool.name} from ${from.name} already decides (a function has one transition, and a branch table one field and one node per case)`];
}

function edgeLosses(doc: AgentDocument, add: AddLoss): void {
  const kept = pipecatKeptOf(doc);
  const written = new Set<Edge>();
  for (const stage of flowStages(doc)) for (const tool of nodeTools(doc, stage)) for (const edge of transitionOf(doc, stage, tool).used) written.add(edge);
  doc.edges.forEach((edge, i) => {
    const loss = edgeLoss(doc, kept, edge, written);
    // An edge the flow cannot say is left out whole (a condition dropped would make it fire always).
    if (loss) {
      add(pointer('edges', i), { kind: 'edge', id: edge.id }, loss[0], loss[1]);
      return;
    }
    if (edge.kind === 'loop') add(pointer('edges', i, 'kind'), { kind: 'edge', id: edge.id }, 'loop edge', 'a function\'s transition to its own node enters it again (its pre_actions and task messages once more): it comes back as an ordinary edge');
    if (hasKeys(edge.extra)) add(pointer('edges', i, 'extra'), { kind: 'edge', id: edge.id }, 'kept keys', KEPT_KEYS);
  });
}

const TOOL_OPTIONS: [keyof Tool, string, string][] = [
  ['when', 'when', 'a node offers every function it lists; list the function only in the nodes where it applies'],
  ['confirm', 'confirm', 'nothing is said after a function runs; put the sentence in the next node\'s task message'],
  ['announce', 'announce', 'say it in a tts_say pre_action of the node, or in the task message'],
  ['preview', 'preview', 'the model reads the whole result; return fewer rows from the handler'],
  ['timeout', 'timeout', 'set it on the direct function where the bot registers it'],
  ['implementation', 'TypeScript implementation', 'a flow\'s tools are Python: write the body in handlers.py (the written one is a stub)'],
  ['mock', 'mock result', 'the handler in handlers.py returns the result; the mock is the simulator\'s and stays in Callboard\'s document'],
];

function toolLosses(doc: AgentDocument, tool: Tool, i: number, add: AddLoss): void {
  const entity = { kind: 'tool' as const, id: tool.id };
  if (tool.kind === 'mcp') {
    add(pointer('tools', i), entity, 'mcp tool', `a flow's functions are Python; call the ${tool.mcp?.serverLabel || 'mcp'} server from a handler`);
    return;
  }
  const referenced = globalTools(doc).includes(tool) || flowStages(doc).some((s) => nodeTools(doc, s).includes(tool));
  if (!referenced) {
    add(pointer('tools', i), entity, 'tool offered nowhere', `no node lists ${tool.name}, so the flow does not have it; offer it in a stage`);
    return;
  }
  for (const [key, feature, why] of TOOL_OPTIONS) if (tool[key] !== undefined) add(pointer('tools', i, key), entity, feature, why);
  if (tool.pii.length > 0) add(pointer('tools', i, 'pii'), entity, 'pii', 'a flow does not mark arguments as personal; redact them in the handler');
  if (tool.fallback) add(pointer('tools', i, 'fallback'), entity, 'fallback tool', 'a flow has no intent detection, so the flag is not written');
  if (tool.mcp !== undefined) add(pointer('tools', i, 'mcp'), entity, 'mcp server of a function tool', 'a function calls no server; call it from the handler');
  if (hasKeys(tool.extra)) add(pointer('tools', i, 'extra'), entity, 'kept keys', KEPT_KEYS);
  const properties = Object.entries((tool.parameters.properties ?? {}) as Record<string, Record<string, unknown>>);
  if (isTransitionOnly(pipecatKeptOf(doc), tool)) {
    if (properties.length > 0) add(pointer('tools', i, 'parameters'), entity, 'parameters of a transition-only function', 'a function written in the flow takes no arguments; make it a direct function in handlers.py to take them');
    return;
  }
  if (!isPythonName(tool.name)) add(pointer('tools', i, 'name'), entity, 'tool name', `${tool.name} is no Python function name; use letters, digits and _`);
  const read = docstringAsRead(tool.description);
  if (read !== tool.description) add(pointer('tools', i, 'description'), entity, 'tool description', `Pipecat reads the description from the handler's docstring, which gives it back as ${JSON.stringify(read.length > 60 ? `${read.slice(0, 60)}…` : read)}`);
  const derived = parametersAsRead(tool);
  if (derived !== undefined && !sameJson(derived, tool.parameters)) add(pointer('tools', i, 'parameters'), entity, 'parameter schema', 'the parameters come back as Pipecat derives them from the handler\'s signature (types from annotations, required from defaults, descriptions from the docstring\'s Args)');
  const derivedProperties = (derived?.properties ?? {}) as Record<string, unknown>;
  for (const [name, schema] of properties) {
    // A property that comes back as it is loses nothing, whatever its annotation.
    if (Object.hasOwn(derivedProperties, name) && sameJson(derivedProperties[name], schema)) continue;
    const { annotation, lost } = annotationFor(schema);
    if (!annotation) add(pointer('tools', i, 'parameters', 'properties', name), entity, 'parameter type', `${name}'s type has no Python annotation Pipecat reads back: it is written without one, and the model is offered any value`);
    if (lost.length) add(pointer('tools', i, 'parameters', 'properties', name), entity, 'parameter schema details', `${name}: ${lost.join('; ')}`);
    if (!isPythonName(name)) add(pointer('tools', i, 'parameters', 'properties', name), entity, 'parameter name', `${name} is no Python parameter name; use letters, digits and _`);
  }
}

/** The parameters as Pipecat derives them from the handler Callboard writes for `tool` (undefined: it cannot be written). */
export function parametersAsRead(tool: Tool): Record<string, unknown> | undefined {
  try {
    const fn = readHandlers(writeHandlers([writableSpec(handlerSpec(tool))])).functions[0];
    if (!fn) return undefined;
    const schema = derivedSchema(fn);
    return { type: 'object', properties: schema.properties, ...(schema.required.length ? { required: schema.required } : {}) };
  } catch {
    return undefined;
  }
}

const sortKeys = (v: unknown): unknown => (Array.isArray(v) ? v.map(sortKeys) : v && typeof v === 'object' ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, sortKeys((v as Record<string, unknown>)[k])])) : v);
const sameJson = (a: unknown, b: unknown) => JSON.stringify(sortKeys(a)) === JSON.stringify(sortKeys(b));

/** A description as Pipecat reads it back from the docstring handlers.py writes for it (spaces at the ends, blank lines and indentation are the docstring's). */
export function docstringAsRead(description: string): string {
  try {
    const fn = readHandlers(writeHandlers([writableSpec({ name: 'f', description, params: [] })])).functions[0];
    return fn ? derivedSchema(fn).description : '';
  } catch {
    return description.trim();
  }
}

/** The state keys the flow's prompts read: the only state a flow says anything of. */
export function promptKeys(doc: AgentDocument): Map<string, JsonType> {
  const keys = new Map<string, JsonType>();
  const kept = pipecatKeptOf(doc);
  const stages = flowStages(doc);
  const texts: string[] = [stages.length ? doc.persona : ''];
  for (const stage of stages) {
    const own = kept.nodes?.[stage.id];
    texts.push(stage.instructions, typeof own?.role_message === 'string' ? own.role_message : '');
    for (const action of [...(own?.pre_actions ?? []), ...(own?.post_actions ?? [])]) if (action.type === 'tts_say' && typeof action.text === 'string') texts.push(action.text);
  }
  for (const text of texts) {
    for (const p of placeholdersIn(text)) {
      const [root, ...rest] = p.path.split('.');
      if (rest.length || !keys.has(root)) keys.set(root, rest.length ? 'object' : keys.get(root) ?? 'string');
    }
  }
  // A key read whole takes the type the written handlers store in it, as the import reads them back.
  const written = writtenStateTypes(writtenStateWrites(doc), (fn, param) => {
    const tool = doc.tools.find((t) => t.name === fn);
    const read = tool && parametersAsRead(tool);
    return typeOfSchema((read?.properties as Record<string, JsonSchema> | undefined)?.[param]);
  });
  for (const [key, type] of keys) if (type === 'string' && written.has(key)) keys.set(key, written.get(key)!);
  return keys;
}

/** What the handlers.py the export writes stores in flow_manager.state, by function (export.ts handlersText). */
function writtenStateWrites(doc: AgentDocument): Record<string, PipecatStateWrite[]> {
  const kept = pipecatKeptOf(doc);
  const out: Record<string, PipecatStateWrite[]> = {};
  for (const tool of [...flowStages(doc).flatMap((s) => nodeTools(doc, s)), ...globalTools(doc)]) {
    const own = kept.handlers?.[tool.name];
    if (!own || isTransitionOnly(kept, tool) || !isPythonName(tool.name) || Object.hasOwn(out, tool.name)) continue;
    const params = Object.keys((parametersAsRead(tool)?.properties as Record<string, unknown> | undefined) ?? {});
    const writes = stateWritesOf(own.body, params);
    if (writes.length) out[tool.name] = writes;
  }
  return out;
}

function stateLosses(doc: AgentDocument, add: AddLoss): void {
  const keys = promptKeys(doc);
  doc.state.forEach((field, i) => {
    const entity = { kind: 'state' as const, id: field.id };
    const read = keys.get(field.name);
    if (!read) {
      add(pointer('state', i), entity, 'state field no prompt reads', `a flow declares no state: ${field.name} comes back only when a prompt reads it as {{ ${field.name} }}; the handlers write flow_manager.state`);
      return;
    }
    if (field.type !== read) add(pointer('state', i, 'type'), entity, 'state field type', `a flow does not type its state: ${field.name} comes back as ${read === 'object' ? 'an object (read by a dotted {{ }})' : read === 'string' ? 'a string' : `${read === 'integer' ? 'an' : 'a'} ${read}, the type its handlers store in it`}`);
    if (field.default !== undefined) add(pointer('state', i, 'default'), entity, 'state default', 'flow_manager.state starts empty; set the value in the bot before the flow starts, or from a handler');
    if (field.pii) add(pointer('state', i, 'pii'), entity, 'pii state', 'a flow does not mark state as personal');
    if (field.visibility !== 'private') add(pointer('state', i, 'visibility'), entity, 'state visibility', 'a flow\'s state has no visibility setting');
    if (field.description) add(pointer('state', i, 'description'), entity, 'state description', 'a flow does not describe its state');
  });
}

/** Stages whose node the export writes (first of each name). */
export const writtenStages = (doc: AgentDocument): Stage[] => {
  const seen = new Set<string>();
  return flowStages(doc).filter((s) => !seen.has(s.name) && (seen.add(s.name), true));
};

