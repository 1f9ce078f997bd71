// The mock answers a document holds for what cannot run in the simulator (`doc.mocks.helpers`,
// agent.schema.json "Mocks"), read defensively: a document from an older build has none, and a
// hand-edited one may hold anything there.
import type { AgentDocument } from '../../model';

/** By helper name (`agendaFor`, `cal.agendaFor`, `knowledge.search`, `remembers`): the JSON value it answers. */
export function helperMocksOf(doc: AgentDocument): Record<string, unknown> {
  const helpers = doc.mocks?.helpers;
  return helpers && typeof helpers === 'object' && !Array.isArray(helpers) ? helpers : {};
}
