// What the Pinecall import worker (./import.worker.ts) offers the page, through Comlink as the
// engine worker does (../engine-api.ts). The same object serves in place where there are no
// workers (Node: unit tests). An importer that throws rejects the call; the client
// (./pinecall-client.ts) turns that into an error the dialog shows.
import { importPinecallTs, type PinecallImport } from '../../formats/pinecall/import';

export interface PinecallImportApi {
  importPinecallTs(text: string): PinecallImport;
}

export const pinecallImportApi: PinecallImportApi = { importPinecallTs };
