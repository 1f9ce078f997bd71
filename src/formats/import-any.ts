// One way in: any agent file, of any format, through the pure importers. The import dialog and
// every CLI command read files here, so the same file gives the same document in both (the name
// of a Block Agent agent, taken from its file name, once drifted: "clinic-booking" in the CLI,
// "Clinic Booking" in the app).
import { detectFormat, kindOf, nameFromFileName } from './file-format';
import type { ImportOptions, ImportOutcome } from './file-kind';

export type { AgentFolder, ImportFix, ImportOptions, ImportOutcome, Located, ReadInWorker } from './file-kind';

/**
 * Reads `text` as the kind of file it is (given, or detectFormat's): each kind's reader is its
 * runtime's home's (format/files.ts) or Callboard JSON's, loaded on first use. A file that names
 * no agent (Block Agent, Pipecat) is named after its file.
 */
export async function importAny(text: string, options: ImportOptions = {}): Promise<ImportOutcome> {
  const format = options.format ?? detectFormat(text, options.fileName);
  const name = options.name ?? (options.fileName ? nameFromFileName(options.fileName) : undefined);
  return kindOf(format).read(text, { ...options, format, ...(name !== undefined ? { name } : {}) });
}
