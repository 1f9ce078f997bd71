// Random documents whose names meet once they are members of one Pinecall class: tools named like
// state fields (the Block Agent intent tool `wants_refill(wants_refill)` that sets the variable of
// its name), like the class's own members (`log`, `say`, `render`, `onCall`…), like what every
// JavaScript object has (`toString`, `constructor`, `__proto__`), reserved words and globals as
// parameters, object parameters whose interfaces would share a name, a parameter called `result`.
// Every body, guard and `when` is type-correct for the document it is in (it reads the fields and
// parameters it names, with their types), so an export that does not compile is the exporter's
// fault. Lint-clean documents only are kept (lintClean); which ones that leaves depends on the
// target: Block Agent allows most of these clashes, Pinecall's lint refuses them. Test-only.
import fc from 'fast-check';
import { lint } from '../../model/lint';
import type { JsonSchema } from '../../model/json-schema';
import type { AgentDocument, Block, Condition, Edge, Stage, StateField, Target, Tool } from '../../model/types';

export const lintClean = (doc: AgentDocument): boolean => lint(doc).every((p) => p.severity !== 'error');

type Kind = 'string' | 'number' | 'boolean';

/** State field names: plain ones, and the class's members, Object.prototype's, a world's setting, a reserved word. */
export const STATE_NAMES = ['wants_refill', 'attempts', 'found', 'note', 'stage', 'render', 'log', 'say', 'onCall', 'tools', 'doc', 'call',
  'constructor', 'toString', 'valueOf', '__proto__', 'hasOwnProperty', 'record', 'voice', 'class', 'default', 'set_wants_refill', 'stage_value', 'año'];
/** Tool names: the same kinds, a name Pinecall refuses, and names of the file's own imports and globals. */
export const TOOL_NAMES = ['wants_refill', 'book', 'stage', 'render', 'log', 'say', 'reply', 'onCall', 'restore', 'tools', 'constructor',
  'toString', 'valueOf', 'hasOwnProperty', 'book-slot', 'set_wants_refill', 'Agent', 'Record', 'String', 'class', 'note', 'attempts'];
/** Parameter names: reserved words and JavaScript's own names, `result` (the chain's variable), globals and imports. */
export const PARAMETER_NAMES = ['day', 'result', 'constructor', 'toString', '__proto__', 'valueOf', 'class', 'default', 'arguments', 'String',
  'Agent', 'state', 'tool', 'stage', 'first-name', 'address', 'record', 'stages', 'agent', 'clinic_booking', 'note'];
const AGENT_NAMES = ['Clinic Booking', 'Refills', 'agent', 'record', 'Stages', 'String'];

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
/** The fields code may read: a repeated name is one variable, the first field's (the one a class declares). */
const readable = (fields: StateField[]) => fields.filter((f, i) => IDENTIFIER.test(f.name) && fields.findIndex((g) => g.name === f.name) === i);
const literal = (kind: Kind) => (kind === 'string' ? '""' : kind === 'number' ? '0' : 'false');
const defaults: Record<Kind, unknown> = { string: '', number: 0, boolean: false };

/** Plain names, which no class member has: Pinecall's lint refuses most clashes, so its documents draw these more often. */
const PLAIN_STATE = ['attempts', 'found', 'note', 'wants_refill', 'año', 'class'];
const PLAIN_TOOLS = ['book', 'lookup', 'end_call', 'transfer', 'wants_refill'];
const names = (plain: string[], all: string[], plainWeight: number) =>
  fc.oneof({ weight: plainWeight, arbitrary: fc.constantFrom(...plain) }, { weight: 1, arbitrary: fc.constantFrom(...all) });

const paramPlan = fc.record({
  name: fc.constantFrom(...PARAMETER_NAMES), kind: fc.constantFrom<Kind | 'enum' | 'object'>('string', 'number', 'boolean', 'enum', 'object'),
  required: fc.boolean(), shape: fc.nat({ max: 2 }),
});
const edgePlan = fc.record({ from: fc.nat(), to: fc.nat(), tool: fc.nat(), kind: fc.nat({ max: 3 }), expected: fc.constantFrom('*', 'yes', 'true', '2') });
/** The intent shape of the known bug: `wants_refill(wants_refill: boolean)` in an intent block, setting its variable. */
const intentPlan = fc.record({ sets: fc.boolean(), fallback: fc.boolean() });

function planFor(target: Target) {
  const plainWeight = target === 'pinecall' ? 6 : 1;
  return fc.record({
    name: fc.constantFrom(...AGENT_NAMES),
    fields: fc.array(fc.record({ name: names(PLAIN_STATE, STATE_NAMES, plainWeight), kind: fc.constantFrom<Kind>('string', 'number', 'boolean'), withDefault: fc.boolean(), pii: fc.boolean() }), { maxLength: 5 }),
    blocks: fc.array(fc.boolean(), { minLength: 1, maxLength: 3 }),
    stages: fc.array(fc.record({ block: fc.nat(), slot: fc.nat() }), { maxLength: 4 }),
    tools: fc.array(fc.record({
      name: names(PLAIN_TOOLS, TOOL_NAMES, plainWeight), params: fc.array(paramPlan, { maxLength: 3 }), scope: fc.nat({ max: 2 }), block: fc.nat(),
      body: fc.nat({ max: 3 }), pick: fc.nat(), when: fc.boolean(), mock: fc.boolean(), confirm: fc.boolean(),
    }), { minLength: 1, maxLength: 4 }),
    edges: fc.array(edgePlan, { maxLength: 4 }),
    // Pinecall's lint refuses the intent shape (a tool named like a state field): only Block Agent documents have it.
    intent: fc.option(intentPlan, { nil: undefined, freq: target === 'pinecall' ? 1 : 2 }),
  });
}
type Plan = ReturnType<typeof planFor> extends fc.Arbitrary<infer T> ? T : never;

/** A tool's parameters, each name once (the first plan of a name is the one the schema holds). */
const paramsOf = (t: Plan['tools'][number]) => t.params.filter((p, i) => t.params.findIndex((q) => q.name === p.name) === i);

function paramSchema(p: Plan['tools'][number]['params'][number]): JsonSchema {
  if (p.kind === 'enum') return { type: 'string', enum: ['am', 'pm'] };
  // Shapes that share a name (`address`) or not, so interface names must be told apart.
  if (p.kind === 'object') return { type: 'object', properties: p.shape === 0 ? { street: { type: 'string' } } : { city: { type: 'string' }, zip: { type: 'number' } }, required: [], additionalProperties: false };
  return { type: p.kind };
}

function buildTool(t: Plan['tools'][number], i: number, fields: StateField[], blocks: Block[], stages: Stage[]): Tool {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const p of paramsOf(t)) {
    Object.defineProperty(properties, p.name, { value: paramSchema(p), enumerable: true, writable: true, configurable: true });
    if (p.required) required.push(p.name);
  }
  const tool: Tool = {
    id: `t${i}`, kind: 'function', name: t.name, description: `Use it (${t.name}).`,
    parameters: { type: 'object', properties, required, additionalProperties: false }, scope: { kind: 'all' }, fallback: false, pii: [],
  };
  if (t.scope === 1) tool.scope = { kind: 'blocks', blockIds: [blocks[t.block % blocks.length].id] };
  if (t.scope === 2 && stages.length > 0) tool.scope = { kind: 'stages', stageIds: [stages[t.block % stages.length].id] };
  const body = bodyFor(t, tool, fields);
  if (body !== undefined) tool.implementation = body;
  else if (t.mock) tool.mock = { ok: true, tool: t.name };
  const read = readable(fields);
  if (t.when && read.length > 0) tool.when = `(s) => s.${read[t.pick % read.length].name} !== undefined`;
  const first = paramsOf(t).find((p) => IDENTIFIER.test(p.name) && p.kind !== 'object');
  if (t.confirm && first) tool.confirm = `Saved {{${first.name}}}.`;
  return tool;
}

/** A type-correct body: it writes a field of a parameter's type, counts, or only returns. */
function bodyFor(t: Plan['tools'][number], tool: Tool, fields: StateField[]): string | undefined {
  if (t.body === 0) return undefined;
  const bindable = paramsOf(t).filter((p) => IDENTIFIER.test(p.name) && !['class', 'default', 'arguments'].includes(p.name) && p.kind !== 'object' && p.kind !== 'enum');
  const writable = readable(fields);
  if (t.body === 1 || writable.length === 0) return `return { done: ${JSON.stringify(tool.name)} };`;
  const field = writable[t.pick % writable.length];
  const kind = field.type as Kind;
  const source = bindable.find((p) => p.kind === kind);
  if (t.body === 2 && source) return `this.${field.name} = ${source.name} ?? ${literal(kind)};\nreturn { saved: this.${field.name} };`;
  if (kind === 'number') return `this.${field.name} = (this.${field.name} ?? 0) + 1;\nreturn this.${field.name};`;
  if (kind === 'boolean') return `this.${field.name} = !this.${field.name};\nreturn { ${field.name === '__proto__' ? '"flag"' : 'flag'}: this.${field.name} };`;
  return `this.${field.name} = "seen " + ${JSON.stringify(tool.name)};\nreturn this.${field.name};`;
}

function buildDocument(g: Plan, target: Target): AgentDocument {
  const blocks: Block[] = g.blocks.map((intent, i) => ({ id: `b${i}`, name: `Block ${i}`, ref: `block_${i}`, intent }));
  const state: StateField[] = g.fields.map((f, i) => {
    const field: StateField = { id: `f${i}`, name: f.name, type: f.kind, pii: f.pii, visibility: 'private' };
    if (f.withDefault) field.default = defaults[f.kind];
    return field;
  });
  const stages: Stage[] = g.stages.map((s, i) => ({ id: `s${i}`, name: `stage ${i}`, ref: `turn_${i}`, blockId: blocks[s.block % blocks.length].id, kind: 'turn', instructions: 'Help the caller.' }));
  const tools = g.tools.map((t, i) => buildTool(t, i, state, blocks, stages));
  if (g.intent) {
    // The known bug's shape: the intent tool and its parameter share the name of the variable it sets.
    const block = blocks[0];
    block.intent = true;
    const variable = state.find((f) => f.name === 'wants_refill');
    if (!variable) state.push({ id: 'f_wants', name: 'wants_refill', type: 'boolean', pii: false, visibility: 'private' });
    const sets = g.intent.sets && (variable?.type ?? 'boolean') === 'boolean';
    tools.push({
      id: 't_intent', kind: 'function', name: 'wants_refill', description: 'Use when the caller wants a refill.',
      parameters: { type: 'object', properties: { wants_refill: { type: 'boolean' } }, required: ['wants_refill'], additionalProperties: false },
      scope: { kind: 'blocks', blockIds: [block.id] }, fallback: false, pii: [],
      ...(sets ? { implementation: 'this.wants_refill = wants_refill;\nreturn { wants_refill };' } : {}),
    });
    if (g.intent.fallback) tools.push({ id: 't_none', kind: 'function', name: 'caller_intent_not_yet_detected', description: 'Use while no intent is clear.', parameters: { type: 'object', properties: {} }, scope: { kind: 'blocks', blockIds: [block.id] }, fallback: true, pii: [] });
  }
  const named = readable(state).filter((f) => !['class', 'default'].includes(f.name));
  stages.forEach((s, i) => {
    if (named.length > 0 && g.stages[i].slot % 2 === 0) s.instructions += ` You know {{ ${named[g.stages[i].slot % named.length].name} }}.`;
  });
  const edges = buildEdges(g, stages, tools, state);
  return {
    format: 'callboard.agent', version: 1, id: 'doc', name: g.name, target, persona: 'You help callers.', llm: {}, opening: 'caller',
    state, blocks, stages, edges, tools, entryStageId: stages[0]?.id ?? null, layout: { positions: {}, sizes: {} },
  };
}

function buildEdges(g: Plan, stages: Stage[], tools: Tool[], state: StateField[]): Edge[] {
  if (stages.length < 2) return [];
  // A field without a default may be undefined, and `>=` on it is a type error of the document's own (as in a class written by hand).
  const counters = readable(state).filter((f) => f.type === 'number' && f.default !== undefined);
  const flags = readable(state).filter((f) => f.type === 'boolean');
  return g.edges.flatMap((e, i): Edge[] => {
    const from = stages[e.from % stages.length];
    const to = stages[e.to % stages.length];
    if (from.id === to.id) return [];
    const offered = tools.filter((t) => t.scope.kind === 'all' || (t.scope.kind === 'blocks' && t.scope.blockIds.includes(from.blockId)) || (t.scope.kind === 'stages' && t.scope.stageIds.includes(from.id)));
    let condition: Condition | undefined;
    if (e.kind <= 1 && offered.length > 0) {
      const tool = offered[e.tool % offered.length];
      const params = Object.keys(tool.parameters.properties ?? {});
      condition = e.kind === 0 || params.length === 0 ? { kind: 'tool', toolId: tool.id, expected: '*' } : { kind: 'tool', toolId: tool.id, field: params[e.tool % params.length], expected: e.expected };
    } else if (e.kind === 2 && counters.length > 0) condition = { kind: 'expression', expression: `${counters[e.tool % counters.length].name} >= 2` };
    else if (e.kind === 3 && flags.length > 0) condition = { kind: 'expression', expression: `!this.${flags[e.tool % flags.length].name}` };
    return condition ? [{ id: `e${i}`, from: from.id, to: to.id, kind: 'edge', conditions: [condition] }] : [];
  });
}

/** Documents for `target` with names that meet in a class; lint-clean, as lintClean decides. */
export const collidingDocument = (target: Target): fc.Arbitrary<AgentDocument> => planFor(target).map((g) => buildDocument(g, target)).filter(lintClean);

/**
 * The fields documentArbitrary's expression conditions and bodies read (`attempts >= 3`,
 * `slots.length > 0`, `this.attempts > 2`), with the types they read them as: its documents
 * declare them with any type or not at all (nothing there compiles the code), so this declares them.
 */
const READ_FIELDS: Record<string, Pick<StateField, 'type' | 'default'>> = {
  attempts: { type: 'number', default: 0 }, found: { type: 'boolean', default: false }, caller_name: { type: 'string', default: '' }, slots: { type: 'array', default: [] },
};

/** A document of documentArbitrary whose code reads only what it declares, with the types it reads. */
export function withDeclaredReads(doc: AgentDocument): AgentDocument {
  const copy = structuredClone(doc);
  const code = [...copy.edges.flatMap((e) => e.conditions.flatMap((c) => (c.kind === 'expression' ? [c.expression] : []))), ...copy.tools.map((t) => t.implementation ?? '')].join('\n');
  for (const tool of copy.tools) {
    const params = Object.keys(tool.parameters.properties ?? {});
    if (tool.implementation?.includes('${day}') && !params.includes('day')) tool.implementation = 'return { ok: true };';
  }
  Object.entries(READ_FIELDS).forEach(([name, declared], i) => {
    if (!new RegExp(`\\b${name}\\b`).test(code)) return;
    const field = copy.state.find((f) => f.name === name);
    if (field) Object.assign(field, structuredClone(declared));
    else copy.state.push({ id: `f_read${i}`, name, ...structuredClone(declared), pii: false, visibility: 'private' });
  });
  return copy;
}
