// Block Agent's step engine as the entry points see it (engine.ts).
import type { Engine } from '../../../simulator/engine';
import { blockAgentRetry, blockAgentStep } from './step';

export const blockAgentEngine: Engine = {
  step: (doc, session, input, deps) =>
    blockAgentStep(doc, session, input.kind === 'wait' ? { waitAnswer: { token: input.token, value: input.value } } : input.kind === 'say' ? input.text : null, deps),
  // The two parallel calls, the edges after them, and the reply after a move.
  answersWaits: true,
  retries: (point) => point.phase === 'parallel' || point.phase === 'edges' || point.phase === 'reply',
  retry: blockAgentRetry,
};
