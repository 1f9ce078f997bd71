// The importers, in one module the import dialog loads with import() on first use (the `yaml`
// package comes with it). The Pinecall importer runs in a Web Worker: it needs the TypeScript
// compiler, which must not load or parse on the main thread.
import { withGoldens, type BundleFile } from '../../formats/bundle';
import { importAny, type ImportOutcome, type Located } from '../../formats/import-any';
import { importPinecallInWorker } from '../../run/workers/pinecall-client';
import { readBundleZipInWorker } from '../../run/workers/zip-client';
import type { UnzippedBundle } from '../../formats/zip-bundle';
import type { FileFormat } from '../../formats/file-format';

export { addImportedTools } from '../../formats/block-agent';
export type { ImportOutcome, Located };

/**
 * The dialog's import: formats/import-any.ts, with the Pinecall class read in a Web Worker. An
 * older save format's notes show among the warnings (the dialog has one list).
 */
export async function runImport(text: string, format: FileFormat, options: { name?: string; fileName?: string } = {}): Promise<ImportOutcome> {
  const outcome = await importAny(text, { format, ...options, importPinecall: importPinecallInWorker });
  return outcome.kind === 'error' ? outcome : { ...outcome, warnings: [...outcome.notes, ...outcome.warnings], notes: [] };
}

export type { UnzippedBundle } from '../../formats/zip-bundle';

/**
 * Reads a .zip as `callboard convert -o` or the export's "Download with tests" writes it: one
 * agent file (any folder) and its goldens, within ZIP_LIMITS (formats/zip.ts), in a worker of its
 * own so that a .zip built to inflate to gigabytes never stalls the page.
 */
export function unzipBundle(file: Blob): Promise<UnzippedBundle> {
  return readBundleZipInWorker(file);
}

/** The goldens added to an imported agent as its tests; a bad golden becomes a warning naming its file, line and column. */
export function withBundleTests(outcome: ImportOutcome, goldens: BundleFile[]): ImportOutcome {
  if (outcome.kind !== 'agent' || goldens.length === 0) return outcome;
  const merged = withGoldens(outcome.doc, goldens);
  const warnings: Located[] = merged.problems.map((p) => ({
    message: `${p.file}${p.line ? `:${p.line}:${p.column ?? 1}` : ''}: ${p.severity === 'error' ? 'left out: ' : ''}${p.message}`,
  }));
  return { ...outcome, doc: merged.doc, warnings: [...outcome.warnings, ...warnings] };
}
