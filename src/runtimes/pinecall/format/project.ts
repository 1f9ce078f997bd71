import type { AgentDocument, Block, Edge, Stage, StateField, Tool } from '../../../model';
import { docstringOneLine } from '../../../model/docstring';
import { refFromName } from '../../../model/ids';
import { entryConditions, exportedTools, mergeChains, toolChains } from '../../../model/tool-chains';
import { toolStageNames, writtenPii } from './export-members';
import { dedentCode, withoutThisPrefix } from './js-lexer';
import { agentNameOfClass, className, pascalCase } from '../../../model/names';
import { getOwn, setOwn } from '../../../model/own';
import { exportPinecallTs } from './export';
import { IMPLICIT_STAGE, preservedOf, writesNoStageField, type PinecallPreserved, type PreservedTool } from './preserved';
import { getterNames } from './export-members';
import { sameJson } from './same-json';
import { pinecallParameters } from './type-shapes';
import { pinecallNamed } from './member-names';
import { withoutKeptSources } from '../../../formats/kept-source';

/**
 * The round-trip oracle: what `importPinecallTs(exportPinecallTs(doc).text)` must give, written
 * from the document's side. It applies the losses lossesFor(doc, 'pinecall') names (llm settings,
 * looping, loop edges, natural-language and external conditions, wait stages, mcp tools, patterns
 * and other schema details, edges no tool fires, blocks, refs, flags, kept keys, the fields and
 * tools renamed where their names meet in the class (member-names.ts)…) and the normalisations of
 * the class's own syntax (one block named after the class, the schema Pinecall
 * derives from the signature, the docstring folded to one line, `{{name}}` spacing, bodies
 * dedented, edges in the order the tool chains give). formats/project.ts says which is which.
 */
export function projectPinecall(input: AgentDocument): AgentDocument {
  // Under the names the class gives its members (member-names.ts), as the export writes them.
  const doc = withoutStageField(pinecallNamed(input));
  const name = className(doc.name);
  const kept = preservedOf(doc);
  const stateNames = new Set([...doc.state.map((f) => f.name), ...getterNames([...(kept.baseMembers ?? []), ...(kept.members ?? [])])]);
  const block: Block | undefined = doc.stages.length ? { id: doc.blocks[0]?.id ?? 'block', name, ref: refFromName(name), intent: false } : undefined;
  const refs: string[] = [];
  const stages = doc.stages.map((stage): Stage => {
    const ref = refFromName(stage.name, refs);
    refs.push(ref);
    return { id: stage.id, name: stage.name, ref, blockId: block!.id, kind: 'turn', instructions: placeholdersNormalized(stage.instructions, stateNames) };
  });
  const stageIdByName = new Map(stages.map((s) => [s.name, s.id]));
  const tools = exportedTools(doc).map((tool) => projectTool(doc, tool, stageIdByName));
  const merged = mergeChains(toolChains(doc), stages.map((s) => s.name));
  const edges = merged.map((entry): Edge => ({
    id: entry.edge!.id, from: stageIdByName.get(entry.from)!, to: stageIdByName.get(entry.to)!, kind: 'edge',
    // Read against the tool's parameters as the signature gives them back (its first parameter may differ).
    conditions: entryConditions(entry, entry.tool === undefined ? undefined : tools.find((t) => t.name === entry.tool))
      .map((c) => (c.kind === 'expression' ? { ...c, expression: withoutThisPrefix(c.expression) } : c)),
  }));
  const entry = doc.stages.find((s) => s.id === doc.entryStageId) ?? doc.stages[0];
  const pinecall = withInterfaceNames(doc.preserved?.pinecall, exportPinecallTs(input).interfaceNames);
  return {
    format: doc.format, version: doc.version, id: doc.id, name: agentNameOfClass(name), target: 'pinecall',
    persona: doc.persona.replace(/\r\n?/g, '\n'), llm: {}, opening: 'caller',
    state: doc.state.map(projectField),
    blocks: block ? [block] : [],
    stages, edges,
    tools,
    entryStageId: entry?.id ?? null,
    layout: { positions: {}, sizes: {} },
    ...(pinecall ? { preserved: { pinecall } } : {}),
  };
}

/**
 * The generated interfaces the export names other than by their parameter alone (`DeliverAddress`)
 * are kept by the import (PreservedTool.interfaceNames), so that they stay when the other tool changes.
 */
function withInterfaceNames(pinecall: Record<string, unknown> | undefined, assigned: Record<string, Record<string, string>>): Record<string, unknown> | undefined {
  const kept = (pinecall ?? {}) as PinecallPreserved;
  const tools: Record<string, PreservedTool> = { ...kept.tools };
  let changed = false;
  for (const [tool, params] of Object.entries(assigned)) {
    const own = Object.entries(params).filter(([param, name]) => name !== pascalCase(param));
    if (!own.length) continue;
    setOwn(tools, tool, { ...getOwn(tools, tool), interfaceNames: { ...getOwn(tools, tool)?.interfaceNames, ...Object.fromEntries(own) } });
    changed = true;
  }
  return changed ? ({ ...kept, tools } as Record<string, unknown>) : pinecall;
}

/**
 * A class without a stage field (PinecallPreserved.noStageField) writes its one stage as plain
 * paragraphs of render(): read back, the stage is IMPLICIT_STAGE, its instructions those
 * paragraphs (empty ones dropped), and with no paragraph there is no stage at all.
 */
function withoutStageField(doc: AgentDocument): AgentDocument {
  if (!writesNoStageField(doc)) return doc;
  const stage = doc.stages[0];
  const instructions = stage.instructions.split(/\n\n/).filter((part) => part !== '').join('\n\n');
  if (instructions === '') return { ...doc, stages: [], blocks: [], edges: [], entryStageId: null };
  return { ...doc, stages: [{ ...stage, name: IMPLICIT_STAGE, instructions }] };
}

/** `{{name}}` of a state field is written `{this.name}` and read back as `{{ name }}`. */
function placeholdersNormalized(text: string, stateNames: ReadonlySet<string>): string {
  return text.replace(/\{\{\s*([A-Za-z_$][\w$]*)\s*\}\}/g, (whole, name: string) => (stateNames.has(name) ? `{{ ${name} }}` : whole));
}

function projectField(field: StateField): StateField {
  const description = field.description?.replace(/\r\n?/g, '\n');
  return {
    id: field.id, name: field.name, type: field.type === 'integer' ? 'number' : field.type,
    ...(field.default !== undefined ? { default: JSON.parse(JSON.stringify(field.default)) as unknown } : {}),
    pii: field.pii, visibility: field.visibility,
    ...(description ? { description } : {}),
  };
}

function projectTool(doc: AgentDocument, tool: Tool, stageIdByName: Map<string, string>): Tool {
  const stageNames = toolStageNames(doc, tool);
  // A parameter list kept from an import is written as it was, and reads back as it did.
  const kept = preservedOf(doc).tools?.[tool.name]?.params;
  const out: Tool = {
    id: tool.id, kind: 'function', name: tool.name, description: docstringOneLine(tool.description),
    parameters: kept && sameJson(kept.parameters, tool.parameters) ? structuredClone(tool.parameters) : pinecallParameters(tool.parameters),
    scope: stageNames ? { kind: 'stages', stageIds: stageNames.map((n) => stageIdByName.get(n)!) } : { kind: 'all' },
    fallback: false, pii: writtenPii(tool),
  };
  for (const key of ['when', 'confirm', 'announce', 'preview', 'timeout'] as const) {
    if (tool[key] !== undefined) Object.assign(out, { [key]: tool[key] });
  }
  if (tool.implementation !== undefined) out.implementation = dedentCode(tool.implementation.replace(/\r\n?/g, '\n'));
  else if (tool.mock !== undefined) out.mock = JSON.parse(JSON.stringify(tool.mock)) as unknown;
  return out;
}

/**
 * The document with every id replaced by a key that says where the entity stands (`stage#2`),
 * references included, so that two documents made apart compare equal when they say the same.
 */
export function normalizeForComparison(doc: AgentDocument): AgentDocument {
  const keys = new Map<string, string>([[doc.id, 'agent']]);
  const collect = (kind: string, items: { id: string }[]) => items.forEach((item, i) => { if (!keys.has(item.id)) keys.set(item.id, `${kind}#${i}`); });
  collect('block', doc.blocks);
  collect('stage', doc.stages);
  collect('state', doc.state);
  collect('tool', doc.tools);
  collect('edge', doc.edges);
  const key = (id: string) => keys.get(id) ?? `unknown:${id}`;
  // The kept file is how the text was laid out, not what it says (kept-source.ts).
  const copy = structuredClone(withoutKeptSources(doc));
  copy.id = key(copy.id);
  for (const list of [copy.blocks, copy.stages, copy.state, copy.tools, copy.edges]) for (const item of list) item.id = key(item.id);
  for (const block of copy.blocks) if (block.looping?.connectTo) block.looping.connectTo = key(block.looping.connectTo);
  for (const stage of copy.stages) stage.blockId = key(stage.blockId);
  for (const edge of copy.edges) {
    edge.from = key(edge.from);
    edge.to = key(edge.to);
    for (const c of edge.conditions) if (c.kind === 'tool') c.toolId = key(c.toolId);
  }
  for (const tool of copy.tools) {
    if (tool.scope.kind === 'blocks') tool.scope.blockIds = tool.scope.blockIds.map(key);
    if (tool.scope.kind === 'stages') tool.scope.stageIds = tool.scope.stageIds.map(key);
  }
  copy.entryStageId = copy.entryStageId === null ? null : key(copy.entryStageId);
  const rekey = <T>(map: Record<string, T>) => Object.fromEntries(Object.entries(map).map(([id, v]) => [key(id), v]));
  copy.layout = { positions: rekey(copy.layout.positions), sizes: rekey(copy.layout.sizes) };
  return copy;
}
