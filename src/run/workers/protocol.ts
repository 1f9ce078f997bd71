// Messages between the main thread and the Pinecall import worker. Types only.
import type { PinecallImport } from '../../formats/pinecall/import';

export interface PinecallImportRequest {
  id: number;
  text: string;
}

export interface PinecallImportResponse {
  id: number;
  result: PinecallImport;
}
