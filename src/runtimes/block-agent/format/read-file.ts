// Reads a Block Agent YAML file for formats/import-any.ts (through the kind in files.ts): a whole
// agent, or a bare list of tools (as the documentation's samples are written), which joins the
// open agent rather than being one.
import type { ImportOptions, ImportOutcome } from '../../../formats/file-kind';
import { importBlockAgentTools, importBlockAgentYaml } from './import';

export async function readBlockAgentFile(text: string, options: ImportOptions): Promise<ImportOutcome> {
  const format = 'yaml';
  // A Block Agent file names no agent: import-any.ts gives the name its file's name says.
  const result = importBlockAgentYaml(text, { name: options.name });
  if (result.ok) return { kind: 'agent', format, doc: result.doc, warnings: result.warnings, notes: [] };
  if (!result.toolList) {
    return {
      kind: 'error', format, errors: result.errors, fix: result.fix,
      ...(result.blocksTheRest ? { blocksTheRest: true as const } : {}),
      ...(result.partial ? { partial: result.partial } : {}),
    };
  }
  const tools = importBlockAgentTools(text);
  if (!tools.ok) return { kind: 'error', format, errors: tools.errors, fix: tools.fix };
  return { kind: 'tools', format, tools: tools.tools, warnings: tools.warnings, notes: [] };
}
