// Paths inside an agent's folder (security issue 30). Every file read on behalf of an agent — the
// CLI's folder on disk beside the agent file, the app's .zip or chosen folder, a saved document's
// bundled helpers — must stay inside the agent's folder. Pure, and the same on every system:
// `\` is read as a folder separator everywhere (Windows reads it so; a Linux file name holding one
// is refused rather than read two ways), and so are drive letters, network shares and NUL bytes.
// The links of a file system (symbolic links, junctions) are the CLI's to resolve (CliIo.realPath);
// isInsideFolder then compares the real paths.

/** Characters no file name of an agent's folder holds: NUL (C cuts the name there) and the other controls. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
/** `C:`, `c:` at the start: a Windows drive (`C:x` is relative to that drive's current folder, still not this one). */
const DRIVE = /^[A-Za-z]:/;

/**
 * Why `path` cannot name a file inside the folder it is read from, as a clause ("goes up with
 * \"..\""), or undefined when it can. `path` is a folder file's name as a reader hands it over:
 * '/'-separated from the folder's root, normalised (`agenda.ts`, `lib/hours.ts`).
 */
export function folderPathProblem(path: string): string | undefined {
  if (path === '') return 'is empty';
  if (path.includes('\u0000')) return 'holds a NUL character, which no file name has (a name cut there could lead anywhere)';
  if (CONTROL.test(path)) return 'holds a control character, which Callboard does not read in a file name';
  if (/^[/\\]{2}/.test(path)) return 'names a network share (\\\\server\\share), which leads out of the agent\'s folder';
  if (/^[/\\]/.test(path)) return 'is an absolute path, which leads out of the agent\'s folder';
  if (DRIVE.test(path)) return `names a drive ("${path.slice(0, 2)}"), which leads out of the agent's folder`;
  if (path.includes('\\')) {
    const read = folderPathProblem(path.replace(/\\/g, '/'));
    return read
      ? `${read}, once "\\" is read as a folder separator (as Windows reads it, and Callboard on every system)`
      : 'separates folders with "\\", which Callboard reads as a folder separator on every system; names in an agent\'s folder use "/"';
  }
  if (path.includes(':')) return 'holds ":", which Windows reads as a drive or a file\'s hidden stream';
  const parts = path.split('/');
  if (parts.includes('..')) return 'goes up with "..", which can lead out of the agent\'s folder';
  if (parts.some((p) => p === '' || p === '.')) return 'is not a plain path (an empty or "." part)';
  return undefined;
}

/** A path's parts, split at `/` and `\` alike, a trailing separator dropped. */
const partsOf = (path: string): string[] => path.replace(/(?<=.)[/\\]+$/, '').split(/[/\\]+/);

/** Where the real path `target` stands from the real path `folder`, part by part. */
function placeOf(folder: string, target: string): 'inside' | 'same' | 'outside' {
  if (folder === '' || target === '' || folder.includes('\u0000') || target.includes('\u0000')) return 'outside';
  const a = partsOf(folder);
  const b = partsOf(target);
  if ([...a, ...b].some((p) => p === '.' || p === '..')) return 'outside';
  // Both absolute in the same way: a root ('' first: `/x`, `\\server\share`) or the same drive.
  if (/^[/\\]/.test(folder) !== /^[/\\]/.test(target)) return 'outside';
  if (a.at(-1) === '') a.pop(); // the root itself: `/`, `C:\`
  if (b.length < a.length) return 'outside';
  const same = a.every((part, i) => part === b[i] || (i === 0 && DRIVE.test(part) && part.toLowerCase() === b[0].toLowerCase()));
  if (!same) return 'outside';
  return b.length === a.length || (b.length === a.length + 1 && b.at(-1) === '') ? 'same' : 'inside';
}

/**
 * Whether the file at the real path `target` stands inside the folder at the real path `folder`
 * (both as the file system's realpath answers them: absolute, every link resolved; POSIX or
 * Windows). Compared part by part, so `/a/agent-x` is not inside `/a/agent`. A path with a `.` or
 * `..` part, or a NUL, is not a real path: false.
 */
export const isInsideFolder = (folder: string, target: string): boolean => placeOf(folder, target) === 'inside';

/** Whether two real paths name the same place (the folder itself, reached by a link back into it). */
export const isSamePlace = (a: string, b: string): boolean => placeOf(a, b) === 'same';
