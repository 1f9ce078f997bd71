// What the problems worker (./problems.worker.ts) offers the page, through Comlink. The same
// object serves in place where there are no workers (Node: unit tests).
import type { AgentDocument } from '../../model';
import type { Problem } from '../../model/lint';
import { problemsOf } from '../../formats/problems';
import { loadExpressionParser } from '../../model/lint/js-syntax';

export interface ProblemsApi {
  /** problemsOf(doc), with the syntax of `when` and expression conditions checked (the parser is loaded first). */
  problemsOf(doc: AgentDocument): Promise<Problem[]>;
}

export const problemsApi: ProblemsApi = {
  async problemsOf(doc) {
    // Without the parser lint still runs; it says nothing about syntax (model/lint/js-syntax.ts).
    await loadExpressionParser().catch(() => undefined);
    return problemsOf(doc);
  },
};
