/// <reference types="vite/client" />
// The page's side of the problems worker: one worker for the page, one job at a time, the latest
// document winning (./latest-wins.ts), and the last answer kept by the document's identity so
// the canvas badges, the dock's counts and the Problems panel share one computation. Without Web
// Workers (Node), or if the worker cannot start, the same lint runs in place.
import type { AgentDocument } from '../../model';
import type { Problem } from '../../model/lint';
import { latestWins } from './latest-wins';
import { problemsApi } from './problems-api';
import { workerOrInPlace } from './worker-or-in-place';
import ProblemsWorker from './problems.worker?worker';

const worker = workerOrInPlace(() => new ProblemsWorker(), problemsApi);

let known: { doc: AgentDocument; problems: Problem[] } | undefined;
let pending: { doc: AgentDocument; answer: Promise<Problem[] | undefined> } | undefined;

const ask = latestWins((doc: AgentDocument) => worker.call((api) => api.problemsOf(doc)));

/** The problems of `doc` if they are already known (computed for this very document). */
export const knownProblems = (doc: AgentDocument): Problem[] | undefined => (known?.doc === doc ? known.problems : undefined);

/** The problems of `doc`, computed off the main thread; `undefined` when a newer document replaced it first. */
export function problemsInWorker(doc: AgentDocument): Promise<Problem[] | undefined> {
  const cached = knownProblems(doc);
  if (cached) return Promise.resolve(cached);
  if (pending?.doc === doc) return pending.answer;
  const answer = ask(doc).then((problems) => {
    if (problems) known = { doc, problems };
    return problems;
  });
  pending = { doc, answer };
  return answer;
}
