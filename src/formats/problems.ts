// Everything the Problems panel, the canvas badges, `callboard lint` and the inspector list about
// a document: the model's rules (lint) and one note per path the target cannot express (the
// formats' losses). The one place the two meet, so the store and the CLI cannot list different things.
import { lintReport, lossProblem, type AgentDocument, type Problem } from '../model';
import { lossesFor } from './losses';

export function problemsOf(doc: AgentDocument): Problem[] {
  const { problems, readable } = lintReport(doc);
  return [...problems, ...lossesFor(readable, doc.target).map((loss) => lossProblem(loss, doc.target))];
}
