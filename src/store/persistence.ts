import { createStore as createIdbStore, get, promisifyRequest, set, type UseStore } from 'idb-keyval';
import type { AgentDocument } from '../model';
import type { ProjectSummary } from './types';

/**
 * Projects live in IndexedDB (idb-keyval: a small, well-kept key-value layer, enough for
 * whole-document writes). Keys: `index` (summaries), `doc:<id>`, `rev:<id>` (how many times the
 * record was written: a second tab that saves over a newer record is caught by it), `session`
 * (what was open).
 */
export interface SessionState {
  currentId: string | null;
  viewport?: { x: number; y: number; zoom: number };
  selection?: { kind: string; id?: string }[];
}

export interface LoadedProject {
  doc: AgentDocument;
  /** The record's write count when it was read; a save that expects it fails if it moved on. */
  rev: number;
}

export interface ProjectRepository {
  list(): Promise<ProjectSummary[]>;
  /** Undefined when there is no such record; throws UnreadableProjectError when it does not load. */
  load(id: string): Promise<LoadedProject | undefined>;
  /** The record exactly as stored, for exporting what can be read of a broken project. */
  readRaw(id: string): Promise<unknown>;
  revision(id: string): Promise<number>;
  /**
   * Writes the document and its summary in one transaction and returns the new revision. With
   * `expectedRev`, refuses with SaveConflictError when the stored revision is not that one.
   */
  save(doc: AgentDocument, expectedRev?: number): Promise<number>;
  remove(id: string): Promise<void>;
  readSession(): Promise<SessionState>;
  writeSession(session: SessionState): Promise<void>;
}

/** The saved record moved on since this tab read it: writing would overwrite someone's work. */
export class SaveConflictError extends Error {
  constructor(readonly projectId: string, readonly expected: number, readonly found: number) {
    super(`project ${projectId} was saved elsewhere (revision ${found}, this tab had ${expected})`);
    this.name = 'SaveConflictError';
  }
}

export class UnreadableProjectError extends Error {
  constructor(readonly projectId: string, readonly problems: string[]) {
    super(`saved project ${projectId} is unreadable: ${problems.join('; ')}`);
    this.name = 'UnreadableProjectError';
  }
}

const isSummary = (value: unknown): value is ProjectSummary =>
  typeof value === 'object' && value !== null
  && typeof (value as ProjectSummary).id === 'string'
  && typeof (value as ProjectSummary).name === 'string'
  && typeof (value as ProjectSummary).updatedAt === 'number';

/**
 * The index as stored, or rebuilt from the `doc:` records when it is not a list (a damaged index
 * must not hide the projects that are still fine).
 */
function summariesOf(index: unknown, keys: IDBValidKey[], values: unknown[]): ProjectSummary[] {
  if (Array.isArray(index)) return index.filter(isSummary);
  const rebuilt: ProjectSummary[] = [];
  keys.forEach((key, i) => {
    if (typeof key !== 'string' || !key.startsWith('doc:')) return;
    const id = key.slice(4);
    const name = (values[i] as { name?: unknown } | null)?.name;
    rebuilt.push({ id, name: typeof name === 'string' ? name : id, updatedAt: 0 });
  });
  return rebuilt;
}

const revisionOf = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

export function createProjectRepository(dbName = 'callboard', storeName = 'projects'): ProjectRepository {
  const store: UseStore = createIdbStore(dbName, storeName);

  const readSummaries = async (os: IDBObjectStore) => {
    const index: unknown = await promisifyRequest(os.get('index'));
    if (Array.isArray(index)) return summariesOf(index, [], []);
    const [keys, values] = await Promise.all([promisifyRequest(os.getAllKeys()), promisifyRequest(os.getAll())]);
    return summariesOf(index, keys, values);
  };
  const readIndex = () => store('readonly', readSummaries);

  return {
    async list() {
      return (await readIndex()).sort((a, b) => b.updatedAt - a.updatedAt);
    },
    async load(id) {
      const [raw, rev] = await store('readonly', (os) => Promise.all([promisifyRequest(os.get(`doc:${id}`)), promisifyRequest(os.get(`rev:${id}`))]));
      if (raw === undefined) return undefined;
      // The schema validator loads with the first saved project read, not with the first paint.
      const { loadDocument } = await import('../model/migrations');
      const result = loadDocument(raw);
      if (!result.ok) throw new UnreadableProjectError(id, result.errors.map((e) => `${e.path || '/'} ${e.message}`));
      // A record whose id disagrees with its key would be saved under another key on the next write.
      if (result.doc.id !== id) throw new UnreadableProjectError(id, [`/id is "${result.doc.id}" but the record is stored as "${id}"`]);
      return { doc: result.doc, rev: revisionOf(rev) };
    },
    readRaw: (id) => get(`doc:${id}`, store),
    async revision(id) {
      return revisionOf(await get(`rev:${id}`, store));
    },
    save(doc, expectedRev) {
      // One transaction with request callbacks only (no awaits between requests), so the check,
      // the record and its summary land together or not at all.
      return store('readwrite', (os) => new Promise<number>((resolve, reject) => {
        let failure: Error | null = null;
        let next = 0;
        const tx = os.transaction;
        tx.oncomplete = () => resolve(next);
        tx.onabort = () => reject(failure ?? tx.error ?? new Error('the save was aborted'));
        const revRequest = os.get(`rev:${doc.id}`);
        revRequest.onsuccess = () => {
          const found = revisionOf(revRequest.result);
          if (expectedRev !== undefined && found !== expectedRev) {
            failure = new SaveConflictError(doc.id, expectedRev, found);
            tx.abort();
            return;
          }
          next = found + 1;
          os.put(doc, `doc:${doc.id}`);
          os.put(next, `rev:${doc.id}`);
          const indexRequest = os.get('index');
          indexRequest.onsuccess = () => {
            const write = (summaries: ProjectSummary[]) => {
              const rest = summaries.filter((p) => p.id !== doc.id);
              os.put([...rest, { id: doc.id, name: doc.name, updatedAt: Date.now(), target: doc.target, stages: doc.stages.length }], 'index');
            };
            if (Array.isArray(indexRequest.result)) return write(summariesOf(indexRequest.result, [], []));
            const keysRequest = os.getAllKeys();
            const valuesRequest = os.getAll();
            valuesRequest.onsuccess = () => write(summariesOf(indexRequest.result, keysRequest.result, valuesRequest.result));
          };
        };
      }));
    },
    async remove(id) {
      await store('readwrite', async (os) => {
        const index = await readSummaries(os);
        os.delete(`doc:${id}`);
        os.delete(`rev:${id}`);
        os.put(index.filter((p) => p.id !== id), 'index');
        await promisifyRequest(os.transaction);
      });
    },
    async readSession() {
      const session = await get<SessionState>('session', store);
      return session && typeof session === 'object' ? session : { currentId: null };
    },
    async writeSession(session) {
      await set('session', session, store);
    },
  };
}
