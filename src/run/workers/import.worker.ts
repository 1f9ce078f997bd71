// Runs the Pinecall importer off the main thread: it parses with the TypeScript compiler
// (several MB of code and a parse the UI should not wait on), so only this worker loads it.
import { importPinecallTs } from '../../formats/pinecall/import';
import type { PinecallImportRequest, PinecallImportResponse } from './protocol';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<PinecallImportRequest>) => void) | null;
  postMessage(message: PinecallImportResponse): void;
};

scope.onmessage = (event) => {
  const { id, text } = event.data;
  let result: PinecallImportResponse['result'];
  try {
    result = importPinecallTs(text);
  } catch (error) {
    // An importer bug must still answer: the dialog shows it instead of waiting forever.
    const message = error instanceof Error ? error.message : String(error);
    result = { ok: false, errors: [{ line: 1, column: 1, message: `the importer failed: ${message}` }] };
  }
  scope.postMessage({ id, result });
};
