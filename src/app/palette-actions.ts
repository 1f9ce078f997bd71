import { TARGET_LABEL, TARGETS } from '../model';
import { DOCK_TABS } from '../panels/dock-tabs';
import { EXPORT_FORMATS } from '../panels/export/types';
import type { AppStore, BottomTab } from '../store';

/**
 * What the Ctrl+K palette offers beside the keyed commands (src/commands): the top bar's and the
 * dock's actions, which have no key of their own — import, New agent, export as each format,
 * switch runtime, open each panel, add a tool, the LLM settings. `words` are what a person may
 * type for it that its label does not say ("open" for import, "run" for the simulator).
 */
export interface PaletteAction {
  id: string;
  label: string;
  words: string;
  applies?(store: AppStore): boolean;
  run(store: AppStore): void;
}

/** How each panel is offered: the words that find it and, where it says more, its own label. */
const PANEL_ROWS: Record<BottomTab, { label?: string; words: string }> = {
  problems: { label: 'Show the problems (lint)', words: 'errors warnings lint check' },
  simulator: { label: 'Simulate: open the Simulator', words: 'run chat call test talk' },
  changelog: { words: 'state history captured values' },
  turns: { words: 'trace prompt model call debug' },
  tests: { label: 'Tests: run the conversation tests', words: 'golden junit pass fail' },
  export: { words: 'preview download code file' },
  versions: { label: 'Versions: save or open a version', words: 'history snapshot restore diff' },
};

export const PALETTE_ACTIONS: readonly PaletteAction[] = [
  {
    id: 'import', label: 'Import an agent file, folder or .zip…', words: 'open load upload yaml typescript json',
    run: (store) => store.getState().setImportOpen(true),
  },
  {
    id: 'new-agent', label: 'New agent…', words: 'create project template start blank',
    run: (store) => store.getState().setProjectMenu('new-agent'),
  },
  {
    id: 'add-tool', label: 'Add a tool…', words: 'function new tool create',
    run: (store) => store.getState().setAddToolOpen(true),
  },
  ...EXPORT_FORMATS.map((format): PaletteAction => ({
    id: `export-${format.id}`, label: `Export as ${format.label}`, words: `download save write ${format.short}`,
    run: (store) => {
      store.getState().setExportFormat(format.id);
      store.getState().setBottomTab('export');
    },
  })),
  ...TARGETS.map((target): PaletteAction => ({
    id: `switch-${target}`, label: `Switch the runtime to ${TARGET_LABEL[target]}`, words: 'target runtime change',
    applies: (store) => store.getState().doc.target !== target,
    run: (store) => store.getState().apply((doc) => ({ ...doc, target }), { label: 'switch target' }),
  })),
  ...DOCK_TABS.map((tab): PaletteAction => ({
    id: `open-${tab.id}`, label: PANEL_ROWS[tab.id].label ?? `Open the ${tab.label} panel`, words: `panel tab ${tab.label} ${PANEL_ROWS[tab.id].words}`,
    run: (store) => store.getState().setBottomTab(tab.id),
  })),
  {
    id: 'llm-settings', label: 'LLM settings: endpoint, model and key…', words: 'openai anthropic provider api key offline model',
    run: (store) => store.getState().setLlmSettingsOpen(true),
  },
];
