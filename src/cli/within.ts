// The files the CLI reads beside an agent file — its base class and helpers (read.ts), its
// tests/*.golden.json (test-files.ts) — stay inside the agent's folder (security issue 30). A
// path is first checked as text (model/folder-paths.ts: no `..`, no absolute path, drive, `\` or
// NUL), then where it really is: io.realPath resolves every symbolic link and junction, and the
// file is read (at its real path) only when that stands inside the real path of the folder, so a
// helper linked to ~/.npmrc, or a folder linked to /, is refused and nothing of it is read. The
// folder itself may be reached through a link: both sides are compared resolved.
import { LEAVES_FOLDER, READS_NO_FILE, type Refused } from '../runtimes/pinecall/format';
import { folderPathProblem, isInsideFolder, isSamePlace } from '../model/folder-paths';
import type { CliIo, RealPathResult } from './io';

/** Why a file reached through a link out of the folder is not read: a clause after its path. */
export const LINKED_OUT = `is reached through a link (a symbolic link or junction) that ${LEAVES_FOLDER}: copy the file into the folder instead of linking it`;

/**
 * A reader of the folder `root` (as the user's path names it: '' for the current folder, else
 * ending with `/` or `\`): a file's text by its '/'-separated path from there, undefined when
 * there is none, or `refused` with why when it is not inside the folder.
 */
export function readerWithin(io: CliIo, root: string): (path: string) => string | Refused | undefined {
  let folder: RealPathResult | undefined;
  return (path) => {
    const problem = folderPathProblem(path);
    if (problem) return { refused: `${problem}: ${READS_NO_FILE}` };
    if (!io.realPath) return { refused: `cannot be checked to stand inside the agent's folder (this reader cannot resolve links): ${READS_NO_FILE}` };
    folder ??= io.realPath(root === '' ? '.' : root);
    if (!folder.ok) return { refused: `cannot be checked to stand inside the agent's folder, whose real path is unknown (${folder.reason}): ${READS_NO_FILE}` };
    const real = io.realPath(`${root}${path}`);
    // Not there (or a link to nothing): tried as missing, as before.
    if (!real.ok) return undefined;
    // The folder itself (`./lib/..` through a link back) is no file: looked for further, as any folder is.
    if (isSamePlace(folder.path, real.path)) return undefined;
    if (!isInsideFolder(folder.path, real.path)) return { refused: LINKED_OUT };
    const read = io.readText(real.path);
    return read.ok ? read.text : undefined;
  };
}
