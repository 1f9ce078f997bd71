// The kind of file a Pipecat flow is written in (formats/file-kind.ts): a FlowConfig, in YAML or
// JSON. Light: its reader is loaded when a file is read (read-file.ts), with the `yaml` parser.
import type { FileKind } from '../../../formats/file-kind';

/** A FlowConfig: `initial_node` and `nodes` at the top level (YAML at column 0, or JSON keys), and no Block Agent `blocks`. */
function looksLikeFlow(body: string): boolean {
  if (body.startsWith('{')) return /"initial_node"\s*:/.test(body) && /"nodes"\s*:/.test(body) && !/"format"\s*:\s*"callboard\.agent"/.test(body);
  return /^initial_node\s*:/m.test(body) && /^nodes\s*:/m.test(body) && !/^blocks\s*:/m.test(body);
}

export const files: readonly FileKind[] = [
  {
    format: 'flow',
    label: 'Pipecat Flows YAML',
    tab: 'Pipecat Flows YAML',
    short: 'Pipecat',
    language: 'yaml',
    // `.flow.yaml` or `.flow.json` is a flow whatever it holds.
    extension: /\.flow\.(ya?ml|json)$/i,
    writtenAs: '.flow.yaml',
    // Pipecat's own examples are named plain `.yaml` and `.json`: their top-level keys say so. First,
    // since a flow opens like neither a module nor a class.
    sniff: { order: 0, test: looksLikeFlow, overPlainNames: true },
    // The handlers.py beside it holds its functions' schemas.
    readsFolder: true,
    read: async (text, options) => (await import('./read-file')).readPipecatFile(text, options),
  },
];
