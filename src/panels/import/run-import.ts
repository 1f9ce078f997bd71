// The importers, in one module the import dialog loads with import() on first use (the `yaml`
// package comes with it). The Pinecall importer runs in a Web Worker: it needs the TypeScript
// compiler, which must not load or parse on the main thread.
import { importBlockAgentTools, importBlockAgentYaml, type ImportFix } from '../../formats/block-agent';
import { withGoldens, type BundleFile } from '../../formats/bundle';
import { importJson } from '../../formats/json';
import { importPinecallInWorker } from '../../formats/worker/pinecall-client';
import { readBundleZipInWorker } from '../../formats/worker/zip-client';
import type { UnzippedBundle } from '../../formats/zip-bundle';
import type { AgentDocument, Tool } from '../../model';
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

export type { UnzippedBundle } from '../../formats/zip-bundle';

/**
 * Reads a .zip as `callboard convert -o` or the export's "Download with tests" writes it: one
 * agent file (any folder) and its goldens, within ZIP_LIMITS (formats/zip.ts), in a worker of its
 * own so that a .zip built to inflate to gigabytes never stalls the page.
 */
export function unzipBundle(file: Blob): Promise<UnzippedBundle> {
  return readBundleZipInWorker(file);
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
