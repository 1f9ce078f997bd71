import type { AgentDocument, EntityKind, PlayedTurn } from '../model';
import type { ExportFormat } from '../formats/export-as';
// The engine's public surface only (simulator/index.ts): the store holds a run, it does not run one.
import type { CallFacts, Session, SimInput, TestRunResult } from '../simulator';

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
  /** The last undo or redo and the step it took back or made again ("delete tool book"); `seq` tells two alike apart. */
  undoNote: { action: 'undo' | 'redo'; what: string; seq: number } | null;
  apply(recipe: (doc: AgentDocument) => AgentDocument, options?: { history?: HistoryMode; label?: string }): void;
  replaceDocument(doc: AgentDocument): void;
  endGesture(): void;
  undo(): void;
  redo(): void;
  /**
   * A version opened read-only (issue 15): while set, `doc` is the version and every edit is
   * refused; `closeViewing` gives the open agent (`live`) back. Nothing saves the viewed version.
   */
  viewing: ViewingState | null;
  viewVersion(version: AgentDocument, label: string): void;
  closeViewing(): void;
}

export interface ViewingState {
  /** "the version of 1 Dec 2026, 09:00 (before the refill flow)" */
  label: string;
  /** The open agent, as it was when the version was opened. */
  live: AgentDocument;
  liveSelection: EntityRef[];
}

export interface SelectionSlice {
  selection: EntityRef[];
  /** Bumped when something asks the UI to scroll to and reveal the selection (e.g. a Problem click). */
  revealTick: number;
  /** Where inside the selected entity to look (a JSON pointer, e.g. a problem's path). */
  focusPath: string | null;
  /**
   * The stage or block selected last, kept while a tool or state field is selected after it: the
   * place "+ Tool" offers as "Only in …" whatever is selected now (issue 31).
   */
  lastPlace: EntityRef | null;
  select(refs: EntityRef[] | EntityRef | null, options?: { additive?: boolean; reveal?: boolean; focusPath?: string | null }): void;
}

export type BottomTab = 'problems' | 'simulator' | 'changelog' | 'turns' | 'tests' | 'export' | 'versions';
export type InspectorTab = 'docs' | 'params' | 'options' | 'code';

export interface UiSlice {
  bottomTab: BottomTab;
  inspectorTab: InspectorTab;
  searchOpen: boolean;
  shortcutsOpen: boolean;
  /** The LLM settings dialog: the top bar's button and the simulator's and Tests panel's chips open it. */
  llmSettingsOpen: boolean;
  /** The Import dialog: the top bar's button, a dropped file and the Ctrl+K palette open it. */
  importOpen: boolean;
  /** The project menu: closed, open on the list, or open on New agent's templates (the palette's "New agent…"). */
  projectMenu: 'closed' | 'list' | 'new-agent';
  /** The "+ Tool" chooser over the canvas (its button and the palette open it). */
  addToolOpen: boolean;
  /** The step the chat's "Replay from here" asked to replay from; `seq` makes a second ask a new replay. */
  replayRequest: { fromIndex: number; seq: number } | null;
  /** Bumped by a layout the canvas did not start itself (the top bar's Layout): the canvas fits the view to it. */
  layoutTick: number;
  /** The export format last chosen by hand; null until then (the document's target decides). */
  exportFormat: ExportFormat | null;
  setBottomTab(tab: BottomTab): void;
  setInspectorTab(tab: InspectorTab): void;
  setSearchOpen(open: boolean): void;
  setShortcutsOpen(open: boolean): void;
  setLlmSettingsOpen(open: boolean): void;
  setImportOpen(open: boolean): void;
  setProjectMenu(menu: 'closed' | 'list' | 'new-agent'): void;
  setAddToolOpen(open: boolean): void;
  openReplay(fromIndex: number): void;
  closeReplay(): void;
  laidOut(): void;
  setExportFormat(format: ExportFormat): void;
  /** Tools the user asked to delete (the Delete key, the inspector's button, a menu): the confirm dialog shows what refers to them. */
  toolDeleteRequest: { toolIds: string[] } | null;
  /** Opens the tool delete confirm (null closes it). */
  requestToolDelete(toolIds: string[] | null): void;
  /** The open agent compared with another (issue 15): the canvas overlays the differences; null when not comparing. */
  compare: CompareState | null;
  /**
   * Compare the open agent with `base` (a version, a file being imported, …), labelled
   * "Comparing with <label>": the canvas shows the diff overlay, the list and "What the model sees".
   */
  startCompare(base: AgentDocument, label: string): void;
  closeCompare(): void;
}

/** What the open agent is compared with: `base` is the "before", the open agent the "after". */
export interface CompareState {
  base: AgentDocument;
  label: string;
}

export interface ProjectSummary {
  id: string;
  name: string;
  updatedAt: number;
  /** What tells two projects of a name apart in the list; absent in summaries saved before them. */
  target?: AgentDocument['target'];
  stages?: number;
}

/**
 * Whether this tab may save the open project. `read-only`: another tab edits it
 * (`open-elsewhere`), took it over from this one (`taken-over`), or saved over the revision this
 * tab loaded (`changed-elsewhere`); this tab then writes nothing until the user chooses.
 */
export type ProjectAccess =
  | { mode: 'edit' }
  | { mode: 'read-only'; why: 'open-elsewhere' | 'taken-over' | 'changed-elsewhere'; acknowledged: boolean; unsaved: boolean };

/** A saved project whose record does not load; it is kept untouched until the user deletes it. */
export interface BrokenProject {
  id: string;
  name: string;
  problems: string[];
}

export interface ProjectsSlice {
  projects: ProjectSummary[];
  access: ProjectAccess;
  brokenProjects: BrokenProject[];
  /** Edits refused because this tab was opened read-only (store/access.ts): the banner says so. */
  refusedEdits: number;
  setAccess(access: ProjectAccess): void;
  setBrokenProjects(broken: BrokenProject[]): void;
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

/** One finished (or failed) step of the open run, kept for "restart from here" and the panels. */
export interface SimStepRecord {
  input: SimInput;
  /** The session before the step: restarting from this step starts again from here. */
  before: Session;
  after: Session;
  /** The document revision the step ran on. */
  revision: number;
  /** What a person answered in the model's place at this step ("Play the model"); absent: the model answered. */
  played?: PlayedTurn;
}

export type ProviderKind = 'offline' | 'openai' | 'anthropic';

/** LLM settings as the app keeps them. The key is not here: it lives in SimulationSlice.apiKey. */
export interface LlmSettings {
  provider: ProviderKind;
  baseUrl: string;
  model: string;
  temperature: number;
  /** Idle timeout of a model call, in seconds: how long the server may stay silent before the call fails. */
  timeoutSeconds: number;
  /**
   * How long one step's agent code (templates, predicates, tool bodies) may run in all, in seconds
   * (src/simulator/budget.ts); a step past it stops and names the code that ran out.
   */
  budgetSeconds: number;
  /**
   * The most one model answer (its text and tool-call arguments) may hold, in MB (decimal), and
   * the longest it may take in all, in seconds: a server that streams past either is cut off
   * (src/simulator/providers/answer-bounds.ts). The idle timeout alone never stops one that keeps sending.
   */
  answerMegabytes: number;
  answerSeconds: number;
  /** "Remember on this device": only then is the key written to localStorage. */
  rememberKey: boolean;
  /**
   * The offline model writes alone only values of the kinds of evidence measured right nine times
   * in ten on unseen agents; any other guess waits for the person to confirm it ("play the model").
   */
  offlineStrict: boolean;
}

/**
 * The open simulator run. Not part of the document and never saved with it: a run is a view of
 * the document, and the key must never reach the saved project.
 */
export interface SimulationSlice {
  session: Session | null;
  steps: SimStepRecord[];
  /** A step is in flight (Stop aborts it). */
  running: boolean;
  /** Agent text arriving now, before the step ends. */
  streaming: string | null;
  /**
   * How much the answer in `streaming` has streamed so far, in UTF-8 bytes. The page keeps only
   * the head of it in `streaming` (the chat shows no more), so an endless stream never grows the
   * page's memory past that; the count says how far it went.
   */
  streamedBytes: number;
  /** `this.call` facts (today, the caller's number, …) and initial state values, editable before a run. */
  callFacts: CallFacts;
  initialState: Record<string, unknown>;
  /** "Simulate from here": the stage (id) the next run opens on; null: the entry stage. */
  startStageId: string | null;
  /** Mock results of mcp stubs, keyed `<tool id>/<allowed tool name>`. */
  mcpMocks: Record<string, unknown>;
  llm: LlmSettings;
  /** In memory only, unless llm.rememberKey; never in the document, an export, a log or a URL. */
  apiKey: string;
  /** A change-log entry or step the user pointed at; the chat and canvas highlight it. */
  simFocus: { step: number; tool?: string } | null;
  setSim(patch: Partial<Pick<SimulationSlice, 'session' | 'steps' | 'running' | 'streaming' | 'streamedBytes' | 'callFacts' | 'initialState' | 'startStageId' | 'mcpMocks' | 'simFocus'>>): void;
  setLlm(patch: Partial<LlmSettings>): void;
  setApiKey(key: string): void;
}

/** The last runs of one conversation test in the Tests panel (not the document: never saved). */
export interface TestResultEntry {
  /** The agent the runs were made on: another project's results are not shown. */
  docId: string;
  /** Finished runs so far, in order; while a suite runs this grows one run at a time. */
  runs: TestRunResult[];
  /** How many runs were asked for (N of "2/3"). */
  requested: number;
  /** The provider the runs called, as the simulator's chip names it. */
  provider: string;
  /** Its runs are under way. */
  running?: boolean;
  /** Stop was pressed before all runs finished. */
  stopped?: boolean;
  /** The runs could not start (the engine failed to load). */
  error?: string;
}

export interface TestsSlice {
  /** Keyed by test name. */
  testResults: Record<string, TestResultEntry>;
  /** A suite in flight: which test and run it is on (Stop cancels it). */
  testRun: { tests: string[]; current?: { test: string; run: number } } | null;
  setTestResult(name: string, result: TestResultEntry): void;
  /** A test was renamed (`to`) or deleted (`null`): its results follow it or go. */
  renameTestResult(from: string, to: string | null): void;
  setTestRun(run: TestsSlice['testRun']): void;
}

export type AppState = DocumentSlice & SelectionSlice & UiSlice & ProjectsSlice & SimulationSlice & TestsSlice;
