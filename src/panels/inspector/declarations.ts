import { produce } from 'immer';
import { factsOf } from '../../runtimes/facts';
import { fitsJsonType, parameterNames, TARGET_LABEL, TARGETS, type AgentDocument, type Block, type Edge, type JsonType, type LlmSettings, type Stage, type StateField, type Tool } from '../../model';
import { slugOf } from '../../model/names';
import { updateEntity } from '../../model/ops';
import { BlockTools, EdgesOut, EntryToggle, LoopingEditor, makeStateTable } from './sections/GraphSections';
import { LazyHelperMocks } from './sections/LazyHelperMocks';
import { sectionChunk } from './sections/lazy-section';
import { keptViewOf, viewFromCode, viewReplacesInstructions } from '../../simulator/class-code/kept-view';
import type { FieldDecl, KindDecls, Option } from './types';

// The tool, stage-view and edge sections are not on the first screen (the agent's is): they load
// apart from the first paint (sections/lazy-section.tsx).
const conditionsSection = sectionChunk(() => import('./sections/ConditionsEditor'));
const confirmSection = sectionChunk(() => import('./sections/ConfirmInput'));
const docstringSection = sectionChunk(() => import('./sections/DocstringEditor'));
const paramsSection = sectionChunk(() => import('./sections/ParamsEditor'));
const toolSection = sectionChunk(() => import('./sections/ToolSections'));
const stageViewSection = sectionChunk(() => import('./sections/StageView'));
const ConditionsEditor = conditionsSection<Edge>((m) => m.ConditionsEditor);
const ConfirmInput = confirmSection<Tool>((m) => m.ConfirmInput);
const DocstringEditor = docstringSection<Tool>((m) => m.DocstringEditor);
const ParamsEditor = paramsSection<Tool>((m) => m.ParamsEditor);
const CodeTab = toolSection<Tool>((m) => m.CodeTab);
const DocstringPreview = toolSection<Tool>((m) => m.DocstringPreview);
const HeadersEditor = toolSection<Tool>((m) => m.HeadersEditor);
const ScopeEditor = toolSection<Tool>((m) => m.ScopeEditor);
const StageView = stageViewSection<Stage>((m) => m.StageView);

// The one declaration of what the inspector shows for each kind of entity (design.md
// convention 8, after Rivet's editor definitions): a field is a label, an input kind, and how to
// read and write it. Inspector.tsx draws every kind from this table and nothing else.

const opts = (...values: string[]): Option[] => values.map((value) => ({ value, label: value }));
const stageOptions = (doc: AgentDocument): Option[] => doc.stages.map((s) => ({ value: s.id, label: s.name }));

/** A shallow patch of one entity through the graph operation that keeps references whole. */
const patch = <K extends 'block' | 'stage' | 'edge' | 'tool' | 'state'>(kind: K, key: string) =>
  (doc: AgentDocument, entity: { id: string }, value: unknown) => updateEntity(doc, kind, entity.id, { [key]: value } as never);

// ---- agent -------------------------------------------------------------------------------

const setAgent = <K extends keyof AgentDocument>(key: K) => (doc: AgentDocument, _e: AgentDocument, value: AgentDocument[K]) =>
  doc[key] === value ? doc : { ...doc, [key]: value };

const llm = (key: keyof LlmSettings, label: string, extra: Partial<FieldDecl<AgentDocument>> = {}): FieldDecl<AgentDocument> => ({
  key: `llm-${key}`,
  label,
  input: 'number',
  path: `/llm/${key}`,
  optional: true,
  third: true,
  get: (doc) => doc.llm[key],
  set: (doc, _e, value: number | undefined) =>
    doc.llm[key] === value
      ? doc
      : produce(doc, (draft) => {
          if (value === undefined) delete draft.llm[key];
          else draft.llm[key] = value;
        }),
  ...extra,
});

// ---- state fields (their own inspector, and the columns of the agent's state table) --------

const DEFAULTS: Record<JsonType, unknown> = { string: '', number: 0, integer: 0, boolean: false, array: [], object: {} };

const stateColumns: FieldDecl<StateField>[] = [
  { key: 'state-name', label: 'Name', input: 'text', path: '/name', commit: 'blur', mono: true, get: (f) => f.name, set: patch('state', 'name') },
  {
    key: 'state-type',
    label: 'Type',
    input: 'select',
    path: '/type',
    options: () => opts('string', 'number', 'integer', 'boolean', 'array', 'object'),
    get: (f) => f.type,
    // A default that no longer fits the type is reset to the type's own empty value.
    set: (doc, f, type: JsonType) => updateEntity(doc, 'state', f.id, fitsJsonType(f.default, type) || f.default === undefined ? { type } : { type, default: structuredClone(DEFAULTS[type]) }),
  },
  { key: 'state-default', label: 'Default', input: 'code', path: '/default', optional: true, rows: 1, placeholder: 'undefined', get: (f) => f.default, set: patch('state', 'default') },
  { key: 'state-pii', label: 'PII', input: 'checkbox', path: '/pii', get: (f) => f.pii, set: patch('state', 'pii') },
  { key: 'state-visibility', label: 'Visibility', input: 'select', path: '/visibility', options: () => opts('private', 'public'), get: (f) => f.visibility, set: patch('state', 'visibility') },
];

const state: FieldDecl<StateField>[] = [
  ...stateColumns.map((c) => ({
    ...c,
    hint:
      c.key === 'state-name' ? 'A word code can use: this.name in tools, {{ name }} in instructions.'
      : c.key === 'state-pii' ? 'Masked (***) in the change log and traces.'
      : c.key === 'state-visibility' ? 'Public fields are shown to the caller-facing side; a field is pii or public, not both.'
      : undefined,
  })),
  { key: 'state-description', label: 'Description', input: 'textarea', path: '/description', rows: 2, get: (f) => f.description ?? '', set: (doc, f, v: string) => updateEntity(doc, 'state', f.id, { description: v || undefined }) },
];

// ---- tools ---------------------------------------------------------------------------------

const isMcp = (t: Tool) => t.kind === 'mcp';
const mcpPatch = (key: keyof NonNullable<Tool['mcp']>) => (doc: AgentDocument, t: Tool, value: unknown) =>
  t.mcp ? updateEntity(doc, 'tool', t.id, { mcp: { ...t.mcp, [key]: value } }) : doc;
const optionalText = (key: 'when' | 'announce') => (doc: AgentDocument, t: Tool, v: string) => updateEntity(doc, 'tool', t.id, { [key]: v === '' ? undefined : v });

const toolHeader: FieldDecl<Tool>[] = [
  { key: 'tool-name', label: 'Name', input: 'text', path: '/name', commit: 'blur', mono: true, get: (t) => t.name, set: patch('tool', 'name'), half: true },
  {
    key: 'tool-kind',
    label: 'Kind',
    input: 'select',
    path: '/kind',
    half: true,
    options: () => [{ value: 'function', label: 'function' }, { value: 'mcp', label: 'mcp server' }],
    get: (t) => t.kind,
    set: (doc, t, kind: Tool['kind']) =>
      updateEntity(doc, 'tool', t.id, kind === 'mcp' ? { kind, mcp: t.mcp ?? { serverLabel: t.name, serverUrl: '', allowedTools: [], headers: {} } } : { kind, mcp: undefined }),
  },
];

const toolTabs: KindDecls['toolTabs'] = [
  {
    id: 'docs',
    label: 'Docs',
    fields: [
      {
        key: 'tool-description',
        label: 'Docstring',
        input: 'custom',
        path: '/description',
        component: DocstringEditor,
      },
      { key: 'tool-oneline', label: 'The model reads:', input: 'custom', path: '/description/oneline', component: DocstringPreview },
    ],
  },
  { id: 'params', label: 'Params', fields: [{ key: 'tool-parameters', label: '', input: 'custom', path: '/parameters/form', component: ParamsEditor }] },
  {
    id: 'options',
    label: 'Options',
    fields: [
      { key: 'tool-scope', label: 'Offered', input: 'custom', path: '/scope', component: ScopeEditor },
      { key: 'tool-fallback', label: 'Fallback ("not yet detected") tool of an intent block', input: 'checkbox', path: '/fallback', runtime: 'block-agent', get: (t) => t.fallback, set: patch('tool', 'fallback') },
      { key: 'mcp-label', label: 'Server label', section: 'mcp server', input: 'text', path: '/mcp/serverLabel', mono: true, half: true, visible: isMcp, get: (t) => t.mcp?.serverLabel ?? '', set: mcpPatch('serverLabel') },
      { key: 'mcp-url', label: 'Server URL', input: 'text', path: '/mcp/serverUrl', mono: true, half: true, placeholder: 'https://…/mcp', visible: isMcp, get: (t) => t.mcp?.serverUrl ?? '', set: mcpPatch('serverUrl') },
      { key: 'mcp-allowed', label: 'Allowed tools', input: 'chips', path: '/mcp/allowedTools', placeholder: 'Add a server tool…', visible: isMcp, get: (t) => t.mcp?.allowedTools ?? [], set: mcpPatch('allowedTools') },
      {
        key: 'mcp-headers',
        label: 'Headers',
        input: 'custom',
        path: '/mcp/headers',
        visible: isMcp,
        component: HeadersEditor,
        hint: 'Credentials are never written here: use {{secret:NAME}} (e.g. Bearer {{secret:EHR_TOKEN}}); the value stays with your keys.',
      },
      { key: 'mcp-mocks', label: 'Simulated results per server tool (JSON)', input: 'code', path: '/mcp/mocks', optional: true, rows: 3, visible: isMcp, get: (t) => t.mcp?.mocks, set: mcpPatch('mocks') },
      {
        key: 'tool-when',
        section: 'Behaviour',
        label: 'When',
        input: 'text',
        path: '/when',
        mono: true,
        placeholder: 'e.g. (s) => s.slots.length > 0',
        runtime: 'pinecall',
        hint: 'Offered only while this holds (with a scope, both must).',
        get: (t) => t.when ?? '',
        set: optionalText('when'),
      },
      {
        key: 'tool-confirm',
        label: 'Confirm',
        input: 'custom',
        path: '/confirm',
        component: ConfirmInput,
        runtime: 'pinecall',
        hint: 'Said word for word after the tool ran; never a question. {{name}} is an argument, {{result.x}} a field of the result. Type {{ for choices.',
      },
      { key: 'tool-announce', label: 'Announce', input: 'text', path: '/announce', runtime: 'pinecall', placeholder: 'e.g. Let me check the agenda.', hint: 'Said as the tool starts, when the model said nothing itself.', get: (t) => t.announce ?? '', set: optionalText('announce') },
      { key: 'tool-preview', label: 'Preview rows', input: 'number', path: '/preview', runtime: 'pinecall', optional: true, half: true, min: 1, step: 1, placeholder: 'all', get: (t) => t.preview, set: patch('tool', 'preview') },
      { key: 'tool-timeout', label: 'Timeout (s)', input: 'number', path: '/timeout', runtime: 'pinecall', optional: true, half: true, min: 1, max: 300, step: 1, placeholder: '30', get: (t) => t.timeout, set: patch('tool', 'timeout') },
      {
        key: 'tool-pii',
        label: 'PII parameters (masked in logs)',
        input: 'chips',
        path: '/pii',
        runtime: 'pinecall',
        placeholder: 'No parameters.',
        options: (_doc, t) => parameterNames(t.parameters).map((p) => ({ value: p, label: p })),
        get: (t) => t.pii,
        set: patch('tool', 'pii'),
      },
      {
        key: 'tool-mock',
        label: 'Mock result (JSON)',
        input: 'code',
        path: '/mock',
        optional: true,
        rows: 2,
        placeholder: 'Returned when the tool has no implementation',
        visible: (t) => !isMcp(t),
        get: (t) => t.mock,
        set: patch('tool', 'mock'),
      },
    ],
  },
  {
    id: 'code',
    label: 'Code',
    fields: [
      // Above the code, so that "Give agendaFor a mock answer" lands in view: what the code calls that cannot run here.
      { key: 'tool-helper-mocks', label: '', input: 'custom', path: '/mocks', visible: (t) => !isMcp(t), component: LazyHelperMocks },
      { key: 'tool-implementation', label: '', input: 'custom', path: '/implementation', component: CodeTab },
    ],
  },
];

// ---- the table -----------------------------------------------------------------------------

/** A Pinecall class that keeps render() as code sends what it renders, not (or not only) these instructions. */
function instructionsHint(doc: AgentDocument): string {
  const view = viewFromCode(doc) ? keptViewOf(doc) : undefined;
  if (view?.kind === 'jinja' || view?.kind === 'erb') return `Not sent: this class keeps its ${view.kind === 'jinja' ? 'Jinja' : 'ERB'} view whole (more than one section per stage), and the prompt is what that renders for the state (below).`;
  if (view && viewReplacesInstructions(view)) return 'Not sent: this class keeps its render() as code, and the prompt is what that renders (below).';
  if (view) return 'Sent first; what the class\u2019s render() adds follows (below). {{ name }} fills in a state field or a captured parameter.';
  return 'What the agent does in this stage. {{ name }} fills in a state field or a captured parameter.';
}

/** What the persona and the agent's name are in the target's file: each runtime says it in its words (runtimes/<runtime>.ts). */
function personaHint(doc: AgentDocument): string {
  return factsOf(doc.target).hints.persona(doc);
}

function agentNameHint(doc: AgentDocument): string {
  return factsOf(doc.target).hints.name(doc, slugOf(doc.name));
}

// ---- refs (Block Agent block_id / turn_id) -------------------------------------------------

/**
 * The Ref field writes on blur or Enter, not per keystroke: emptying it hands the ref back to the
 * name (model/ops/refs.ts), and live, clearing the field to type a new ref would put the name's
 * ref back under the cursor. The hint says which kind of ref it holds and how to get the other.
 */
const refField = <E extends Block | Stage>(kind: 'block' | 'stage', label: string): FieldDecl<E> => ({
  key: `${kind}-ref`,
  label,
  input: 'text',
  path: '/ref',
  commit: 'blur',
  mono: true,
  half: true,
  runtime: 'block-agent',
  get: (e) => e.ref,
  set: patch(kind, 'ref'),
  hint: (e) => (e.refFollowsName ? 'Follows the name. Type one to keep it through renames.' : 'Kept through renames. Clear it to follow the name again.'),
});

export const KINDS: KindDecls = {
  agent: [
    { key: 'agent-name', label: 'Name', input: 'text', path: '/name', hint: (_d, doc) => agentNameHint(doc), get: (d) => d.name, set: setAgent('name') },
    { key: 'agent-target', label: 'Target runtime', input: 'select', path: '/target', half: true, options: () => TARGETS.map((value) => ({ value, label: TARGET_LABEL[value] })), get: (d) => d.target, set: setAgent('target') },
    { key: 'agent-opening', label: 'Who speaks first', input: 'select', path: '/opening', half: true, options: () => [{ value: 'caller', label: 'the caller' }, { value: 'agent', label: 'the agent' }], get: (d) => d.opening, set: setAgent('opening') },
    { key: 'agent-persona', label: 'Persona', input: 'textarea', path: '/persona', rows: 6, hint: (_d, doc) => personaHint(doc), get: (d) => d.persona, set: setAgent('persona') },
    { key: 'agent-state', label: '', section: 'State', input: 'custom', path: '/state', component: makeStateTable(stateColumns) },
    llm('temperature', 'Temperature', { min: 0, max: 2, step: 0.1, section: 'Model settings' }),
    llm('top_p', 'Top p', { min: 0, max: 1, step: 0.05 }),
    llm('max_tokens', 'Max tokens', { min: 1, step: 1 }),
    llm('request_timeout', 'Timeout (s)', { min: 1, step: 1 }),
    llm('max_retries', 'Max retries', { min: 0, step: 1 }),
    llm('frequency_penalty', 'Freq. penalty', { min: -2, max: 2, step: 0.1 }),
    llm('presence_penalty', 'Pres. penalty', { min: -2, max: 2, step: 0.1 }),
  ],
  block: [
    { key: 'block-name', label: 'Name', input: 'text', path: '/name', half: true, get: (b: Block) => b.name, set: patch('block', 'name') },
    refField<Block>('block', 'Ref (block_id)'),
    { key: 'block-intent', label: 'Detects the caller’s intent (needs a fallback tool)', input: 'checkbox', path: '/intent', runtime: 'block-agent', get: (b) => b.intent, set: patch('block', 'intent') },
    { key: 'block-looping', label: '', section: 'Looping', input: 'custom', path: '/looping', runtime: 'block-agent', component: LoopingEditor },
    { key: 'block-tools', label: '', section: 'Tools offered here', input: 'custom', path: '/tools', component: BlockTools },
  ],
  stage: [
    { key: 'stage-name', label: 'Name', input: 'text', path: '/name', commit: 'blur', mono: true, half: true, get: (s: Stage) => s.name, set: patch('stage', 'name') },
    refField<Stage>('stage', 'Ref (turn_id)'),
    { key: 'stage-kind', label: 'Kind', input: 'select', path: '/kind', half: true, runtime: 'block-agent', options: () => [{ value: 'turn', label: 'turn' }, { value: 'wait', label: 'wait (for an event)' }], get: (s) => s.kind, set: patch('stage', 'kind') },
    { key: 'stage-wait', label: 'Wait token', input: 'text', path: '/waitToken', mono: true, half: true, runtime: 'block-agent', visible: (s) => s.kind === 'wait', get: (s) => s.waitToken ?? '', set: (doc, s, v: string) => updateEntity(doc, 'stage', s.id, { waitToken: v || undefined }) },
    { key: 'stage-block', label: 'Block', input: 'select', path: '/blockId', half: true, runtime: 'block-agent', options: (doc) => doc.blocks.map((b) => ({ value: b.id, label: b.name })), get: (s) => s.blockId, set: patch('stage', 'blockId') },
    { key: 'stage-entry', label: 'Entry', input: 'custom', path: '/entry', half: true, component: EntryToggle },
    { key: 'stage-instructions', label: 'Instructions', input: 'textarea', path: '/instructions', rows: 5, hint: (_s, doc) => instructionsHint(doc), get: (s) => s.instructions, set: patch('stage', 'instructions') },
    { key: 'stage-view', label: '', section: 'Rendered by render()', input: 'custom', path: '/view', visible: (_s, doc) => viewFromCode(doc) && !['jinja', 'erb'].includes(keptViewOf(doc)?.kind ?? ''), component: StageView },
    { key: 'stage-jinja-view', label: '', section: 'Rendered from the class\u2019s Jinja view', input: 'custom', path: '/view', visible: (_s, doc) => viewFromCode(doc) && keptViewOf(doc)?.kind === 'jinja', component: StageView },
    { key: 'stage-erb-view', label: '', section: 'Rendered from the class\u2019s ERB view', input: 'custom', path: '/view', visible: (_s, doc) => viewFromCode(doc) && keptViewOf(doc)?.kind === 'erb', component: StageView },
    { key: 'stage-edges', label: '', section: 'Edges out, in the order they are tried', input: 'custom', path: '/edges', component: EdgesOut },
  ],
  edge: [
    { key: 'edge-from', label: 'From', input: 'select', path: '/from', half: true, options: stageOptions, get: (e: Edge) => e.from, set: patch('edge', 'from') },
    { key: 'edge-to', label: 'To', input: 'select', path: '/to', half: true, options: stageOptions, get: (e) => e.to, set: patch('edge', 'to') },
    {
      key: 'edge-kind',
      label: 'Kind',
      input: 'select',
      path: '/kind',
      options: () => [{ value: 'edge', label: 'edge (moves to another stage)' }, { value: 'loop', label: 'loop (stays, Block Agent)' }],
      get: (e) => e.kind,
      // The kind follows the ends: a loop ends where it starts; an edge needs another stage.
      set: (doc, e, kind: Edge['kind']) =>
        kind === 'loop' ? updateEntity(doc, 'edge', e.id, { to: e.from }) : updateEntity(doc, 'edge', e.id, { to: doc.stages.find((s) => s.id !== e.from)?.id ?? e.to }),
    },
    { key: 'edge-conditions', label: '', section: 'Conditions (all must hold)', input: 'custom', path: '/conditions', component: ConditionsEditor },
  ],
  state,
  toolHeader,
  toolTabs,
};
