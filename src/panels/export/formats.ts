// The export panel's formats, in one module the panel loads with import() when it first opens:
// the exporters (and the `yaml` package under the Block Agent one) stay out of the first paint.
// The Pinecall exporter is imported from its own file: the package index also re-exports the
// importer, which pulls in the TypeScript compiler.
import type { AgentDocument } from '../../model';
import type { Loss } from '../../formats/losses';
import { exportBlockAgentYaml } from '../../formats/block-agent/export';
import { exportPinecallTs } from '../../formats/pinecall/export';
import { slugOf } from '../../model/names';
import { exportJson } from '../../formats/json';
import { openAiToolsForStage } from '../../formats/openai-tools';
import { exportBundle } from '../../formats/bundle';
import { zipSync, strToU8 } from 'fflate';
import type { ExportFormat } from './types';

export interface ExportView {
  text: string;
  /** Where the file goes in a project, shown above the preview. */
  path: string;
  /** The name Download saves under. */
  fileName: string;
  language: 'yaml' | 'typescript' | 'json';
  /** Every path of the document the format cannot express (lossesFor, the one list of what a target cannot express). */
  losses: Loss[];
  /** What the export reordered or could not place, as sentences. */
  notes: string[];
}

export function exportView(doc: AgentDocument, format: ExportFormat, stageId: string | null): ExportView {
  const slug = slugOf(doc.name);
  switch (format) {
    case 'yaml': {
      const result = exportBlockAgentYaml(doc);
      return { text: result.text, path: `${slug}.yaml`, fileName: `${slug}.yaml`, language: 'yaml', losses: result.warnings, notes: result.notes };
    }
    case 'ts': {
      const result = exportPinecallTs(doc);
      return { text: result.text, path: result.path, fileName: result.path.split('/').pop() ?? 'agent.tsx', language: 'typescript', losses: result.warnings, notes: [] };
    }
    case 'json':
      return { text: exportJson(doc), path: `${slug}.callboard.json`, fileName: `${slug}.callboard.json`, language: 'json', losses: [], notes: [] };
    case 'openai': {
      const tools = stageId ? openAiToolsForStage(doc, stageId) : [];
      return {
        text: JSON.stringify(tools, null, 2) + '\n',
        path: `${slug}.openai-tools.json`,
        fileName: `${slug}.openai-tools.json`,
        language: 'json',
        losses: [],
        notes: [],
      };
    }
  }
}

/**
 * The agent in YAML or TypeScript with its conversation tests beside it (tests/<name>.golden.json),
 * zipped: the same files `callboard convert -o` writes, and what the import dialog reads back.
 */
export function zipWithTests(doc: AgentDocument, format: 'yaml' | 'ts'): { bytes: Uint8Array; fileName: string } {
  const files = exportBundle(doc, format === 'ts' ? 'pinecall' : 'block-agent');
  const entries: Record<string, Uint8Array> = {};
  for (const file of files) entries[file.path] = strToU8(file.text);
  return { bytes: zipSync(entries), fileName: `${slugOf(doc.name)}-with-tests.zip` };
}

/** Said under the YAML and TypeScript previews when the agent has tests: neither file holds them. */
export function testsNote(doc: AgentDocument): string | null {
  const count = doc.tests?.length ?? 0;
  if (count === 0) return null;
  return `${count} conversation test${count === 1 ? ' is' : 's are'} not in this file: "Download with tests" zips ${count === 1 ? 'it' : 'them'} beside it as tests/<name>.golden.json.`;
}
