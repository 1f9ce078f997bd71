import type { AgentDocument, EntityKind } from '../model';

/** A pointer at one entity of the document; the agent itself has no id. */
export interface EntityRef {
  kind: EntityKind;
  id?: string;
}

/**
 * How a change enters undo history (excalidraw's captureUpdate): `push` is one step; `skip` is
 * not undoable on its own (folded into the next step); `gesture` pushes once when a gesture
 * (a drag, a resize) starts and folds the rest of it in, until endGesture().
 */
export type HistoryMode = 'push' | 'skip' | 'gesture';

export interface DocumentSlice {
  doc: AgentDocument;
  /** Increases on every document change; the simulator records the revision each step ran on. */
  revision: number;
  canUndo: boolean;
  canRedo: boolean;
  apply(recipe: (doc: AgentDocument) => AgentDocument, options?: { history?: HistoryMode; label?: string }): void;
  replaceDocument(doc: AgentDocument): void;
  endGesture(): void;
  undo(): void;
  redo(): void;
}

export interface SelectionSlice {
  selection: EntityRef[];
  /** Bumped when something asks the UI to scroll to and reveal the selection (e.g. a Problem click). */
  revealTick: number;
  /** Where inside the selected entity to look (a JSON pointer, e.g. a problem's path). */
  focusPath: string | null;
  select(refs: EntityRef[] | EntityRef | null, options?: { additive?: boolean; reveal?: boolean; focusPath?: string | null }): void;
}

export type BottomTab = 'problems' | 'simulator' | 'changelog' | 'turns' | 'export';
export type InspectorTab = 'docs' | 'params' | 'options' | 'code';

export interface UiSlice {
  bottomTab: BottomTab;
  inspectorTab: InspectorTab;
  searchOpen: boolean;
  shortcutsOpen: boolean;
  setBottomTab(tab: BottomTab): void;
  setInspectorTab(tab: InspectorTab): void;
  setSearchOpen(open: boolean): void;
  setShortcutsOpen(open: boolean): void;
}

export interface ProjectSummary {
  id: string;
  name: string;
  updatedAt: number;
}

export interface ProjectsSlice {
  projects: ProjectSummary[];
  /** False until the saved session has been read; the UI shows nothing editable before. */
  loaded: boolean;
  saveError: string | null;
  /** A saved project that could not be read; it stays on disk untouched. */
  loadError: string | null;
  setProjects(projects: ProjectSummary[]): void;
  setLoaded(loaded: boolean): void;
  setSaveError(message: string | null): void;
  setLoadError(message: string | null): void;
}

export type AppState = DocumentSlice & SelectionSlice & UiSlice & ProjectsSlice;
