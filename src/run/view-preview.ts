// The page's side of the stage inspector's preview: what a Pinecall class's kept render() (or
// @render component) gives for a state. Rendered in an engine worker of its own (./engine-api.ts
// renderView), where the TypeScript parser and the sandbox live: the page's first load carries
// neither, a looping render() holds that worker for its deadline and never the page, and a run's
// Stop, which may end the run's worker, never ends this one's work.
import type { AgentDocument } from '../model';
import type { CallFacts, ViewResult } from '../simulator/types';
import { EngineHost } from './engine-host';

let host: EngineHost | undefined;
const engine = () => (host ??= new EngineHost());

/** The last ask, so that an inspector drawn again with the same inputs shares its answer. */
let last: { doc: AgentDocument; key: string; answer: Promise<ViewResult> } | undefined;

/** What the kept view of `doc` renders for `state` (the class's `this`: the stage under `stage`) and the call facts. */
export function viewPreviewOf(doc: AgentDocument, state: Record<string, unknown>, call: CallFacts): Promise<ViewResult> {
  const key = JSON.stringify([state, call]);
  if (last && last.doc === doc && last.key === key) return last.answer;
  const answer = engine().call((api, id) => api.renderView(id, doc, state, call));
  const entry = { doc, key, answer };
  last = entry;
  answer.catch(() => {
    if (last === entry) last = undefined;
  });
  return answer;
}
