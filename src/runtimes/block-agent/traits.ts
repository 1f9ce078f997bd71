// Block Agent's traits (model/runtime-traits.ts): what the ground floor's rules read of it. A part
// of Block Agent's home that stands on the model's floor, with kept data and the lint rules.
import type { RuntimeTraits } from '../../model/runtime-traits';

export const traits: RuntimeTraits = {
  label: 'Block Agent',
  description: 'as-written',
  toolName: 'openai',
  codeMovesTheCall: false,
  // A Block Agent tool only captures its arguments.
  toolsRunCode: false,
  runsWithoutStages: false,
  personaIsDocstring: false,
  lint: 'blocks',
  frameworkBlocks: [],
};
