import { toolVisibleIn } from '../document';
import type { AgentDocument } from '../types';
import { pointer } from './pointer';
import type { Finding, LintContext } from './types';

/** `this.stage = "name"` in a tool body: Pinecall's own way to move (design.md shows it as a "set in code" edge). */
const STAGE_ASSIGNMENT = /this\.stage\s*=\s*(["'`])([^"'`]*)\1/g;

/** Where a call can go from each stage: edges, block looping's jump, and stage writes in tool bodies. */
function successors(doc: AgentDocument): Map<string, Set<string>> {
  const next = new Map(doc.stages.map((s) => [s.id, new Set<string>()]));
  const link = (from: string, to: string | null | undefined) => { if (to) next.get(from)?.add(to); };
  for (const edge of doc.edges) link(edge.from, edge.to);
  for (const block of doc.blocks) {
    for (const stage of doc.stages) if (stage.blockId === block.id) link(stage.id, block.looping?.connectTo);
  }
  const idByName = new Map(doc.stages.map((s) => [s.name, s.id]));
  for (const tool of doc.tools) {
    for (const match of (tool.implementation ?? '').matchAll(STAGE_ASSIGNMENT)) {
      for (const stage of doc.stages) if (toolVisibleIn(tool, stage)) link(stage.id, idByName.get(match[2]));
    }
  }
  return next;
}

/** The call opens on the entry stage; a stage no path reaches from there is dead weight. */
export function checkReachability(ctx: LintContext): Finding[] {
  const { doc } = ctx;
  if (doc.stages.length === 0) return [];
  const first = doc.stages[0].name;
  if (doc.entryStageId == null) {
    return [{
      rule: 'entry-missing', path: pointer('entryStageId'), entity: { kind: 'agent' },
      message: `no entry stage: the call opens nowhere; set the entry to the stage the call starts on, e.g. ${first}`,
    }];
  }
  if (!ctx.stageById.has(doc.entryStageId)) {
    return [{
      rule: 'entry-unknown', path: pointer('entryStageId'), entity: { kind: 'agent' },
      message: `the entry names no stage (${doc.entryStageId}); set it to the stage the call starts on, e.g. ${first}`,
    }];
  }
  const next = successors(doc);
  const reached = new Set([doc.entryStageId]);
  const queue = [doc.entryStageId];
  for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
    for (const to of next.get(id) ?? []) {
      if (reached.has(to)) continue;
      reached.add(to);
      queue.push(to);
    }
  }
  const entryName = ctx.stageById.get(doc.entryStageId)?.name;
  return doc.stages.flatMap((stage, i): Finding[] => reached.has(stage.id) ? [] : [{
    rule: 'stage-unreachable', path: pointer('stages', i), entity: { kind: 'stage', id: stage.id },
    message: `stage ${stage.name} cannot be reached from the entry stage ${entryName}; connect an edge into it, or delete it`,
  }]);
}
