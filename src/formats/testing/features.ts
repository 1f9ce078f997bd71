// What a generated document shows, as labels to count over a property run (the acceptance asks
// that the generators be seen covering every entity, condition and scope kind, tool option,
// signature rule and kind of tricky text). Test-only.
import { className } from '../../model/names';
import { walkSchema } from '../../model/lint/schema-walk';
import type { JsonSchema } from '../../model/json-schema';
import type { AgentDocument, Target } from '../../model/types';

/** Kinds of text that have broken writers before, each looked for in persona, tool descriptions and confirm strings. */
export const TEXT_KINDS: Record<string, RegExp> = {
  'é': /é/, 'ñ': /ñ/, '中文': /中文/, emoji: /\p{Extended_Pictographic}/u, '*/': /\*\//, backtick: /`/, '${': /\$\{/, quote: /["']/, newline: /\n/,
};

/** Every label featuresOf can give for `target`: a property run is expected to see each at least once. */
export const expectedFeatures = (target: Target): string[] => [...FEATURES, ...(target === 'block-agent' ? ['shared tool name', 'repeated state field'] : ['one block named after the class'])];

const FEATURES = [
  'state field', ...['string', 'number', 'integer', 'boolean', 'array', 'object'].map((t) => `state type ${t}`),
  'state pii', 'state public', 'state default', 'state null default', 'state description',
  'block', 'block looping', 'block without looping', 'block intent', 'block colour', 'block extra', 'several blocks',
  'turn stage', 'wait stage', 'turn stage with wait token', 'stage extra', 'empty ref', 'entry not first',
  'edge', 'loop edge', 'edge extra', 'edge without conditions',
  'condition tool', 'condition tool field', 'condition tool *', 'condition external', 'condition nlu', 'condition expression',
  'scope all', 'scope blocks', 'scope stages', 'scope empty',
  'function tool', 'mcp tool', 'mcp label differs', 'mcp mocks', 'fallback', 'kept key nested',
  ...['when', 'confirm', 'announce', 'preview', 'pii', 'timeout', 'implementation', 'mock'].map((o) => `tool ${o}`), 'mock and implementation', 'tool extra',
  ...['string', 'number', 'integer', 'boolean', 'array', 'string enum', 'single literal', 'number enum', 'nested object', 'nested required member',
    'nested optional member', 'optional before required', 'nullable', 'pattern', 'callback', 'open object', 'undeclared type', 'union', 'no type',
    'description', 'bound', 'name not an identifier', 'no required list'].map((r) => `parameter ${r}`),
  'llm settings', 'agent opens', 'preserved blockAgent', 'preserved pinecall', 'placeholder',
  ...['persona', 'description', 'confirm'].flatMap((where) => Object.keys(TEXT_KINDS).map((kind) => `${where} ${kind}`)),
];

function parameterFeatures(parameters: JsonSchema, add: (label: string) => void): void {
  const properties = Object.entries(parameters.properties ?? {});
  if (parameters.required === undefined && properties.length > 0) add('parameter no required list');
  const required = new Set(parameters.required ?? []);
  let lastRequired = -1;
  properties.forEach(([name], i) => { if (required.has(name)) lastRequired = i; });
  if (properties.some(([name], i) => !required.has(name) && i < lastRequired)) add('parameter optional before required');
  for (const [name, schema] of properties) {
    if (!/^[\p{L}$_][\p{L}\p{N}$_]*$/u.test(name) || name === 'class') add('parameter name not an identifier');
    if (schema.description === 'callback' && Object.keys(schema).length === 1) add('parameter callback');
  }
  walkSchema(parameters, (node, at) => {
    if (at.length === 0) return;
    const types = Array.isArray(node.type) ? node.type : node.type === undefined ? [] : [node.type];
    if (types.length === 0 && node.const === undefined && node.enum === undefined && !(node.description === 'callback')) add('parameter no type');
    if (types.length > 1) add(types.includes('null') ? 'parameter nullable' : 'parameter union');
    for (const t of ['string', 'number', 'integer', 'boolean', 'array'] as const) if (types.includes(t) && node.enum === undefined) add(`parameter ${t}`);
    if (Array.isArray(node.enum)) add(node.enum.every((v) => typeof v === 'string') ? (node.enum.length === 1 ? 'parameter single literal' : 'parameter string enum') : 'parameter number enum');
    if (node.const !== undefined) add('parameter single literal');
    if (node.pattern !== undefined) add('parameter pattern');
    if (node.minLength !== undefined || node.maxLength !== undefined) add('parameter bound');
    if (typeof node.description === 'string' && node.description !== 'callback' && node.description !== 'Patient') add('parameter description');
    if (types.includes('object')) {
      if (node.properties && Object.keys(node.properties).length > 0) {
        add('parameter nested object');
        const req = new Set(node.required ?? []);
        for (const key of Object.keys(node.properties)) add(req.has(key) ? 'parameter nested required member' : 'parameter nested optional member');
      } else if (node.description === 'Patient') add('parameter undeclared type');
      else add('parameter open object');
    }
  });
}

/** The labels of FEATURES that `doc` shows. */
export function featuresOf(doc: AgentDocument): Set<string> {
  const out = new Set<string>();
  const add = (label: string) => out.add(label);
  const text = (where: string, value: string | undefined) => {
    if (value === undefined) return;
    for (const [kind, re] of Object.entries(TEXT_KINDS)) if (re.test(value)) add(`${where} ${kind}`);
    if (/\{\{\s*[A-Za-z_]/.test(value)) add('placeholder');
  };
  text('persona', doc.persona);
  if (Object.keys(doc.llm).length > 0) add('llm settings');
  if (doc.opening === 'agent') add('agent opens');
  if (doc.preserved?.blockAgent) add('preserved blockAgent');
  if (doc.preserved?.pinecall) add('preserved pinecall');
  if (doc.blocks.length === 1 && doc.blocks[0].name === className(doc.name)) add('one block named after the class');
  for (const f of doc.state) {
    if (doc.state.some((o) => o !== f && o.name === f.name)) add('repeated state field');
    add('state field');
    add(`state type ${f.type}`);
    if (f.pii) add('state pii');
    if (f.visibility === 'public') add('state public');
    if (f.default !== undefined) add(f.default === null ? 'state null default' : 'state default');
    if (f.description) add('state description');
  }
  if (doc.blocks.length > 1) add('several blocks');
  for (const b of doc.blocks) {
    add('block');
    add(b.looping ? 'block looping' : 'block without looping');
    if (b.intent) add('block intent');
    if (b.color) add('block colour');
    if (b.extra) add('block extra');
    if (!b.ref.trim()) add('empty ref');
  }
  doc.stages.forEach((s, i) => {
    add(s.kind === 'wait' ? 'wait stage' : s.waitToken !== undefined ? 'turn stage with wait token' : 'turn stage');
    if (s.extra) add('stage extra');
    if (!s.ref) add('empty ref');
    if (s.id === doc.entryStageId && i > 0) add('entry not first');
    text('instructions', s.instructions);
  });
  for (const entity of [...doc.blocks, ...doc.stages, ...doc.edges, ...doc.tools]) {
    if (Object.values(entity.extra ?? {}).some((v) => typeof v === 'object' && v !== null)) add('kept key nested');
  }
  for (const e of doc.edges) {
    add(e.kind === 'loop' ? 'loop edge' : 'edge');
    if (e.extra) add('edge extra');
    if (e.conditions.length === 0) add('edge without conditions');
    for (const c of e.conditions) {
      add(`condition ${c.kind}`);
      if (c.kind === 'tool' && c.field !== undefined) add('condition tool field');
      if (c.kind === 'tool' && c.expected === '*') add('condition tool *');
    }
  }
  for (const t of doc.tools) {
    add(`scope ${t.scope.kind}`);
    if ((t.scope.kind === 'blocks' && t.scope.blockIds.length === 0) || (t.scope.kind === 'stages' && t.scope.stageIds.length === 0)) add('scope empty');
    if (t.fallback) add('fallback');
    if (t.extra) add('tool extra');
    if (doc.tools.some((o) => o !== t && o.name === t.name)) add('shared tool name');
    if (t.kind === 'mcp') {
      add('mcp tool');
      if (t.mcp && t.mcp.serverLabel !== t.name) add('mcp label differs');
      if (t.mcp?.mocks) add('mcp mocks');
      continue;
    }
    add('function tool');
    text('description', t.description);
    text('confirm', t.confirm);
    for (const option of ['when', 'confirm', 'announce', 'preview', 'timeout', 'implementation', 'mock'] as const) if (t[option] !== undefined) add(`tool ${option}`);
    if (t.pii.length > 0) add('tool pii');
    if (t.implementation !== undefined && t.mock !== undefined) add('mock and implementation');
    parameterFeatures(t.parameters, add);
  }
  return out;
}
