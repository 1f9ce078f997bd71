// What a Pinecall class in Python holds beyond the document, kept from its import and written
// back by the export (export.ts): the team's own Python, which the document has no place for and
// the simulator cannot run. `doc.preserved.pinecallPython`.
import type { KeptStageWrite } from '../../../../model/code-flow';
import type { AgentDocument } from '../../../../model';

export interface PinecallPythonPreserved {
  /** Module statements before the class: imports beyond the SDK's and typing's, constants, helpers. */
  before?: string[];
  /** Module statements after the class. */
  after?: string[];
  /** The class's own decorators (`@llm(…)`, `@voice(…)`), as written. */
  classDecorators?: string[];
  /** Class statements that are no state field and no tool (environment settings, helpers, properties), as written. */
  members?: string[];
  /** A tool's Python body as written (dedented to the body), by the tool's name. */
  bodies?: Record<string, string>;
  /** The entries of a tool's chain its kept body writes itself (`JSON.stringify([from, to, terms])`), by the tool's name: the export writes no chain for them. */
  bodyEntries?: Record<string, string[]>;
  /**
   * The stage writes of a kept body the document cannot hold as edges (under an elif, an else, a
   * loop…), by the tool's name, where they stand in the kept body: the canvas draws them as the
   * code's edges (stage-flow.ts), as it draws a TypeScript body's.
   */
  codeWrites?: Record<string, KeptStageWrite[]>;
  /** A tool's return annotation as written where it is not the exporter's `-> object` ('' for none), by the tool's name. */
  returns?: Record<string, string>;
  /** A tool's docstring lines written after its `Args:` section (a `Returns:`), by the tool's name: the export writes `Args:` before them while the description still ends with them. */
  afterArgs?: Record<string, string>;
  /** Tools written `async def`. */
  asyncTools?: string[];
  /** A tool's `when=` as written, where the document's `when` could not hold it. */
  whens?: Record<string, string>;
  /**
   * The class's `@knowledge(path=…, text=…)`, as read at import: its text when it is a literal, else
   * the expression as written (the simulator cannot run it to know the words).
   */
  knowledge?: { text: string } | { fromCode: string };
  /** How the class opens a call (`greeting = …`), as read at import: its words, or the model's own with an instruction. */
  greeting?: { kind: 'words'; text: string } | { kind: 'improvise'; instruction: string };
  /**
   * The docstrings of the TypedDicts the hints name, by class name: as written (the export writes
   * the class with it again) and as pydantic reads it (`inspect.cleandoc`), the description of the
   * class's `$defs` entry in the schema the model receives.
   */
  typedDocs?: Record<string, { source: string; description: string }>;
  /** The view as written, where it is not one section per stage. */
  view?: string;
}

export function pythonPreservedOf(doc: AgentDocument): PinecallPythonPreserved {
  return (doc.preserved?.pinecallPython ?? {}) as PinecallPythonPreserved;
}

/** Entries keyed as bodyEntries keeps them. */
export const bodyEntryKey = (entry: { from: string; to: string; terms: unknown[] }): string => JSON.stringify([entry.from, entry.to, entry.terms]);
