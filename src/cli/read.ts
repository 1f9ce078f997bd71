// Reading an agent file of any format through the pure importers. Every message comes back
// located: a line:column in the file where the importer knows one, else a document path.
import { REINDENT_FIX } from '../runtimes/block-agent/format';
import { detectFormat, formatOfFileName, kindOf, type FileFormat } from '../formats/file-format';
import { FORMATS_LIST } from './format-names';
import { importAny } from '../formats/import-any';
import type { AgentDocument, Tool } from '../model';
import { oneLineText } from '../model/visible-text';
import { EXIT_ERRORS, UsageError, type CliIo } from './io';
import { jsonLocator } from '../formats/locate';
import type { AgentFolder } from '../formats/file-kind';
import { revealInvisible } from '../model/invisible';
import { readerWithin } from './within';

export type Severity = 'error' | 'warning' | 'info' | 'note';

export interface Diagnostic {
  severity: Severity;
  message: string;
  line?: number;
  column?: number;
  /** A JSON pointer into the document, printed when there is no line. */
  path?: string;
  rule?: string;
}

/**
 * `file:line:col: severity: message [rule]`, or `file: <path>: severity: …` where no line exists.
 * One line, whatever the message quotes from the file: a name holding a line break or an escape
 * sequence could otherwise print a line of its own, or erase the error above it.
 */
export function formatDiagnostic(file: string, d: Diagnostic): string {
  const name = oneLineText(file);
  const where = d.line !== undefined ? `${name}:${d.line}:${d.column ?? 1}` : d.path !== undefined ? `${name}: ${oneLineText(revealInvisible(d.path) || '/')}` : name;
  // A name quoted from the file shows its invisible characters as markers (⟨U+200B⟩): two look-alike names never print alike.
  return `${where}: ${d.severity}: ${oneLineText(revealInvisible(d.message))}${d.rule ? ` [${oneLineText(d.rule)}]` : ''}`;
}

export interface Source {
  /** The file as the user named it (used in messages). */
  file: string;
  text: string;
  format: FileFormat;
  /** The other files of a Pinecall agent's folder on disk: a base class or helpers it imports by a relative path. */
  folder?: AgentFolder;
}

/**
 * The folder `file` stands in, read through `io` (so tests can give an in-memory one). Paths are
 * the importer's ('/'-separated, normalised, never above the folder: source-files.ts refuses `../`
 * past it, absolute paths, drives and `\` before anything is read). Each file is read only where
 * it really stands inside the folder (within.ts: a symbolic link or junction out of it is refused).
 */
export function folderOnDisk(io: CliIo, file: string): AgentFolder {
  const cut = Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\'));
  const root = cut >= 0 ? file.slice(0, cut + 1) : '';
  return { agent: file.slice(cut + 1), files: { read: readerWithin(io, root) } };
}

export type Loaded =
  /** `text` is what was read: the source, re-indented when --fix-tabs applied (lines stay where they were). */
  | { ok: true; kind: 'agent'; doc: AgentDocument; text: string; diagnostics: Diagnostic[] }
  /** A Block Agent list of tools (as the documentation's samples are written), not a whole agent. */
  | { ok: true; kind: 'tools'; tools: Tool[]; text: string; diagnostics: Diagnostic[] }
  | {
    ok: false; diagnostics: Diagnostic[]; hint?: string;
    /** The errors stopped the reading: nothing after them was checked (said beside them). */
    blocksTheRest?: true;
    /** The agent without what the errors are about, and the import's warnings: lint checks the rest in the same pass. */
    partial?: { doc: AgentDocument; text: string; diagnostics: Diagnostic[] };
  };

/**
 * Reads the file; a missing or unreadable file, or an unknown format, is a usage error (exit 2).
 * Without --from the format is the import dialog's (detectFormat): the extension, and where it
 * says only a syntax other kinds share, the text (a FlowConfig in a plain `.yaml` is a flow).
 */
export function readSource(io: CliIo, file: string, from: FileFormat | undefined, command: string): Source {
  if (!from && !formatOfFileName(file)) {
    throw new UsageError(
      file === '-' ? `reading standard input needs --from ${FORMATS_LIST}` : `cannot tell the format of ${file} from its extension; add --from ${FORMATS_LIST}`,
      command,
    );
  }
  const read = io.readText(file);
  if (!read.ok) throw new UsageError(`${file}: ${read.reason}`, command);
  const format = from ?? detectFormat(read.text, file);
  return { file, text: read.text, format, ...(kindOf(format).readsFolder && file !== '-' ? { folder: folderOnDisk(io, file) } : {}) };
}

const TAB_HINT = `run again with --fix-tabs to re-indent with spaces (the app's "${REINDENT_FIX.label}" fix does the same)`;

export async function loadAgent(source: Source, options: { fixTabs: boolean }): Promise<Loaded> {
  const fixTabs = options.fixTabs ? kindOf(source.format).fixTabs : undefined;
  const text = fixTabs ? fixTabs(source.text) : source.text;
  const fileName = source.file === '-' ? undefined : source.file;
  const outcome = await importAny(text, { format: source.format, fileName, folder: source.folder });
  if (outcome.kind === 'error') {
    const hint = outcome.fix ? TAB_HINT : undefined;
    if (outcome.format !== 'json') {
      return {
        ok: false,
        diagnostics: outcome.errors.map((e) => ({ severity: 'error', ...e })),
        hint,
        ...(outcome.blocksTheRest ? { blocksTheRest: true as const } : {}),
        ...(outcome.partial ? { partial: { doc: outcome.partial.doc, text, diagnostics: outcome.partial.warnings.map((w) => ({ severity: 'warning' as const, ...w })) } } : {}),
      };
    }
    const locate = jsonLocator(text);
    return {
      ok: false,
      diagnostics: outcome.errors.map((e) => {
        const position = e.line === undefined && e.path !== undefined ? locate({ path: e.path, entity: { kind: 'agent' } }) : undefined;
        // A schema error's message does not say where; its path does.
        const message = e.path !== undefined && position ? `${e.path || '/'}: ${e.message}` : e.message;
        return { severity: 'error', message, line: e.line, column: e.column, ...position, path: e.path };
      }),
    };
  }
  const diagnostics: Diagnostic[] = [
    ...outcome.notes.map((n) => ({ severity: 'note' as const, ...n })),
    ...outcome.warnings.map((w) => ({ severity: 'warning' as const, ...w })),
  ];
  if (outcome.kind === 'tools') return { ok: true, kind: 'tools', tools: outcome.tools, text, diagnostics };
  return { ok: true, kind: 'agent', doc: outcome.doc, text, diagnostics };
}

/** Said after an error that stopped the reading, so no one takes its being alone for the file's only problem. */
export const BLOCKS_THE_REST = 'this error stops the reading of the file, so nothing after it was checked; fix it and run again to see any other problem';

/** Prints a failed load to standard error; the exit code it calls for. */
export function reportFailure(io: CliIo, file: string, loaded: Extract<Loaded, { ok: false }>): number {
  for (const d of loaded.diagnostics) io.err(formatDiagnostic(file, d) + '\n');
  if (loaded.blocksTheRest) io.err(formatDiagnostic(file, { severity: 'note', message: BLOCKS_THE_REST }) + '\n');
  if (loaded.hint) io.err(`hint: ${loaded.hint}\n`);
  return EXIT_ERRORS;
}
