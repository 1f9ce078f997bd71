// Pipecat Flows' step engine as the entry points see it (engine.ts).
import type { Engine } from '../../../simulator/engine';
import { waitAnswerNotUsed } from '../../../simulator/wait-answer';
import { pipecatRetry, pipecatStep } from './step';

export const pipecatEngine: Engine = {
  // A flow has no wait stages (a loss): an answer to one is noted and changes nothing else.
  step: async (doc, session, input, deps) =>
    input.kind === 'wait' ? waitAnswerNotUsed(session, input, deps, 'a Pipecat flow') : pipecatStep(doc, session, input.kind === 'say' ? input.text : null, deps),
  answersWaits: false,
  retries: (point) => point.phase === 'flow',
  retry: pipecatRetry,
};
