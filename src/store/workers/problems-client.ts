/// <reference types="vite/client" />
// The page's side of the problems worker: one worker for the page, one job at a time, the latest
// document winning (./latest-wins.ts), and the last answer kept by the document's identity so
// the canvas badges, the dock's counts and the Problems panel share one computation. An answer
// equal to the last one is that very array, so whatever is drawn from it is not rebuilt. Without
// Web Workers (Node), or if the worker cannot start, the same lint runs in place.
import type { AgentDocument } from '../../model';
import type { StageFlow } from '../../model/code-flow';
import type { Problem } from '../../model/lint';
import { docSender, sendDoc } from './doc-wire';
import { latestWins } from './latest-wins';
import { workerOrImportedInPlace } from './worker-or-in-place';
import ProblemsWorker from './problems.worker?worker';

const worker = workerOrImportedInPlace(() => new ProblemsWorker(), async () => (await import('./problems-api')).problemsApi());
const sender = docSender();

/**
 * What the worker derives from a document: its problems, and where its code moves the call (a
 * Pinecall agent's stage flow, read with the TypeScript parser, which the page never loads). One
 * object per answer: an answer equal to the last is that very object.
 */
export interface Settled {
  problems: Problem[];
  stageFlow?: StageFlow;
}

let known: { doc: AgentDocument; settled: Settled; answer: number } | undefined;
let pending: { doc: AgentDocument; answer: Promise<Settled | undefined> } | undefined;

const ask = latestWins(async (doc: AgentDocument): Promise<Settled> => {
  const held = known;
  const reply = await sendDoc(sender, doc, (wire) => worker.call((api) => api.problemsOf(wire, held?.answer)));
  // 'same' only ever answers the number sent in `held`.
  const settled: Settled = reply.kind === 'new'
    ? { problems: reply.problems, ...(reply.stageFlow ? { stageFlow: reply.stageFlow } : {}) }
    : (held?.settled ?? { problems: [] });
  known = { doc, settled, answer: reply.answer };
  return settled;
});

/** The problems of `doc` if they are already known (computed for this very document). */
export const knownProblems = (doc: AgentDocument): Problem[] | undefined => (known?.doc === doc ? known.settled.problems : undefined);

/** The problems and stage flow of `doc`, computed off the main thread; `undefined` when a newer document replaced it first. */
export function settledInWorker(doc: AgentDocument): Promise<Settled | undefined> {
  if (known?.doc === doc) return Promise.resolve(known.settled);
  if (pending?.doc === doc) return pending.answer;
  const answer = ask(doc);
  pending = { doc, answer };
  return answer;
}

/** The problems of `doc`, computed off the main thread; `undefined` when a newer document replaced it first. */
export async function problemsInWorker(doc: AgentDocument): Promise<Problem[] | undefined> {
  return (await settledInWorker(doc))?.problems;
}
