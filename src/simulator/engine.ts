// What a runtime's step engine is to the entry points (simulation.ts): one input as a step, and the
// retry of a step that failed in one of its own phases. engines.ts lists one per runtime.
import type { AgentDocument } from '../model';
import type { RetryPoint, Session, SimInput, StepDeps } from './types';

export interface Engine {
  /** A caller line, the agent opening the call (`open`), or the answer to a wait token. */
  step(doc: AgentDocument, session: Session, input: SimInput, deps: StepDeps): Promise<Session>;
  /** Whether a failure at `point` is a step of this engine's (the failure names no runtime). */
  retries(point: RetryPoint): boolean;
  retry(doc: AgentDocument, session: Session, deps: StepDeps): Promise<Session>;
  /** A wait stage waits for an answer from outside the call (Block Agent's wait tokens), which a scripted run gives. */
  answersWaits: boolean;
}
