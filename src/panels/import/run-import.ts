// The importers, in one module the import dialog loads with import() on first use. Files are read
// in Web Workers: YAML and JSON in one (run/workers/text-import-client.ts), a Pinecall class in
// another that loads the TypeScript compiler, which must not load or parse on the main thread.
import { isGoldenPath, withGoldens, type BundleFile } from '../../formats/bundle';
import { pickAgentFile } from '../../formats/folder-agent';
import { folderPathProblem } from '../../model/folder-paths';
import { importAny, type ImportOutcome, type Located } from '../../formats/import-any';
import { importPinecallInWorker, type FolderTexts } from '../../run/workers/pinecall-client';
import { importTextInWorker } from '../../run/workers/text-import-client';
import { readBundleZipInWorker } from '../../run/workers/zip-client';
import type { RefusedEntry, UnzippedBundle } from '../../formats/zip-bundle';
import { kindOf, type FileFormat } from '../../formats/file-format';
import { addImportedTools } from '../../runtimes/block-agent/format';
import { problemsOf } from '../../formats/problems';
import { locatorFor } from '../../formats/locate';
import { describeEntity, type AgentDocument, type Problem } from '../../model';
import { readVersionFiles, type PortableVersion } from '../../formats/version-files';

export { addImportedTools };
export type { ImportOutcome, Located };

/**
 * The dialog's import: formats/import-any.ts, with the Pinecall class read in a Web Worker. An
 * older save format's notes show among the warnings (the dialog has one list).
 */
export async function runImport(text: string, format: FileFormat, options: { name?: string; fileName?: string; folder?: FolderTexts } = {}): Promise<ImportOutcome> {
  const { folder, ...rest } = options;
  // A kind whose reader loads the TypeScript compiler (a Pinecall class) is read in a worker of its
  // own; the others in the text worker: a hostile file may take a second or more to refuse, and the
  // page keeps drawing meanwhile. An agent from a .zip or a dropped folder reads its base class,
  // helpers or handlers.py there.
  const kind = kindOf(format);
  const outcome = kind.readsInItsOwnWorker
    ? await importAny(text, { format, ...rest, readInWorker: (t) => importPinecallInWorker(t, folder) })
    : await importTextInWorker(text, format, kind.readsFolder && folder ? { ...rest, folder } : rest);
  return outcome.kind === 'error' ? outcome : { ...outcome, warnings: [...outcome.notes, ...outcome.warnings], notes: [] };
}

export type { UnzippedBundle } from '../../formats/zip-bundle';
export { readChosenFolder, readDroppedFolder } from './read-folder';

/**
 * Reads a .zip as `callboard convert -o` or the export's "Download with tests" writes it: one
 * agent file (any folder) and its goldens, within ZIP_LIMITS (formats/zip.ts), in a worker of its
 * own so that a .zip built to inflate to gigabytes never stalls the page.
 */
export function unzipBundle(file: Blob): Promise<UnzippedBundle> {
  return readBundleZipInWorker(file);
}

/** A chosen or dropped folder's agent (formats/folder-agent.ts), its siblings and its tests/*.golden.json. */
export function pickFolderAgent(name: string, files: BundleFile[]): { ok: true; agent: BundleFile; siblings: BundleFile[]; goldens: BundleFile[] } | { ok: false; message: string } {
  const goldens = files.filter((f) => isGoldenPath(f.path));
  const picked = pickAgentFile(files.filter((f) => !isGoldenPath(f.path)), `the folder ${name}`);
  return picked.ok ? { ...picked, goldens } : picked;
}

/**
 * The agent's folder as the importer reads it (a .zip's or a chosen folder's): its files by path,
 * and `refused`, the entries left out (a link, a name that leaves the folder), said where imported.
 */
export function folderTexts(agent: BundleFile, siblings: BundleFile[], refused: RefusedEntry[]): FolderTexts | undefined {
  if (!siblings.length && !refused.length) return undefined;
  return {
    agent: agent.path,
    files: Object.fromEntries([agent, ...siblings].map((f) => [f.path, f.text])),
    ...(refused.length ? { refused: Object.fromEntries(refused.map((r) => [r.path, r.why])) } : {}),
  };
}

/**
 * The entries of a .zip or folder left out (a link, a name that leaves the folder: security issue
 * 30), each a warning naming it and why, unless an import of it already said so at its line.
 */
export function withRefusedEntries(outcome: ImportOutcome, refused: Readonly<Record<string, string>> | undefined): ImportOutcome {
  if (outcome.kind === 'error' || !refused) return outcome;
  const said = (why: string) => outcome.warnings.some((w) => w.message.includes(why));
  const warnings: Located[] = Object.entries(refused).filter(([, why]) => !said(why)).map(([path, why]) => ({ message: `${folderPathProblem(path) ? 'an entry' : path}: left out: it ${why}` }));
  return warnings.length ? { ...outcome, warnings: [...outcome.warnings, ...warnings] } : outcome;
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

/**
 * What is wrong with what was read, before it joins a project: the errors the Problems panel would
 * list once it is open (lint, formats/problems.ts), each at its line in the text where the format
 * can say (YAML, JSON; a class is located in the worker only, so by its entity's name), with the
 * lint message saying what to write instead. For a list of tools, only the errors of the tools it
 * would add to the open agent.
 */
export async function importProblems(outcome: ImportOutcome, text: string, open: AgentDocument): Promise<Located[]> {
  if (outcome.kind === 'error') return [];
  let doc: AgentDocument;
  let problems: Problem[];
  if (outcome.kind === 'agent') {
    doc = outcome.doc;
    problems = problemsOf(doc).filter((p) => p.severity === 'error');
  } else {
    const planned = addImportedTools(open, outcome.tools, { kind: 'all' });
    const added = new Map(planned.added.map((t, i) => [t.id, i]));
    // Only the new tools' own errors, their paths renumbered to the tools alone (as the text lists them).
    doc = { ...planned.doc, tools: planned.added };
    problems = problemsOf(planned.doc)
      .filter((p) => p.severity === 'error' && p.entity.kind === 'tool' && added.has(p.entity.id ?? ''))
      .map((p) => ({ ...p, path: p.path.replace(/^\/tools\/\d+/, `/tools/${added.get(p.entity.id ?? '')}`) }));
  }
  if (problems.length === 0) return [];
  // A kind read in its own worker is not placed: its locator would load the compiler on the page's thread.
  const locate = kindOf(outcome.format).readsInItsOwnWorker ? () => undefined : await locatorFor(outcome.format, text, doc);
  return problems.map((p) => {
    const at = locate(p);
    return { message: p.message, path: describeEntity(doc, p.entity), ...(at ? { line: at.line, column: at.column } : {}) };
  });
}

/**
 * The named versions of a .zip (its versions/ files): they come with an agent only, and each bad
 * entry is a warning naming its file (version-files.ts), never a failed import.
 */
export function withBundleVersions(outcome: ImportOutcome, files: BundleFile[]): { outcome: ImportOutcome; versions: PortableVersion[] } {
  if (outcome.kind !== 'agent' || files.length === 0) return { outcome, versions: [] };
  const read = readVersionFiles(files);
  const warnings: Located[] = read.warnings.map((p) => ({ message: `${p.file}${p.line ? `:${p.line}:${p.column ?? 1}` : ''}: ${p.message}` }));
  return { outcome: { ...outcome, warnings: [...outcome.warnings, ...warnings] }, versions: read.versions };
}
