// Everything the Problems panel, the canvas badges, `callboard lint` and the inspector list about
// a document: the model's rules (lint) and one note per path the target cannot express (the
// formats' losses). The one place the two meet, so the store and the CLI cannot list different things.
import { lintReport, lossProblem, type AgentDocument, type LintDerived, type Problem } from '../model';
import { lossesFor } from './losses';

/**
 * `derived`: what the caller read with the TypeScript parser, which this module must not load (the
 * import dialog calls it on the page): the code's stage flow (pinecall/stage-flow.ts).
 */
export function problemsOf(doc: AgentDocument, derived: LintDerived = {}): Problem[] {
  const { problems, readable } = lintReport(doc, derived);
  return [...problems, ...lossesFor(readable, doc.target).map((loss) => lossProblem(loss, doc.target))];
}
