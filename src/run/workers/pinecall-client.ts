/// <reference types="vite/client" />
// The main thread's side of the Pinecall import worker: one worker, started on first use and
// kept, spoken to through Comlink (which pairs each answer with its request, so overlapping
// imports cannot get each other's results). Without Web Workers (Node: unit tests) the importer
// runs in place, loaded only then: the page never loads the TypeScript compiler itself.
import * as Comlink from 'comlink';
import type { PinecallImport } from '../../runtimes/pinecall/format';
import type { FolderTexts, PinecallImportApi } from './pinecall-api';
import ImportWorker from './import.worker?worker';

interface Started {
  api: Comlink.Remote<PinecallImportApi> | PinecallImportApi;
  /** Settles with the reason when the worker fails: every import waiting on it answers with that. */
  failed: Promise<string>;
}

let starting: Promise<Started> | undefined;

async function start(): Promise<Started> {
  if (typeof Worker === 'undefined') {
    const { pinecallImportApi } = await import('./pinecall-api');
    return { api: pinecallImportApi, failed: new Promise(() => undefined) };
  }
  const worker = new ImportWorker();
  const failed = new Promise<string>((resolve) => {
    worker.onerror = (event) => {
      event.preventDefault();
      worker.terminate();
      // The next import starts a fresh worker.
      starting = undefined;
      resolve(`the TypeScript importer could not start: ${event.message || 'worker error'}`);
    };
  });
  return { api: Comlink.wrap<PinecallImportApi>(worker), failed };
}

/** A failure of the import itself, as the dialog shows errors: at the top of the file. */
const failure = (message: string): PinecallImport => ({ ok: false, errors: [{ line: 1, column: 1, message }] });

export type { FolderTexts };

/** importPinecallTs(text), run in the worker; `folder`: the agent's folder, for a base class or helpers it imports. */
export async function importPinecallInWorker(text: string, folder?: FolderTexts): Promise<PinecallImport> {
  starting ??= start();
  const { api, failed } = await starting;
  // An importer bug must still answer: the dialog shows it instead of waiting forever.
  const imported = Promise.resolve()
    .then(() => api.importPinecallTs(text, folder))
    .catch((error: unknown) => failure(`the importer failed: ${error instanceof Error ? error.message : String(error)}`));
  return Promise.race([imported, failed.then(failure)]);
}
