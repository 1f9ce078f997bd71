// The version repository off the main thread (./versions-api.ts): it owns the versions database
// in IndexedDB, which a worker of the page's origin shares with the page. The database's name is
// the worker's name (versions-client.ts), the default when it has none.
import * as Comlink from 'comlink';
import { createVersionRepository } from './repository';
import { versionsApi } from './versions-api';

Comlink.expose(versionsApi(createVersionRepository(self.name || undefined)));
