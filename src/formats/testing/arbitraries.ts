// fast-check arbitraries for whole documents: random agents that are valid by construction
// (validateDocument passes, and lint finds no error under either target), covering every entity,
// condition kind, scope kind, tool option, the signature → schema rules of formats/pinecall.md
// that a schema can express, and text that has broken writers before. Test-only: nothing in the
// app imports this module. features.ts says which of these a document shows.
import fc from 'fast-check';
import { refFromName } from '../../model/ids';
import { className } from '../../model/names';
import type { JsonSchema } from '../../model/json-schema';
import type { AgentDocument, Block, Condition, Edge, Stage, StateField, Target, Tool, ToolScope } from '../../model/types';
import { toolVisibleIn } from '../../model/document';
import { predicateScope, unknownNamesRead } from '../../model/lint/expression-names';

// --- Text ---------------------------------------------------------------------------------------

/** Pieces that have broken exporters: non-ASCII, comment closers, template syntax, quotes, line breaks… */
export const TRICKY_PIECES = ['é', 'ñ', '中文', '🤖', '*/', '`', '${', '"', "'", '\n'] as const;
/** …and more of the same kind, drawn less often. */
const OTHER_PIECES = ['/*', '}', '{', '\n\n', ' ', '  ', '\\', '@param', '* ', '<p>', '&amp;', ': ', '#', '- ', 'text', 'Hello', 'the caller', '.', '?'];

const piece = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...TRICKY_PIECES) }, { weight: 2, arbitrary: fc.constantFrom(...OTHER_PIECES) });
const pieces = (max: number) => fc.array(piece, { maxLength: max }).map((p) => p.join(''));

/** Free text; `{{` is broken up, so only the placeholders a generator puts in on purpose read as templates. */
export const trickyText = (max = 8): fc.Arbitrary<string> =>
  fc.oneof({ weight: 4, arbitrary: pieces(max) }, { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }) })
    .map((t) => t.replace(/\{(?=\{)/g, '{ ').replace(/\}(?=\})/g, '} '));

/** A sentence that starts with a word, so Pinecall's docstring rule never reads it as empty. */
const sentence = (start: string) => trickyText().map((t) => `${start} ${t}`);

// --- Parameter schemas (formats/pinecall.md, "Signature → JSON Schema") ---------------------------

const PATTERNS = ['^[0-9]{4}-[0-9]{2}-[0-9]{2}$|^$', '^\\+?[0-9]{7,15}$', '^(am|pm)$', 'é+', '^[a-z]+( [a-z]+)*$'];
const STRING_ENUMS = [['am', 'pm'], ['cleaning', 'checkup', 'whitening'], ['é', '中文', 'a b', 'say "hi"'], ['only']];
const describe = (schema: JsonSchema, description: string | undefined): JsonSchema => (description === undefined ? schema : { ...schema, description });

const leafSchema: fc.Arbitrary<JsonSchema> = fc.tuple(
  fc.nat({ max: 15 }), fc.nat(), fc.option(trickyText(5), { nil: undefined, freq: 3 }),
).map(([kind, pick, description]): JsonSchema => {
  switch (kind) {
    case 0: case 1: return describe({ type: 'string' }, description);
    case 2: return describe({ type: 'string', pattern: PATTERNS[pick % PATTERNS.length] }, description);
    case 3: return describe({ type: 'number' }, description);
    case 4: return describe({ type: 'integer' }, description);
    case 5: return describe({ type: 'boolean' }, description);
    case 6: case 7: return describe({ type: 'string', enum: STRING_ENUMS[pick % STRING_ENUMS.length] }, description);
    case 8: return describe({ type: 'number', enum: [1, 2.5] }, description);
    case 9: return describe({ type: ['string', 'null'] }, description);
    case 10: return describe({ type: 'string', minLength: 1, maxLength: 40 }, description);
    case 11: return { const: 'am' };
    case 12: return { type: 'object', additionalProperties: true };
    case 13: return { type: 'object', description: 'Patient' };
    case 14: return { type: ['string', 'number'] };
    default: return {};
  }
});

const MEMBER_NAMES = ['street', 'city', 'zip-code', 'número', 'note'];

/** An object with named members, some required, written in a random order in `required`. */
function objectSchema(member: fc.Arbitrary<JsonSchema>, names: readonly string[], maxMembers: number): fc.Arbitrary<JsonSchema> {
  return fc.tuple(
    fc.uniqueArray(fc.constantFrom(...names), { minLength: 1, maxLength: maxMembers }),
    fc.array(member, { minLength: maxMembers, maxLength: maxMembers }),
    fc.array(fc.boolean(), { minLength: maxMembers, maxLength: maxMembers }),
    fc.boolean(), fc.boolean(),
  ).map(([keys, members, required, closed, reversed]) => {
    const properties = Object.fromEntries(keys.map((k, i) => [k, members[i]]));
    const req = keys.filter((_, i) => required[i]);
    return { type: 'object', properties, required: reversed ? req.reverse() : req, ...(closed ? { additionalProperties: false } : {}) };
  });
}

const memberSchema: fc.Arbitrary<JsonSchema> = fc.oneof(
  { weight: 4, arbitrary: leafSchema },
  { weight: 1, arbitrary: leafSchema.map((items) => ({ type: 'array', items })) },
  { weight: 1, arbitrary: objectSchema(leafSchema, MEMBER_NAMES, 2) },
);

/** One parameter's schema: a leaf, an array, a nested object (members required or not), or a callback. */
const parameterSchema: fc.Arbitrary<JsonSchema> = fc.oneof(
  { weight: 6, arbitrary: leafSchema },
  { weight: 2, arbitrary: memberSchema.map((items) => ({ type: 'array', items })) },
  { weight: 2, arbitrary: objectSchema(memberSchema, MEMBER_NAMES, 3) },
  { weight: 1, arbitrary: fc.constant({ description: 'callback' }) },
);

/** Parameter names: identifiers (some non-ASCII), and a few Pinecall cannot bind (a signature leaves them out). */
export const PARAMETER_NAMES = ['day', 'slot', 'count', 'ok', 'año', 'tags', 'address', 'caller_name', 'found', 'class', 'first-name'];

export const parametersArbitrary: fc.Arbitrary<JsonSchema> = fc.tuple(
  fc.uniqueArray(fc.constantFrom(...PARAMETER_NAMES), { maxLength: 4 }),
  fc.array(parameterSchema, { minLength: 4, maxLength: 4 }),
  fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
  fc.nat({ max: 3 }),
).map(([names, schemas, required, form]) => {
  const properties = Object.fromEntries(names.map((n, i) => [n, schemas[i]]));
  const req = names.filter((_, i) => required[i]);
  // The form Pinecall gives back, and the looser ones a hand-written or imported schema has.
  if (form === 0) return { type: 'object', properties };
  if (form === 1) return { type: 'object', properties, required: req };
  return { type: 'object', properties, required: req, additionalProperties: false };
});

// --- Whole documents ----------------------------------------------------------------------------

const AGENT_NAMES = ['Clinic Booking', 'Imported Block Agent', 'Clínica Norte', 'agente ñandú', '中文 agent', 'Help desk 🤖', 'x'];
const STATE_NAMES = ['attempts', 'caller_name', 'found', 'año', 'slots', 'note', 'day'];
const BLOCK_NAMES = ['Greeting_Intent', 'Booking', 'Clínica', '中文 block', 'End', 'Check "in"'];
const STAGE_NAMES = ['greet', 'ask_dob', 'día', '中文', 'check-in', 'say "hi"', 'x y', 'verify', 'bye', 'two\nlines', 'a */ b'];
const TOOL_NAMES = ['book', 'find_slots', 'collect_identity', 'caller_intent_not_yet_detected', 'lookup', 'end_call', 'transfer', 'note_2', 'Verify'];
const EXPRESSIONS = ['attempts >= 3', 'found', '!found && attempts < 2', 'caller_name === "é */"', 'slots.length > 0', 'this.attempts > 1', '(found || attempts > 1)', 'found ? attempts > 1 : true', '  attempts < 5  '];
const WHEN = ['(s) => s.found', '(s) => s.attempts < 3', '(s) =>\n  s.slots.length > 0', 's => true', '(s) => s.note !== "*/"', '(s) => s.found // after a lookup', '(s) => /* open */ s.attempts > 0'];
const IMPLEMENTATIONS = [
  'return { ok: true };',
  'const msg = `Booked ${day} — é */`;\nreturn msg;',
  '  if (this.attempts > 2) {\n    return "done";\n  }\n  return null;',
  'return `line one\n  line two`;',
  '// look it up first\nconst rows = [1, 2, 3];\nreturn rows;',
  '',
];
const MOCKS: unknown[] = [{ ok: true }, [1, 2], 'é */ `text`', null, 3.5, { rows: [{ id: 'a', when: 'Tue ${x}' }] }];
const EXPECTED = ['yes', 'True', '*', 'é', '', '123', 'a b', 'FOUND'];

const extraArbitrary = fc.option(fc.oneof(
  fc.dictionary(fc.constantFrom('x_note', 'x_priority', 'x_é'), fc.oneof(fc.integer({ min: -5, max: 5 }), trickyText(3), fc.constant({ nested: [1, 'two'] })), { minKeys: 1, maxKeys: 2 }),
  // A kept key the format writes itself: lossesFor names it (it is overwritten)…
  fc.constant({ name: 'shadowed' }),
  // …and unknown keys inside a modelled map, which an import keeps (or not, where the map is not written).
  fc.constantFrom({ looping: { x_escalate: true } }, { connect_to: { transition: 'soft' } }, { function: { x_cost: 3 } }, { conditions: [{ case_sensitive: true }] }),
), { nil: undefined, freq: 3 });

const stateFieldArbitrary = fc.record({
  type: fc.constantFrom('string', 'number', 'integer', 'boolean', 'array', 'object'),
  defaultKind: fc.nat({ max: 3 }), text: trickyText(4), number: fc.integer({ min: -100, max: 100 }), flag: fc.boolean(),
  privacy: fc.nat({ max: 2 }), description: fc.option(trickyText(6), { nil: undefined, freq: 2 }),
});

type ValueOf<A> = A extends fc.Arbitrary<infer T> ? T : never;

function stateField(g: ValueOf<typeof stateFieldArbitrary>, name: string, i: number): StateField {
  const defaults: Record<StateField['type'], unknown> = {
    string: g.text, number: g.number / 4, integer: g.number, boolean: g.flag, array: g.flag ? [g.text, g.number] : [], object: { a: g.number, 'b c': g.text },
  };
  const field: StateField = { id: `f${i}`, name, type: g.type, pii: g.privacy === 1, visibility: g.privacy === 2 ? 'public' : 'private' };
  if (g.defaultKind === 1 || g.defaultKind === 2) field.default = defaults[g.type];
  if (g.defaultKind === 3) field.default = null;
  if (g.description !== undefined) field.description = g.description;
  return field;
}

const toolArbitrary = fc.record({
  mcp: fc.nat({ max: 5 }).map((n) => n === 0), description: sentence('Use'), parameters: parametersArbitrary,
  scopeKind: fc.nat({ max: 3 }), scoped: fc.uniqueArray(fc.nat({ max: 8 }), { maxLength: 3 }), fallback: fc.nat({ max: 4 }).map((n) => n === 0),
  when: fc.option(fc.constantFrom(...WHEN), { nil: undefined, freq: 3 }),
  confirm: fc.option(fc.tuple(trickyText(10), fc.nat({ max: 2 })), { nil: undefined, freq: 3 }),
  announce: fc.option(trickyText(5), { nil: undefined, freq: 3 }),
  preview: fc.option(fc.integer({ min: 1, max: 20 }), { nil: undefined, freq: 3 }),
  timeout: fc.option(fc.constantFrom(1, 12.5, 300), { nil: undefined, freq: 3 }),
  pii: fc.nat({ max: 3 }), implementation: fc.option(fc.constantFrom(...IMPLEMENTATIONS), { nil: undefined, freq: 2 }),
  mock: fc.option(fc.constantFrom(...MOCKS), { nil: undefined, freq: 3 }), label: fc.nat({ max: 2 }), extra: extraArbitrary,
});

const conditionArbitrary = fc.record({
  kind: fc.nat({ max: 3 }), pick: fc.nat(), field: fc.nat({ max: 3 }), expected: fc.constantFrom(...EXPECTED),
  sentence: sentence('When'), expression: fc.constantFrom(...EXPRESSIONS),
});

const edgeArbitrary = fc.record({
  from: fc.nat(), to: fc.nat(), loop: fc.nat({ max: 4 }).map((n) => n === 0),
  conditions: fc.array(conditionArbitrary, { maxLength: 3 }), extra: extraArbitrary,
});

const documentPlan = fc.record({
  name: fc.constantFrom(...AGENT_NAMES), persona: trickyText(10), personaSlots: fc.array(fc.nat(), { maxLength: 2 }),
  llm: fc.option(fc.record({ temperature: fc.constantFrom(0, 0.2, 1.5), max_tokens: fc.integer({ min: 1, max: 500 }) }, { requiredKeys: [] }), { nil: undefined }),
  agentOpens: fc.boolean(),
  state: fc.uniqueArray(fc.constantFrom(...STATE_NAMES), { maxLength: 4 }),
  stateFields: fc.array(stateFieldArbitrary, { minLength: 4, maxLength: 4 }),
  blocks: fc.array(fc.record({
    ref: fc.nat({ max: 4 }), intent: fc.boolean(), color: fc.option(fc.constantFrom('#4f46e5', 'teal'), { nil: undefined, freq: 3 }),
    looping: fc.option(fc.record({ threshold: fc.integer({ min: 1, max: 4 }), messages: fc.array(trickyText(4), { maxLength: 2 }), to: fc.option(fc.nat(), { nil: undefined }), kpis: fc.option(fc.array(fc.constantFrom('handoff', 'é_kpi'), { maxLength: 2 }), { nil: undefined }) }), { nil: undefined, freq: 2 }),
    extra: extraArbitrary,
  }), { minLength: 1, maxLength: 3 }),
  stages: fc.uniqueArray(fc.constantFrom(...STAGE_NAMES), { maxLength: 6 }),
  stageParts: fc.array(fc.record({
    block: fc.nat(), ref: fc.nat({ max: 5 }), wait: fc.nat({ max: 3 }), instructions: trickyText(8), slots: fc.array(fc.nat(), { maxLength: 2 }), extra: extraArbitrary,
  }), { minLength: 6, maxLength: 6 }),
  entry: fc.nat(),
  tools: fc.uniqueArray(fc.constantFrom(...TOOL_NAMES), { minLength: 1, maxLength: 5 }),
  toolParts: fc.array(toolArbitrary, { minLength: 5, maxLength: 5 }),
  edges: fc.array(edgeArbitrary, { maxLength: 8 }),
  nluStages: fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
  preserved: fc.nat({ max: 5 }),
  sameName: fc.nat({ max: 4 }),
  classBlock: fc.nat({ max: 5 }).map((n) => n === 0),
  repeatField: fc.nat({ max: 5 }).map((n) => n === 0),
});

type Plan = ValueOf<typeof documentPlan>;

/**
 * `{{ name }}` placeholders of state fields (the only names both runtimes render), spaced either
 * way; ASCII names only, as lint and both exporters read a placeholder's name.
 */
function withSlots(text: string, slots: number[], names: string[]): string {
  const state = names.filter((n) => /^[A-Za-z_]\w*$/.test(n));
  if (state.length === 0) return text;
  return slots.reduce((t, n, k) => `${t}${k % 2 ? ' {{' : ' {{ '}${state[n % state.length]}${k % 2 ? '}}' : ' }}'} `, text);
}

function buildTool(part: Plan['toolParts'][number], name: string, i: number, blocks: Block[], stages: Stage[]): Tool {
  const pick = <T>(items: T[], n: number) => items[n % items.length];
  let scope: ToolScope = { kind: 'all' };
  if (part.scopeKind === 1 || (part.scopeKind === 2 && stages.length === 0)) scope = { kind: 'blocks', blockIds: [...new Set(part.scoped.map((n) => pick(blocks, n).id))] };
  else if (part.scopeKind === 2) scope = { kind: 'stages', stageIds: [...new Set(part.scoped.map((n) => pick(stages, n).id))] };
  if (part.mcp) {
    const label = [name, `${name}_server`, 'ehr'][part.label];
    const tool: Tool = {
      id: `t${i}`, kind: 'mcp', name, description: part.description, parameters: { type: 'object', properties: {} }, scope, fallback: part.fallback, pii: [],
      mcp: { serverLabel: label, serverUrl: 'https://mcp.example.com/mcp', allowedTools: part.label ? ['lookup_patient'] : [], headers: part.label === 1 ? { Authorization: 'Bearer {{secret:EHR_TOKEN}}', Accept: 'application/json' } : {} },
    };
    if (part.mock !== undefined) tool.mcp!.mocks = { lookup_patient: part.mock };
    if (part.extra) tool.extra = part.extra;
    return tool;
  }
  const params = Object.keys(part.parameters.properties ?? {});
  const tool: Tool = { id: `t${i}`, kind: 'function', name, description: part.description, parameters: part.parameters, scope, fallback: part.fallback, pii: [] };
  if (part.when !== undefined) tool.when = part.when;
  if (part.confirm !== undefined) {
    const [text, slot] = part.confirm;
    // Pinecall fills {{name}} of an argument whose name is a plain ASCII identifier.
    const argument = params.find((p) => /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(p));
    tool.confirm = slot === 1 && argument ? `${text} {{${argument}}}` : slot === 2 ? `${text} {{result.when}}` : text;
  }
  if (part.announce !== undefined) tool.announce = part.announce;
  if (part.preview !== undefined) tool.preview = part.preview;
  if (part.timeout !== undefined) tool.timeout = part.timeout;
  if (part.pii > 0 && params.length > 0) tool.pii = params.slice(0, part.pii);
  if (part.implementation !== undefined) tool.implementation = part.implementation;
  if (part.mock !== undefined) tool.mock = part.mock;
  if (part.extra) tool.extra = part.extra;
  return tool;
}

function buildCondition(c: Plan['edges'][number]['conditions'][number], nlu: boolean, offered: Tool[]): Condition {
  const kind = nlu ? 2 : c.kind === 2 ? 0 : c.kind;
  if (kind === 0 && offered.length > 0) {
    const tool = offered[c.pick % offered.length];
    const params = tool.kind === 'function' ? Object.keys(tool.parameters.properties ?? {}) : [];
    if (params.length === 0) return { kind: 'tool', toolId: tool.id, expected: '*' };
    const field = c.field === 0 ? undefined : params[c.field % params.length];
    return { kind: 'tool', toolId: tool.id, ...(field === undefined ? {} : { field }), expected: c.expected };
  }
  if (kind === 2) return { kind: 'nlu', sentence: c.sentence };
  if (kind === 3) return { kind: 'expression', expression: c.expression };
  return { kind: 'external', expected: c.expected };
}

/** The edges: at most one loop per stage; a stage's other edges read either sentences or tools, state and outside answers (Block Agent). */
function buildEdges(g: Plan, stages: Stage[], tools: Tool[]): Edge[] {
  if (stages.length === 0) return [];
  const loops = new Set<string>();
  const edges: Edge[] = [];
  g.edges.forEach((e, i) => {
    const from = stages[e.from % stages.length];
    const loop = e.loop && !loops.has(from.id);
    if (loop) loops.add(from.id);
    const nluStage = g.nluStages[e.from % stages.length % g.nluStages.length];
    const offered = tools.filter((t) => toolVisibleIn(t, from));
    const conditions = e.conditions.map((c) => buildCondition(c, !loop && nluStage, offered));
    const edge: Edge = { id: `e${i}`, from: from.id, to: loop ? from.id : stages[e.to % stages.length].id, kind: loop ? 'loop' : 'edge', conditions };
    if (e.extra) edge.extra = e.extra;
    edges.push(edge);
  });
  return edges;
}

function buildDocument(g: Plan, target: Target): AgentDocument {
  // Sometimes the one block a Pinecall import makes: named after the class, no flag, colour or kept keys.
  const blockPlans = g.classBlock ? [{ ...g.blocks[0], intent: false, color: undefined, extra: undefined }] : g.blocks;
  const blocks: Block[] = blockPlans.map((b, i) => {
    const name = g.classBlock ? className(g.name) : BLOCK_NAMES[i];
    const block: Block = { id: `b${i}`, name, ref: g.classBlock ? refFromName(name) : [refFromName(name), `blk_${i}`, `blk_${i}`, '', ` blk_${i} `][b.ref], intent: b.intent };
    if (b.color !== undefined) block.color = b.color;
    if (b.extra) block.extra = b.extra;
    return block;
  });
  const refs: string[] = [];
  const stages: Stage[] = g.stages.map((name, i) => {
    const p = g.stageParts[i];
    const candidate = [refFromName(name, refs), refFromName(name, refs), `t_${i}`, `t_${i}`, '', 'tür_é'][p.ref];
    const ref = candidate !== '' && refs.includes(candidate) ? `t_${i}` : candidate;
    refs.push(ref);
    const stage: Stage = {
      id: `s${i}`, name, ref, blockId: blocks[p.block % blocks.length].id,
      kind: p.wait === 0 ? 'wait' : 'turn', instructions: withSlots(p.instructions, p.slots, g.state),
    };
    if (p.wait === 0 || p.wait === 1) stage.waitToken = `token_${i}`;
    if (p.extra) stage.extra = p.extra;
    return stage;
  });
  const state = g.state.map((name, i) => stateField(g.stateFields[i], name, i));
  // Block Agent (not Pinecall) lets two state fields share a name; a file keeps one variable.
  if (target === 'block-agent' && g.repeatField && state.length > 0) state.push({ ...stateField(g.stateFields[3], state[0].name, 9) });
  const tools = g.tools.map((name, i) => buildTool(g.toolParts[i], name, i, blocks, stages));
  // Block Agent (not Pinecall) lets two tools share a name where no stage offers both.
  const pair = target === 'block-agent' && g.sameName > 0 && blocks.length > 1 ? tools.filter((t) => t.kind === 'function').slice(0, 2) : [];
  if (pair.length === 2) {
    const [first, second] = pair;
    first.scope = { kind: 'blocks', blockIds: [blocks[0].id] };
    Object.assign(second, { name: first.name, scope: { kind: 'blocks', blockIds: [blocks[1].id] } });
    // Written identically, the two come back as one tool offered in both blocks.
    if (g.sameName === 2) Object.assign(second, { description: first.description, parameters: structuredClone(first.parameters), extra: first.extra && structuredClone(first.extra) });
  }
  // Block Agent calls some tool in every turn: a block no tool is offered in gets one.
  blocks.forEach((block, k) => {
    if (tools.some((t) => t.scope.kind === 'all' || (t.scope.kind === 'blocks' && t.scope.blockIds.includes(block.id)) || stages.some((s) => s.blockId === block.id && toolVisibleIn(t, s)))) return;
    const host = tools.find((t) => t.scope.kind === 'blocks' && !pair.includes(t));
    if (host && host.scope.kind === 'blocks') host.scope.blockIds.push(block.id);
    else tools.push({ id: `t_done${k}`, kind: 'function', name: `done_${k}`, description: 'Use when the caller is done.', parameters: { type: 'object', properties: {} }, scope: { kind: 'blocks', blockIds: [block.id] }, fallback: false, pii: [] });
  });
  blocks.forEach((block, i) => {
    const l = blockPlans[i].looping;
    if (!l) return;
    block.looping = { threshold: l.threshold, messages: l.messages.map((m) => withSlots(m, [0], g.state)) };
    if (l.to !== undefined && stages.length > 0) block.looping.connectTo = stages[l.to % stages.length].id;
    if (l.kpis !== undefined) block.looping.kpis = l.kpis;
  });
  const doc: AgentDocument = {
    format: 'callboard.agent', version: 1, id: 'doc', name: g.name, target,
    persona: withSlots(g.persona, g.personaSlots, g.state), llm: g.llm ?? {}, opening: g.agentOpens ? 'agent' : 'caller',
    state, blocks, stages, edges: buildEdges(g, stages, tools), tools,
    entryStageId: stages.length > 0 ? stages[g.entry % stages.length].id : null,
    layout: { positions: Object.fromEntries(blocks.map((b, i) => [b.id, { x: i * 400, y: 0 }])), sizes: {} },
  };
  if (g.preserved === 1) doc.preserved = { blockAgent: { x_deployment: { region: 'eu' }, llm_settings: { model: 'gpt-4o-mini' } } };
  if (g.preserved === 2) doc.preserved = { pinecall: { header: '// Written for the property test', members: ['private helper(): number {\n  return 1;\n}'] } };
  return withPredicatesItReads(doc);
}

/**
 * Lint holds a predicate to the names the document has (condition-expression-unknown-name,
 * tool-when-unknown-name): an expression or `when` that reads a field this document lacks becomes
 * the first of the same list that reads only fields it has (else one that reads none).
 */
function withPredicatesItReads(doc: AgentDocument): AgentDocument {
  const scope = predicateScope(doc);
  const fits = (source: string) => unknownNamesRead(source, scope).length === 0;
  const fitting = (source: string, list: string[], none: string) => (fits(source) ? source : list.find(fits) ?? none);
  for (const edge of doc.edges) edge.conditions = edge.conditions.map((c) => (c.kind === 'expression' ? { ...c, expression: fitting(c.expression, EXPRESSIONS, 'true') } : c));
  for (const tool of doc.tools) if (tool.when !== undefined) tool.when = fitting(tool.when, WHEN, 's => true');
  return doc;
}

/** Random documents for `target` (the field), valid under its lint (and but for a shared tool name, under the other's). */
export const documentArbitrary = (target: Target): fc.Arbitrary<AgentDocument> => documentPlan.map((g) => buildDocument(g, target));
