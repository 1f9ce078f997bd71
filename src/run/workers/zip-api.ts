// What the zip worker (./zip.worker.ts) offers the page, through Comlink as the engine worker
// does (../engine-api.ts). The same object serves in place where there are no workers (Node).
import { readBundleZip, type UnzippedBundle } from '../../formats/zip-bundle';

export interface ZipApi {
  /** The .zip's bytes (transferred to the worker, not copied) read as an agent and its goldens. */
  readBundleZip(bytes: ArrayBuffer): UnzippedBundle;
}

export const zipApi: ZipApi = {
  readBundleZip(bytes) {
    try {
      return readBundleZip(new Uint8Array(bytes));
    } catch (error) {
      return { ok: false, message: `the .zip could not be read (${error instanceof Error ? error.message : String(error)}): export it again, or open the agent file itself` };
    }
  },
};
