/// <reference types="vite/client" />
// The page's side of the export worker: one worker for the page, one export at a time, the latest
// ask winning (store/workers/latest-wins.ts), so the preview follows a burst of typing with at most
// one export behind. Without Web Workers (Node), or if the worker cannot start, it runs in place.
// The document goes as a patch against the last one sent (store/workers/doc-wire.ts); the answer
// comes as what changed since the last one (export-api.ts), and parts that did not change keep
// their identity here.
import type { AgentDocument } from '../../model';
import { applySpans } from '../../model/changed-span';
import type { ExportFormat, ExportView } from '../../formats/export-as';
import { IDLE_MS } from '../../store/pending-writes';
import { costScaledQuiet } from '../../store/workers/cost-scaled-quiet';
import { docSender, sendDoc } from '../../store/workers/doc-wire';
import { latestWins } from '../../store/workers/latest-wins';
import { workerOrImportedInPlace } from '../../store/workers/worker-or-in-place';
import type { ExportAnswer, Part } from './export-api';
import ExportWorker from './export.worker?worker';

const worker = workerOrImportedInPlace(() => new ExportWorker(), async () => (await import('./export-api')).exportApi());
const sender = docSender();
/** The last answer, the one the worker's next answer is relative to. */
let held: { answer: number; view: ExportView } | undefined;

interface Ask {
  doc: AgentDocument;
  format: ExportFormat;
  stageId: string | null;
}

/** The view an answer describes, against `before` (the answer it was made relative to, if any). */
function viewOf(reply: ExportAnswer, before: ExportView | undefined): ExportView {
  const part = <T,>(p: Part<T>, was: T | undefined): T => (p.kind === 'new' ? p.value : was!);
  const { text, losses, notes, answer: _answer, ...rest } = reply;
  const was = before?.text ?? '';
  return {
    ...rest,
    text: text.kind === 'spans' ? applySpans(was, text.spans) : part(text, before?.text),
    losses: part(losses, before?.losses),
    notes: part(notes, before?.notes),
  };
}

/**
 * What an export costs, from asking to the view in hand, sets the typing pause the preview waits
 * for before asking again (cost-scaled-quiet.ts): four times it, so an export started at a pause
 * between words is done and drawn before the next word (a big agent's 100-250 ms export then waits
 * for a pause of 0.4-1 s; a small agent's, the plain 120 ms).
 */
const cost = costScaledQuiet(IDLE_MS, 4, 1500);
export const exportQuietMs = (): number => cost.quietMs();

const ask = latestWins(async ({ doc, format, stageId }: Ask): Promise<ExportView> => {
  const started = performance.now();
  const base = held;
  const reply = await sendDoc(sender, doc, (wire) => worker.call((api) => api.exportAs(wire, format, stageId, base?.answer)));
  // A `same` or `spans` part only ever answers the number sent in `base`.
  const view = viewOf(reply, base?.view);
  held = { answer: reply.answer, view };
  cost.note(performance.now() - started);
  return view;
});

/** The export of `doc` in `format`, written in the worker; `undefined` when a newer ask replaced it before it ran. */
export const exportInWorker = (doc: AgentDocument, format: ExportFormat, stageId: string | null): Promise<ExportView | undefined> =>
  ask({ doc, format, stageId });
