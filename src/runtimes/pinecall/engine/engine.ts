// Pinecall's step engine as the entry points see it (engine.ts).
import type { Engine } from '../../../simulator/engine';
import { waitAnswerNotUsed } from '../../../simulator/wait-answer';
import { pinecallRetry, pinecallStep } from './step';

export const pinecallEngine: Engine = {
  // Pinecall has no wait stages (a loss): an answer to one is noted and changes nothing else.
  step: async (doc, session, input, deps) =>
    input.kind === 'wait' ? waitAnswerNotUsed(session, input, deps, 'Pinecall') : pinecallStep(doc, session, input.kind === 'say' ? input.text : null, deps),
  // Pinecall's step is one loop of model calls: its failures are in the `agent` phase.
  answersWaits: false,
  retries: (point) => point.phase === 'agent',
  retry: pinecallRetry,
};
