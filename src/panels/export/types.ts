// The Export panel's formats: every kind of agent file (formats/file-kind.ts), each runtime's in the
// schema's order and then Callboard's JSON, and OpenAI's tools array of one stage.
import type { ExportFormat } from '../../formats/export-as';
import { FILE_KINDS } from '../../formats/file-format';
import { RUNTIME_FACTS } from '../../runtimes/facts';

export type { ExportFormat };

const OPENAI = { id: 'openai', label: 'OpenAI tools', short: 'OpenAI', preview: 'file:///callboard/preview/openai-tools.json' } as const;

const byRuntimeFirst = [...FILE_KINDS].sort((a, b) => Number(a.format === 'json') - Number(b.format === 'json'));

export const EXPORT_FORMATS: { id: ExportFormat; label: string; short: string }[] = [
  ...byRuntimeFirst.map((k) => ({ id: k.format, label: k.tab, short: k.short })),
  { id: OPENAI.id, label: OPENAI.label, short: OPENAI.short },
];

/** One model per format under the preview folder: the TypeScript worker reports nothing there (src/editors/body-wrapper.ts). */
export const PREVIEW_PATHS = Object.fromEntries([
  ...FILE_KINDS.map((k) => [k.format, `file:///callboard/preview/agent${k.writtenAs}`]),
  [OPENAI.id, OPENAI.preview],
]) as Record<ExportFormat, string>;

/** The formats "Download with tests" zips: a runtime's own file (each runtime's facts name it), with its goldens (and what goes beside it) around it. */
export const BUNDLED_FORMATS: readonly ExportFormat[] = RUNTIME_FACTS.map((r) => r.fileFormat);
export const isBundled = (format: ExportFormat): boolean => BUNDLED_FORMATS.includes(format);
