// Messages between the main thread and the zip worker (one request per worker). Types only.
import type { UnzippedBundle } from '../../formats/zip-bundle';

export interface ZipRequest {
  /** The .zip, transferred. */
  bytes: ArrayBuffer;
}

export type ZipResponse = UnzippedBundle;
