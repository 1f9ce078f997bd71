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
}
