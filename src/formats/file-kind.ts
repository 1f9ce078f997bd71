// What a kind of agent file is to the rest of the app: its name, how a file or a pasted text is
// known to be one, how it is read, where a problem sits in it. Each runtime's home declares the
// kinds its agents are written in (src/runtimes/<runtime>/format/files.ts, `files` through its door);
// Callboard's own JSON is the formats floor's (file-format.ts). The table of them, FILE_KINDS, is
// written from the schema's Target (runtime-homes.ts), so the import dialog, the export panel and
// every CLI command ask a kind, never a format's name. Light on purpose: detection runs before any
// importer loads, so a kind's reader and locator are loaders that import() their files.
import type { AgentDocument, Tool } from '../model';
import type { FileFormat } from './file-format-names';
import type { Locator } from './locator';

export type { FileFormat };

/** An error or warning: where in the text (line:column, 1-based) or in the document (a JSON pointer). */
export interface Located {
  message: string;
  line?: number;
  column?: number;
  path?: string;
}

/** A fix the app offers for a file that does not read as it is (Block Agent YAML indented with tabs). */
export interface ImportFix {
  label: string;
  apply(text: string): string;
}

export type ImportOutcome =
  /** `notes`: what was read as written but updated (an older save format); `warnings`: what was read differently or left out. */
  | { kind: 'agent'; format: FileFormat; doc: AgentDocument; warnings: Located[]; notes: Located[]; codeEdges?: number }
  /** A list of tools (as Block Agent's documentation samples are written), not a whole agent. */
  | { kind: 'tools'; format: FileFormat; tools: Tool[]; warnings: Located[]; notes: Located[] }
  /** `errors` where the path is known only (a JSON schema error) carry no line. */
  | {
    kind: 'error'; format: FileFormat; errors: Located[]; fix?: ImportFix;
    /** The errors stopped the reading: nothing after them was checked. */
    blocksTheRest?: true;
    /** The agent without what the errors are about, for lint to check the rest in the same pass. */
    partial?: { doc: AgentDocument; warnings: Located[] };
  };

/** What a reader run off the page's thread gives back (a Pinecall class, read with the TypeScript compiler in a worker). */
export type ReadInWorker = (text: string) => Promise<
  | { ok: true; doc: AgentDocument; warnings: Located[]; codeEdges?: number }
  | { ok: false; errors: Located[] }
>;

/** A file of the folder the reader will not read: why, as a clause that follows its path. */
export interface Refused {
  refused: string;
}

/** The files of an agent's folder, as a reader from disk, a .zip or a dropped folder gives them. */
export interface SourceFiles {
  /**
   * The file's text; undefined when there is none at that path (or it cannot be read); `refused`
   * when there is one but the reader will not read it, with why, as a clause that follows the
   * path ("is a link … that leads out of the agent's folder, …"): a symbolic link or junction out
   * of the folder on disk, a .zip entry that is a link or whose name leaves the folder.
   */
  read(path: string): string | Refused | undefined;
}

/** An agent file in its folder: a class's base and helpers, a flow's handlers.py, are read beside it. */
export interface AgentFolder {
  files: SourceFiles;
  /** The agent file's path from the folder's root ('agent.ts'). */
  agent: string;
}

export interface ImportOptions {
  /** Read as this format; else detectFormat(text, fileName). */
  format?: FileFormat;
  /** The file the text came from: its extension picks the format, its stem names an agent whose file holds no name. */
  fileName?: string;
  /** The agent's name where the file names none (Block Agent, Pipecat); else taken from fileName. */
  name?: string;
  /**
   * Reads the text where the kind's reader must not run on the page's thread (`readsInItsOwnWorker`:
   * a Pinecall class, whose reader loads the TypeScript compiler). The app passes one that runs in a
   * Web Worker; by default the reader is loaded here, on first use.
   */
  readInWorker?: ReadInWorker;
  /** The agent's folder (the CLI's on disk, a .zip's, a dropped folder's): a base class, helpers or a flow's handlers.py are read there. */
  folder?: AgentFolder;
}

export interface FileKind {
  format: FileFormat;
  /** "Pinecall TypeScript", "Block Agent YAML". */
  label: string;
  /** Its tab in the Export panel, where the label is long: "Pinecall TS". */
  tab: string;
  /** The word the search palette also finds it by: "TS", "Python". */
  short: string;
  /** The language the export panel shows it in. */
  language: 'yaml' | 'typescript' | 'python' | 'ruby' | 'json';
  /**
   * The file names it is known by. Of several kinds a name matches, the one matching more of it wins
   * (`x.flow.yaml` is a flow, `x.yaml` Block Agent YAML).
   */
  extension: RegExp;
  /** The extension its export is previewed under (Monaco picks the language by it): `.flow.yaml`; `.tsx` reads a class with or without JSX. */
  writtenAs: string;
  /**
   * Its name says only a syntax (`.yaml`, `.json`) that other kinds are written in too: a kind whose
   * `sniff.overPlainNames` recognises the content claims such a file.
   */
  plainName?: true;
  /** Knows the kind from the content, when the file's name says nothing (or only a plain syntax). */
  sniff?: {
    test(body: string): boolean;
    /** The order sniffs are tried in, lowest first: a sniff that could claim another kind's text goes before it. */
    order: number;
    /** It claims a file whose name says only a plain syntax (a FlowConfig in a plain `.yaml`). */
    overPlainNames?: true;
  };
  /** What a text no sniff claims is read as (one kind only). */
  fallback?: true;
  /** The agent's other files matter (a class's base and helpers, a flow's handlers.py): a reader from disk gives it the folder. */
  readsFolder: boolean;
  /** Its reader loads the TypeScript compiler, which must not load on the page's thread: the app reads it in a worker of its own. */
  readsInItsOwnWorker?: true;
  /** What the import dialog says while it reads one, when it takes long. */
  reading?: string;
  /** A list of tools, not a whole agent, may be written in it (Block Agent YAML). */
  holdsToolLists?: true;
  /** A fix that re-indents a file its reader refuses for tabs (Block Agent YAML): the CLI's --fix-tabs. */
  fixTabs?(text: string): string;
  /** Reads a text of this kind (loads its reader on first use). */
  read(text: string, options: ImportOptions): Promise<ImportOutcome>;
  /** Where a problem sits in a text of this kind (loads its locator on first use); none: the path alone is shown. */
  locator?(text: string, doc: AgentDocument): Promise<Locator>;
}
