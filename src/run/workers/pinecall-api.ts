// What the Pinecall import worker (./import.worker.ts) offers the page, through Comlink as the
// engine worker does (../engine-api.ts). The same object serves in place where there are no
// workers (Node: unit tests). An importer that throws rejects the call; the client
// (./pinecall-client.ts) turns that into an error the dialog shows.
import { loadPinecallImporter, loadPinecallStageFlow, sourceFilesOf, type PinecallImport } from '../../runtimes/pinecall/format';

type Importer = [Awaited<ReturnType<typeof loadPinecallImporter>>, Awaited<ReturnType<typeof loadPinecallStageFlow>>];
let loading: Promise<Importer> | undefined;
/** The importer and its stage-flow reader (TypeScript's compiler): asked for as the worker starts, kept; a load that failed is asked for again. */
function importer(): Promise<Importer> {
  loading ??= Promise.all([loadPinecallImporter(), loadPinecallStageFlow()]).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
// This module is loaded only to import (by the worker, or in place where there are none): start now.
importer().catch(() => undefined);

/** The other files of the agent's folder, as texts by path (a dropped folder, a .zip): what crosses into the worker. */
export interface FolderTexts {
  agent: string;
  files: Record<string, string>;
  /** The entries left out (a link, a name that leaves the folder), by the path an import reaches them at: why, a clause after the path. */
  refused?: Record<string, string>;
}

export interface PinecallImportApi {
  importPinecallTs(text: string, folder?: FolderTexts): Promise<PinecallImport>;
}

export const pinecallImportApi: PinecallImportApi = {
  importPinecallTs: async (text, folder) => {
    const [{ importPinecallTs }, { withCodeEdgeCount }] = await importer();
    return withCodeEdgeCount(importPinecallTs(text, folder ? { folder: { agent: folder.agent, files: sourceFilesOf(folder.files, folder.refused) } } : {}));
  },
};
