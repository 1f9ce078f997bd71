// What the versions worker (./versions.worker.ts) offers the page, through Comlink: the version
// repository (./repository.ts) with the documents it records sent as patches against the last one
// (../workers/doc-wire.ts). Recording a version of a 500-stage agent reads the newest back from
// IndexedDB, validates it, diffs it against the open document twice and writes the whole
// document: hundreds of milliseconds that on the page blocked the keystroke typed meanwhile
// (issue 16). The same object serves in place where there are no workers (Node: unit tests).
import type { AgentDocument } from '../../model';
import { docReceiver, type DocWire } from '../workers/doc-wire';
import type { Version, VersionInfo, VersionRepository } from './repository';

export interface VersionsApi {
  list(projectId: string): Promise<VersionInfo[]>;
  get(projectId: string, versionId: string): Promise<Version | undefined>;
  recordAuto(doc: DocWire, now: number): Promise<VersionInfo | undefined>;
  saveNamed(doc: DocWire, note: string, now: number): Promise<VersionInfo>;
  importNamed(projectId: string, versions: { at: number; note?: string; doc: AgentDocument }[]): Promise<void>;
  remove(projectId: string, versionId: string): Promise<void>;
}

export function versionsApi(repo: VersionRepository): VersionsApi {
  const docs = docReceiver();
  return {
    list: (projectId) => repo.list(projectId),
    get: (projectId, versionId) => repo.get(projectId, versionId),
    // The document is read before anything awaits: documents arrive in the order they were sent.
    recordAuto: (wire, now) => repo.recordAuto(docs.read(wire), now),
    saveNamed: (wire, note, now) => repo.saveNamed(docs.read(wire), note, now),
    importNamed: (projectId, versions) => repo.importNamed(projectId, versions),
    remove: (projectId, versionId) => repo.remove(projectId, versionId),
  };
}
