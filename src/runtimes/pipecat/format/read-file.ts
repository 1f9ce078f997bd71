// Reads a Pipecat flow for formats/import-any.ts (through the kind in files.ts), with the
// handlers.py beside it in its folder when there is one: its functions' schemas live there.
import type { AgentFolder, ImportOptions, ImportOutcome, Located } from '../../../formats/file-kind';
import { HANDLERS_FILE, importPipecatFlow } from './document';

/** The handlers.py beside a flow in its folder: its text, a refusal (with its path), or undefined when there is none. */
function handlersBeside(folder: AgentFolder | undefined, fileName: string): string | { path: string; refused: string } | undefined {
  if (!folder) return undefined;
  const dir = folder.agent.includes('/') ? folder.agent.slice(0, folder.agent.lastIndexOf('/') + 1) : '';
  const path = `${dir}${fileName}`;
  const read = folder.files.read(path);
  if (read === undefined || typeof read === 'string') return read;
  return { path, refused: read.refused };
}

export async function readPipecatFile(text: string, options: ImportOptions): Promise<ImportOutcome> {
  const format = 'flow';
  const handlers = handlersBeside(options.folder, HANDLERS_FILE);
  if (handlers && typeof handlers !== 'string') return { kind: 'error', format, errors: [{ message: `${handlers.path} ${handlers.refused}` }] };
  // A flow names no agent: import-any.ts gives the name its file's name says.
  const { name } = options;
  const result = importPipecatFlow(text, { ...(options.fileName ? { fileName: options.fileName } : {}), ...(name ? { name } : {}), ...(handlers !== undefined ? { handlers } : {}) });
  const where = (p: { message: string; line?: number; column?: number; file?: string }): Located => ({ message: p.file ? `${p.file}${p.line ? `:${p.line}:${p.column}` : ''}: ${p.message}` : p.message, ...(!p.file && p.line ? { line: p.line, column: p.column } : {}) });
  if (!result.ok) return { kind: 'error', format, errors: result.errors.map(where) };
  return { kind: 'agent', format, doc: result.doc, warnings: result.warnings.map(where), notes: result.notes.map(where) };
}
