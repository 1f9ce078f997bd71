// What the app, the panels and the CLI need to know of a runtime without loading it: its words,
// the hints the inspector shows, its templates. Light on purpose (the model's
// types only): the panels read it on first paint, while a runtime's format and engine (RUNTIMES,
// index.ts) load when a file is read or a run starts. One file per runtime beside this one; a
// runtime is added by its file and its line in RUNTIME_FACTS (facts.ts).
import type { AgentDocument, Target } from '../model';
import type { FileFormat } from '../formats/file-format';

/** A document "New agent" can start from, fetched from public/examples/<file>.json when chosen. */
export interface AgentTemplate {
  id: string;
  label: string;
  /** What it holds, in a line. */
  description: string;
  /** The file under public/examples/ (none: the empty agent). */
  file?: string;
  target?: Target;
}

export interface RuntimeFacts {
  target: Target;
  /** The file it is written as, where the Export panel opens (formats/runtime-formats.ts writes it). */
  fileFormat: FileFormat;
  /** What the runtime's export is called where a field is left out of it: "the Pipecat flow". */
  exportNoun: string;
  /** The inspector's hints on the agent's own fields, in this runtime's words. */
  hints: {
    persona(doc: AgentDocument): string;
    name(doc: AgentDocument, slug: string): string;
  };
  /** What "New agent" offers for this runtime. */
  templates: readonly AgentTemplate[];
  /** Its stages are turns inside blocks (Block Agent): the block names the stage, and the picker says "block and turn". */
  stagesInBlocks: boolean;
  /** A wait stage waits for an answer from outside the call (Block Agent's wait tokens): the run offers to give it. */
  answersWaits: boolean;
  /**
   * What the agent knows is what its tools capture (Block Agent's variables), not fields it declares:
   * values no field declares are shown as captured during a run.
   */
  keepsCaptured: boolean;
  /** The agent is a class whose code may set stages and render the prompt (Pinecall): the canvas reads its code. */
  classCode: boolean;
  /** A stage no edge leaves: the call ends after its one reply (Block Agent), or stays there until hung up. */
  deadEnd: 'ends-after-reply' | 'stays';
  /** How a tool's description reaches the model: one line of the docstring (Pinecall), or as written. */
  descriptionSent: { oneLine: boolean; hint: string };
  /** What the Simulator says its run follows, for the document's language (a Pinecall class's). */
  runsAs(language: AgentDocument['language']): { label: string; title: string };
  /** The State panel's line when the agent declares no field. */
  noStateNote(editable: boolean): string;
}
