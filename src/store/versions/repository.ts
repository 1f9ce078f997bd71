// Versions of a project in IndexedDB (idb-keyval, as projects are; a database of their own so the
// projects' store needs no schema upgrade). Keys: `i:<project>` the list of versions without their
// documents (what the Versions panel lists), `v:<project>:<version>` a version with its document.
// Every write applies the schedule (schedule.ts): bursts, thinning, the byte budget.
import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import { loadDocument, newId, type AgentDocument } from '../../model';
import { diffAgents, summarizeDifferences } from '../../model/diff';
import { fitBudget, sameBurst, thinned, type VersionMeta } from './schedule';

export interface VersionInfo extends VersionMeta {
  projectId: string;
  /** A named version's note ("before the refill flow"); automatic versions have none. */
  note?: string;
  name?: string;
  target: AgentDocument['target'];
  /** What changed since the version before it, in one line (summarizeDifferences). */
  summary: string;
}

export interface Version extends VersionInfo {
  doc: AgentDocument;
}

/** A named version that does not fit the budget: the message says what to do. */
export class VersionsFullError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'VersionsFullError';
  }
}

export interface VersionRepository {
  list(projectId: string): Promise<VersionInfo[]>;
  get(projectId: string, versionId: string): Promise<Version | undefined>;
  /** An editing burst: replaces the newest automatic version when it began less than a minute ago. Undefined when nothing changed. */
  recordAuto(doc: AgentDocument, now?: number): Promise<VersionInfo | undefined>;
  /** Throws VersionsFullError when named versions fill the budget. */
  saveNamed(doc: AgentDocument, note: string, now?: number): Promise<VersionInfo>;
  /** Brings named versions back (a .zip import): kept with their times and notes, new ids. */
  importNamed(projectId: string, versions: { at: number; note?: string; doc: AgentDocument }[]): Promise<void>;
  remove(projectId: string, versionId: string): Promise<void>;
}

/** 20 MB of versions per project: a few hundred versions of a big agent. */
export const DEFAULT_VERSION_BUDGET = 20_000_000;

const sizeOf = (doc: AgentDocument) => JSON.stringify(doc).length;

export function createVersionRepository(dbName = 'callboard-versions', budget = DEFAULT_VERSION_BUDGET): VersionRepository {
  const store: UseStore = createStore(dbName, 'versions');
  const indexKey = (projectId: string) => `i:${projectId}`;
  const versionKey = (projectId: string, id: string) => `v:${projectId}:${id}`;

  const list = async (projectId: string): Promise<VersionInfo[]> => {
    const index = await get<VersionInfo[]>(indexKey(projectId), store);
    return Array.isArray(index) ? [...index].sort((a, b) => b.at - a.at) : [];
  };
  const read = async (projectId: string, id: string): Promise<Version | undefined> => {
    const raw = await get<Version>(versionKey(projectId, id), store);
    if (!raw) return undefined;
    const loaded = loadDocument(raw.doc);
    return loaded.ok ? { ...raw, doc: loaded.doc } : undefined;
  };
  const summaryAgainst = async (projectId: string, previous: VersionInfo | undefined, doc: AgentDocument) => {
    const before = previous && (await read(projectId, previous.id));
    return before ? summarizeDifferences(diffAgents(before.doc, doc)) : 'first version';
  };

  /** Writes `version` (replacing `replaces`), thins, fits the budget; all index changes in one write. */
  const write = async (version: Version, index: VersionInfo[], replaces?: string) => {
    const rest = index.filter((v) => v.id !== replaces);
    const fit = fitBudget(rest, version, budget);
    if (!fit.ok) throw new VersionsFullError(fit.message);
    const info: VersionInfo = { ...version, doc: undefined } as unknown as VersionInfo;
    delete (info as Partial<Version>).doc;
    const dropped = new Set([...fit.drop, ...thinned([...rest, info], version.at)]);
    if (dropped.has(version.id)) return undefined;
    await set(versionKey(version.projectId, version.id), version, store);
    const next = [...rest.filter((v) => !dropped.has(v.id)), info];
    await set(indexKey(version.projectId), next, store);
    for (const id of [...dropped, ...(replaces && replaces !== version.id ? [replaces] : [])]) await del(versionKey(version.projectId, id), store);
    return info;
  };

  // Every change reads the index, then writes it: two at once (the recorder's burst landing while
  // "Save version…" writes) would each write an index without the other's version. One at a time.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <A extends unknown[], R>(change: (...args: A) => Promise<R>) => (...args: A): Promise<R> => {
    const run = queue.then(() => change(...args));
    queue = run.catch(() => undefined);
    return run;
  };

  return {
    list,
    get: read,
    recordAuto: serial(async (doc: AgentDocument, now = Date.now()) => {
      const index = await list(doc.id);
      const newest = index[0];
      const latest = newest && (await read(doc.id, newest.id));
      const changes = latest && diffAgents(latest.doc, doc, { layout: true });
      if (changes && changes.length === 0) return undefined;
      const burst = sameBurst(newest, now);
      const previous = burst ? index[1] : newest;
      // Against the newest version the summary is what was just diffed, layout aside (the diff
      // without `layout` leaves out exactly those): one read and one diff of a large agent, not two.
      const summary = !burst && changes ? summarizeDifferences(changes.filter((d) => d.apart !== 'layout')) : await summaryAgainst(doc.id, previous, doc);
      const version: Version = {
        id: burst ? newest.id : newId(), projectId: doc.id, at: burst ? newest.at : now, kind: 'auto', bytes: sizeOf(doc),
        target: doc.target, name: doc.name, summary, doc,
      };
      return write(version, index, burst ? newest.id : undefined);
    }),
    saveNamed: serial(async (doc: AgentDocument, note: string, now = Date.now()) => {
      const index = await list(doc.id);
      const version: Version = {
        id: newId(), projectId: doc.id, at: now, kind: 'named', bytes: sizeOf(doc), note: note.trim() || undefined,
        target: doc.target, name: doc.name, summary: await summaryAgainst(doc.id, index[0], doc), doc,
      };
      return (await write(version, index))!;
    }),
    importNamed: serial(async (projectId: string, versions: { at: number; note?: string; doc: AgentDocument }[]) => {
      for (const v of [...versions].sort((a, b) => a.at - b.at)) {
        const index = await list(projectId);
        const doc = { ...v.doc, id: projectId };
        await write({
          id: newId(), projectId, at: v.at, kind: 'named', bytes: sizeOf(doc), note: v.note, target: doc.target, name: doc.name,
          summary: await summaryAgainst(projectId, index.find((x) => x.at < v.at), doc), doc,
        }, index);
      }
    }),
    remove: serial(async (projectId: string, versionId: string) => {
      const index = await list(projectId);
      await set(indexKey(projectId), index.filter((v) => v.id !== versionId), store);
      await del(versionKey(projectId, versionId), store);
    }),
  };
}
