// Pipecat Flows' traits (model/runtime-traits.ts): what the ground floor's rules read of it. A part
// of Pipecat's home that stands on the model's floor, with kept data and the lint rules.
import type { RuntimeTraits } from '../../model/runtime-traits';

export const traits: RuntimeTraits = {
  label: 'Pipecat Flows',
  description: 'as-written',
  // A Pipecat function is a Python function: one word.
  toolName: 'one-word',
  // A node moves by its transitions, not by code.
  codeMovesTheCall: false,
  toolsRunCode: true,
  runsWithoutStages: false,
  personaIsDocstring: false,
  lint: 'flow',
  // A node's role and task messages are the flow's own words.
  frameworkBlocks: [],
};
