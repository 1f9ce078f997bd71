// What the saves worker (./saves.worker.ts) offers the page, through Comlink: the one
// transaction that writes a project's document (../record-save.ts), with the document sent as a
// patch against the last one (./doc-wire.ts). The same object serves in place when the worker
// cannot start.
import { createStore, type UseStore } from 'idb-keyval';
import { SaveConflictError, saveRecord } from '../record-save';
import { docReceiver, type DocWire } from './doc-wire';

/** A conflict comes back as data: an error's class does not cross to the page. */
export type SaveOutcome = { ok: true; rev: number } | { ok: false; projectId: string; expected: number; found: number };

export interface SavesApi {
  save(dbName: string, storeName: string, doc: DocWire, expectedRev?: number): Promise<SaveOutcome>;
  /** Keeps the document as the base of the next save's patch, saving nothing. */
  hold(doc: DocWire): Promise<void>;
}

export function savesApi(): SavesApi {
  const docs = docReceiver();
  const stores = new Map<string, UseStore>();
  const storeOf = (dbName: string, storeName: string) => {
    const key = JSON.stringify([dbName, storeName]);
    const known = stores.get(key);
    if (known) return known;
    const made = createStore(dbName, storeName);
    stores.set(key, made);
    return made;
  };
  return {
    async hold(wire) {
      docs.read(wire);
    },
    async save(dbName, storeName, wire, expectedRev) {
      // Read before the first await: documents arrive in the order they were sent.
      const doc = docs.read(wire);
      try {
        return { ok: true, rev: await saveRecord(storeOf(dbName, storeName), doc, expectedRev) };
      } catch (error) {
        if (!(error instanceof SaveConflictError)) throw error;
        return { ok: false, projectId: error.projectId, expected: error.expected, found: error.found };
      }
    },
  };
}
