// The version repository behind a dynamic import: its client (Comlink, the worker's address) is
// not part of the first paint, and the repository itself runs in a worker (versions-client.ts).
// The first call loads it; every call waits for that.
import type { VersionRepository } from './repository';

export function lazyVersionRepository(dbName?: string): VersionRepository {
  let real: Promise<VersionRepository> | undefined;
  const load = () => (real ??= import('./versions-client').then((m) => m.versionsInWorker(dbName)));
  return {
    list: async (projectId) => (await load()).list(projectId),
    get: async (projectId, id) => (await load()).get(projectId, id),
    recordAuto: async (doc, now) => (await load()).recordAuto(doc, now),
    saveNamed: async (doc, note, now) => (await load()).saveNamed(doc, note, now),
    importNamed: async (projectId, versions) => (await load()).importNamed(projectId, versions),
    remove: async (projectId, id) => (await load()).remove(projectId, id),
  };
}
