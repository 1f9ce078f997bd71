/// <reference types="vite/client" />
// The page's side of the saves worker (./saves-api.ts): persistence.ts hands it every save of a
// project's document. One worker, started with the first save; the document goes as a patch
// against the last one saved (./doc-wire.ts); a conflict comes back as the SaveConflictError the
// projects controller expects. If the worker cannot start, the save runs in place.
import type { AgentDocument } from '../../model';
import { SaveConflictError } from '../record-save';
import { docSender, sendDoc } from './doc-wire';
import { workerOrImportedInPlace } from './worker-or-in-place';
import SavesWorker from './saves.worker?worker';

const worker = workerOrImportedInPlace(() => new SavesWorker(), async () => (await import('./saves-api')).savesApi());
const sender = docSender();

/** Saves `doc` as persistence.ts's save does; resolves with the new revision once it is on disk. */
export async function saveInWorker(dbName: string, storeName: string, doc: AgentDocument, expectedRev?: number): Promise<number> {
  const outcome = await sendDoc(sender, doc, (wire) => worker.call((api) => api.save(dbName, storeName, wire, expectedRev)));
  if (!outcome.ok) throw new SaveConflictError(outcome.projectId, outcome.expected, outcome.found);
  return outcome.rev;
}

/**
 * Starts the worker and sends it `doc` whole, saving nothing, so that the first save of an opened
 * big agent (its first drag or keystroke) sends a patch to a running worker instead of starting
 * one and cloning the whole document then.
 */
export async function holdInWorker(doc: AgentDocument): Promise<void> {
  await sendDoc(sender, doc, (wire) => worker.call((api) => api.hold(wire)));
}
