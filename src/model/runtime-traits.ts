// What the ground floor needs to know of each runtime, as data: its name, and the few ways its
// runtime reads a document that the lint rules, the round-trip oracle and the model view follow.
// Below the runtimes floor no runtime's record can be read, so these rules ask a trait here, never
// a runtime's name (test/runtime-homes.test.ts). Each runtime's traits are its home's
// (src/runtimes/<runtime>/traits.ts); the table of them, RUNTIME_TRAITS, is written from the schema's
// Target (runtime-homes.ts, by `npm run gen:types`).

/**
 * Which column of the lint table (lint/rules.ts) gives a rule's severity: what the runtime refuses,
 * and what only another runtime would mind. Named by the kind of agent file, not by a runtime, so
 * that a new runtime which reads like one of these takes its column; one that refuses what none of
 * them refuses adds a column there.
 * - `class`: an agent that is a class whose methods are its tools (Pinecall);
 * - `blocks`: blocks of turns whose tools are OpenAI functions (Block Agent);
 * - `flow`: a flow of nodes whose functions are Python functions sent as OpenAI tools (Pipecat Flows).
 */
export type LintProfile = 'class' | 'blocks' | 'flow';

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
  /** The lint table's column for it. */
  lint: LintProfile;
  /**
   * The tags of the blocks the runtime itself writes into the system prompt around the agent's own
   * words (Pinecall's `<rules>`, `<tools>`…): a reader of a prompt (the offline model) skips them
   * as no agent's instructions (prompt-blocks.ts).
   */
  frameworkBlocks: readonly string[];
}
