/// <reference types="vite/client" />
// The main thread's side of the tool worker: a ToolRunner whose runs happen in ./tool.worker.ts.
// One worker per page, started on first use; the document goes over only when it changed. Stopping
// a step terminates the worker (a tool cannot be interrupted any other way from outside) and the
// next run starts a fresh one.
import type { AgentDocument } from '../../model';
import type { ToolRun, ToolRunner } from '../types';
import type { ToolRunRequest, ToolRunResponse } from './tool-worker-protocol';
import ToolWorker from './tool.worker?worker';

const STOPPED = 'Stopped while the tool was running.';

let worker: Worker | undefined;
let docSent: AgentDocument | undefined;
let nextId = 1;
const pending = new Map<number, { resolve: (run: ToolRun) => void; reject: (error: Error) => void }>();

function failAll(message: string) {
  for (const { reject } of pending.values()) reject(new Error(message));
  pending.clear();
}

function stopWorker(message: string) {
  worker?.terminate();
  worker = undefined;
  docSent = undefined;
  failAll(message);
}

function start(): Worker {
  if (worker) return worker;
  const started = new ToolWorker();
  started.onmessage = (event: MessageEvent<ToolRunResponse>) => {
    const entry = pending.get(event.data.id);
    pending.delete(event.data.id);
    if (!entry) return;
    if ('run' in event.data) entry.resolve(event.data.run);
    else entry.reject(new Error(event.data.error));
  };
  started.onerror = (event) => {
    event.preventDefault();
    stopWorker(`the tool sandbox could not start: ${event.message || 'worker error'}`);
  };
  worker = started;
  return started;
}

/** A ToolRunner for one step: its runs go to the worker; the step's abort signal stops them. */
export function workerToolRunner(doc: AgentDocument, signal?: AbortSignal): ToolRunner {
  return {
    run: (tool, args, state, call) =>
      new Promise<ToolRun>((resolve, reject) => {
        if (signal?.aborted) return reject(new Error(STOPPED));
        const id = nextId++;
        const onAbort = () => stopWorker(STOPPED);
        signal?.addEventListener('abort', onAbort, { once: true });
        const settle = <T,>(fn: (value: T) => void) => (value: T) => {
          signal?.removeEventListener('abort', onAbort);
          fn(value);
        };
        pending.set(id, { resolve: settle(resolve), reject: settle(reject) });
        const target = start();
        const request: ToolRunRequest = { id, tool, args, state, call, ...(docSent === doc ? {} : { doc }) };
        docSent = doc;
        target.postMessage(request);
      }),
  };
}
