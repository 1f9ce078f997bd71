// What the export worker (./export.worker.ts) offers the page, through Comlink. The same object
// serves in place where there are no workers (Node: unit tests). The document comes as a patch
// against the last one sent (store/workers/doc-wire.ts), not whole on every settled edit.
import { exportAs, type ExportFormat, type ExportView } from '../../formats/export-as';
import { docReceiver, type DocWire } from '../../store/workers/doc-wire';

export interface ExportApi {
  /** exportAs(doc, format, stageId): the text the Export preview shows, its losses and notes. */
  exportAs(doc: DocWire, format: ExportFormat, stageId: string | null): ExportView;
}

/** A fresh API with its own documents (one per worker, one in place). */
export function exportApi(): ExportApi {
  const docs = docReceiver();
  return {
    exportAs: (wire, format, stageId) => exportAs(docs.read(wire), format, stageId),
  };
}
