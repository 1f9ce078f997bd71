// Reads a Pinecall class for formats/import-any.ts (through the kinds in files.ts), in TypeScript
// or in Python, with its folder's base class and helpers when it comes with its folder. Each
// language's reader loads on first use: the TypeScript one is the TypeScript compiler.
import type { ImportOptions, ImportOutcome, ReadInWorker } from '../../../formats/file-kind';
import { refsFollowNames } from '../../../model/ops/refs';
import { loadPinecallImporter, loadPinecallPythonImporter, loadPinecallPythonStageFlow, loadPinecallStageFlow } from './load';

const readHere = (options: ImportOptions): ReadInWorker => async (text) => {
  const [{ importPinecallTs }, { withCodeEdgeCount }] = await Promise.all([loadPinecallImporter(), loadPinecallStageFlow()]);
  return withCodeEdgeCount(importPinecallTs(text, { folder: options.folder }));
};

export async function readTypeScriptClass(text: string, options: ImportOptions): Promise<ImportOutcome> {
  const format = 'ts';
  // The app reads it in a worker of its own (the compiler must not load on the page's thread).
  const result = await (options.readInWorker ?? readHere(options))(text);
  if (!result.ok) return { kind: 'error', format, errors: result.errors };
  // Pinecall has no block_id or turn_id: the refs its importer made from the names are
  // Callboard's, so they follow later renames (model/ops/refs.ts). Set here, not in the
  // importer, so that importPinecallTs stays the round trip's own (project.ts).
  return { kind: 'agent', format, doc: refsFollowNames(result.doc), warnings: result.warnings, notes: [], ...(result.codeEdges ? { codeEdges: result.codeEdges } : {}) };
}

export async function readPythonClass(text: string, options: ImportOptions): Promise<ImportOutcome> {
  const format = 'py';
  // Light (Lezer's Python grammar), but only a Python file needs it.
  const [{ importPinecallPython }, { pythonStageFlow }, { codeEdgesOf }] = await Promise.all([
    loadPinecallPythonImporter(), loadPinecallPythonStageFlow(), import('../../../model/code-flow'),
  ]);
  const result = importPinecallPython(text, options.folder ? { folder: options.folder } : {});
  if (!result.ok) return { kind: 'error', format, errors: result.errors };
  // The dialog counts the edges its bodies set beyond the document's, as for a TypeScript class.
  const codeEdges = codeEdgesOf(result.doc, pythonStageFlow(result.doc)).length;
  return { kind: 'agent', format, doc: refsFollowNames(result.doc), warnings: result.warnings, notes: [], ...(codeEdges ? { codeEdges } : {}) };
}
