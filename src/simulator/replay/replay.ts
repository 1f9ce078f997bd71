// "Replay from here" (issue 6, point 3): the same inputs of a past run, from one of its steps, run
// again on the document as it is now. Pure: the past steps are read, never changed, and the replay
// starts from a copy of that step's `before` session, so the open run is left as it was.
import type { AgentDocument, PlayedTurn, Target } from '../../model';
import { runStep } from '../simulation';
import type { Session, SimInput, StepDeps } from '../types';

/** A step of a run as the app keeps it (SimStepRecord in the store has this shape). */
export interface RunStep {
  input: SimInput;
  before: Session;
  after: Session;
  /** The document revision the step ran on. */
  revision: number;
  /** What a person answered in the model's place at this step ("Play the model"): replayed too. */
  played?: PlayedTurn;
}

export interface ReplayOptions {
  /** The runtime to replay in; the document's target by default (the app resets a run when it changes). */
  runtime?: Target;
}

/**
 * Re-runs the inputs of `steps[fromIndex…]` (caller lines, wait answers, the agent's opening) on
 * `doc`, starting from `steps[fromIndex].before`. It stops early where the original could not go
 * on either: when the call ends or a model call fails (the last new step carries the failure).
 * Returns only the new steps; the ones before `fromIndex` are shared by both runs.
 */
export async function replayFrom(doc: AgentDocument, steps: readonly RunStep[], fromIndex: number, deps: StepDeps, options: ReplayOptions = {}): Promise<RunStep[]> {
  if (!Number.isInteger(fromIndex) || fromIndex < 0 || fromIndex >= steps.length) {
    throw new RangeError(`replayFrom: step index ${fromIndex} is not in this run; pick one of 0…${steps.length - 1}.`);
  }
  const runtime = options.runtime ?? doc.target;
  const replayed: RunStep[] = [];
  let session = structuredClone(steps[fromIndex].before);
  for (const { input, played } of steps.slice(fromIndex)) {
    if (session.ended) break;
    const before = session;
    // A played answer stands for the model at its step in the replay too, as a test replays it.
    const turn = played && { ...structuredClone(played), step: before.turn + 1 };
    session = await runStep(doc, before, structuredClone(input), turn ? { ...deps, played: [turn] } : deps, runtime);
    replayed.push({ input: structuredClone(input), before, after: session, revision: deps.revision, ...(turn ? { played: turn } : {}) });
    if (session.failure) break;
  }
  return replayed;
}
