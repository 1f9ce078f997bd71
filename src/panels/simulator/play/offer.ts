// "Play the model" (issue 32): what the model was offered and answered at a step, read from the
// step's trace, and whether the offline model's rules could not read its line. Small and pure: the
// chat reads it on every step to offer playing the model; the form (play-form.ts) loads later.
import type { SimStepRecord } from '../../../store/types';
import type { ModelResponse, ToolSpec, TraceEntry, Undecided } from '../../../simulator/types';
import { toolsOpenIn } from '../../../simulator/open-tools';

type ModelCall = Extract<TraceEntry, { kind: 'model-call' }>;

/** What the model was offered and answered at the step: the tools of its first agent or tools call, and its answer. */
export interface Offer {
  /** The step (session.turn) played. */
  step: number;
  tools: ToolSpec[];
  /** The model's answer (Pinecall's agent call; Block Agent's tools and reply calls together). */
  answer: { text: string; toolCalls: ModelResponse['toolCalls'] };
  undecided?: Undecided;
}

/** The offer of the step `record` ran: read from its trace. */
export function offerOf(record: SimStepRecord): Offer {
  const step = record.before.turn + 1;
  const calls = record.after.trace.filter((t): t is ModelCall => t.kind === 'model-call' && t.step === step);
  const first = (purpose: string) => calls.find((c) => c.request.purpose === purpose);
  const withTools = first('agent') ?? first('tools');
  const reply = first('agent') ?? first('reply');
  const undecided = calls.map((c) => c.response?.undecided).find((u) => u !== undefined);
  return {
    step,
    // The tools the runtime runs now: a person playing the model picks among what the stage has open.
    tools: withTools ? toolsOpenIn(withTools.request) : [],
    answer: { text: reply?.response?.text ?? '', toolCalls: withTools?.response?.toolCalls ?? [] },
    ...(undecided ? { undecided } : {}),
  };
}

/** The undecided line of the last step, if the rules could not read it (the chat offers to play the model there). */
export function undecidedOf(steps: readonly SimStepRecord[]): Undecided | undefined {
  const last = steps.at(-1);
  return last && !last.played ? offerOf(last).undecided : undefined;
}
