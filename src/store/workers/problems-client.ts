/// <reference types="vite/client" />
// The page's side of the problems worker: one worker for the page, one job at a time, the latest
// document winning (./latest-wins.ts), and the last answer kept by the document's identity so
// the canvas badges, the dock's counts and the Problems panel share one computation. An answer
// equal to the last one is that very array, so whatever is drawn from it is not rebuilt. Without
// Web Workers (Node), or if the worker cannot start, the same lint runs in place.
import type { AgentDocument } from '../../model';
import type { Problem } from '../../model/lint';
import { docSender, sendDoc } from './doc-wire';
import { latestWins } from './latest-wins';
import { workerOrImportedInPlace } from './worker-or-in-place';
import ProblemsWorker from './problems.worker?worker';

const worker = workerOrImportedInPlace(() => new ProblemsWorker(), async () => (await import('./problems-api')).problemsApi());
const sender = docSender();

let known: { doc: AgentDocument; problems: Problem[]; answer: number } | undefined;
let pending: { doc: AgentDocument; answer: Promise<Problem[] | undefined> } | undefined;

const ask = latestWins(async (doc: AgentDocument): Promise<Problem[]> => {
  const held = known;
  const reply = await sendDoc(sender, doc, (wire) => worker.call((api) => api.problemsOf(wire, held?.answer)));
  // 'same' only ever answers the number sent in `held`.
  const problems = reply.kind === 'new' ? reply.problems : (held?.problems ?? []);
  known = { doc, problems, answer: reply.answer };
  return problems;
});

/** The problems of `doc` if they are already known (computed for this very document). */
export const knownProblems = (doc: AgentDocument): Problem[] | undefined => (known?.doc === doc ? known.problems : undefined);

/** The problems of `doc`, computed off the main thread; `undefined` when a newer document replaced it first. */
export function problemsInWorker(doc: AgentDocument): Promise<Problem[] | undefined> {
  const cached = knownProblems(doc);
  if (cached) return Promise.resolve(cached);
  if (pending?.doc === doc) return pending.answer;
  const answer = ask(doc);
  pending = { doc, answer };
  return answer;
}
