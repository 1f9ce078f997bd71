// The kind of file a Block Agent is written in (formats/file-kind.ts): YAML. Light: its reader and
// locator are loaded when a file is read (read-file.ts, locate.ts), with the `yaml` parser.
import type { FileKind } from '../../../formats/file-kind';
import { reindentTabs } from './tabs';

export const files: readonly FileKind[] = [
  {
    format: 'yaml',
    label: 'Block Agent YAML',
    tab: 'Block Agent YAML',
    short: 'YAML',
    language: 'yaml',
    extension: /\.ya?ml$/i,
    writtenAs: '.yaml',
    // Other kinds are YAML too (a Pipecat flow): their sniff may claim a plain .yaml.
    plainName: true,
    // What no other kind recognises: a text that opens like no module, no class and no saved agent.
    fallback: true,
    readsFolder: false,
    holdsToolLists: true,
    fixTabs: reindentTabs,
    read: async (text, options) => (await import('./read-file')).readBlockAgentFile(text, options),
    locator: async (text, doc) => (await import('./locate')).yamlLocator(text, doc),
  },
];
