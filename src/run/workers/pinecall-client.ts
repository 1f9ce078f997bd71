/// <reference types="vite/client" />
// The main thread's side of the Pinecall import worker: one worker, started on first use and
// kept, answering requests by id so overlapping imports cannot get each other's results.
import type { PinecallImport } from '../../formats/pinecall/import';
import type { PinecallImportRequest, PinecallImportResponse } from './protocol';
import ImportWorker from './import.worker?worker';

let worker: Worker | undefined;
let nextId = 1;
const pending = new Map<number, (result: PinecallImport) => void>();

function failAll(message: string) {
  for (const resolve of pending.values()) resolve({ ok: false, errors: [{ line: 1, column: 1, message }] });
  pending.clear();
}

function start(): Worker {
  if (worker) return worker;
  const started = new ImportWorker();
  started.onmessage = (event: MessageEvent<PinecallImportResponse>) => {
    const resolve = pending.get(event.data.id);
    pending.delete(event.data.id);
    resolve?.(event.data.result);
  };
  started.onerror = (event) => {
    event.preventDefault();
    failAll(`the TypeScript importer could not start: ${event.message || 'worker error'}`);
    started.terminate();
    worker = undefined;
  };
  worker = started;
  return started;
}

/** importPinecallTs(text), run in the worker. */
export function importPinecallInWorker(text: string): Promise<PinecallImport> {
  const id = nextId++;
  return new Promise((resolve) => {
    pending.set(id, resolve);
    const request: PinecallImportRequest = { id, text };
    start().postMessage(request);
  });
}
