import { createStore as createIdbStore, get, promisifyRequest, set, type UseStore } from 'idb-keyval';
import type { AgentDocument } from '../model';
import type { ProjectSummary } from './types';
import { revisionOf, saveRecord, summariesOf } from './record-save';

export { SaveConflictError } from './record-save';

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
  /** Readies the saves of an opened document (the next save is its first), where that is worth it; never fails. */
  prepare?(doc: AgentDocument): Promise<void>;
  remove(id: string): Promise<void>;
  readSession(): Promise<SessionState>;
  writeSession(session: SessionState): Promise<void>;
}

export class UnreadableProjectError extends Error {
  constructor(readonly projectId: string, readonly problems: string[]) {
    super(`saved project ${projectId} is unreadable: ${problems.join('; ')}`);
    this.name = 'UnreadableProjectError';
  }
}

/**
 * Where a save's transaction runs. Writing a 500-stage agent clones it into IndexedDB on the
 * thread that calls put: 10-25 ms of the page's main thread at every pause in typing. In the
 * browser saves run in a worker (workers/saves-client.ts) that is sent the document as a patch
 * against the last one; where there are no workers (Node), here.
 */
export type SavesRunIn = 'worker' | 'here';

/**
 * A document with fewer stages and tools than this is saved here even where workers run: its clone
 * takes well under a millisecond, less than the round trip to the worker, and a first visit (the
 * sample, saved as it opens) then does not fetch the worker at all (first load, issue 16).
 */
export const SAVED_HERE_BELOW = 50;

const savedHere = (doc: AgentDocument) => doc.stages.length + doc.tools.length < SAVED_HERE_BELOW;

export function createProjectRepository(dbName = 'callboard', storeName = 'projects', saves: SavesRunIn = typeof Worker === 'undefined' ? 'here' : 'worker'): ProjectRepository {
  const store: UseStore = createIdbStore(dbName, storeName);
  // Loaded with the first save, not with the first paint.
  let client: Promise<typeof import('./workers/saves-client')> | undefined;
  const saveInWorker = async (doc: AgentDocument, expectedRev?: number) =>
    (await (client ??= import('./workers/saves-client'))).saveInWorker(dbName, storeName, doc, expectedRev);

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
    save: (doc, expectedRev) => (saves === 'here' || savedHere(doc) ? saveRecord(store, doc, expectedRev) : saveInWorker(doc, expectedRev)),
    async prepare(doc) {
      if (saves === 'here' || savedHere(doc)) return;
      try {
        await (await (client ??= import('./workers/saves-client'))).holdInWorker(doc);
      } catch {
        // Only a head start: the first save starts the worker (or saves in place) as it always did.
      }
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
      // A saved project is read next: its validator is fetched while boot reads the project list,
      // not after (one round trip off a returning user's load, issue 16). A first visit has none.
      if (session && typeof session === 'object' && session.currentId) void import('../model/migrations').catch(() => undefined);
      return session && typeof session === 'object' ? session : { currentId: null };
    },
    async writeSession(session) {
      await set('session', session, store);
    },
  };
}
