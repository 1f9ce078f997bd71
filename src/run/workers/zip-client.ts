/// <reference types="vite/client" />
// The main thread's side of the zip worker: a worker per .zip, spoken to through Comlink, ended
// when it answers or when it takes longer than ZIP_TIMEOUT_MS (a worker of its own, so ending it
// ends nothing else). The .zip's own size is checked before it is read into memory. Without Web
// Workers (Node: unit tests) the same code runs in place.
import * as Comlink from 'comlink';
import { formatBytes, ZIP_LIMITS } from '../../model/limits';
import type { UnzippedBundle } from '../../formats/zip-bundle';
import { zipApi, type ZipApi } from './zip-api';
import ZipWorker from './zip.worker?worker';

export const ZIP_TIMEOUT_MS = 30_000;

/** readBundleZip(file's bytes), in a worker of its own. */
export async function readBundleZipInWorker(file: Blob): Promise<UnzippedBundle> {
  if (file.size > ZIP_LIMITS.zipBytes) {
    return { ok: false, message: `the .zip is ${formatBytes(file.size)}; Callboard reads a .zip of at most ${formatBytes(ZIP_LIMITS.zipBytes)}: zip only the agent file and its tests/ folder` };
  }
  const bytes = await file.arrayBuffer();
  if (typeof Worker === 'undefined') return zipApi.readBundleZip(bytes);
  return new Promise((resolve) => {
    const worker = new ZipWorker();
    const stopped = (why: string): UnzippedBundle => ({ ok: false, message: `the .zip could not be read: the reader stopped (${why}); open the agent file itself` });
    const done = (result: UnzippedBundle) => {
      clearTimeout(timer);
      worker.terminate();
      resolve(result);
    };
    const timer = setTimeout(() => done({ ok: false, message: `reading the .zip took longer than ${ZIP_TIMEOUT_MS / 1000} s and was stopped: open the agent file itself, or zip it again` }), ZIP_TIMEOUT_MS);
    worker.onerror = (event) => {
      event.preventDefault();
      done(stopped(event.message || 'worker error'));
    };
    Comlink.wrap<ZipApi>(worker)
      .readBundleZip(Comlink.transfer(bytes, [bytes]))
      .then(done, (error: unknown) => done(stopped(error instanceof Error ? error.message : String(error))));
  });
}
