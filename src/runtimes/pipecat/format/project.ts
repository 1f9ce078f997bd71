// The round-trip oracle for Pipecat: the document as importing its export gives it back, with the
// document's own ids. Built at the level of data — the flow's data (from-document.ts) read as the
// import reads it (document.ts), with the handlers.py the export writes — so what it checks in the
// property test is the text layer (YAML and JSON written and read back, handlers.py written and
// read back) and, above all, that lossesFor(doc, 'pipecat') names exactly the paths that change.
import type { AgentDocument, Edge, Tool } from '../../../model';
import { inWrittenOrder, pipecatKeptOf, type PipecatKept } from '../kept';
import { flowDocument } from './document';
import { handlersText } from './export';
import { readFlow } from './flow';
import { flowData, flowStages, globalTools, isTransitionOnly, nodeTools, transitionOf } from './from-document';
import { readHandlers } from './handlers';
import type { FlowConfigData } from './model';
import { withoutKeptSources } from '../../../formats/kept-source';

export function projectPipecat(input: AgentDocument): AgentDocument {
  const doc = withoutKeptSources(input);
  const data = flowData(doc);
  const file = readFlow(JSON.stringify(data), { syntax: 'json' });
  if (!file.data) throw new Error(`the flow's data does not read back: ${file.findings.map((f) => f.message).join('; ')}`);
  const read = flowDocument(file.model, file.data as FlowConfigData, doc.name, readHandlers(handlersText(doc)));
  return withIdsOf(read, doc);
}

/** Identity of a tool as the import keys it: a Python function by name, a transition-only one by name and description. */
const toolKey = (kept: PipecatKept, tool: Tool) => (isTransitionOnly(kept, tool) ? `transition:${tool.name}:${tool.description}` : `handler:${tool.name}`);

/** `read` (fresh ids) with the ids of the entities of `doc` it was written from, matched as the export writes them. */
function withIdsOf(read: AgentDocument, doc: AgentDocument): AgentDocument {
  const kept = pipecatKeptOf(doc);
  const ids = new Map<string, string>();
  const stages = new Map<string, string>();
  for (const stage of flowStages(doc)) if (!stages.has(stage.name)) stages.set(stage.name, stage.id);
  for (const stage of read.stages) ids.set(stage.id, stages.get(stage.name) ?? stage.id);
  if (read.blocks[0] && doc.blocks[0]) ids.set(read.blocks[0].id, doc.blocks[0].id);
  // Tools: the first of the document's referenced tools with the same identity.
  const referenced = [...flowStages(doc).flatMap((s) => nodeTools(doc, s)), ...globalTools(doc)];
  const toolIds = new Map<string, string>();
  for (const tool of referenced) if (!toolIds.has(toolKey(kept, tool))) toolIds.set(toolKey(kept, tool), tool.id);
  const readKept = pipecatKeptOf(read);
  for (const tool of read.tools) ids.set(tool.id, toolIds.get(toolKey(readKept, tool)) ?? tool.id);
  // Edges: each written node's functions in order, each transition's edges in order, on both sides.
  const written: Edge[] = [];
  const seenNodes = new Set<string>();
  for (const stage of flowStages(doc)) {
    if (seenNodes.has(stage.name)) continue;
    seenNodes.add(stage.name);
    const tools = nodeTools(doc, stage);
    const order = kept.nodes?.[stage.id]?.functions;
    const sorted = inWrittenOrder(tools, order);
    for (const tool of sorted) written.push(...transitionOf(doc, stage, tool).used);
  }
  read.edges.forEach((edge, i) => { if (written[i]) ids.set(edge.id, written[i].id); });
  const fields = new Map(doc.state.map((f) => [f.name, f.id]));
  for (const field of read.state) ids.set(field.id, fields.get(field.name) ?? field.id);
  const id = (x: string) => ids.get(x) ?? x;
  const out: AgentDocument = structuredClone(read);
  out.id = doc.id;
  out.blocks.forEach((b) => (b.id = id(b.id)));
  out.stages.forEach((s) => { s.id = id(s.id); s.blockId = id(s.blockId); });
  out.tools.forEach((t) => { t.id = id(t.id); if (t.scope.kind === 'stages') t.scope.stageIds = t.scope.stageIds.map(id); });
  out.state.forEach((f) => (f.id = id(f.id)));
  out.edges.forEach((e) => {
    e.id = id(e.id); e.from = id(e.from); e.to = id(e.to);
    e.conditions = e.conditions.map((c) => ('toolId' in c ? { ...c, toolId: id(c.toolId) } : c));
  });
  if (out.entryStageId) out.entryStageId = id(out.entryStageId);
  if (out.preserved?.pipecat) {
    const p = out.preserved.pipecat as PipecatKept;
    if (p.nodes) p.nodes = Object.fromEntries(Object.entries(p.nodes).map(([k, v]) => [id(k), v]));
    if (p.transitionOnly) p.transitionOnly = p.transitionOnly.map(id);
    if (p.globalTransitions) p.globalTransitions = Object.fromEntries(Object.entries(p.globalTransitions).map(([k, v]) => [id(k), v]));
  }
  return out;
}

