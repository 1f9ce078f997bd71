// A Block Agent YAML file → a Callboard document (target block-agent), or errors that each carry
// a line:column. A file is first read without positions (fast-parse.ts); anything to report, or
// anything that fast read is unsure of, and it is read again with positions (LineCounter), which
// gives every message as before. Tab indentation gets its own error with a one-click fix; a bare
// list of tools (the documentation's samples) is read by importBlockAgentTools.
import type { ImportFix } from '../../../formats/file-kind';
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node } from 'yaml';
import {
  CURRENT_VERSION, DOCUMENT_FORMAT, newId, validateDocument, type AgentDocument, type LlmSettings, type Tool,
} from '../../../model';
import { IMPORTED_AGENT_NAME, isIntentBlock, stateFromTools } from './conventions';
import { collectExtra } from './extra';
import { LLM_KEYS, TOP_SHAPE } from './keys';
import { FastReadContext, ReadContext, readList, readMap, readOptionalText, Unsure, type ImportProblem, type ImportWarning } from './read-context';
import { readGraph } from './read-graph';
import { readToolEntry, ToolRegistry } from './read-tools';
import { warnMisreadKeys } from './scalars';
import { firstIndentTab, reindentTabs } from './tabs';
import { checkYamlBounds, mayNestDeeperThan, yamlDepthError } from '../../../formats/yaml-bounds';
import { fastParseYaml } from './fast-parse';
import { explainYamlError, showLine } from '../../../formats/yaml-errors';
import { walkNodes } from './walk';

export type { ImportProblem, ImportWarning } from './read-context';

/** A repair the UI can offer in one click: `apply` is pure and returns the repaired text. */
export type { ImportFix };
export interface ImportFailure {
  ok: false;
  errors: ImportProblem[];
  fix?: ImportFix;
  /** The text is a list of tools (or one tool), not an agent: importBlockAgentTools reads it. */
  toolList?: true;
  /** The errors stopped the reading (a YAML syntax error, a tab): what comes after them was not checked. */
  blocksTheRest?: true;
  /**
   * The agent without what the errors are about (an edge to a missing turn, a condition on an
   * unknown tool…), read so that lint can report every other problem in the same pass.
   */
  partial?: { doc: AgentDocument; warnings: ImportWarning[] };
}
export type BlockAgentImport = { ok: true; doc: AgentDocument; warnings: ImportWarning[] } | ImportFailure;
export type BlockAgentToolsImport = { ok: true; tools: Tool[]; warnings: ImportWarning[] } | ImportFailure;

export const REINDENT_FIX: ImportFix = { label: 'Re-indent with spaces', apply: reindentTabs };

/** Parses with positions; a YAML error, or a tab used as indentation, ends the import here. */
export function parseBlockAgentText(text: string): { ok: true; ctx: ReadContext; root: Node | null } | ImportFailure {
  const source = text.replace(/^\uFEFF/, '');
  // A file that may nest past the limit is measured before the recursive composer sees it (yaml-bounds.ts).
  const deep = mayNestDeeperThan(source) ? yamlDepthError(source) : undefined;
  if (deep) return { ok: false, errors: [deep] };
  const lines = new LineCounter();
  // Keys are checked unique by checkYamlBounds, in one pass (the library's own check is quadratic).
  const doc = parseDocument(source, { lineCounter: lines, prettyErrors: true, uniqueKeys: false });
  // Nesting and aliases past their bounds (yaml-bounds.ts) end the import before anything reads the value.
  const bounds = checkYamlBounds(source, doc, lines);
  if (!bounds.ok) return { ok: false, errors: [bounds.error] };
  if (doc.errors.length > 0) {
    const tab = firstIndentTab(source);
    const lastErrorLine = Math.max(...doc.errors.map((e) => e.linePos?.[0].line ?? 1));
    if (tab && (doc.errors.some((e) => e.code === 'TAB_AS_INDENT') || tab.line <= lastErrorLine)) {
      return {
        ok: false,
        errors: [{ ...tab, message: `line ${tab.line} is indented with a tab, and YAML allows only spaces in indentation; re-indent it with spaces (the fix "${REINDENT_FIX.label}" does it for the whole text, two spaces per level)${showLine(source.split(/\r?\n/), tab.line)}` }],
        fix: REINDENT_FIX,
        blocksTheRest: true,
      };
    }
    // A syntax error leaves the rest of the file unread: nothing after it can be checked.
    return { ok: false, errors: doc.errors.map((e) => explainYamlError(source, e)), blocksTheRest: true };
  }
  // An alias to no anchor (`*a`) parses without an error: checkYamlBounds above pointed at it, as
  // at an alias that expands past the limits (the library's toJS is not called: it looks up each
  // alias with a scan of the document).
  const nonJson = firstNonJsonNode(doc);
  if (nonJson) {
    const at = nonJson.node.range ? lines.linePos(nonJson.node.range[0]) : { line: 1, col: 1 };
    return { ok: false, errors: [{ line: at.line, column: at.col, message: nonJson.message }] };
  }
  const ctx = new ReadContext(lines, doc, bounds.targets);
  warnMisreadKeys(ctx, doc.contents);
  for (const warning of doc.warnings) ctx.warnings.push({ line: warning.linePos?.[0].line ?? 1, column: warning.linePos?.[0].col ?? 1, message: warning.message.split('\n')[0] });
  return { ok: true, ctx, root: doc.contents as Node | null };
}

/** The tags whose values JSON can hold; the document is JSON, so any other would be lost on export. */
const JSON_TAGS = new Set(['str', 'int', 'float', 'bool', 'null', 'map', 'seq'].map((t) => `tag:yaml.org,2002:${t}`));

/**
 * A value JSON cannot hold: an explicit tag such as `!!binary`, `!!set` or `!!timestamp` (a
 * Uint8Array, a Set, a Date) or a number such as `.inf` / `.nan`. Refused with its place rather than
 * written back as `{}` or `null` by the export.
 */
function firstNonJsonNode(doc: ReturnType<typeof parseDocument>): { node: Node; message: string } | undefined {
  let found: { node: Node; message: string } | undefined;
  const check = (node: Node) => {
    if (node.tag && !JSON_TAGS.has(node.tag)) {
      const short = node.tag.replace('tag:yaml.org,2002:', '!!');
      found = { node, message: `the tag ${short} makes a value JSON cannot hold; remove the tag and write the value as plain text (quoted if it must stay a string)` };
    } else if (isScalar(node) && typeof node.value === 'number' && !Number.isFinite(node.value)) {
      found = { node, message: `${String(node.source ?? node.value)} is not a number JSON can hold; write a finite number, or quote it to keep it as text` };
    }
    return found !== undefined;
  };
  walkNodes(doc.contents, (node) => (isScalar(node) || isMap(node) || isSeq(node)) && check(node));
  return found;
}

const LLM_RANGES: Record<(typeof LLM_KEYS)[number], { min: number; max?: number; integer?: boolean }> = {
  temperature: { min: 0, max: 2 },
  top_p: { min: 0, max: 1 },
  max_tokens: { min: 1, integer: true },
  request_timeout: { min: 0 },
  max_retries: { min: 0, integer: true },
  frequency_penalty: { min: -2, max: 2 },
  presence_penalty: { min: -2, max: 2 },
};

function readLlm(ctx: ReadContext, node: Node | null | undefined): LlmSettings {
  const llm: LlmSettings = {};
  if (node === undefined || (isScalar(node) && node.value === null)) return llm;
  const view = readMap(ctx, node, 'llm_settings');
  for (const key of LLM_KEYS) {
    if (!view?.has(key)) continue;
    const value = (view.get(key) as { value?: unknown } | null)?.value;
    const range = LLM_RANGES[key];
    const fits = typeof value === 'number' && value >= range.min && (range.max === undefined || value <= range.max) && (!range.integer || Number.isInteger(value));
    if (!fits) {
      ctx.fail(view.get(key), `llm_settings ${key} must be ${range.integer ? 'a whole number' : 'a number'} ${range.max === undefined ? `of at least ${range.min}` : `from ${range.min} to ${range.max}`}`);
    } else llm[key] = value;
  }
  return llm;
}

export interface ImportOptions {
  /** The document's name (a Block Agent file has none), e.g. from the file name. */
  name?: string;
  /** Read with positions from the start, skipping the fast path (the tests compare the two paths). */
  slowPath?: boolean;
}

/**
 * The fast path (fast-parse.ts): the file read without positions, accepted only when the reader
 * reports nothing (no error, no warning) and `read` succeeds; otherwise undefined, and the caller
 * reads the file again with positions, which reports exactly what it always did.
 */
function readFast<T extends { ok: boolean }>(text: string, read: (ctx: ReadContext, root: Node | null) => T): T | undefined {
  const fast = fastParseYaml(text.replace(/^\uFEFF/, ''));
  if (!fast) return undefined;
  const ctx = new FastReadContext();
  try {
    warnMisreadKeys(ctx, fast.root);
    const result = read(ctx, fast.root);
    return result.ok ? result : undefined;
  } catch (error) {
    if (error instanceof Unsure) return undefined;
    throw error;
  }
}

export function importBlockAgentYaml(text: string, options: ImportOptions = {}): BlockAgentImport {
  const read = readAgentText(text, options);
  if (!read.ok) return read;
  // The file as written: an export merges the edits into it (kept-source.ts). Kept whole: the
  // exporter's text of it is worked out when exporting (the exporter reads YAML with this importer).
  return { ...read, doc: { ...read.doc, preserved: { ...read.doc.preserved, sources: { blockAgent: { text } } } } };
}

function readAgentText(text: string, options: ImportOptions): BlockAgentImport {
  const fast = options.slowPath ? undefined : readFast(text, (ctx, root) => readAgent(ctx, root, options));
  if (fast) return fast;
  const parsed = parseBlockAgentText(text);
  if (!parsed.ok) return parsed;
  return readAgent(parsed.ctx, parsed.root, options);
}

function readAgent(ctx: ReadContext, root: Node | null, options: ImportOptions): BlockAgentImport {
  if (isSeq(root) || (isMap(root) && root.has('type') && !root.has('blocks'))) {
    const what = isSeq(root) ? 'a list of tools' : 'one tool';
    return { ok: false, toolList: true, errors: [{ ...ctx.at(root), message: `this is ${what}, not a whole agent (personality, llm_settings, blocks); add it to the open agent instead` }] };
  }
  const top = readMap(ctx, root, 'a Block Agent file (personality, llm_settings, blocks)');
  if (!top) return { ok: false, errors: ctx.errors, blocksTheRest: true };
  const persona = readOptionalText(ctx, top, 'personality', 'personality') ?? '';
  const llm = readLlm(ctx, top.get('llm_settings'));
  if (!top.has('blocks')) ctx.warn(root, 'this agent has no blocks; add `blocks:` with at least one block of turns');
  const registry = new ToolRegistry();
  const graph = readGraph(ctx, readList(ctx, top.get('blocks'), 'blocks', top.keyNode('blocks')) ?? [], registry);

  const tools = registry.ordered();
  for (const block of graph.blocks) {
    const own = tools.filter((t) => t.scope.kind === 'blocks' && t.scope.blockIds.includes(block.id));
    block.intent = isIntentBlock(block.name, block.ref, own);
  }
  const first = graph.stages.find((s) => s.blockId === graph.blocks[0]?.id) ?? graph.stages[0];
  if (first && first.blockId !== graph.blocks[0]?.id) ctx.warn(root, `the first block has no turns; the call starts at ${first.ref}, the first turn of a later block`);
  const preserved = collectExtra(ctx.js(root) as Record<string, unknown>, TOP_SHAPE);
  const doc: AgentDocument = {
    format: DOCUMENT_FORMAT,
    version: CURRENT_VERSION,
    id: newId(),
    name: options.name ?? IMPORTED_AGENT_NAME,
    target: 'block-agent',
    persona,
    llm,
    opening: 'caller',
    state: stateFromTools(tools),
    blocks: graph.blocks,
    stages: graph.stages,
    edges: graph.edges,
    tools,
    entryStageId: first?.id ?? null,
    // No positions: the canvas lays out a document that has none.
    layout: { positions: {}, sizes: {} },
  };
  if (Object.keys(preserved).length > 0) doc.preserved = { blockAgent: preserved };
  const valid = validateDocument(doc);
  if (ctx.errors.length > 0) {
    // Each error left out only the entity it is about: the rest is read, so lint can check it in the same pass.
    return { ok: false, errors: ctx.errors, ...(valid.ok ? { partial: { doc: valid.doc, warnings: ctx.warnings } } : {}) };
  }
  if (!valid.ok) return { ok: false, errors: valid.errors.map((e) => ({ line: 1, column: 1, message: `${e.path}: ${e.message}` })) };
  return { ok: true, doc: valid.doc, warnings: ctx.warnings };
}

/**
 * A list of tool entries (as the documentation's samples are written), or one entry, → tools to
 * add to the open agent: scoped to every block until the user says otherwise (`kind: all`).
 */
export function importBlockAgentTools(text: string, options: Pick<ImportOptions, 'slowPath'> = {}): BlockAgentToolsImport {
  const fast = options.slowPath ? undefined : readFast(text, readTools);
  if (fast) return fast;
  const parsed = parseBlockAgentText(text);
  if (!parsed.ok) return parsed;
  return readTools(parsed.ctx, parsed.root);
}

function readTools(ctx: ReadContext, root: Node | null): BlockAgentToolsImport {
  const registry = new ToolRegistry();
  const nodes = isSeq(root) ? (root.items as Node[]) : isMap(root) && root.has('type') ? [root] : undefined;
  if (!nodes) return { ok: false, errors: [{ ...ctx.at(root), message: 'expected a list of tools (- type: function …); this is not one' }] };
  for (const node of nodes) {
    const entry = readToolEntry(ctx, node);
    if (entry) registry.add(ctx, entry, null);
  }
  if (ctx.errors.length > 0) return { ok: false, errors: ctx.errors };
  return { ok: true, tools: registry.tools, warnings: ctx.warnings };
}
