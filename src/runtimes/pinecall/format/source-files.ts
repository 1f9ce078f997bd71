// The other files of a Pinecall agent's folder (issue 12): a base class or plain TypeScript
// helpers the agent reaches by a relative import (`import { agendaFor } from "./agenda"`). The
// importer sees them only through SourceFiles, so the CLI (the folder on disk), the app (a dropped
// folder or a .zip) and unit tests (a record) read them the same way. Bounded: a folder of a
// thousand files or a chain of imports a hundred deep is not an agent's helpers. Never outside the
// folder (security issue 30, model/folder-paths.ts): the import is checked here, the file's real
// place on disk by the CLI's reader (cli/read.ts).
import { folderPathProblem } from '../../../model/folder-paths';

// Files of the agent's folder, by '/'-separated path from its root (`agenda.ts`, `lib/hours.ts`):
// every kind's that reads its folder (formats/file-kind.ts).
import type { Refused, SourceFiles } from '../../../formats/file-kind';

export type { Refused, SourceFiles };

/** What a refusal of a file outside the agent's folder says. */
export const LEAVES_FOLDER = "leads out of the agent's folder, which is all Callboard reads";
/** What a refusal of an import or file that no folder's file may be named says. */
export const READS_NO_FILE = 'Callboard reads no file for it';
/** A message that refuses a file beside the agent (the CLI's diff prints the warnings that do). */
export const isFolderRefusal = (message: string): boolean => message.includes(LEAVES_FOLDER) || message.includes(READS_NO_FILE);

/** How many files the importer reads besides the agent's own. */
export const MAX_SOURCE_FILES = 32;
/** How many relative imports one chain follows (agent → base → helper → …). */
export const MAX_IMPORT_DEPTH = 8;
/** Characters of one file read. */
export const MAX_SOURCE_CHARS = 1_000_000;

/** Extensions tried, in Node's and TypeScript's order, for `./x`. */
const CANDIDATES = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/**
 * A specifier that names a file (`./x`, `../x`, and as Windows reads them `.\x`, `/etc/x`,
 * `C:\x`, `\\server\share`), not a package (`date-fns`, `node:fs`): read from the folder, or
 * refused with why (resolveRelative), never taken for a package.
 */
export const isRelative = (specifier: string): boolean => /^\.\.?([/\\]|$)/.test(specifier) || /^([/\\]|[A-Za-z]:)/.test(specifier);

/** The folder a path stands in ('' at the root). */
export const folderOf = (path: string): string => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '');

/** `from` joined with `specifier`, normalised; undefined when `..` leaves the root. */
export function joinPath(from: string, specifier: string): string | undefined {
  const parts = from ? from.split('/') : [];
  for (const part of specifier.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length === 0) return undefined;
      parts.pop();
    } else parts.push(part);
  }
  return parts.join('/');
}

export type Resolved = { ok: true; path: string; text: string } | { ok: false; reason: string };

/**
 * Why `specifier` (an import that names a file, as written) may not be looked for in the folder
 * at all, or undefined. `..` is left to joinPath, which knows where the importer stands.
 */
function specifierProblem(importer: string, specifier: string): string | undefined {
  const shown = JSON.stringify(specifier);
  const move = `move the file into the folder (beside ${importer || 'the agent'})`;
  if (specifier.includes('\u0000')) return `${shown} holds a NUL character, which no file name has (a name cut there could lead anywhere): ${READS_NO_FILE}`;
  // eslint-disable-next-line no-control-regex
  if (/[\u0001-\u001f\u007f]/.test(specifier)) return `${shown} holds a control character, which no file name of an agent's folder has: ${READS_NO_FILE}`;
  if (/^[/\\]{2}/.test(specifier)) return `${shown} names a network share: it ${LEAVES_FOLDER}: ${move}`;
  if (/^[/\\]/.test(specifier)) return `${shown} is an absolute path: it ${LEAVES_FOLDER}: ${move}, and import it by a relative path ("./…")`;
  if (/(^|[/\\])[A-Za-z]:/.test(specifier)) return `${shown} names a drive: it ${LEAVES_FOLDER}: ${move}`;
  if (specifier.includes('\\')) {
    const slashed = specifier.replace(/\\/g, '/');
    return joinPath(folderOf(importer), slashed) === undefined
      ? `${shown} ${LEAVES_FOLDER} ("\\" separates folders on Windows, and Callboard reads it so on every system): ${move}`
      : `${shown} separates folders with "\\", which Windows reads as a separator and Linux and macOS as part of a name: ${READS_NO_FILE}; write ${JSON.stringify(slashed)}`;
  }
  if (specifier.includes(':')) return `${shown} holds ":", which Windows reads as a drive or a file's hidden stream: ${READS_NO_FILE}; rename the file`;
  return undefined;
}

/**
 * Where `specifier`, imported by the file at `importer`, stands in the folder, and its text: tried
 * as written, then with `.ts`, `.tsx`, `/index.ts`, `/index.tsx`. A `.js` specifier (as ESM
 * TypeScript writes `./agenda.js` for `agenda.ts`) is tried as `.ts` too. Never outside the root:
 * `..` past it, an absolute path, a drive, `\` used as a separator and NUL are refused before
 * anything is read, and so is a file the reader refuses (a link out of the folder on disk, a
 * .zip's link entry), said with why.
 */
export function resolveRelative(files: SourceFiles, importer: string, specifier: string): Resolved {
  const problem = specifierProblem(importer, specifier);
  if (problem) return { ok: false, reason: problem };
  const joined = joinPath(folderOf(importer), specifier);
  if (joined === undefined) return { ok: false, reason: `${JSON.stringify(specifier)} ${LEAVES_FOLDER}: move the file into the folder (beside ${importer || 'the agent'})` };
  const stems = /\.jsx?$/.test(joined) ? [joined.replace(/\.js(x?)$/, '.ts$1'), joined] : [joined];
  const tried: string[] = [];
  for (const stem of stems) {
    for (const ending of CANDIDATES) {
      const path = `${stem}${ending}`.replace(/^\//, '');
      if (path === '' || tried.includes(path)) continue;
      tried.push(path);
      // The reader is asked only for a plain path of the folder (also when a reader's own check would catch it).
      const bad = folderPathProblem(path);
      if (bad) return { ok: false, reason: `${JSON.stringify(specifier)} is ${path}, which ${bad}: ${READS_NO_FILE}` };
      const text = files.read(path);
      if (text === undefined) continue;
      if (typeof text !== 'string') return { ok: false, reason: `${JSON.stringify(specifier)} is ${path}, which ${text.refused}` };
      if (text.length > MAX_SOURCE_CHARS) return { ok: false, reason: `${path} is ${text.length.toLocaleString('en-US')} characters; Callboard reads files of at most ${MAX_SOURCE_CHARS.toLocaleString('en-US')}` };
      return { ok: true, path, text };
    }
  }
  return { ok: false, reason: `${JSON.stringify(specifier)} is not in the agent's folder (looked for ${tried.slice(0, 3).join(', ')}…): add the file, or give what it provides a mock answer` };
}

/**
 * Files held in memory: a .zip's entries, a dropped folder, a test's fixture. Paths as given,
 * '/'-separated. `refused`: the entries the reader left out (a link, a name that leaves the
 * folder), by the path an import would reach them at, with why (a clause after the path).
 */
export function sourceFilesOf(record: Readonly<Record<string, string>>, refused: Readonly<Record<string, string>> = {}): SourceFiles {
  return {
    read: (path) => {
      if (folderPathProblem(path)) return undefined;
      if (Object.hasOwn(refused, path)) return { refused: refused[path] };
      return Object.hasOwn(record, path) ? record[path] : undefined;
    },
  };
}

/**
 * The path an import would reach a folder entry named `name` at (a .zip's entry, a chosen
 * folder's file), and why the entry is not read; undefined when it is an ordinary file of the
 * folder. `\` is read as a separator, so an entry `lib\hours.ts` is refused at `lib/hours.ts`.
 */
export function refusedEntry(name: string, link: boolean, where: string): { path: string; why: string } | undefined {
  const slashed = name.replace(/\\/g, '/');
  // Where an import reaches it: its name with `\` as `/` when that is a plain path of the folder, else nowhere (its name as given).
  const path = folderPathProblem(slashed) ? name : slashed;
  const problem = folderPathProblem(name);
  if (link) return { path, why: `is a symbolic link in ${where}, which Callboard does not follow (it could lead out of the agent's folder): ${READS_NO_FILE}; put the file itself there` };
  if (problem) return { path, why: `is named ${JSON.stringify(name)} in ${where}, which ${problem}: ${READS_NO_FILE}` };
  return undefined;
}
