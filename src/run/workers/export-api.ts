// What the export worker (./export.worker.ts) offers the page, through Comlink. The same object
// serves in place where there are no workers (Node: unit tests).
import type { AgentDocument } from '../../model';
import { exportAs, type ExportFormat, type ExportView } from '../../formats/export-as';

export interface ExportApi {
  /** exportAs(doc, format, stageId): the text the Export preview shows, its losses and notes. */
  exportAs(doc: AgentDocument, format: ExportFormat, stageId: string | null): ExportView;
}

export const exportApi: ExportApi = {
  exportAs: (doc, format, stageId) => exportAs(doc, format, stageId),
};
