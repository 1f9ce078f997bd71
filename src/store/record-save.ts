// The one write of a project's document (persistence.ts), apart so that the saves worker
// (workers/saves.worker.ts) runs the very same transaction without the rest of the repository.
import type { UseStore } from 'idb-keyval';
import type { AgentDocument } from '../model';
import type { ProjectSummary } from './types';

/** The saved record moved on since this tab read it: writing would overwrite someone's work. */
export class SaveConflictError extends Error {
  constructor(readonly projectId: string, readonly expected: number, readonly found: number) {
    super(`project ${projectId} was saved elsewhere (revision ${found}, this tab had ${expected})`);
    this.name = 'SaveConflictError';
  }
}

export const isSummary = (value: unknown): value is ProjectSummary =>
  typeof value === 'object' && value !== null
  && typeof (value as ProjectSummary).id === 'string'
  && typeof (value as ProjectSummary).name === 'string'
  && typeof (value as ProjectSummary).updatedAt === 'number';

/**
 * The index as stored, or rebuilt from the `doc:` records when it is not a list (a damaged index
 * must not hide the projects that are still fine).
 */
export function summariesOf(index: unknown, keys: IDBValidKey[], values: unknown[]): ProjectSummary[] {
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

export const revisionOf = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/**
 * Writes the document and its summary in one transaction and returns the new revision. With
 * `expectedRev`, refuses with SaveConflictError when the stored revision is not that one.
 */
export function saveRecord(store: UseStore, doc: AgentDocument, expectedRev?: number): Promise<number> {
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
}
