// What the Pinecall import worker (./import.worker.ts) offers the page, through Comlink as the
// engine worker does (../engine-api.ts). The same object serves in place where there are no
// workers (Node: unit tests). An importer that throws rejects the call; the client
// (./pinecall-client.ts) turns that into an error the dialog shows.
import { importPinecallTs, type PinecallImport } from '../../runtimes/pinecall/format/import';
import { sourceFilesOf } from '../../runtimes/pinecall/format/source-files';
import { withCodeEdgeCount } from '../../runtimes/pinecall/format/stage-flow';

/** The other files of the agent's folder, as texts by path (a dropped folder, a .zip): what crosses into the worker. */
export interface FolderTexts {
  agent: string;
  files: Record<string, string>;
  /** The entries left out (a link, a name that leaves the folder), by the path an import reaches them at: why, a clause after the path. */
  refused?: Record<string, string>;
}

export interface PinecallImportApi {
  importPinecallTs(text: string, folder?: FolderTexts): PinecallImport;
}

export const pinecallImportApi: PinecallImportApi = {
  importPinecallTs: (text, folder) => withCodeEdgeCount(importPinecallTs(text, folder ? { folder: { agent: folder.agent, files: sourceFilesOf(folder.files, folder.refused) } } : {})),
};
