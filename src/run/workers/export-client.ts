/// <reference types="vite/client" />
// The page's side of the export worker: one worker for the page, one export at a time, the latest
// ask winning (store/workers/latest-wins.ts), so the preview follows a burst of typing with at most
// one export behind. Without Web Workers (Node), or if the worker cannot start, it runs in place.
import type { AgentDocument } from '../../model';
import type { ExportFormat, ExportView } from '../../formats/export-as';
import { docSender, sendDoc } from '../../store/workers/doc-wire';
import { latestWins } from '../../store/workers/latest-wins';
import { workerOrImportedInPlace } from '../../store/workers/worker-or-in-place';
import ExportWorker from './export.worker?worker';

const worker = workerOrImportedInPlace(() => new ExportWorker(), async () => (await import('./export-api')).exportApi());
// The document goes as a patch against the last one sent (store/workers/doc-wire.ts).
const sender = docSender();

interface Ask {
  doc: AgentDocument;
  format: ExportFormat;
  stageId: string | null;
}

const ask = latestWins(({ doc, format, stageId }: Ask) => sendDoc(sender, doc, (wire) => worker.call((api) => api.exportAs(wire, format, stageId))));

/** The export of `doc` in `format`, written in the worker; `undefined` when a newer ask replaced it before it ran. */
export const exportInWorker = (doc: AgentDocument, format: ExportFormat, stageId: string | null): Promise<ExportView | undefined> =>
  ask({ doc, format, stageId });
