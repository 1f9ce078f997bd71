// What one step did, reduced to the four things a replay compares (issue 6, point 3): the tools it
// called with their arguments, the stages it went through, the state it left, the lines it said.
import { byId, type AgentDocument } from '../../model';
import type { SimInput, TraceEntry } from '../types';
import type { RunStep } from './replay';

export interface ToolCallSummary {
  name: string;
  /** The arguments parsed, or the raw text when the model sent JSON that does not parse. */
  args: unknown;
}

export interface StepSummary {
  /** The step's number in the run (session.turn after it), as the change log counts steps. */
  step: number;
  input: SimInput;
  tools: ToolCallSummary[];
  /** Stage names: where the step started, then each stage it entered. */
  stages: string[];
  /** The whole state after the step. */
  state: Record<string, unknown>;
  /** The change-log writes the step made, in order (`stage` among them in Pinecall). */
  writes: { field: string; value: unknown }[];
  /** Agent and runtime lines (announce, confirm, looping), in order. */
  said: string[];
  /** The step stopped on a failed model call: its message. */
  failure?: string;
  ended: boolean;
}

type ModelCall = Extract<TraceEntry, { kind: 'model-call' }>;
type StageChange = Extract<TraceEntry, { kind: 'stage-change' }>;

function parsedArgs(raw: string): unknown {
  try {
    return JSON.parse(raw || '{}');
  } catch {
    return raw;
  }
}

/**
 * Tool calls come from the model's answers, not the transcript: Block Agent keeps its calls only
 * in the tools call's answer. A condition call never asks for tools.
 */
function toolCalls(trace: TraceEntry[]): ToolCallSummary[] {
  return trace
    .filter((t): t is ModelCall => t.kind === 'model-call' && t.request.purpose !== 'condition' && t.error === undefined && t.response !== undefined)
    .flatMap((t) => t.response!.toolCalls.map((c) => ({ name: c.name, args: parsedArgs(c.arguments) })));
}

export function summarizeStep(step: RunStep, doc?: AgentDocument): StepSummary {
  const { before, after } = step;
  const trace = after.trace.slice(before.trace.length);
  const lines = after.transcript.slice(before.transcript.length);
  const changes = trace.filter((t): t is StageChange => t.kind === 'stage-change');
  const start = changes[0]?.from ?? (doc ? byId(doc.stages, before.stageId)?.name : undefined) ?? before.stageId ?? '';
  return {
    step: after.turn,
    input: step.input,
    tools: toolCalls(trace),
    stages: [start, ...changes.map((c) => c.to)],
    state: after.state,
    writes: after.changeLog.slice(before.changeLog.length).map((c) => ({ field: c.field, value: c.next })),
    said: lines.flatMap((l) => (l.kind === 'agent' || l.kind === 'runtime' ? [l.text] : [])),
    ...(after.failure ? { failure: after.failure.message } : {}),
    ended: after.ended,
  };
}
