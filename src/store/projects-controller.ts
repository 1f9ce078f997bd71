import { emptyDocument, newId, type AgentDocument } from '../model';
import type { AppStore } from './create';
import type { ProjectRepository, SessionState } from './persistence';

/**
 * Connects the store to saved projects: opens what was open before the reload (or the sample on
 * a first visit), saves every document change, and runs the project list's commands.
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
  dispose(): void;
}

export function createProjectsController(store: AppStore, repo: ProjectRepository, sample: () => AgentDocument): ProjectsController {
  let writing: Promise<void> = Promise.resolve();
  let session: SessionState = { currentId: null };
  let bootViewport: SessionState['viewport'];

  // Writes are chained so they land in order; a burst of changes costs one write per change at
  // most, and none is lost when the page reloads right after a change.
  const enqueue = (task: () => Promise<void>) => {
    writing = writing.then(task).then(
      () => store.getState().setSaveError(null),
      (error: unknown) => store.getState().setSaveError(`Could not save: ${error instanceof Error ? error.message : String(error)}`),
    );
    return writing;
  };

  const refreshList = async () => store.getState().setProjects(await repo.list());
  const saveDoc = (doc: AgentDocument) => enqueue(async () => {
    await repo.save(doc);
    await refreshList();
  });
  const saveSession = () => enqueue(() => repo.writeSession(session));

  const show = async (doc: AgentDocument) => {
    store.getState().replaceDocument(doc);
    session = { currentId: doc.id };
    await saveDoc(doc);
    await saveSession();
  };

  const unsubscribe = store.subscribe((state, previous) => {
    if (!state.loaded) return;
    if (state.doc !== previous.doc && state.doc.id === session.currentId) void saveDoc(state.doc);
    if (state.selection !== previous.selection) {
      session = { ...session, selection: state.selection };
      void saveSession();
    }
  });

  return {
    async boot() {
      session = await repo.readSession();
      let doc: AgentDocument | undefined;
      try {
        doc = session.currentId ? await repo.load(session.currentId) : undefined;
      } catch (error) {
        store.getState().setLoadError(error instanceof Error ? error.message : String(error));
      }
      if (doc) {
        const restored = session;
        bootViewport = restored.viewport;
        store.getState().replaceDocument(doc);
        session = restored;
        if (restored.selection) store.getState().select(restored.selection as never);
        await refreshList();
      } else {
        await show(sample());
      }
      store.getState().setLoaded(true);
    },
    async create(name = 'Untitled agent') {
      await show(emptyDocument(name));
    },
    async openDocument(doc) {
      await show(doc);
    },
    async open(id) {
      const doc = await repo.load(id);
      if (doc) await show(doc);
    },
    async rename(id, name) {
      if (store.getState().doc.id === id) {
        store.getState().apply((doc) => ({ ...doc, name }), { label: 'rename project' });
        return;
      }
      const doc = await repo.load(id);
      if (doc) await saveDoc({ ...doc, name });
    },
    async duplicate(id) {
      const doc = id === store.getState().doc.id ? store.getState().doc : await repo.load(id);
      if (doc) await show({ ...structuredClone(doc), id: newId(), name: `${doc.name} (copy)` });
    },
    async remove(id) {
      await enqueue(() => repo.remove(id));
      await refreshList();
      if (store.getState().doc.id !== id) return;
      const next = store.getState().projects[0];
      if (next) await this.open(next.id);
      else await show(sample());
    },
    restoredViewport: () => bootViewport,
    saveViewport(viewport) {
      session = { ...session, viewport };
      void saveSession();
    },
    flush: () => writing,
    dispose: unsubscribe,
  };
}
