// A folder given to the import dialog (issue 12): chosen with `<input webkitdirectory>` or dropped
// (DataTransferItem.webkitGetAsEntry). Its agent files and goldens are read as texts, within the
// .zip's limits (ZIP_LIMITS: a folder is no smaller risk than a .zip), loaded with run-import.ts
// (not on first paint), then the same pure picker
// as a .zip's (formats/folder-agent.ts) tells which file is the agent and which are its siblings.
import type { BundleFile } from '../../formats/bundle';
import { refusedEntry } from '../../runtimes/pinecall/format';
import type { RefusedEntry } from '../../formats/zip-bundle';
import { formatBytes, formatCount, ZIP_LIMITS } from '../../model/limits';

/** Files worth reading: agent formats and goldens; never node_modules, dot folders or anything else. */
const WANTED = /\.(tsx?|py|jinja|rb|erb|ya?ml|json)$/i;
const skipped = (path: string) => path.split('/').some((part) => part.startsWith('.') || part === 'node_modules');

/**
 * `refused`: the files left out because their names leave the folder (`\`, `..`, a drive, NUL:
 * security issue 30), by the path an import reaches them at. A link cannot be told from a file
 * here: the browser says nothing of links, and what it hands over as a file is read as one.
 */
export type FolderRead = { ok: true; name: string; files: BundleFile[]; refused: RefusedEntry[] } | { ok: false; message: string };

async function readAll(name: string, listed: { path: string; file: File }[]): Promise<FolderRead> {
  const where = `the folder ${name}`;
  const candidates = listed.filter((f) => WANTED.test(f.path) && !skipped(f.path));
  const refused = candidates.flatMap((f) => refusedEntry(f.path, false, where) ?? []);
  const wanted = candidates.filter((f) => !refusedEntry(f.path, false, where));
  if (wanted.length > ZIP_LIMITS.entries) return { ok: false, message: `the folder ${name} holds ${formatCount(wanted.length)} agent-like files; Callboard reads at most ${formatCount(ZIP_LIMITS.entries)}` };
  const big = wanted.find((f) => f.file.size > ZIP_LIMITS.entryBytes);
  if (big) return { ok: false, message: `${big.path} is ${formatBytes(big.file.size)}; Callboard reads at most ${formatBytes(ZIP_LIMITS.entryBytes)} per file` };
  const total = wanted.reduce((sum, f) => sum + f.file.size, 0);
  if (total > ZIP_LIMITS.totalBytes) return { ok: false, message: `the files of ${name} are ${formatBytes(total)}; Callboard reads at most ${formatBytes(ZIP_LIMITS.totalBytes)} from one folder` };
  const files = await Promise.all(wanted.map(async (f) => ({ path: f.path, text: await f.file.text() })));
  return { ok: true, name, files, refused };
}

/** `<input type=file webkitdirectory>`'s files: their paths start with the folder's name, which is cut off. */
export function readChosenFolder(files: readonly File[]): Promise<FolderRead> {
  const first = files[0]?.webkitRelativePath ?? '';
  const name = first.includes('/') ? first.slice(0, first.indexOf('/')) : 'the folder';
  return readAll(name, files.map((file) => ({ path: file.webkitRelativePath.slice(name.length + 1) || file.name, file })));
}

/** A dropped folder's entry, walked (bounded by ZIP_LIMITS.entries entries in all). */
export async function readDroppedFolder(root: FileSystemDirectoryEntry): Promise<FolderRead> {
  const out: { path: string; file: File }[] = [];
  let seen = 0;
  const walk = async (dir: FileSystemDirectoryEntry, prefix: string): Promise<void> => {
    const reader = dir.createReader();
    // readEntries answers in batches until it answers none.
    for (;;) {
      const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
      if (batch.length === 0) return;
      for (const entry of batch) {
        if (++seen > ZIP_LIMITS.entries) return;
        const path = `${prefix}${entry.name}`;
        if (skipped(path)) continue;
        if (entry.isDirectory) await walk(entry as FileSystemDirectoryEntry, `${path}/`);
        else if (WANTED.test(path)) out.push({ path, file: await new Promise<File>((resolve, reject) => (entry as FileSystemFileEntry).file(resolve, reject)) });
      }
    }
  };
  await walk(root, '');
  if (seen > ZIP_LIMITS.entries) return { ok: false, message: `the folder ${root.name} holds more than ${formatCount(ZIP_LIMITS.entries)} entries; Callboard reads at most that many: drop only the agent's folder` };
  return readAll(root.name, out);
}
