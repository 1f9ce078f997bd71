/// <reference types="vite/client" />
// The page's side of the versions worker (./versions-api.ts): the VersionRepository the app uses,
// answered by one worker that reads, diffs and writes versions off the main thread. The documents
// it records go as patches against the last one sent (../workers/doc-wire.ts); the time of a
// version is the page's clock. Without Web Workers (Node), or if the worker cannot start, the
// repository runs in place, loaded only then: where workers run, the page never loads the diff
// engine for versions.
import type { AgentDocument } from '../../model';
import { docSender, sendDoc } from '../workers/doc-wire';
import { workerOrInPlace } from '../workers/worker-or-in-place';
import type { VersionRepository } from './repository';
import { versionsApi, type VersionsApi } from './versions-api';
import VersionsWorker from './versions.worker?worker';

export function versionsInWorker(dbName?: string): VersionRepository {
  let inPlace: Promise<VersionsApi> | undefined;
  const local = () => (inPlace ??= import('./repository').then((m) => versionsApi(m.createVersionRepository(dbName))));
  const inPlaceApi: VersionsApi = {
    list: async (...args) => (await local()).list(...args),
    get: async (...args) => (await local()).get(...args),
    recordAuto: async (...args) => (await local()).recordAuto(...args),
    saveNamed: async (...args) => (await local()).saveNamed(...args),
    importNamed: async (...args) => (await local()).importNamed(...args),
    remove: async (...args) => (await local()).remove(...args),
  };
  const worker = workerOrInPlace(() => new VersionsWorker({ name: dbName }), inPlaceApi);
  const sender = docSender();
  return {
    list: (projectId) => worker.call((api) => api.list(projectId)),
    get: (projectId, versionId) => worker.call((api) => api.get(projectId, versionId)),
    recordAuto: (doc: AgentDocument, now = Date.now()) => sendDoc(sender, doc, (wire) => worker.call((api) => api.recordAuto(wire, now))),
    saveNamed: (doc: AgentDocument, note: string, now = Date.now()) => sendDoc(sender, doc, (wire) => worker.call((api) => api.saveNamed(wire, note, now))),
    importNamed: (projectId, versions) => worker.call((api) => api.importNamed(projectId, versions)),
    remove: (projectId, versionId) => worker.call((api) => api.remove(projectId, versionId)),
  };
}
