// Conversation tests as files on the command line: the *.golden.json of a tests folder read in
// (`test`, and `convert` beside its input) and written out (`convert -o`). Paths are joined as
// text, since src/cli has no Node types (io.ts).
import { GOLDEN_SUFFIX, goldenFiles, withGoldens, type BundleFile, type BundleProblem } from '../formats/bundle';
import type { AgentDocument } from '../model';
import { oneLineText } from '../model/visible-text';
import { UsageError, type CliIo } from './io';
import { readerWithin } from './within';

export const folderOf = (file: string): string => (/[\\/]/.test(file) ? file.replace(/[\\/][^\\/]*$/, '') || '/' : '.');
export const joinPath = (dir: string, name: string): string => (dir === '.' ? name : `${dir.replace(/[\\/]+$/, '')}/${name}`);

/**
 * The goldens of a tests folder: `dir` when given (it must exist, else a usage error of
 * `command`), else `tests/` beside the agent file when there is one. Not recursive.
 */
export function readGoldens(io: CliIo, agentFile: string, dir: string | undefined, command: string): BundleFile[] {
  if (dir === undefined && agentFile === '-') return [];
  const folder = dir ?? joinPath(folderOf(agentFile), 'tests');
  const listed = io.listDir?.(folder);
  if (!listed?.ok) {
    if (dir !== undefined) throw new UsageError(`--tests ${dir}: ${listed?.reason ?? 'cannot list folders here'}`, command);
    return [];
  }
  // The tests/ beside the agent are the agent's folder's: read only where they really stand in it
  // (within.ts), so a tests/ linked out of the folder is refused. A folder named with --tests is the user's choice.
  const agentFolder = agentFile.slice(0, Math.max(agentFile.lastIndexOf('/'), agentFile.lastIndexOf('\\')) + 1);
  const within = dir === undefined ? readerWithin(io, agentFolder) : undefined;
  return listed.names
    .filter((n) => n.endsWith(GOLDEN_SUFFIX))
    .sort()
    .flatMap((name) => {
      const path = joinPath(folder, name);
      if (within) {
        const read = within(`tests/${name}`);
        if (read !== undefined && typeof read !== 'string') {
          io.err(`${path}: warning: left out: tests/${name} ${read.refused}\n`);
          return [];
        }
        return [{ path, text: read ?? '' }];
      }
      const read = io.readText(path);
      // An unreadable golden is reported as a broken one: text that is no JSON.
      return [{ path, text: read.ok ? read.text : '' }];
    });
}

/** One line per problem: a golden's file name is the folder's, its message may quote the golden. */
export const problemLine = (p: BundleProblem): string =>
  `${oneLineText(p.file)}${p.line !== undefined ? `:${p.line}:${p.column ?? 1}` : ''}: ${p.severity}: ${oneLineText(p.message)}\n`;

/** The document with the goldens of its tests folder added; each problem printed to standard error. */
export function withGoldensFrom(io: CliIo, doc: AgentDocument, goldens: BundleFile[]): { doc: AgentDocument; failed: boolean } {
  const merged = withGoldens(doc, goldens);
  for (const p of merged.problems) io.err(problemLine(p));
  return { doc: merged.doc, failed: merged.problems.some((p) => p.severity === 'error') };
}

/** Writes the document's tests as `tests/<name>.golden.json` beside `outputFile`; the paths written. */
export function writeGoldens(io: CliIo, doc: AgentDocument, outputFile: string): string[] {
  const dir = folderOf(outputFile);
  return goldenFiles(doc, dir === '.' ? '' : dir).map((file) => {
    io.writeText(file.path, file.text);
    return file.path;
  });
}
