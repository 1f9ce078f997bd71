// One way out: the document as any file Callboard writes. The export panel previews and downloads
// these, and `callboard convert` writes them, so a format is written the same way by both.
// A runtime's file is its format's (runtime-formats.ts); JSON and OpenAI tools are Callboard's own.
import type { AgentDocument, Loss } from '../model';
import { slugOf } from '../model/names';
import { kindOf, type FileFormat } from './file-format';
import { exportJson } from './json';
import { openAiToolsForStage } from './openai-tools';
import { runtimeFormatReading } from './runtime-formats';

/** The agent file formats, and OpenAI's function-calling tools of one stage. */
export type ExportFormat = FileFormat | 'openai';

export interface ExportView {
  text: string;
  /** Where the file goes in a project, shown above the preview. */
  path: string;
  /** The name Download saves under. */
  fileName: string;
  language: 'yaml' | 'typescript' | 'python' | 'ruby' | 'json';
  /** Every path of the document the format cannot express (lossesFor, the one list of what a target cannot express). */
  losses: Loss[];
  /** What the export reordered or could not place, as sentences. */
  notes: string[];
  /** Files that go beside it, by their path from its folder: a Python class's view, a flow's handlers.py. */
  beside?: { path: string; text: string }[];
}

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
  // The runtime that reads `format` writes it (a Pinecall class in TypeScript or in Python).
  const runtime = format === 'json' ? undefined : runtimeFormatReading(format);
  if (format === 'json' || !runtime) {
    const fileName = `${slug}.callboard.json`;
    return { text: exportJson(doc), path: fileName, fileName, language: 'json', losses: [], notes: [] };
  }
  const file = runtime.exportFile(doc, fileName, format);
  return { text: file.text, path: file.path, fileName: file.fileName, language: kindOf(format).language, losses: file.warnings, notes: file.notes, ...(file.beside ? { beside: file.beside } : {}) };
}
