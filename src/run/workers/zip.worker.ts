// Reads a .zip off the main thread: listing, inflating within ZIP_LIMITS and decoding happen here,
// so a .zip built to inflate to gigabytes never stalls the page; only the texts come back.
import { readBundleZip } from '../../formats/zip-bundle';
import type { ZipRequest, ZipResponse } from './zip-protocol';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ZipRequest>) => void) | null;
  postMessage(message: ZipResponse): void;
};

scope.onmessage = (event) => {
  let result: ZipResponse;
  try {
    result = readBundleZip(new Uint8Array(event.data.bytes));
  } catch (error) {
    result = { ok: false, message: `the .zip could not be read (${error instanceof Error ? error.message : String(error)}): export it again, or open the agent file itself` };
  }
  scope.postMessage(result);
};
