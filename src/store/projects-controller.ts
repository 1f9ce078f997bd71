import { emptyDocument, newId, type AgentDocument } from '../model';
import type { AppStore } from './create';
import { SaveConflictError, UnreadableProjectError, type ProjectRepository, type SessionState } from './persistence';
import { uniqueProjectName } from './project-names';
import { salvageRecord, type SalvagedFile } from './salvage';
import { browserSaveJournal, replaySaveJournal, type SaveJournal } from './save-journal';
import { browserProjectLocks, type LockHold, type ProjectLocks } from './tab-locks';
import type { ProjectAccess } from './types';
import { isViewingChange } from './access';
import { docWrites } from './doc-writes';
/**
 * Connects the store to saved projects: opens what was open before the reload (or the sample on
 * a first visit), saves every document change, and runs the project list's commands. It also
 * keeps work from being lost: pending writes start at once when the page is hidden, a project
 * open in two tabs is edited by one of them only, and a record that does not load is named and
 * kept for export instead of stopping the app.
 */
export interface ProjectsController {
  boot(): Promise<void>;
  create(name?: string): Promise<void>;
  /** Opens a document from outside (an example, an import) as a new saved project. */
  openDocument(doc: AgentDocument): Promise<void>;
  open(id: string): Promise<void>;
  rename(id: string, name: string): Promise<void>;
  duplicate(id: string): Promise<void>;
  remove(id: string): Promise<void>;
  saveViewport(viewport: SessionState['viewport']): void;
  /** The canvas viewport saved before the last reload, for the project opened at boot. */
  restoredViewport(): SessionState['viewport'];
  /** Resolves when every change made so far is on disk (tests, and before unload). */
  flush(): Promise<void>;
  /** Starts every waiting write now, without waiting for the one in flight (the page is going away). */
  flushNow(): void;
  /** Read-only tab: edit here; the other tab stops saving. Loads the latest saved version. */
  takeOver(): Promise<void>;
  /** Read-only tab: keep looking without the choice banner. */
  stayReadOnly(): void;
  /** Read-only tab: this tab's document, with any changes made here, as a new project. */
  openCopy(): Promise<void>;
  /** Changed elsewhere: drop this tab's version for the saved one. */
  loadSaved(): Promise<void>;
  /** Changed elsewhere: write this tab's version over the saved one (the user chose to). */
  overwriteWithMine(): Promise<void>;
  /** What can be read of a broken project, as a file to download. */
  recoverBroken(id: string): Promise<SalvagedFile>;
  dismissBroken(id: string): void;
  dispose(): void;
}

/** The open project as this tab knows it: `rev` is the revision its next write expects on disk. */
interface OpenProject {
  id: string;
  rev: number;
}

const lockName = (id: string) => `callboard:project:${id}`;
const message = (error: unknown) => (error instanceof Error ? error.message : String(error));
const NOT_SAVED = 'Not saved: this agent is open or was changed in another tab; see the banner above the canvas';

export function createProjectsController(
  store: AppStore,
  repo: ProjectRepository,
  sample: () => AgentDocument | Promise<AgentDocument>,
  locks: ProjectLocks = browserProjectLocks(),
  journal: SaveJournal = browserSaveJournal(),
): ProjectsController {
  let session: SessionState = { currentId: null };
  let bootViewport: SessionState['viewport'];
  let current: OpenProject | null = null;
  let hold: LockHold | null = null;
  let waiting: AbortController | null = null;
  // Set while the controller itself swaps the document, so the swap is not saved as an edit.
  let replacing = false;

  // Every write in flight, so flush() can wait for all of them.
  const inflight = new Set<Promise<unknown>>();
  const track = <T>(promise: Promise<T>) => {
    inflight.add(promise);
    const done = () => inflight.delete(promise);
    promise.then(done, done);
    return promise;
  };

  // Other writes (session, removals, renames of other projects) are chained so they land in order.
  let chain: Promise<void> = Promise.resolve();
  const enqueue = (task: () => Promise<void>) => {
    chain = chain.then(task).then(
      () => store.getState().setSaveError(null),
      (error: unknown) => store.getState().setSaveError(`Could not save: ${message(error)}`),
    );
    return track(chain);
  };

  const setAccess = (access: ProjectAccess) => {
    store.getState().setAccess(access);
    if (access.mode === 'edit') store.getState().setSaveError(null);
    else if (access.unsaved) store.getState().setSaveError(NOT_SAVED);
  };
  const editing = () => store.getState().access.mode === 'edit';

  const refreshList = async () => store.getState().setProjects(await repo.list());

  const write = async (project: OpenProject, doc: AgentDocument) => {
    const expected = project.rev;
    project.rev = expected + 1;
    try {
      await repo.save(doc, expected);
      // What the journal kept is on disk now (or older than what is).
      const kept = journal.read();
      if (kept && kept.id === project.id && kept.rev <= expected + 1) journal.clear();
      store.getState().setSaveError(null);
      await refreshList();
    } catch (error) {
      if (project.rev === expected + 1) project.rev = expected;
      if (error instanceof SaveConflictError) return onConflict(project);
      store.getState().setSaveError(`Could not save: ${message(error)}`);
    }
  };
  // Coalesced, and written when typing pauses (./doc-writes.ts).
  const writes = docWrites<OpenProject>((project, doc) => write(project, doc), track);
  const saveDoc = (project: OpenProject, doc: AgentDocument, now = false) => writes.save(project, doc, now);
  const saveSession = () => {
    if (editing()) void enqueue(() => repo.writeSession(session));
  };

  const flush = async () => {
    while (writes.busy() || inflight.size > 0) {
      writes.startNext();
      await Promise.allSettled([...inflight]);
    }
  };

  const onConflict = (project: OpenProject) => {
    if (project !== current) return;
    writes.drop(project);
    setAccess({ mode: 'read-only', why: 'changed-elsewhere', acknowledged: false, unsaved: true });
  };

  // --- the lock of the open project -------------------------------------------------------

  const letGo = () => {
    waiting?.abort();
    waiting = null;
    hold?.release();
    hold = null;
  };

  const keep = (lock: LockHold) => {
    hold = lock;
    void lock.lost.then(() => {
      // A lock this tab already let go of (another project is open now) is nobody's concern.
      if (hold !== lock) return;
      hold = null;
      const project = current;
      if (!project) return;
      // Another tab took over. Writes not yet started would land after it loaded: keep them in
      // this tab (Open a copy saves them) instead of writing over the other tab's work.
      const unsaved = writes.drop(project) || (store.getState().access as { unsaved?: boolean }).unsaved === true;
      setAccess({ mode: 'read-only', why: 'taken-over', acknowledged: false, unsaved });
      waitForLock(project);
    });
  };

  /** A read-only tab waits for the lock; once the other tab closes or moves on, it edits again. */
  const waitForLock = (project: OpenProject) => {
    waiting?.abort();
    const controller = new AbortController();
    waiting = controller;
    locks.waitFor(lockName(project.id), controller.signal).then(async (lock) => {
      if (waiting !== controller || current !== project) return lock.release();
      waiting = null;
      keep(lock);
      const access = store.getState().access;
      if (access.mode === 'edit') return;
      const savedRev = await repo.revision(project.id);
      if (savedRev === project.rev) {
        setAccess({ mode: 'edit' });
        if (access.unsaved) saveDoc(project, store.getState().doc, true);
      } else if (!access.unsaved) {
        await reopen(project.id);
      } else {
        setAccess({ mode: 'read-only', why: 'changed-elsewhere', acknowledged: false, unsaved: true });
      }
    }, () => undefined);
  };

  // --- opening ---------------------------------------------------------------------------

  const whenIdle = (run: () => void) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 2000 });
    else setTimeout(run, 0);
  };

  /**
   * Makes `doc` the open project. Claims its lock first (or steals it), so no edit can be saved
   * before this tab knows whether another tab is editing the same project.
   */
  const enter = async (doc: AgentDocument, rev: number, options: { save: boolean; steal?: boolean }) => {
    const sameProject = current?.id === doc.id && hold !== null;
    let lock = sameProject ? hold : null;
    if (!sameProject) {
      letGo();
      lock = options.steal ? await locks.steal(lockName(doc.id)) : await locks.tryClaim(lockName(doc.id));
    }
    const project: OpenProject = { id: doc.id, rev };
    current = project;
    replacing = true;
    try {
      store.getState().replaceDocument(doc);
    } finally {
      replacing = false;
    }
    if (session.currentId !== doc.id) session = { currentId: doc.id };
    if (lock) {
      if (!sameProject) keep(lock);
      setAccess({ mode: 'edit' });
      if (options.save) saveDoc(project, doc, true);
      // Reopened as it was saved: the saves worker gets its copy while the page is idle (persistence.ts, prepare).
      else whenIdle(() => void repo.prepare?.(doc));
      saveSession();
    } else {
      setAccess({ mode: 'read-only', why: 'open-elsewhere', acknowledged: false, unsaved: false });
      waitForLock(project);
    }
  };

  // A new project never takes a name already in the list ("Untitled agent (2)").
  const show = async (doc: AgentDocument) => {
    await enter({ ...doc, name: uniqueProjectName(doc.name, store.getState().projects.filter((p) => p.id !== doc.id)) }, 0, { save: true });
    await flush();
  };

  /** The sample, never written over a saved record of the same id (a broken one is kept for export). */
  const freshSample = async () => {
    const doc = await sample();
    return store.getState().projects.some((p) => p.id === doc.id) ? { ...doc, id: newId() } : doc;
  };

  const markBroken = async (id: string, error: UnreadableProjectError) => {
    const raw = await repo.readRaw(id).catch(() => undefined);
    const rawName = (raw as { name?: unknown } | null)?.name;
    const name = store.getState().projects.find((p) => p.id === id)?.name ?? (typeof rawName === 'string' ? rawName : id);
    const others = store.getState().brokenProjects.filter((b) => b.id !== id);
    store.getState().setBrokenProjects([...others, { id, name, problems: error.problems }]);
  };

  /** Loads a saved project and opens it; false when it is missing or broken (then named in the banner). */
  const reopen = async (id: string, options: { steal?: boolean } = {}) => {
    await flush();
    try {
      const loaded = await repo.load(id);
      if (!loaded) return false;
      await enter(loaded.doc, loaded.rev, { save: false, steal: options.steal });
      return true;
    } catch (error) {
      if (!(error instanceof UnreadableProjectError)) throw error;
      await markBroken(id, error);
      return false;
    }
  };

  const unsubscribe = store.subscribe((state, previous) => {
    if (!state.loaded || replacing || !current) return;
    if (state.doc !== previous.doc && state.doc.id === current.id && !isViewingChange(state, previous)) {
      if (state.access.mode === 'edit') saveDoc(current, state.doc);
      else if (!state.access.unsaved) setAccess({ ...state.access, unsaved: true });
    }
    if (state.selection !== previous.selection) {
      session = { ...session, selection: state.selection };
      saveSession();
    }
  });

  return {
    async boot() {
      await replaySaveJournal(journal, repo);
      const restored = await repo.readSession();
      session = restored;
      await refreshList();
      // What was open, else the most recent project that still loads, else the sample.
      const candidates = [...new Set([restored.currentId, ...store.getState().projects.map((p) => p.id)])];
      let opened: string | null = null;
      for (const id of candidates) {
        if (id && (await reopen(id))) {
          opened = id;
          break;
        }
      }
      if (opened && opened === restored.currentId) {
        bootViewport = restored.viewport;
        if (restored.selection) store.getState().select(restored.selection as never);
      } else if (!opened) {
        await show(await freshSample());
      }
      store.getState().setLoaded(true);
    },
    create: (name = 'Untitled agent') => show(emptyDocument(name)),
    async openDocument(doc) {
      // An example or import that shares an id with a saved project opens beside it, not over it.
      const taken = store.getState().projects.some((p) => p.id === doc.id);
      await show(taken ? { ...doc, id: newId() } : doc);
    },
    async open(id) {
      if (current?.id === id) return;
      await reopen(id);
    },
    async rename(id, name) {
      if (store.getState().doc.id === id) {
        store.getState().apply((doc) => ({ ...doc, name }), { label: 'rename project' });
        return;
      }
      await flush();
      const loaded = await repo.load(id);
      if (loaded) {
        await enqueue(async () => {
          await repo.save({ ...loaded.doc, name }, loaded.rev);
          await refreshList();
        });
      }
    },
    async duplicate(id) {
      const doc = id === store.getState().doc.id ? store.getState().doc : (await repo.load(id))?.doc;
      if (doc) await show({ ...structuredClone(doc), id: newId(), name: `${doc.name} (copy)` });
    },
    async remove(id) {
      await flush();
      await enqueue(() => repo.remove(id));
      await refreshList();
      store.getState().setBrokenProjects(store.getState().brokenProjects.filter((b) => b.id !== id));
      if (store.getState().doc.id !== id) return;
      current = null;
      letGo();
      for (const next of store.getState().projects) if (await reopen(next.id)) return;
      await show(await freshSample());
    },
    restoredViewport: () => bootViewport,
    saveViewport(viewport) {
      session = { ...session, viewport };
      saveSession();
    },
    flush,
    flushNow() {
      const unsaved = writes.busy();
      writes.startAll();
      // Each write above already counted its revision: current.rev is what disk holds once they land.
      if (unsaved && current && editing()) journal.write({ id: current.id, rev: current.rev, doc: store.getState().doc });
    },
    async takeOver() {
      if (!current) return;
      const id = current.id;
      letGo();
      current = null;
      if (!(await reopen(id, { steal: true }))) await show(store.getState().doc);
    },
    stayReadOnly() {
      const access = store.getState().access;
      if (access.mode === 'read-only') setAccess({ ...access, acknowledged: true });
    },
    async openCopy() {
      const doc = store.getState().doc;
      await show({ ...structuredClone(doc), id: newId(), name: `${doc.name} (copy)` });
    },
    async loadSaved() {
      if (!current) return;
      const id = current.id;
      // Keep the lock: it is this tab's already; reopen() reuses it for the same project.
      if (!(await reopen(id))) await show(store.getState().doc);
    },
    async overwriteWithMine() {
      if (!current) return;
      const project = current;
      await flush();
      await track((async () => {
        project.rev = await repo.save(store.getState().doc);
        await refreshList();
      })());
      setAccess({ mode: 'edit' });
    },
    async recoverBroken(id) {
      const name = store.getState().brokenProjects.find((b) => b.id === id)?.name ?? id;
      return salvageRecord(await repo.readRaw(id), name);
    },
    dismissBroken(id) {
      store.getState().setBrokenProjects(store.getState().brokenProjects.filter((b) => b.id !== id));
    },
    dispose() {
      unsubscribe();
      letGo();
    },
  };
}
