// What the ground floor needs to know of each runtime, as data: its name, and the few ways its
// runtime reads a document that the lint rules, the round-trip oracle and the model view follow.
// Below the runtimes floor no runtime's record can be read, so these rules ask a trait here, never
// a runtime's name (test/runtime-homes.test.ts); a new runtime is one line in this table.
import type { Target } from './types';

export interface RuntimeTraits {
  /** Its name, as the app and the messages say it. */
  label: string;
  /**
   * How a tool's description reaches the model: as a Pinecall class's docstring (the SDK keeps its
   * lines, trimmed, and refuses a tool without one when the class loads), or as written.
   */
  description: 'class-docstring' | 'as-written';
  /** The function-name rule the runtime itself applies: a method in one word, or OpenAI's. */
  toolName: 'one-word' | 'openai';
  /** The tools' code moves the call: a stage the code sets is an edge of the flow. */
  codeMovesTheCall: boolean;
  /** A tool's code runs at all (a Block Agent tool only captures its arguments). */
  toolsRunCode: boolean;
  /** It runs with no stages at all, offering each tool always or never. */
  runsWithoutStages: boolean;
  /** The persona is the class's docstring, read as the runtime reads one. */
  personaIsDocstring: boolean;
}

export const RUNTIME_TRAITS: Record<Target, RuntimeTraits> = {
  pinecall: { label: 'Pinecall', description: 'class-docstring', toolName: 'one-word', codeMovesTheCall: true, toolsRunCode: true, runsWithoutStages: true, personaIsDocstring: true },
  'block-agent': { label: 'Block Agent', description: 'as-written', toolName: 'openai', codeMovesTheCall: false, toolsRunCode: false, runsWithoutStages: false, personaIsDocstring: false },
  // A Pipecat function is a Python function (one word); a node moves by its transitions, not by code.
  pipecat: { label: 'Pipecat Flows', description: 'as-written', toolName: 'one-word', codeMovesTheCall: false, toolsRunCode: true, runsWithoutStages: false, personaIsDocstring: false },
};
