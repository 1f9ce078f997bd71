// Where a Pinecall agent's code moves the call: every `this.stage = …` a tool (or a helper it
// calls, or a hook such as onCall) makes, as read by runtimes/pinecall/format/stage-flow.ts. The types
// live here, on the ground floor, because lint (reachability) and the canvas both read them; the
// reader itself needs the TypeScript parser, which only the formats floor and the workers load.
import { toolVisibleIn } from './document';
import type { AgentDocument, Stage } from './types';

/** A spot in a member's code: `member` is a tool's name (its body as `tool.implementation`) or a helper's. */
export interface CodeSpot {
  member: string;
  /** From the start of the member's text: the tool's body, or the helper method as kept. */
  offset: number;
  /** 1-based. */
  line: number;
  /** 1-based. */
  column: number;
}

/** Who makes a write: a tool (offered in its scope's stages) or a hook (`onCall`: no tool, no stage it leaves). */
export type StageWriter = { tool: string; hook?: undefined } | { hook: string; tool?: undefined };

/** One way code sets the stage. */
export type StageWrite = StageWriter & {
  /** The stage name the value is. */
  to: string;
  /** The conditions under which this assignment runs, as written (`if`s, `else`s, ternaries, `case`s), joined with "and". */
  condition?: string;
  /** Set inside a callback (an arrow or function in the body): it runs only if that callback is called. */
  maybe?: true;
  /** The assignment itself. */
  at: CodeSpot;
  /** When the assignment is in a helper: where the tool's (or hook's) own code calls it. */
  call?: CodeSpot;
  /** The helpers the write goes through, outermost first (`["finish", "moveTo"]`). */
  via?: string[];
};

/** A write whose value is not known until the call runs (`this.stage = computeNext()`). */
export type UnresolvedStageWrite = StageWriter & {
  /** The value as written. */
  text: string;
  /** Why it cannot be read: "computeNext() is computed when the call runs". */
  reason: string;
  condition?: string;
  at: CodeSpot;
  call?: CodeSpot;
  via?: string[];
};

export interface StageFlow {
  /** Writes whose value is one of the agent's stages. */
  writes: StageWrite[];
  /** Writes whose value cannot be known statically. */
  unresolved: UnresolvedStageWrite[];
  /** Writes of a name that is no stage of the agent: reported, never drawn. */
  unknownStages: StageWrite[];
}

export const EMPTY_STAGE_FLOW: StageFlow = { writes: [], unresolved: [], unknownStages: [] };

/** A stage write an importer found in a body it kept as code (a class in Python or Ruby), where it stands in that body. */
export interface KeptStageWrite {
  to: string;
  condition?: string;
  maybe?: true;
  line: number;
  column: number;
  offset: number;
}

/** The stage flow of the writes an importer found in kept bodies, by the tool's name: no parser here, the import read them. */
export function stageFlowOfKeptWrites(doc: AgentDocument, byTool: Readonly<Record<string, readonly KeptStageWrite[]>>): StageFlow {
  const stageNames = new Set(doc.stages.map((s) => s.name));
  const flow: StageFlow = { writes: [], unresolved: [], unknownStages: [] };
  for (const [tool, writes] of Object.entries(byTool)) {
    for (const write of writes) {
      const entry: StageWrite = {
        tool, to: write.to, at: { member: tool, offset: write.offset, line: write.line, column: write.column },
        ...(write.condition ? { condition: write.condition } : {}), ...(write.maybe ? { maybe: true as const } : {}),
      };
      (stageNames.has(write.to) ? flow.writes : flow.unknownStages).push(entry);
    }
  }
  return flow;
}

/** One derived edge: a write drawn from one stage the tool is offered in (the entry, for onCall). */
export interface CodeEdge {
  /** Stable while the code's shape is: writer, from, to and the write's place among the writer's writes. */
  id: string;
  from: string;
  to: string;
  write: StageWrite;
}

/** Hooks Pinecall runs at the start of a call: a stage they set is set on the entry stage. */
const START_HOOKS = new Set(['onCall']);

/**
 * Each write as edges: from every stage its tool is offered in (everywhere when the tool has no
 * `stage` option) to the stage it names; a write in `onCall` leaves the entry stage. A write in
 * another hook (it may run at any time) has no stage it leaves, so it draws no edge; lint still
 * counts its stage as reached (reachability.ts).
 */
export function codeEdgesOf(doc: AgentDocument, flow: StageFlow): CodeEdge[] {
  const stageByName = new Map<string, Stage>();
  for (const stage of doc.stages) if (!stageByName.has(stage.name)) stageByName.set(stage.name, stage);
  const toolByName = new Map(doc.tools.map((t) => [t.name, t]));
  const edges: CodeEdge[] = [];
  const seen = new Map<string, number>();
  for (const write of flow.writes) {
    const target = stageByName.get(write.to);
    if (!target) continue;
    const writer = write.tool ?? `hook:${write.hook}`;
    const nth = seen.get(writer) ?? 0;
    seen.set(writer, nth + 1);
    let from: Stage[];
    if (write.tool !== undefined) {
      const tool = toolByName.get(write.tool);
      from = tool ? doc.stages.filter((s) => toolVisibleIn(tool, s)) : [];
    } else {
      const entry = START_HOOKS.has(write.hook) ? doc.stages.find((s) => s.id === doc.entryStageId) : undefined;
      from = entry ? [entry] : [];
    }
    for (const stage of from) edges.push({ id: `${writer}:${nth}:${stage.id}:${target.id}`, from: stage.id, to: target.id, write });
  }
  return edges;
}

/** The stages a hook other than onCall moves to: reached whenever it runs, from no stage in particular. */
export function stagesSetByHooksAnytime(flow: StageFlow): string[] {
  return flow.writes.filter((w) => w.hook !== undefined && !START_HOOKS.has(w.hook)).map((w) => w.to);
}

/** "tool · condition" as an edge says it; a helper it goes through and a callback are named. */
export function codeEdgeLabel(write: StageWrite): string {
  const who = write.tool ?? write.hook;
  const through = write.via?.length ? ` → ${write.via.join(' → ')}()` : '';
  const maybe = write.maybe ? ' (in a callback)' : '';
  return write.condition ? `${who}${through} · ${write.condition}${maybe}` : `${who}${through}${maybe}`;
}

/**
 * The focus path (a JSON pointer into the document, then the spot) that asks the inspector to open
 * a tool's code at a line and column: `/tools/3/implementation/@12:5`.
 */
export const codeSpotPath = (toolIndex: number, spot: Pick<CodeSpot, 'line' | 'column'>) => `/tools/${toolIndex}/implementation/@${spot.line}:${spot.column}`;

/** The line and column of a path inside a tool (`/implementation/@12:5`), if it names a spot in the code. */
export function codeSpotOfPath(rest: string): { line: number; column: number } | undefined {
  const m = /^\/implementation\/@(\d+):(\d+)$/.exec(rest);
  return m ? { line: Number(m[1]), column: Number(m[2]) } : undefined;
}
