// Which importer a file or a pasted text goes to, and the name a file gives an agent: the import
// dialog and the CLI both ask here (import-any.ts). Light on purpose: it runs before any importer loads.
import { DOCUMENT_FORMAT } from '../model/types';

export type FileFormat = 'yaml' | 'ts' | 'py' | 'json' | 'flow';

export const FILE_FORMAT_LABEL: Record<FileFormat, string> = {
  yaml: 'Block Agent YAML',
  ts: 'Pinecall TypeScript',
  py: 'Pinecall Python',
  json: 'Callboard JSON',
  flow: 'Pipecat Flows YAML',
};

const BY_EXTENSION: [RegExp, FileFormat][] = [
  // Before .json and .yaml: a `.flow.yaml` or `.flow.json` is a Pipecat flow whatever it holds.
  [/\.flow\.(ya?ml|json)$/i, 'flow'],
  [/\.json$/i, 'json'],
  [/\.ya?ml$/i, 'yaml'],
  [/\.[cm]?[tj]sx?$/i, 'ts'],
  [/\.py$/i, 'py'],
];

/** The format a file name's extension says, if it says one (`callboard convert -o` picks its output by it too). */
export function formatOfFileName(fileName: string): FileFormat | undefined {
  return BY_EXTENSION.find(([pattern]) => pattern.test(fileName))?.[1];
}

/**
 * The file name's extension when it has a known one; otherwise the content: a JSON object whose
 * `format` is callboard.agent is the save format; a text that opens like a module (import, export,
 * a JSDoc, a decorator) or declares `extends Agent` is a Pinecall class; anything else is YAML.
 */
export function detectFormat(text: string, fileName?: string): FileFormat {
  const known = fileName ? formatOfFileName(fileName) : undefined;
  const body = text.replace(/^\uFEFF/, '').trimStart();
  // A FlowConfig in a plain .yaml or .json (Pipecat's own examples are named so): its top-level keys say so.
  if ((known === undefined || known === 'yaml' || known === 'json') && looksLikeFlow(body)) return 'flow';
  if (known) return known;
  if (body.startsWith('{')) {
    try {
      const value = JSON.parse(body) as unknown;
      if (value && typeof value === 'object' && (value as { format?: unknown }).format === DOCUMENT_FORMAT) return 'json';
    } catch {
      // A broken save file still says what it is: the JSON importer then reports where it breaks.
      if (new RegExp(`"format"\\s*:\\s*"${DOCUMENT_FORMAT.replace('.', '\\.')}"`).test(body)) return 'json';
    }
  }
  // Python first: `from x import y` and `class X(Agent):` are no TypeScript, while `import x` and `@` open both.
  if (/^\s*from\s+[\w.]+\s+import\b/m.test(body) || /^class\s+\w+\((?:pinecall\.)?Agent\)\s*:/m.test(body)) return 'py';
  if (/^(import\b|export\b|\/\*\*|@)/.test(body) || /\bextends\s+Agent\b/.test(body)) return 'ts';
  return 'yaml';
}

/** A Pipecat FlowConfig: `initial_node` and `nodes` at the top level (YAML at column 0, or JSON keys), and no Block Agent `blocks`. */
function looksLikeFlow(body: string): boolean {
  if (body.startsWith('{')) return /"initial_node"\s*:/.test(body) && /"nodes"\s*:/.test(body) && !/"format"\s*:\s*"callboard\.agent"/.test(body);
  return /^initial_node\s*:/m.test(body) && /^nodes\s*:/m.test(body) && !/^blocks\s*:/m.test(body);
}

/** A Block Agent file has no name of its own: "clinic-booking.yaml" gives "Clinic Booking". */
export function nameFromFileName(fileName: string): string | undefined {
  const stem = fileName.split(/[\\/]/).pop()!.replace(/\.(ya?ml|json|[cm]?[tj]sx?|py)$/i, '').replace(/\.(callboard|flow)$/i, '');
  const words = stem.split(/[\s_\-.]+/).filter(Boolean);
  if (words.length === 0) return undefined;
  return words.map((w) => w[0].toUpperCase() + w.slice(1)).join(' ');
}
