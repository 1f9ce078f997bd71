import type { ExportFormat } from '../../formats/export-as';

export type { ExportFormat };

export const EXPORT_FORMATS: { id: ExportFormat; label: string; short: string }[] = [
  { id: 'yaml', label: 'Block Agent YAML', short: 'YAML' },
  { id: 'ts', label: 'Pinecall TS', short: 'TS' },
  { id: 'py', label: 'Pinecall Python', short: 'Python' },
  { id: 'flow', label: 'Pipecat Flows YAML', short: 'Pipecat' },
  { id: 'json', label: 'JSON', short: 'JSON' },
  { id: 'openai', label: 'OpenAI tools', short: 'OpenAI' },
];

/** One model per format under the preview folder: the TypeScript worker reports nothing there (src/editors/body-wrapper.ts). */
export const PREVIEW_PATHS: Record<ExportFormat, string> = {
  yaml: 'file:///callboard/preview/agent.yaml',
  ts: 'file:///callboard/preview/agent.tsx',
  py: 'file:///callboard/preview/agent.py',
  flow: 'file:///callboard/preview/agent.flow.yaml',
  json: 'file:///callboard/preview/agent.callboard.json',
  openai: 'file:///callboard/preview/openai-tools.json',
};

/** The formats "Download with tests" zips: a runtime's own file, with its goldens (and what goes beside it) around it. */
export const BUNDLED_FORMATS = ['yaml', 'ts', 'flow'] as const satisfies readonly ExportFormat[];
export type BundledFormat = (typeof BUNDLED_FORMATS)[number];
export const isBundled = (format: ExportFormat): format is BundledFormat => (BUNDLED_FORMATS as readonly ExportFormat[]).includes(format);
