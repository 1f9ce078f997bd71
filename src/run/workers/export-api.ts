// What the export worker (./export.worker.ts) offers the page, through Comlink. The same object
// serves in place where there are no workers (Node: unit tests). Neither way across is sent whole
// when it need not be: the document comes as a patch against the last one sent
// (store/workers/doc-wire.ts), and the answer as what changed since the last answer the page
// holds: the spans of the text a keystroke changed (a 500-stage agent's YAML is a megabyte, whose
// clone cost the page 10-30 ms per answer), and losses and notes only when they changed.
import { exportAs, type ExportFormat, type ExportView } from '../../formats/export-as';
import { changedSpans, type Span } from '../../model/changed-span';
import { docReceiver, type DocWire } from '../../store/workers/doc-wire';

/** A part of the answer against the same part of the answer the page holds. */
export type Part<T> = { kind: 'same' } | { kind: 'new'; value: T };
export type TextPart = Part<string> | { kind: 'spans'; spans: Span[] };

export interface ExportAnswer extends Omit<ExportView, 'text' | 'losses' | 'notes'> {
  /** This answer's number; `same` and `spans` parts are against the answer `held` named. */
  answer: number;
  text: TextPart;
  losses: Part<ExportView['losses']>;
  notes: Part<ExportView['notes']>;
}

export interface ExportApi {
  /** exportAs(doc, format, stageId): the text the Export preview shows, its losses and notes. `held`: the answer the page holds. */
  exportAs(doc: DocWire, format: ExportFormat, stageId: string | null, held?: number): ExportAnswer;
}

/** A fresh API with its own documents and last answer (one per worker, one in place). */
export function exportApi(): ExportApi {
  const docs = docReceiver();
  let last: { answer: number; view: ExportView; losses: string; notes: string } | undefined;
  let nextAnswer = 1;
  return {
    exportAs(wire, format, stageId, held) {
      const view = exportAs(docs.read(wire), format, stageId);
      const before = last?.answer === held ? last : undefined;
      const [losses, notes] = [JSON.stringify(view.losses), JSON.stringify(view.notes)];
      const part = <T,>(value: T, json: string, was: string | undefined): Part<T> => (json === was ? { kind: 'same' } : { kind: 'new', value });
      const spans = before ? changedSpans(before.view.text, view.text) : undefined;
      last = { answer: nextAnswer++, view, losses, notes };
      return {
        path: view.path, fileName: view.fileName, language: view.language, answer: last.answer,
        text: !before ? { kind: 'new', value: view.text } : spans?.length ? { kind: 'spans', spans } : { kind: 'same' },
        losses: part(view.losses, losses, before?.losses),
        notes: part(view.notes, notes, before?.notes),
      };
    },
  };
}
