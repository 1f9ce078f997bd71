// A backstop for tests of code that could hang its thread: a regular expression that backtracks
// for ever never yields, so vitest's per-test timeout (a timer on the same thread) never fires and
// the whole suite would hang. The code under test runs in a worker thread instead (TypeScript
// through tsx's tsImport, as bin/callboard.mjs loads it), and the worker is terminated at the deadline: a
// regression fails its test with "did not end" instead of hanging the run.
import { Worker } from 'node:worker_threads';

export type Ended<T> = { ended: true; value: T; ms: number } | { ended: false; ms: number };

const TSX_API = import.meta.resolve('tsx/esm/api');

const BOOT = `
const { parentPort, workerData } = require('node:worker_threads');
import(workerData.tsx)
  .then((tsx) => tsx.tsImport(workerData.file, workerData.file))
  .then((m) => m[workerData.name](...workerData.args))
  .then((value) => parentPort.postMessage({ ok: true, value }), (error) => parentPort.postMessage({ ok: false, error: String((error && error.stack) || error) }));
`;

/**
 * Calls `name(...args)` of the module at `file` (absolute path of a .ts file) in a worker thread;
 * the answer must be structured-cloneable. Past `ms`, the worker is terminated and `ended` is false.
 */
export function endsWithin<T>(ms: number, file: string, name: string, args: unknown[] = []): Promise<Ended<T>> {
  const started = Date.now();
  const worker = new Worker(BOOT, { eval: true, workerData: { tsx: TSX_API, file, name, args } });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void worker.terminate();
      resolve({ ended: false, ms: Date.now() - started });
    }, ms);
    worker.once('message', (message: { ok: boolean; value?: T; error?: string }) => {
      clearTimeout(timer);
      void worker.terminate();
      if (message.ok) resolve({ ended: true, value: message.value as T, ms: Date.now() - started });
      else reject(new Error(message.error));
    });
    worker.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}
