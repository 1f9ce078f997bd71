// The importers, in one module the import dialog loads with import() on first use (the `yaml`
// package comes with it). The Pinecall importer runs in a Web Worker: it needs the TypeScript
// compiler, which must not load or parse on the main thread.
import { importBlockAgentTools, importBlockAgentYaml, type ImportFix } from '../../formats/block-agent';
import { isGoldenPath, withGoldens, type BundleFile } from '../../formats/bundle';
import { importJson } from '../../formats/json';
import { importPinecallInWorker } from '../../formats/worker/pinecall-client';
import type { AgentDocument, Tool } from '../../model';
import { unzipSync } from 'fflate';
import type { ImportFormat } from './detect';

export { addImportedTools } from '../../formats/block-agent';

/** An error or warning: where in the text (line:column, 1-based) or in the document (a JSON pointer). */
export interface Located {
  message: string;
  line?: number;
  column?: number;
  path?: string;
}

export type ImportOutcome =
  | { kind: 'agent'; format: ImportFormat; doc: AgentDocument; warnings: Located[] }
  | { kind: 'tools'; format: ImportFormat; tools: Tool[]; warnings: Located[] }
  | { kind: 'error'; format: ImportFormat; errors: Located[]; fix?: ImportFix };

export async function runImport(text: string, format: ImportFormat, options: { name?: string } = {}): Promise<ImportOutcome> {
  switch (format) {
    case 'json': {
      const result = importJson(text);
      if (!result.ok) return { kind: 'error', format, errors: result.errors };
      return { kind: 'agent', format, doc: result.doc, warnings: result.migrated.map((m) => ({ message: `updated from an older save format: ${m}` })) };
    }
    case 'ts': {
      const result = await importPinecallInWorker(text);
      if (!result.ok) return { kind: 'error', format, errors: result.errors };
      return { kind: 'agent', format, doc: result.doc, warnings: result.warnings };
    }
    case 'yaml': {
      const result = importBlockAgentYaml(text, { name: options.name });
      if (result.ok) return { kind: 'agent', format, doc: result.doc, warnings: result.warnings };
      if (!result.toolList) return { kind: 'error', format, errors: result.errors, fix: result.fix };
      // A bare list of tools (as the documentation's samples are written): they join the open agent.
      const tools = importBlockAgentTools(text);
      if (!tools.ok) return { kind: 'error', format, errors: tools.errors, fix: tools.fix };
      return { kind: 'tools', format, tools: tools.tools, warnings: tools.warnings };
    }
  }
}

/** What a .zip bundle holds: its one agent file and its tests/*.golden.json (issue 6), or why not. */
export type UnzippedBundle =
  | { ok: true; agent: BundleFile; goldens: BundleFile[] }
  | { ok: false; message: string };

const AGENT_FILE = /\.(tsx?|ya?ml|json)$/i;

/**
 * Reads a .zip as `callboard convert -o` or the export's "Download with tests" writes it: one
 * agent file (any folder) and its goldens. Folders macOS adds (`__MACOSX/`) and dot files are skipped.
 */
export function unzipBundle(bytes: Uint8Array): UnzippedBundle {
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes);
  } catch (error) {
    return { ok: false, message: `the .zip could not be read (${error instanceof Error ? error.message : String(error)}): export it again, or open the agent file itself` };
  }
  const decoder = new TextDecoder();
  const files: BundleFile[] = Object.entries(entries)
    .filter(([path]) => !path.endsWith('/') && !path.startsWith('__MACOSX/') && !path.split('/').some((part) => part.startsWith('.')))
    .map(([path, data]) => ({ path, text: decoder.decode(data) }));
  const goldens = files.filter((f) => isGoldenPath(f.path));
  const agents = files.filter((f) => !isGoldenPath(f.path) && AGENT_FILE.test(f.path));
  if (agents.length !== 1) {
    return {
      ok: false,
      message: agents.length === 0
        ? 'the .zip holds no agent file (.yaml, .tsx, .ts or .json): put the agent beside its tests/ folder'
        : `the .zip holds ${agents.length} agent files (${agents.map((a) => a.path).join(', ')}): keep one agent with its tests/*.golden.json`,
    };
  }
  return { ok: true, agent: agents[0], goldens };
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
