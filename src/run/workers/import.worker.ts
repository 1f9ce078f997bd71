// Runs the Pinecall importer off the main thread: it parses with the TypeScript compiler
// (several MB of code and a parse the UI should not wait on), so only this worker loads it.
import * as Comlink from 'comlink';
import { pinecallImportApi } from './pinecall-api';

Comlink.expose(pinecallImportApi);
