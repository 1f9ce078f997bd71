// The other files of a Pinecall agent's folder (issue 12): a base class or plain TypeScript
// helpers the agent reaches by a relative import (`import { agendaFor } from "./agenda"`). The
// importer sees them only through SourceFiles, so the CLI (the folder on disk), the app (a dropped
// folder or a .zip) and unit tests (a record) read them the same way. Bounded: a folder of a
// thousand files or a chain of imports a hundred deep is not an agent's helpers.

/** Files of the agent's folder, by '/'-separated path from its root (`agenda.ts`, `lib/hours.ts`). */
export interface SourceFiles {
  /** The file's text, or undefined when there is none at that path (or it cannot be read). */
  read(path: string): string | undefined;
}

/** How many files the importer reads besides the agent's own. */
export const MAX_SOURCE_FILES = 32;
/** How many relative imports one chain follows (agent → base → helper → …). */
export const MAX_IMPORT_DEPTH = 8;
/** Characters of one file read. */
export const MAX_SOURCE_CHARS = 1_000_000;

/** Extensions tried, in Node's and TypeScript's order, for `./x`. */
const CANDIDATES = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/** A specifier that names a file of the folder (`./x`, `../x`), not a package (`date-fns`, `node:fs`). */
export const isRelative = (specifier: string): boolean => specifier === '.' || specifier === '..' || specifier.startsWith('./') || specifier.startsWith('../');

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
 * Where `specifier`, imported by the file at `importer`, stands in the folder, and its text: tried
 * as written, then with `.ts`, `.tsx`, `/index.ts`, `/index.tsx`. A `.js` specifier (as ESM
 * TypeScript writes `./agenda.js` for `agenda.ts`) is tried as `.ts` too. Never outside the root.
 */
export function resolveRelative(files: SourceFiles, importer: string, specifier: string): Resolved {
  const joined = joinPath(folderOf(importer), specifier);
  if (joined === undefined) return { ok: false, reason: `"${specifier}" leads out of the agent's folder, which is all Callboard reads: move the file into the folder (beside ${importer || 'the agent'})` };
  const stems = /\.jsx?$/.test(joined) ? [joined.replace(/\.js(x?)$/, '.ts$1'), joined] : [joined];
  const tried: string[] = [];
  for (const stem of stems) {
    for (const ending of CANDIDATES) {
      const path = `${stem}${ending}`.replace(/^\//, '');
      if (path === '' || tried.includes(path)) continue;
      tried.push(path);
      const text = files.read(path);
      if (text === undefined) continue;
      if (text.length > MAX_SOURCE_CHARS) return { ok: false, reason: `${path} is ${text.length.toLocaleString('en-US')} characters; Callboard reads files of at most ${MAX_SOURCE_CHARS.toLocaleString('en-US')}` };
      return { ok: true, path, text };
    }
  }
  return { ok: false, reason: `"${specifier}" is not in the agent's folder (looked for ${tried.slice(0, 3).join(', ')}…): add the file, or give what it provides a mock answer` };
}

/** Files held in memory: a .zip's entries, a dropped folder, a test's fixture. Paths as given, '/'-separated. */
export function sourceFilesOf(record: Readonly<Record<string, string>>): SourceFiles {
  return { read: (path) => (Object.hasOwn(record, path) ? record[path] : undefined) };
}
