// One way out: the document as any file Callboard writes. The export panel previews and downloads
// these, and `callboard convert` writes them, so a format is written the same way by both.
// A runtime's file is its format's (runtime-formats.ts); JSON and OpenAI tools are Callboard's own.
import type { AgentDocument, Loss } from '../model';
import { slugOf } from '../model/names';
import type { FileFormat } from './file-format';
import { exportJson } from './json';
import { openAiToolsForStage } from './openai-tools';
import { runtimeFormatOf } from './runtime-formats';
import { exportPinecallPython } from '../runtimes/pinecall/format';

/** The agent file formats, and OpenAI's function-calling tools of one stage. */
export type ExportFormat = FileFormat | 'openai';

export interface ExportView {
  text: string;
  /** Where the file goes in a project, shown above the preview. */
  path: string;
  /** The name Download saves under. */
  fileName: string;
  language: 'yaml' | 'typescript' | 'python' | 'json';
  /** Every path of the document the format cannot express (lossesFor, the one list of what a target cannot express). */
  losses: Loss[];
  /** What the export reordered or could not place, as sentences. */
  notes: string[];
  /** Files that go beside it, by their path from its folder: a Python class's view, a flow's handlers.py. */
  beside?: { path: string; text: string }[];
}

const LANGUAGE: Record<FileFormat, ExportView['language']> = { ts: 'typescript', py: 'python', yaml: 'yaml', json: 'json', flow: 'yaml' };

/**
 * `stageId`: the stage whose offered tools `openai` lists (none: an empty list). `fileName`: the
 * name the file is to be saved under (`callboard convert -o`), where a format writes two syntaxes.
 */
export function exportAs(doc: AgentDocument, format: ExportFormat, stageId: string | null = null, fileName?: string): ExportView {
  const slug = slugOf(doc.name);
  if (format === 'openai') {
    const tools = stageId ? openAiToolsForStage(doc, stageId) : [];
    const fileName = `${slug}.openai-tools.json`;
    return { text: JSON.stringify(tools, null, 2) + '\n', path: fileName, fileName, language: 'json', losses: [], notes: [] };
  }
  if (format === 'py') {
    // A Pinecall class in Python: the class file (its view beside it is the export's second file).
    const py = exportPinecallPython(doc);
    const folder = py.path.slice(0, py.path.lastIndexOf('/') + 1);
    const beside = py.files.slice(1).map((f) => ({ path: f.path.slice(folder.length), text: f.text }));
    return { text: py.text, path: py.path, fileName: `${slug}.py`, language: 'python', losses: py.warnings, notes: py.notes, ...(beside.length ? { beside } : {}) };
  }
  const runtime = runtimeFormatOf(format);
  if (!runtime) {
    const fileName = `${slug}.callboard.json`;
    return { text: exportJson(doc), path: fileName, fileName, language: 'json', losses: [], notes: [] };
  }
  const file = runtime.exportFile(doc, fileName);
  return { text: file.text, path: file.path, fileName: file.fileName, language: LANGUAGE[format], losses: file.warnings, notes: file.notes, ...(file.beside ? { beside: file.beside } : {}) };
}
