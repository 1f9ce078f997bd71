// What a runtime's file format is to the rest of the formats floor: its file, its losses, its
// round-trip oracle and its exporter. Each runtime's home writes one (src/runtimes/<runtime>/format/,
// `format` through its door); the table of them, RUNTIME_FORMATS, is written from the schema's
// Target (runtime-homes.ts, by `npm run gen:types`). Here, apart from the table, so that a home can
// name the type without importing the table that imports it.
import type { AgentDocument, JsonSchema, Loss, Target, Tool } from '../model';
import type { FileFormat } from './file-kind';

/**
 * The specs the runtime's own code builds for `tools` of `doc`, as the model is offered them, where
 * they are not the tools' own (a Pinecall class in Python: pydantic's schemas from its hints);
 * undefined where each tool's own name, description and schema stand.
 */
export type ToolSpecsOf = (doc: AgentDocument, tools: readonly Tool[]) => { name: string; description: string; parameters: JsonSchema }[] | undefined;

export interface RuntimeFile {
  text: string;
  /** Where the file goes in a project: `agents/<slug>/agent.tsx`, `<slug>.yaml`. */
  path: string;
  /** The name a download saves it under: the agent's slug for every format (`<slug>.tsx` or `.ts`, `<slug>.yaml`). */
  fileName: string;
  /** lossesFor(doc, target): every path of the document the file does not express. */
  warnings: Loss[];
  /** What the export reordered or could not place, as sentences. */
  notes: string[];
  /** Files that go beside it, by their path from its folder (a flow's handlers.py). */
  beside?: { path: string; text: string }[];
}

export interface RuntimeFormat {
  target: Target;
  /** The format of the runtime's agent file: what it is written as. */
  fileFormat: Exclude<FileFormat, 'json'>;
  /** Every format an agent of this runtime is read from (a Pinecall class in TypeScript or Python). */
  readFrom: readonly Exclude<FileFormat, 'json'>[];
  /** Every path of the document this runtime cannot express (formats/losses.ts). */
  losses(doc: AgentDocument): Loss[];
  /** The round-trip oracle: the document as this runtime's import gives it back (formats/project.ts). */
  project(doc: AgentDocument): AgentDocument;
  /**
   * The agent as its file. `fileName`: the name it is to be saved under, where a format writes two
   * syntaxes (a flow's .json); `as`: which of `readFrom` to write (a Pinecall class in Python),
   * else `fileFormat`.
   */
  exportFile(doc: AgentDocument, fileName?: string, as?: Exclude<FileFormat, 'json'>): RuntimeFile;
  /** A list of tools, not a whole agent, written as the runtime's file writes one (Block Agent YAML); none where its file holds whole agents only. */
  writeToolList?(tools: Tool[]): string;
}
