// Project saves off the main thread (./saves-api.ts): the worker shares the page's IndexedDB
// (same origin), so the record it writes is the one the page reads.
import * as Comlink from 'comlink';
import { savesApi } from './saves-api';

Comlink.expose(savesApi());
