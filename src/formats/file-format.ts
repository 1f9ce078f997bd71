// Which kind of file (file-kind.ts) a file or a pasted text is, and the name a file gives an agent:
// the import dialog and the CLI both ask here (import-any.ts). Every kind is a runtime's home's
// (RUNTIME_FILE_KINDS) but Callboard's own JSON, which is here; nothing below names a runtime's
// format. Light on purpose: it runs before any reader loads.
import { DOCUMENT_FORMAT } from '../model/types';
import type { FileFormat, FileKind } from './file-kind';
import { RUNTIME_FILE_KINDS } from './runtime-homes';

export type { FileFormat, FileKind };

/** A JSON object whose `format` is callboard.agent: the save format, even when it is broken. */
function isSaveFile(body: string): boolean {
  if (!body.startsWith('{')) return false;
  try {
    const value = JSON.parse(body) as unknown;
    return Boolean(value && typeof value === 'object' && (value as { format?: unknown }).format === DOCUMENT_FORMAT);
  } catch {
    // A broken save file still says what it is: the JSON importer then reports where it breaks.
    return new RegExp(`"format"\\s*:\\s*"${DOCUMENT_FORMAT.replace('.', '\\.')}"`).test(body);
  }
}

/** Callboard's own save format. */
const CALLBOARD_JSON: FileKind = {
  format: 'json',
  label: 'Callboard JSON',
  tab: 'JSON',
  short: 'JSON',
  language: 'json',
  extension: /(?:\.callboard)?\.json$/i,
  writtenAs: '.callboard.json',
  // A runtime's file may be JSON too (a FlowConfig): its sniff may claim a plain .json.
  plainName: true,
  sniff: { order: 10, test: isSaveFile },
  readsFolder: false,
  read: async (text) => {
    const { importJson } = await import('./json');
    const result = importJson(text);
    if (!result.ok) return { kind: 'error', format: 'json', errors: result.errors };
    return { kind: 'agent', format: 'json', doc: result.doc, warnings: [], notes: result.migrated.map((m) => ({ message: `updated from an older save format: ${m}` })) };
  },
  locator: async (text) => (await import('./json-file-locator')).jsonLocator(text),
};

/** Every kind of agent file: Callboard's JSON, then each runtime's in the schema's order. */
export const FILE_KINDS: readonly FileKind[] = [CALLBOARD_JSON, ...RUNTIME_FILE_KINDS];

/** The kind named `format`. */
export const kindOf = (format: FileFormat): FileKind => FILE_KINDS.find((k) => k.format === format)!;

export const FILE_FORMAT_LABEL = Object.fromEntries(FILE_KINDS.map((k) => [k.format, k.label])) as Record<FileFormat, string>;

/** Every format, as the CLI's usage lines list them: `json|ts|py|yaml|flow`. */
export const FILE_FORMATS: readonly FileFormat[] = FILE_KINDS.map((k) => k.format);

/** The kind whose extension matches more of the name: `x.flow.yaml` is a flow, `x.yaml` YAML. */
function kindOfFileName(fileName: string): { kind: FileKind; extension: string } | undefined {
  let best: { kind: FileKind; extension: string } | undefined;
  for (const kind of FILE_KINDS) {
    const extension = kind.extension.exec(fileName)?.[0];
    if (extension !== undefined && (!best || extension.length > best.extension.length)) best = { kind, extension };
  }
  return best;
}

/** The format a file name's extension says, if it says one (`callboard convert -o` picks its output by it too). */
export function formatOfFileName(fileName: string): FileFormat | undefined {
  return kindOfFileName(fileName)?.kind.format;
}

const SNIFFS = FILE_KINDS.filter((k) => k.sniff).sort((a, b) => a.sniff!.order - b.sniff!.order);

/**
 * The file name's extension when it has a known one; otherwise the content, each kind's sniff in
 * its order (a saved agent, a module or a class…); anything else is the fallback kind. A sniff that
 * claims plain names (a FlowConfig) also wins over a name that says only `.yaml` or `.json`.
 */
export function detectFormat(text: string, fileName?: string): FileFormat {
  const known = fileName ? kindOfFileName(fileName)?.kind : undefined;
  const body = text.replace(/^\uFEFF/, '').trimStart();
  const mayClaim = (kind: FileKind) => known === undefined || (kind.sniff!.overPlainNames === true && known.plainName === true);
  const claimed = SNIFFS.find((kind) => mayClaim(kind) && kind.sniff!.test(body));
  if (claimed) return claimed.format;
  if (known) return known.format;
  return FILE_KINDS.find((k) => k.fallback)!.format;
}

/** A Block Agent file has no name of its own: "clinic-booking.yaml" gives "Clinic Booking". */
export function nameFromFileName(fileName: string): string | undefined {
  const base = fileName.split(/[\\/]/).pop()!;
  const extension = kindOfFileName(base)?.extension ?? '';
  const words = base.slice(0, base.length - extension.length).split(/[\s_\-.]+/).filter(Boolean);
  if (words.length === 0) return undefined;
  return words.map((w) => w[0].toUpperCase() + w.slice(1)).join(' ');
}
