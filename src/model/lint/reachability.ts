import { codeEdgesOf, stagesSetByHooksAnytime, type StageFlow } from '../code-flow';
import { toolVisibleIn } from '../document';
import type { AgentDocument, Target } from '../types';
import { pointer } from './pointer';
import { stagesWrittenIn } from './stage-writes';
import type { Finding, LintContext } from './types';
import { RUNTIME_TRAITS } from '../runtime-homes';

/**
 * Where a call can go from each stage: edges, block looping's jump, and stage writes in the bodies
 * of the tools offered there (`this.stage = "name"`, Pinecall's own way to move; design.md shows it
 * as a "set in code" edge). Only under Pinecall: a Block Agent tool runs no code in the runtime,
 * and its engine ignores a stage write (runtimes/block-agent/engine/step.ts), so there it moves along
 * its edges and looping alone.
 */
function successors(doc: AgentDocument, target: Target, flow: StageFlow | undefined): Map<string, Set<string>> {
  const next = new Map(doc.stages.map((s) => [s.id, new Set<string>()]));
  const link = (from: string, to: string | null | undefined) => { if (to) next.get(from)?.add(to); };
  for (const edge of doc.edges) link(edge.from, edge.to);
  for (const block of doc.blocks) {
    for (const stage of doc.stages) if (stage.blockId === block.id) link(stage.id, block.looping?.connectTo);
  }
  const idByName = new Map(doc.stages.map((s) => [s.name, s.id]));
  if (!RUNTIME_TRAITS[target].codeMovesTheCall) return next;
  // The code-flow reader's edges (helpers, constants, switches…) when the caller read them.
  if (flow) {
    for (const edge of codeEdgesOf(doc, flow)) link(edge.from, edge.to);
    return next;
  }
  for (const tool of doc.tools) {
    for (const name of stagesWrittenIn(tool.implementation ?? '')) {
      for (const stage of doc.stages) if (toolVisibleIn(tool, stage)) link(stage.id, idByName.get(name));
    }
  }
  return next;
}

/** The call opens on the entry stage; a stage no path reaches from there is dead weight. */
export function checkReachability(ctx: LintContext): Finding[] {
  const { doc } = ctx;
  if (doc.stages.length === 0) {
    return [{
      rule: 'agent-empty', path: '/stages', entity: { kind: 'agent' },
      message: doc.blocks.length === 0
        ? 'this agent has no blocks and no stages, so a call has nowhere to run; add a block with a turn (Block Agent), or a stage (Pinecall; a class without stages talks from its persona and tools alone)'
        : `this agent's blocks have no turns, so a call has nowhere to run; add a turn to ${doc.blocks[0].name} (a stage, in Pinecall)`,
    }];
  }
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
  const next = successors(doc, ctx.target, ctx.stageFlow);
  const reached = new Set([doc.entryStageId]);
  const queue = [doc.entryStageId];
  // A hook other than onCall (onEvent…) may run on any turn: the stages it sets are reached.
  if (RUNTIME_TRAITS[ctx.target].codeMovesTheCall && ctx.stageFlow) {
    for (const name of stagesSetByHooksAnytime(ctx.stageFlow)) {
      const id = doc.stages.find((s) => s.name === name)?.id;
      if (id && !reached.has(id)) { reached.add(id); queue.push(id); }
    }
  }
  for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
    for (const to of next.get(id) ?? []) {
      if (reached.has(to)) continue;
      reached.add(to);
      queue.push(to);
    }
  }
  const entryName = ctx.stageById.get(doc.entryStageId)?.name;
  // Under Block Agent a stage only code moves to is still unreachable; say why, or the reader sees
  // the "set in code" edge on the canvas and takes the warning for a mistake.
  const writer = (name: string) => (RUNTIME_TRAITS[ctx.target].codeMovesTheCall ? undefined : doc.tools.find((t) => stagesWrittenIn(t.implementation ?? '').includes(name)));
  return doc.stages.flatMap((stage, i): Finding[] => {
    if (reached.has(stage.id)) return [];
    const byCode = writer(stage.name);
    const traits = RUNTIME_TRAITS[ctx.target];
    const why = byCode ? `; tool ${byCode.name}'s code moves here, but a ${traits.label} tool ${traits.toolsRunCode ? "moves the call by its transitions, not its code" : 'runs no code'}` : '';
    return [{
      rule: 'stage-unreachable', path: pointer('stages', i), entity: { kind: 'stage', id: stage.id },
      message: `stage ${stage.name} cannot be reached from the entry stage ${entryName}${why}; connect an edge into it, or delete it`,
    }];
  });
}
