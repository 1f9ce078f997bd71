// Reads a Pinecall class for formats/import-any.ts (through the kinds in files.ts), in TypeScript
// or in Python, with its folder's base class and helpers when it comes with its folder. Each
// language's reader loads on first use: the TypeScript one is the TypeScript compiler.
import type { ImportOptions, ImportOutcome, ReadInWorker } from '../../../formats/file-kind';
import { refsFollowNames } from '../../../model/ops/refs';
import { loadPinecallImporter, loadPinecallPythonImporter, loadPinecallPythonStageFlow, loadPinecallRubyImporter, loadPinecallStageFlow } from './load';
import { agentNameOfClass, slugOf } from '../../../model/names';

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

/**
 * A class in Ruby, with its view: `views/<slug>.erb` beside the class in its folder, where the gem
 * looks when nobody said (pinecall/ruby `View.beside`), the slug being the agent's.
 */
export async function readRubyClass(text: string, options: ImportOptions): Promise<ImportOutcome> {
  const format = 'rb';
  const { importPinecallRuby } = await loadPinecallRubyImporter();
  const className = /^\s*class\s+([A-Z]\w*)\s*</m.exec(text)?.[1];
  const agentFolder = options.folder?.agent.includes('/') ? options.folder.agent.slice(0, options.folder.agent.lastIndexOf('/') + 1) : '';
  // A class may name its slug (`slug "front-desk"`); else it is the agent's, from the class's name.
  const slug = /^\s*slug\s*\(?\s*["']([^"'\\]+)["']/m.exec(text)?.[1] ?? (className ? slugOf(agentNameOfClass(className)) : undefined);
  const viewPath = `${agentFolder}views/${slug}.erb`;
  const view = slug && options.folder ? options.folder.files.read(viewPath) : undefined;
  const result = importPinecallRuby(text, typeof view === 'string' ? { view } : {});
  if (!result.ok) return { kind: 'error', format, errors: result.errors };
  const warnings = typeof view === 'object' && view ? [{ line: 1, column: 1, message: `the view ${viewPath} ${view.refused}` }] : [];
  return { kind: 'agent', format, doc: refsFollowNames(result.doc), warnings: [...result.warnings, ...warnings], notes: [] };
}
