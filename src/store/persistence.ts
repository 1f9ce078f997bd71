import { createStore as createIdbStore, del, get, set, type UseStore } from 'idb-keyval';
import { loadDocument, type AgentDocument } from '../model';
import type { ProjectSummary } from './types';

/**
 * Projects live in IndexedDB (idb-keyval: a small, well-kept key-value layer, enough for
 * whole-document writes). Keys: `index` (summaries), `doc:<id>`, `session` (what was open).
 */
export interface SessionState {
  currentId: string | null;
  viewport?: { x: number; y: number; zoom: number };
  selection?: { kind: string; id?: string }[];
}

export interface ProjectRepository {
  list(): Promise<ProjectSummary[]>;
  load(id: string): Promise<AgentDocument | undefined>;
  save(doc: AgentDocument): Promise<void>;
  remove(id: string): Promise<void>;
  readSession(): Promise<SessionState>;
  writeSession(session: SessionState): Promise<void>;
}

export function createProjectRepository(dbName = 'callboard', storeName = 'projects'): ProjectRepository {
  const store: UseStore = createIdbStore(dbName, storeName);
  const readIndex = async () => ((await get<ProjectSummary[]>('index', store)) ?? []).slice();
  return {
    async list() {
      return (await readIndex()).sort((a, b) => b.updatedAt - a.updatedAt);
    },
    async load(id) {
      const raw = await get(`doc:${id}`, store);
      if (raw === undefined) return undefined;
      const result = loadDocument(raw);
      if (!result.ok) throw new Error(`saved project ${id} is unreadable: ${result.errors.map((e) => `${e.path} ${e.message}`).join('; ')}`);
      return result.doc;
    },
    async save(doc) {
      await set(`doc:${doc.id}`, doc, store);
      const index = (await readIndex()).filter((p) => p.id !== doc.id);
      index.push({ id: doc.id, name: doc.name, updatedAt: Date.now() });
      await set('index', index, store);
    },
    async remove(id) {
      await del(`doc:${id}`, store);
      await set('index', (await readIndex()).filter((p) => p.id !== id), store);
    },
    async readSession() {
      return (await get<SessionState>('session', store)) ?? { currentId: null };
    },
    async writeSession(session) {
      await set('session', session, store);
    },
  };
}
