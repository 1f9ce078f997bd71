// One way in: any agent file, of any format, through the pure importers. The import dialog and
// every CLI command read files here, so the same file gives the same document in both (the name
// of a Block Agent agent, taken from its file name, once drifted: "clinic-booking" in the CLI,
// "Clinic Booking" in the app).
import type { AgentDocument, Tool } from '../model';
import { importBlockAgentTools, importBlockAgentYaml, type ImportFix } from '../runtimes/block-agent/format';
import { detectFormat, nameFromFileName, type FileFormat } from './file-format';
import { refsFollowNames } from '../model/ops/refs';
import { importJson } from './json';
import { loadPinecallImporter, loadPinecallPythonImporter, loadPinecallPythonStageFlow, loadPinecallStageFlow, type AgentFolder, type PinecallImport } from '../runtimes/pinecall/format';

/** An error or warning: where in the text (line:column, 1-based) or in the document (a JSON pointer). */
export interface Located {
  message: string;
  line?: number;
  column?: number;
  path?: string;
}

export type ImportOutcome =
  /** `notes`: what was read as written but updated (an older save format); `warnings`: what was read differently or left out. */
  | { kind: 'agent'; format: FileFormat; doc: AgentDocument; warnings: Located[]; notes: Located[]; codeEdges?: number }
  /** A Block Agent list of tools (as the documentation's samples are written), not a whole agent. */
  | { kind: 'tools'; format: FileFormat; tools: Tool[]; warnings: Located[]; notes: Located[] }
  /** `errors` where the path is known only (a JSON schema error) carry no line. */
  | {
    kind: 'error'; format: FileFormat; errors: Located[]; fix?: ImportFix;
    /** The errors stopped the reading: nothing after them was checked. */
    blocksTheRest?: true;
    /** The agent without what the errors are about, for lint to check the rest in the same pass. */
    partial?: { doc: AgentDocument; warnings: Located[] };
  };

export interface ImportOptions {
  /** Read as this format; else detectFormat(text, fileName). */
  format?: FileFormat;
  /** The file the text came from: its extension picks the format, its stem names a Block Agent agent. */
  fileName?: string;
  /** The agent's name where the file names none (Block Agent); else taken from fileName. */
  name?: string;
  /**
   * Reads a Pinecall class. The app passes one that runs in a Web Worker (the TypeScript compiler
   * must not load on the page's thread); by default the importer is loaded here, on first use.
   */
  importPinecall?: (text: string) => Promise<PinecallImport>;
  /** A Pinecall agent's folder (the CLI's on disk): a base class or helpers imported by a relative path are read there. */
  folder?: AgentFolder;
}

async function importPinecallHere(text: string, folder?: AgentFolder): Promise<PinecallImport> {
  // The TypeScript compiler is large: it loads only for a Pinecall file.
  const [{ importPinecallTs }, { withCodeEdgeCount }] = await Promise.all([loadPinecallImporter(), loadPinecallStageFlow()]);
  return withCodeEdgeCount(importPinecallTs(text, { folder }));
}

/** The handlers.py beside a flow in its folder: its text, a refusal (with its path), or undefined when there is none. */
function handlersBeside(folder: AgentFolder | undefined, fileName: string): string | { path: string; refused: string } | undefined {
  if (!folder) return undefined;
  const dir = folder.agent.includes('/') ? folder.agent.slice(0, folder.agent.lastIndexOf('/') + 1) : '';
  const path = `${dir}${fileName}`;
  const read = folder.files.read(path);
  if (read === undefined || typeof read === 'string') return read;
  return { path, refused: read.refused };
}

export async function importAny(text: string, options: ImportOptions = {}): Promise<ImportOutcome> {
  const format = options.format ?? detectFormat(text, options.fileName);
  switch (format) {
    case 'json': {
      const result = importJson(text);
      if (!result.ok) return { kind: 'error', format, errors: result.errors };
      return { kind: 'agent', format, doc: result.doc, warnings: [], notes: result.migrated.map((m) => ({ message: `updated from an older save format: ${m}` })) };
    }
    case 'ts': {
      const result = await (options.importPinecall ?? ((t: string) => importPinecallHere(t, options.folder)))(text);
      if (!result.ok) return { kind: 'error', format, errors: result.errors };
      // Pinecall has no block_id or turn_id: the refs its importer made from the names are
      // Callboard's, so they follow later renames (model/ops/refs.ts). Set here, not in the
      // importer, so that importPinecallTs stays the round trip's own (pinecall/project.ts).
      return { kind: 'agent', format, doc: refsFollowNames(result.doc), warnings: result.warnings, notes: [], ...(result.codeEdges ? { codeEdges: result.codeEdges } : {}) };
    }
    case 'py': {
      // Light (Lezer's Python grammar), but only a Python file needs it.
      const [{ importPinecallPython }, { pythonStageFlow }, { codeEdgesOf }] = await Promise.all([
        loadPinecallPythonImporter(), loadPinecallPythonStageFlow(), import('../model/code-flow'),
      ]);
      const result = importPinecallPython(text, options.folder ? { folder: options.folder } : {});
      if (!result.ok) return { kind: 'error', format, errors: result.errors };
      // The dialog counts the edges its bodies set beyond the document's, as for a TypeScript class.
      const codeEdges = codeEdgesOf(result.doc, pythonStageFlow(result.doc)).length;
      return { kind: 'agent', format, doc: refsFollowNames(result.doc), warnings: result.warnings, notes: [], ...(codeEdges ? { codeEdges } : {}) };
    }
    case 'flow': {
      // Light (the `yaml` package the Block Agent importer loads too), but only a flow needs it.
      const { importPipecatFlow, HANDLERS_FILE } = await import('../runtimes/pipecat/format');
      const handlers = handlersBeside(options.folder, HANDLERS_FILE);
      if (handlers && typeof handlers !== 'string') return { kind: 'error', format, errors: [{ message: `${handlers.path} ${handlers.refused}` }] };
      const name = options.name ?? (options.fileName ? nameFromFileName(options.fileName) : undefined);
      const result = importPipecatFlow(text, { ...(options.fileName ? { fileName: options.fileName } : {}), ...(name ? { name } : {}), ...(handlers !== undefined ? { handlers } : {}) });
      const where = (p: { message: string; line?: number; column?: number; file?: string }): Located => ({ message: p.file ? `${p.file}${p.line ? `:${p.line}:${p.column}` : ''}: ${p.message}` : p.message, ...(!p.file && p.line ? { line: p.line, column: p.column } : {}) });
      if (!result.ok) return { kind: 'error', format, errors: result.errors.map(where) };
      return { kind: 'agent', format, doc: result.doc, warnings: result.warnings.map(where), notes: result.notes.map(where) };
    }
    case 'yaml': {
      const name = options.name ?? (options.fileName ? nameFromFileName(options.fileName) : undefined);
      const result = importBlockAgentYaml(text, { name });
      if (result.ok) return { kind: 'agent', format, doc: result.doc, warnings: result.warnings, notes: [] };
      if (!result.toolList) {
        return {
          kind: 'error', format, errors: result.errors, fix: result.fix,
          ...(result.blocksTheRest ? { blocksTheRest: true as const } : {}),
          ...(result.partial ? { partial: result.partial } : {}),
        };
      }
      // A bare list of tools: they join an agent (the app's open one), they are not one.
      const tools = importBlockAgentTools(text);
      if (!tools.ok) return { kind: 'error', format, errors: tools.errors, fix: tools.fix };
      return { kind: 'tools', format, tools: tools.tools, warnings: tools.warnings, notes: [] };
    }
  }
}
