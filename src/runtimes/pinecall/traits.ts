// Pinecall's traits (model/runtime-traits.ts): what the ground floor's rules read of it. A part of
// Pinecall's home that stands on the model's floor, with kept data and the lint rules.
import type { RuntimeTraits } from '../../model/runtime-traits';

export const traits: RuntimeTraits = {
  label: 'Pinecall',
  description: 'class-docstring',
  toolName: 'one-word',
  codeMovesTheCall: true,
  toolsRunCode: true,
  runsWithoutStages: true,
  personaIsDocstring: true,
  lint: 'class',
  // The SDK's own blocks of every class's prompt (engine/prompt-blocks.ts renders them).
  frameworkBlocks: ['rules', 'protocols', 'channel', 'tools'],
};
