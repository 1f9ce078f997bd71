import type { AgentDocument } from '../model';
import type { Problem } from '../model/lint';
import { problemsOf } from '../formats/problems';
import { expressionParserLoaded, loadExpressionParser } from '../model/lint/js-syntax';
import type { AppState, EntityRef } from './types';

/** Memoised on the document's identity: derived data is computed once per change, not per render. */
export function memoByDoc<T>(compute: (doc: AgentDocument) => T): (state: AppState) => T {
  let lastDoc: AgentDocument | undefined;
  let lastValue: T;
  return (state) => {
    if (state.doc !== lastDoc) {
      lastDoc = state.doc;
      lastValue = compute(state.doc);
    }
    return lastValue;
  };
}

export const selectPrimary = (state: AppState): EntityRef | undefined => state.selection[state.selection.length - 1];

export const isSelected = (state: AppState, kind: EntityRef['kind'], id?: string) =>
  state.selection.some((r) => r.kind === kind && r.id === id);

/**
 * Lint runs once per document change, shared by the Problems panel, the canvas badges and the
 * inspector; and once more when the expression parser has loaded (model/lint/js-syntax.ts).
 */
let lastLinted: { doc: AgentDocument; parsed: boolean; problems: Problem[] } | undefined;
function selectProblemsForDoc(doc: AgentDocument): Problem[] {
  const parsed = expressionParserLoaded();
  if (!parsed) void loadExpressionParser().catch(() => undefined);
  if (lastLinted?.doc !== doc || lastLinted.parsed !== parsed) lastLinted = { doc, parsed, problems: problemsOf(doc) };
  return lastLinted.problems;
}

export const selectProblems = (state: AppState): Problem[] => selectProblemsForDoc(state.doc);

