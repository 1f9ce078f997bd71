import type { Target } from '../types';
import { LOSS_RULE } from '../loss';
import type { LintProfile } from '../runtime-traits';
import { RUNTIME_TRAITS } from '../runtime-homes';

export type Severity = 'error' | 'warning' | 'info';

/**
 * The one table of lint rules: a stable id, what it checks, and its severity per target.
 *
 * How the severities are chosen (the document's `target` decides; switching it changes nothing
 * else):
 * - `error`: the target runtime refuses it (Pinecall at class load or in the TypeScript compiler;
 *   Block Agent's documented constraints; the model API's function-name rule), or the document
 *   contradicts itself in a way no export can repair (a reference to a stage, block or tool that
 *   does not exist, an edge that can never fire, a schema ajv cannot compile), or it leaks a secret.
 * - `warning`: style advice (object-typed parameters, unreachable stages, a confirm written as a
 *   question) about something the target does express.
 * - `info`: only the *other* runtime would mind (a tool name Block Agent accepts and Pinecall
 *   refuses), or a broken setting of a feature the target does not express at all (a loop edge, a
 *   block's looping or a ref in a Pinecall agent; a confirm, preview, timeout, when or pii in a
 *   Block Agent one): the export drops it (that drop is a loss, listed by lossesFor), so on this
 *   target it is a note, and it becomes an error the moment the target is switched. Warnings
 *   follow the target: a Pinecall agent shows no Block-Agent-only warning, and the reverse.
 *   Losses themselves are reported as `info` under the rule id 'loss'. The Problems panel groups
 *   notes apart and keeps them out of the badge.
 */
export interface RuleInfo {
  summary: string;
  /** By the runtime's lint profile (its traits' `lint`), not by its name: a new runtime takes a column. */
  severity: Record<LintProfile, Severity>;
}

/**
 * A rule's severity per lint profile (model/runtime-traits.ts): a class (Pinecall), blocks of turns
 * (Block Agent), a flow (Pipecat Flows). A flow of nodes whose functions are OpenAI tools, declared
 * in Python, reads like blocks unless said otherwise: what only a class or only blocks and turns
 * would refuse is a note there (the fourth argument).
 */
const rule = (ofClass: Severity, ofBlocks: Severity, summary: string, ofFlow: Severity = ofBlocks): RuleInfo => ({
  summary,
  severity: { class: ofClass, blocks: ofBlocks, flow: ofFlow },
});

export const RULES = {
  // tools.ts: names, docstrings, scope
  'tool-docstring': rule('error', 'warning', 'a tool needs a one-line description a model can choose it by', 'warning'),
  'tool-name-pinecall': rule('error', 'info', 'a Pinecall tool name is one word: ^[A-Za-z][A-Za-z0-9_]*$ (a Pipecat function\'s too: it is a Python function)', 'error'),
  'tool-name-openai': rule('warning', 'error', 'an OpenAI function name is ^[a-zA-Z0-9_-]{1,64}$'),
  // Block Agent lists tools per block, and two blocks may each define their own tool of one name (issue 33).
  'tool-name-duplicate': rule('error', 'info', 'tool names are unique in the agent (a Pinecall class has one method per name, a Pipecat flow one function)', 'error'),
  'tool-name-duplicate-in-scope': rule('error', 'error', 'two tools of one name are offered in the same stage'),
  'tool-name-reserved': rule('error', 'info', 'a tool name clashes with a state field, with a member every Pinecall class has (render, stage, call, log, say, onCall…), or with a name every JavaScript object has (toString, valueOf…)'),
  'tool-scope-stage-without-stages': rule('error', 'warning', 'a stage-scoped tool in an agent that declares no stages'),
  'tool-scope-unknown-stage': rule('error', 'warning', 'a stage scope names a stage that does not exist'),
  'tool-scope-unknown-block': rule('error', 'error', 'a block scope names a block that does not exist'),
  'tool-scope-empty': rule('warning', 'warning', 'a scope that lists no block or stage offers the tool nowhere'),
  // tool-options.ts: pii, preview, timeout, when
  'tool-pii-unknown': rule('error', 'info', 'pii names a parameter the tool does not have'),
  'tool-preview-range': rule('error', 'info', 'preview is at least 1'),
  'tool-timeout-range': rule('error', 'info', 'timeout is more than 0 and at most 300 seconds'),
  'tool-when-syntax': rule('error', 'info', 'when is JavaScript that parses'),
  'tool-when-unknown-name': rule('error', 'info', 'when reads only state fields, captured parameters and class members'),
  // confirm.ts
  'confirm-placeholder-unknown': rule('error', 'info', 'a confirm {{x}} names an argument the tool does not have'),
  'confirm-placeholder-malformed': rule('error', 'info', 'a confirm placeholder is neither {{argument}} nor {{result.field}}'),
  'confirm-question': rule('warning', 'info', 'confirm is a receipt, not a question'),
  // parameters.ts
  'parameters-invalid': rule('error', 'error', 'the parameters are a JSON Schema ajv (strict) can compile'),
  'parameters-root-object': rule('error', 'error', 'the parameters schema is type: object'),
  'parameters-required-unknown': rule('error', 'error', 'required names a property that does not exist'),
  'parameter-pattern-invalid': rule('info', 'error', 'a pattern is a valid regular expression', 'info'),
  'parameter-object-typed': rule('warning', 'warning', 'ask the model for a word, not a record'),
  // pattern-samples.ts
  'parameter-pattern-backtracks': rule('warning', 'warning', 'a pattern has no shape that may backtrack for a very long time (a hint: every run of a pattern has a deadline)'),
  'parameter-pattern-slow': rule('warning', 'warning', 'a pattern decides its own default and examples within its deadline'),
  'parameter-sample-mismatch': rule('warning', 'warning', "a parameter's default and examples match its pattern"),
  // names.ts: duplicates and state declarations
  'stage-name-duplicate': rule('error', 'warning', 'stage names are unique', 'error'),
  'stage-ref-duplicate': rule('info', 'error', 'stage refs (Block Agent turn_id) are unique', 'info'),
  'block-ref-duplicate': rule('info', 'error', 'block refs (Block Agent block_id) are unique', 'info'),
  'state-name-duplicate': rule('error', 'warning', 'state field names are unique'),
  'state-name-reserved': rule('error', 'info', 'a state field named like a member every Pinecall class has (stage, render, call, log, say, onCall…), __proto__ or another name every JavaScript object has, clashes with the class'),
  'state-pii-public': rule('error', 'info', 'a state field is pii or public, not both'),
  'state-name-world': rule('error', 'info', "a state field named like one of the class's environment settings (voice, llm, greeting…), which Pinecall refuses as a call's state"),
  'state-name-config': rule('warning', 'info', 'a state field named phone, whatsapp, web or language, which Pinecall reads as configuration, never as state'),
  // graph.ts: edges and conditions
  'edge-unknown-stage': rule('error', 'error', 'an edge starts or ends at a stage that does not exist'),
  'edge-loop-target': rule('info', 'error', 'a loop edge stays on its stage (to = from)', 'info'),
  'edge-loop-multiple': rule('info', 'error', 'a stage has at most one loop edge', 'info'),
  'edge-conditions-mixed': rule('info', 'error', "a stage's edges do not mix natural-language and expression conditions", 'info'),
  'edge-state-expression-mixed': rule('info', 'warning', 'a state expression beside tool conditions mixes kinds once exported to Block Agent', 'info'),
  // An edge with no condition always fires: in Block Agent as soon as its turn has run (the turn
  // is passed straight through); in Pinecall after any tool of its stage, a move classes make on purpose.
  'edge-no-condition': rule('info', 'warning', 'an edge has a condition (one with none always fires)', 'info'),
  'condition-tool-unknown': rule('error', 'error', 'a tool condition names a tool that does not exist'),
  'condition-tool-not-offered': rule('error', 'error', 'a tool condition names a tool its stage does not offer'),
  'condition-tool-field-unknown': rule('error', 'error', 'a tool condition reads a field that is no parameter of the tool'),
  'condition-tool-no-parameters': rule('warning', 'warning', 'a tool with no parameters only matches *'),
  'condition-expression-syntax': rule('error', 'warning', 'an expression condition is JavaScript that parses'),
  'condition-expression-unknown-name': rule('error', 'error', 'an expression condition reads only state fields, captured parameters and class members'),
  // reachability.ts
  'entry-missing': rule('error', 'error', 'an agent with stages has an entry stage'),
  'entry-unknown': rule('error', 'error', 'the entry names a stage that exists'),
  'stage-unreachable': rule('warning', 'warning', 'every stage can be reached from the entry stage'),
  // A Pinecall class without a stage field runs on its persona and tools; a Block Agent has no turn to run.
  'agent-empty': rule('info', 'warning', 'an agent has stages (Block Agent: blocks with turns) for a call to run in', 'error'),
  // blocks.ts: blocks, looping, wait stages
  'stage-block-unknown': rule('info', 'error', 'a stage belongs to a block that exists', 'info'),
  'stage-wait-token-missing': rule('info', 'error', 'a wait stage has a wait token', 'info'),
  'block-no-tool': rule('info', 'error', 'a block offers at least one tool', 'info'),
  'block-intent-no-fallback': rule('info', 'warning', 'an intent block has a fallback tool', 'info'),
  'looping-connect-unknown': rule('info', 'error', 'looping.connectTo names a stage that exists', 'info'),
  'looping-connect-missing': rule('info', 'warning', 'looping says where to go after the threshold', 'info'),
  // templates.ts
  'template-unknown-name': rule('error', 'warning', 'a {{ name }} placeholder names a state field or a tool parameter'),
  'template-name-not-state': rule('error', 'info', 'Pinecall renders {{ name }} from a state field, not from a tool parameter', 'warning'),
  'template-name-not-captured': rule('info', 'warning', 'Block Agent renders {{ name }} from what a tool captured, not from a state field', 'info'),
  // mcp.ts
  'mcp-header-credential': rule('error', 'error', 'mcp header values are {{secret:NAME}} references, not literal credentials'),
  'mcp-server-missing': rule('info', 'error', 'an mcp tool has a server label and URL', 'info'),
  'mcp-allowed-tools-empty': rule('info', 'warning', 'an mcp tool allows at least one server tool', 'info'),
  // conversation-tests.ts
  'test-name-duplicate': rule('error', 'error', 'test names are unique (each is a file tests/<name>.golden.json)'),
  'test-tool-unknown': rule('warning', 'warning', 'a test names a tool the agent has'),
  'test-stage-unknown': rule('warning', 'warning', "a test's expected stage is a stage of the agent"),
  'test-state-unknown': rule('warning', 'warning', 'a test names state fields the agent declares'),
  // invisible.ts: invisible and look-alike text (issue 30)
  'text-hidden-characters': rule('error', 'error', 'no text holds Unicode tag characters, bidi overrides, embeddings or isolates, or variation selectors that spell a text: what they hide or reorder the model reads and no one sees'),
  'text-invisible-character': rule('warning', 'warning', 'no text holds a zero-width, format, filler or control character, or a stray variation selector'),
  'name-invisible-character': rule('error', 'error', 'no name or id holds an invisible character'),
  'name-confusable': rule('error', 'error', 'no name differs from another only by invisible characters or look-alike letters'),
  'name-mixed-script': rule('warning', 'warning', 'a name is written in one script, not Latin mixed with Cyrillic or Greek'),
  // depth.ts
  'value-too-deep': rule('error', 'error', 'a value (a mock, a default, a parameter schema, kept keys, a test\'s state) nests at most MAX_DEPTH levels'),
} as const satisfies Record<string, RuleInfo>;

export type RuleId = keyof typeof RULES;

/** Losses are notes, never problems to fix: the same severity under both targets. */
export { LOSS_RULE };

export function severityOf(rule: RuleId | typeof LOSS_RULE, target: Target): Severity {
  return rule === LOSS_RULE ? 'info' : RULES[rule].severity[RUNTIME_TRAITS[target].lint];
}
