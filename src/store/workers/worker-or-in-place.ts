// A Comlink worker made on first use, with the same API object run in place where there are no
// Web Workers (Node: unit tests) or once the worker has failed to start (a chunk that did not
// load): a failed worker never leaves an ask waiting forever, and an error the API itself throws
// (an exporter refusing a document) comes back as that error, not as a fallback.
// workerOrImportedInPlace imports the in-place API only when it is first needed, so where workers
// run the page never loads the code they run (lint, the exporters): the problems worker's client
// is part of the first screen, which is on a budget (.size-limit.mjs).
import * as Comlink from 'comlink';

export interface WorkerOrInPlace<T> {
  call<R>(ask: (api: T | Comlink.Remote<T>) => R | PromiseLike<R>): Promise<R>;
}

class WorkerFailed extends Error {}

export function workerOrInPlace<T>(make: () => Worker, inPlace: T): WorkerOrInPlace<T> {
  return workerOrImportedInPlace(make, () => Promise.resolve(inPlace));
}

/** As workerOrInPlace, with the in-place API imported (once) the first time it is needed. */
export function workerOrImportedInPlace<T>(make: () => Worker, importInPlace: () => Promise<T>): WorkerOrInPlace<T> {
  let inPlace: Promise<T> | undefined;
  let remote: Comlink.Remote<T> | undefined;
  let failed: Promise<never> | undefined;
  let broken = typeof Worker === 'undefined';
  const start = () => {
    const worker = make();
    failed = new Promise<never>((_, reject) => {
      worker.onerror = (event) => {
        event.preventDefault();
        reject(new WorkerFailed(event.message || 'worker error'));
      };
    });
    failed.catch(() => undefined);
    remote = Comlink.wrap<T>(worker);
  };
  return {
    async call(ask) {
      if (!broken) {
        if (!remote) start();
        try {
          return await Promise.race([Promise.resolve(ask(remote!)), failed!]);
        } catch (error) {
          const cannotPost = error instanceof DOMException && error.name === 'DataCloneError';
          if (!(error instanceof WorkerFailed) && !cannotPost) throw error;
          broken = true;
        }
      }
      return await ask(await (inPlace ??= importInPlace()));
    },
  };
}
