// Blocks, turns, edges, conditions and looping of a Block Agent file → document entities.
// Turns are read first (every turn_id known), then edges and looping, so `connect_to` may point
// forward; every structural error names the line:column of the node at fault.
import { isMap, isScalar, type Node } from 'yaml';
import { newId, refFromName, uniqueName, type Block, type Condition, type Edge, type Kpi, type Looping, type Stage } from '../../../model';
import { collectExtra, isPlainObject } from './extra';
import { CONDITION_FIELD, CONDITION_NLU, CONDITION_TOOL, EDGE_CONNECT_TO } from './inferred-keys';
import { BLOCK_SHAPE, EDGE_SHAPE, TURN_SHAPE } from './keys';
import { readList, readMap, readOptionalText, readText, readTextList, type MapView, type ReadContext } from './read-context';
import { readToolEntry, type ToolRegistry } from './read-tools';
import { warnMisread } from './scalars';

const withExtra = <T extends object>(entity: T, extra: Record<string, unknown>): T =>
  Object.keys(extra).length > 0 ? { ...entity, extra } : entity;

interface PendingTurn { stage: Stage; view: MapView }
interface PendingBlock { block: Block; view: MapView }

export interface Graph { blocks: Block[]; stages: Stage[]; edges: Edge[] }

export function readGraph(ctx: ReadContext, blockNodes: Node[], registry: ToolRegistry): Graph {
  const blocks: PendingBlock[] = [];
  const turns: PendingTurn[] = [];
  const byTurnId = new Map<string, Stage>();
  for (const node of blockNodes) {
    const view = readMap(ctx, node, 'a block');
    const ref = view && (view.has('block_id') ? readText(ctx, view.get('block_id'), 'block_id', view.keyNode('block_id')) : ctx.fail(node, 'this block has no block_id; add one, e.g. `block_id: greeting`'));
    if (!view || ref === undefined) continue;
    // An empty id names nothing a connect_to could reach, and the exporter would make one up: say so here.
    if (!ref.trim()) {
      ctx.fail(view.get('block_id'), `block_id cannot be empty; write one, e.g. \`block_id: ${refFromName(readOptionalText(ctx, view, 'name', 'a block\'s name') || 'main')}\``);
      continue;
    }
    const taken = blocks.map((b) => b.block.ref);
    const unique = uniqueName(ref, taken);
    if (unique !== ref) ctx.warn(view.get('block_id'), `block_id ${ref} is used by an earlier block; this one is imported as ${unique}`);
    const name = readOptionalText(ctx, view, 'name', 'a block\'s name') ?? ref;
    const block: Block = withExtra({ id: newId(), name, ref: unique, intent: false }, collectExtra(ctx.js(node) as Record<string, unknown>, BLOCK_SHAPE));
    blocks.push({ block, view });
    for (const toolNode of readList(ctx, view.get('tools'), `${name}'s tools`, view.keyNode('tools')) ?? []) {
      const entry = readToolEntry(ctx, toolNode);
      if (entry) registry.add(ctx, entry, block.id, name);
    }
    for (const turnNode of readList(ctx, view.get('turns'), `${name}'s turns`, view.keyNode('turns')) ?? []) {
      const turn = readTurn(ctx, turnNode, block, byTurnId);
      if (turn) turns.push(turn);
    }
  }
  const edges: Edge[] = [];
  for (const { stage, view } of turns) {
    for (const edgeNode of readList(ctx, view.get('edges'), `${stage.name}'s edges`, view.keyNode('edges')) ?? []) {
      const edge = readEdge(ctx, edgeNode, stage, byTurnId, registry);
      if (edge) edges.push(edge);
    }
  }
  for (const { block, view } of blocks) {
    if (!view.has('looping') || (isScalar(view.get('looping')) && (view.get('looping') as { value: unknown }).value === null)) continue;
    const looping = readLooping(ctx, view.get('looping')!, block.name, byTurnId);
    if (looping) block.looping = looping;
  }
  return { blocks: blocks.map((b) => b.block), stages: turns.map((t) => t.stage), edges };
}

function readTurn(ctx: ReadContext, node: Node, block: Block, byTurnId: Map<string, Stage>): PendingTurn | undefined {
  const view = readMap(ctx, node, 'a turn');
  if (!view) return undefined;
  if (!view.has('turn_id')) return ctx.fail(node, `this turn of ${block.name} has no turn_id; add one (unique across the agent), e.g. \`turn_id: t_${block.ref}\``);
  const ref = readText(ctx, view.get('turn_id'), 'turn_id', view.keyNode('turn_id'));
  if (ref === undefined) return undefined;
  if (!ref.trim()) return ctx.fail(view.get('turn_id'), `turn_id cannot be empty; write one (unique across the agent), e.g. \`turn_id: ${refFromName(readOptionalText(ctx, view, 'name', 'a turn\'s name') || `t_${block.ref}`)}\``);
  if (byTurnId.has(ref)) return ctx.fail(view.get('turn_id'), `turn_id ${ref} is used by another turn; a turn_id is unique across the whole agent, so rename one`);
  const type = readOptionalText(ctx, view, 'type', 'a turn\'s type');
  if (type !== undefined && type !== 'wait' && type !== 'turn') {
    return ctx.fail(view.get('type'), `unknown turn type ${JSON.stringify(type)}: a turn is either plain (no type) or \`type: wait\` with a wait_token`);
  }
  const waitToken = readOptionalText(ctx, view, 'wait_token', 'wait_token');
  if (type === 'wait' && waitToken === undefined) ctx.warn(node, `wait turn ${ref} has no wait_token; add the token the outside system answers`);
  const stage: Stage = {
    id: newId(),
    name: readOptionalText(ctx, view, 'name', 'a turn\'s name') ?? ref,
    ref,
    blockId: block.id,
    kind: type === 'wait' ? 'wait' : 'turn',
    instructions: readOptionalText(ctx, view, 'content', 'a turn\'s content') ?? '',
  };
  if (waitToken !== undefined) stage.waitToken = waitToken;
  const withKeys = withExtra(stage, collectExtra(ctx.js(node) as Record<string, unknown>, TURN_SHAPE));
  byTurnId.set(ref, withKeys);
  return { stage: withKeys, view };
}

/** `connect_to: {turn_id}` → the stage id it names. */
function readConnectTo(ctx: ReadContext, node: Node | null | undefined, byTurnId: Map<string, Stage>, what: string): string | undefined {
  let idNode = node;
  if (!isScalar(node)) {
    const view = readMap(ctx, node, `${what}'s connect_to`);
    if (!view) return undefined;
    if (!view.has('turn_id')) return ctx.fail(node, `${what}'s connect_to needs a turn_id: connect_to: {turn_id: <turn>}`);
    idNode = view.get('turn_id');
  } else {
    ctx.warn(node, `${what}: write connect_to as {turn_id: ${String(node.value)}}`);
  }
  const ref = readText(ctx, idNode, 'turn_id');
  if (ref === undefined) return undefined;
  const stage = byTurnId.get(ref);
  if (!stage) return ctx.fail(idNode, `connect_to names turn ${ref}, but no turn has that turn_id; write one of ${[...byTurnId.keys()].join(', ') || '(no turns yet)'}`);
  return stage.id;
}

function readEdge(ctx: ReadContext, node: Node, from: Stage, byTurnId: Map<string, Stage>, registry: ToolRegistry): Edge | undefined {
  const view = readMap(ctx, node, `an edge of ${from.name}`);
  if (!view) return undefined;
  const type = readOptionalText(ctx, view, 'type', 'an edge\'s type') ?? (view.has(EDGE_CONNECT_TO) ? 'edge' : undefined);
  if (type !== 'edge' && type !== 'loop') {
    return ctx.fail(view.get('type') ?? node, `an edge needs \`type: edge\` (go to another turn, with connect_to) or \`type: loop\` (stay and prompt again)${type ? `, not ${JSON.stringify(type)}` : ''}`);
  }
  const conditions: Condition[] = [];
  let conditionFailed = false;
  for (const conditionNode of readList(ctx, view.get('conditions'), 'conditions', view.keyNode('conditions')) ?? []) {
    const condition = readCondition(ctx, conditionNode, from, registry);
    if (condition) conditions.push(condition);
    else conditionFailed = true;
  }
  let to = from.id;
  if (type === 'edge') {
    if (!view.has(EDGE_CONNECT_TO)) return ctx.fail(node, `this edge of ${from.name} goes nowhere; add ${EDGE_CONNECT_TO}: {turn_id: <turn>}, or make it \`type: loop\``);
    const target = readConnectTo(ctx, view.get(EDGE_CONNECT_TO), byTurnId, `an edge of ${from.name}`);
    if (target === undefined) return undefined;
    to = target;
  } else if (view.has(EDGE_CONNECT_TO)) {
    ctx.warn(view.keyNode(EDGE_CONNECT_TO), `a loop stays on ${from.name}, so its ${EDGE_CONNECT_TO} is ignored; use \`type: edge\` to move`);
  }
  // An edge missing one of its conditions would fire more often than written: it is left out whole (the error says why).
  if (conditionFailed) return undefined;
  const edge: Edge = { id: newId(), from: from.id, to, kind: type, conditions };
  return withExtra(edge, collectExtra(ctx.js(node) as Record<string, unknown>, EDGE_SHAPE));
}

const CONDITION_SHAPES = `{source: tools, ${CONDITION_TOOL}: <name>, expected_value: <value>}, {source: external, expected_value: <value>} or {${CONDITION_NLU}: <sentence>}`;

function readExpected(ctx: ReadContext, view: MapView, node: Node): string | undefined {
  if (view.has('expected_value')) return readText(ctx, view.get('expected_value'), 'expected_value', view.keyNode('expected_value'));
  ctx.warn(node, 'this condition has no expected_value; it is read as \'*\' (any value)');
  return '*';
}

function readCondition(ctx: ReadContext, node: Node, from: Stage, registry: ToolRegistry): Condition | undefined {
  const view = readMap(ctx, node, 'a condition');
  if (!view) return undefined;
  if (view.has('source') && view.has(CONDITION_NLU)) return ctx.fail(node, `a condition is either source: … or ${CONDITION_NLU}: …, not both; split it into two conditions`);
  if (view.has('source')) {
    const source = readText(ctx, view.get('source'), 'source', view.keyNode('source'));
    if (source === 'tools') {
      if (!view.has(CONDITION_TOOL)) return ctx.fail(node, `a tools condition names the tool it reads: ${CONDITION_TOOL}: <function name>`);
      const name = readText(ctx, view.get(CONDITION_TOOL), CONDITION_TOOL, view.keyNode(CONDITION_TOOL));
      if (name === undefined) return undefined;
      const tool = registry.resolve(from.blockId, name);
      if (!tool) return ctx.fail(view.get(CONDITION_TOOL), `no tool named ${name} is defined in this file; a condition reads a tool by its function name (or an mcp tool by its server_label)`);
      const field = readOptionalText(ctx, view, CONDITION_FIELD, CONDITION_FIELD);
      // `properties` is as the file wrote it (the schema is validated with the whole document): maybe not a map.
      const properties: unknown = tool.kind === 'function' ? tool.parameters.properties : undefined;
      if (field !== undefined && tool.kind === 'function' && !(isPlainObject(properties) && Object.hasOwn(properties, field))) {
        ctx.warn(view.get(CONDITION_FIELD), `${name} has no parameter ${field}; the condition never sees a value for it`);
      }
      const expected = readExpected(ctx, view, node);
      if (expected === undefined) return undefined;
      return field === undefined ? { kind: 'tool', toolId: tool.id, expected } : { kind: 'tool', toolId: tool.id, field, expected };
    }
    if (source === 'external') {
      const expected = readExpected(ctx, view, node);
      return expected === undefined ? undefined : { kind: 'external', expected };
    }
    if (source === undefined) return undefined;
    return ctx.fail(view.get('source'), `unknown condition source ${JSON.stringify(source)}: use tools (what a tool captured) or external (the answer to a wait turn's token)`);
  }
  if (view.has(CONDITION_NLU)) {
    const sentence = readText(ctx, view.get(CONDITION_NLU), `${CONDITION_NLU} (a sentence)`, view.keyNode(CONDITION_NLU));
    return sentence === undefined ? undefined : { kind: 'nlu', sentence };
  }
  return ctx.fail(node, `unknown condition shape; write ${CONDITION_SHAPES}`);
}

function readLooping(ctx: ReadContext, node: Node, blockName: string, byTurnId: Map<string, Stage>): Looping | undefined {
  const view = readMap(ctx, node, `${blockName}'s looping`);
  if (!view) return undefined;
  const thresholdNode = view.get('threshold');
  const threshold = isScalar(thresholdNode) ? thresholdNode.value : undefined;
  if (typeof threshold !== 'number' || !Number.isInteger(threshold) || threshold < 1) {
    return ctx.fail(thresholdNode ?? node, `${blockName}'s looping needs a threshold: a whole number of loops, 1 or more`);
  }
  const messagesNode = view.get('messages');
  if (isScalar(messagesNode) && typeof messagesNode.value === 'string') warnMisread(ctx, messagesNode, `${blockName}'s looping messages`);
  const messages = isScalar(messagesNode) && typeof messagesNode.value === 'string'
    ? [messagesNode.value]
    : view.has('messages') ? readTextList(ctx, messagesNode, 'messages', view.keyNode('messages')) : [];
  if (messages === undefined) return undefined;
  const looping: Looping = { threshold, messages };
  if (view.has('connect_to')) {
    const target = readConnectTo(ctx, view.get('connect_to'), byTurnId, `${blockName}'s looping`);
    if (target === undefined) return undefined;
    looping.connectTo = target;
  }
  if (view.has('kpis')) {
    const kpis = readKpis(ctx, view.get('kpis'), view.keyNode('kpis'));
    if (kpis === undefined) return undefined;
    looping.kpis = kpis;
  }
  return looping;
}

/**
 * `kpis`: names (`- handoff`), or KPIs as IntelePeer's documentation writes them
 * (`- kpi_name: handoff` with `value: {default, source}` and `kpi_type`), each kept as written.
 */
function readKpis(ctx: ReadContext, node: Node | null | undefined, keyNode: Node | undefined): Kpi[] | undefined {
  const items = readList(ctx, node, 'kpis', keyNode);
  if (!items) return undefined;
  const kpis: Kpi[] = [];
  for (const item of items) {
    if (isMap(item)) {
      kpis.push(structuredClone(ctx.js(item)) as Record<string, unknown>);
      continue;
    }
    if (!isScalar(item)) return ctx.fail(item, 'each of kpis is a name (- handoff) or a KPI written as a map (- kpi_name: handoff, with its value and kpi_type)');
    const text = readText(ctx, item, 'each of kpis');
    if (text === undefined) return undefined;
    kpis.push(text);
  }
  return kpis;
}
