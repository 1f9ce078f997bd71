// The page's side of what the panels show of the agent's own code outside a run: what each tool
// needs that cannot run here (the inspector's mock answers) and the getters' values for the state
// a run starts from (the state panel). Both are worked out in an engine worker of their own, where
// the TypeScript parser and the sandbox live (./engine-api.ts): the page's first load carries
// neither, and a run's Stop, which may end the run's worker, never ends this one's work.
import type { AgentDocument } from '../model';
import type { ClassInsight } from '../simulator/class-code/insight';
import type { CallFacts, Derived } from '../simulator/types';
import { EngineHost } from './engine-host';

export type { ClassInsight } from '../simulator/class-code/insight';

let host: EngineHost | undefined;
const engine = () => (host ??= new EngineHost());

// A document is immutable: its insight is asked once, however many panels show it.
const insights = new WeakMap<AgentDocument, Promise<ClassInsight>>();

export function classInsightOf(doc: AgentDocument): Promise<ClassInsight> {
  let known = insights.get(doc);
  if (!known) {
    known = engine().call((api, id) => api.classInsight(id, doc));
    // A failed ask is not remembered: the next look asks again.
    known.catch(() => insights.delete(doc));
    insights.set(doc, known);
  }
  return known;
}

/** The last initial-state ask, so that panels drawn again with the same inputs share its answer. */
let lastDerived: { doc: AgentDocument; key: string; answer: Promise<Derived> } | undefined;

/** The getters' values for the state a run would start from (the entry stage, defaults and initial values). */
export function initialDerivedOf(doc: AgentDocument, initialState: Record<string, unknown>, call: CallFacts): Promise<Derived> {
  const key = JSON.stringify([initialState, call]);
  if (lastDerived && lastDerived.doc === doc && lastDerived.key === key) return lastDerived.answer;
  const answer = engine().call((api, id) => api.initialDerived(id, doc, initialState, call));
  const entry = { doc, key, answer };
  lastDerived = entry;
  answer.catch(() => {
    if (lastDerived === entry) lastDerived = undefined;
  });
  return answer;
}
