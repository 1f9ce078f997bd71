// The export panel's formats, in one module the panel loads with import() when it first opens:
// the exporters (and the `yaml` package under the Block Agent one) stay out of the first paint.
// The Pinecall exporter is imported from its own file: the package index also re-exports the
// importer, which pulls in the TypeScript compiler.
import type { AgentDocument } from '../../model';
import { slugOf } from '../../model/names';
import { exportBundle } from '../../formats/bundle';
import { targetOfFileFormat } from '../../formats/runtime-formats';
import type { ExportFormat } from './types';
import { versionFiles, type PortableVersion } from '../../formats/version-files';
import { zipSync, strToU8 } from 'fflate';

export { exportAs, type ExportView } from '../../formats/export-as';

/**
 * The agent in a runtime's file (YAML, TypeScript, a flow and its handlers.py) with its conversation tests beside it (tests/<name>.golden.json),
 * zipped: the same files `callboard convert -o` writes, and what the import dialog reads back. The
 * project's named versions come along under versions/ (formats/version-files.ts).
 */
export function zipWithTests(doc: AgentDocument, format: ExportFormat, versions: readonly PortableVersion[] = []): { bytes: Uint8Array; fileName: string } {
  const files = [...exportBundle(doc, targetOfFileFormat(format)!), ...versionFiles(versions)];
  const entries: Record<string, Uint8Array> = {};
  for (const file of files) entries[file.path] = strToU8(file.text);
  return { bytes: zipSync(entries), fileName: `${slugOf(doc.name)}-with-tests.zip` };
}

/** Said under a runtime file's preview when the agent has tests: no runtime's file holds them. */
export function testsNote(doc: AgentDocument): string | null {
  const count = doc.tests?.length ?? 0;
  if (count === 0) return null;
  return `${count} conversation test${count === 1 ? ' is' : 's are'} not in this file: "Download with tests" zips ${count === 1 ? 'it' : 'them'} beside it as tests/<name>.golden.json.`;
}
