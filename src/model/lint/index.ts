import type { StageFlow } from '../code-flow';
import type { Loss } from '../loss';
import type { AgentDocument, Target } from '../types';
import { checkBlocks, checkStages } from './blocks';
import { checkConfirm } from './confirm';
import { checkConversationTests } from './conversation-tests';
import { buildContext } from './context';
import { checkDepth } from './depth';
import { checkConditions, checkEdgeShape, checkMixedConditions, checkStateExpressionMix } from './graph';
import { checkConfusableNames, checkInvisibleCharacters, checkMixedScriptNames } from './invisible';
import { checkMcp } from './mcp';
import { checkDuplicateNames, checkStateDeclarations } from './names';
import { checkParameters } from './parameters';
import { checkPatternSamples } from './pattern-samples';
import { checkReachability } from './reachability';
import { LOSS_RULE, severityOf } from './rules';
import { checkTemplates } from './templates';
import { checkToolOptions } from './tool-options';
import { checkToolDuplicates, checkToolNaming, checkToolReservedNames, checkToolScopes } from './tools';
import type { Problem, RuleCheck } from './types';

export type { Problem, ProblemEntity, Severity } from './types';
export { RULES, LOSS_RULE, severityOf, type RuleId, type RuleInfo } from './rules';

/** In the order a reader fixes things: what hides from the reader (issue 30), the agent's own shape, then tools, then the graph, then its tests. */
const CHECKS: RuleCheck[] = [
  checkInvisibleCharacters, checkConfusableNames, checkMixedScriptNames,
  checkReachability, checkDuplicateNames, checkStateDeclarations, checkBlocks, checkStages,
  checkToolNaming, checkToolDuplicates, checkToolReservedNames, checkToolScopes, checkToolOptions,
  checkParameters, checkPatternSamples, checkConfirm, checkMcp,
  checkEdgeShape, checkMixedConditions, checkStateExpressionMix, checkConditions, checkTemplates,
  checkConversationTests,
];

/**
 * The rules' problems of the document, with a severity that follows `doc.target`, and the document
 * as the rules read it (a value nested past the limit cut at the limit). Pure: no state, safe to
 * run on every edit. The losses of the target are the formats' (formats/problems.ts, problemsOf,
 * adds one `info` note per path the target cannot express).
 */
export function lintReport(doc: AgentDocument, derived: LintDerived = {}): { problems: Problem[]; readable: AgentDocument } {
  // A value nested past the limit is reported first; the other rules read it cut at the limit.
  const depth = checkDepth(doc);
  const ctx = buildContext(depth.readable, derived.stageFlow);
  const findings = [...depth.findings, ...CHECKS.flatMap((check) => check(ctx))];
  return { problems: findings.map((f) => ({ ...f, severity: severityOf(f.rule, doc.target) })), readable: depth.readable };
}

/** What the caller derived from the document with what the model does not load (the TypeScript parser). */
export interface LintDerived {
  /** The code's stage writes (runtimes/pinecall/format/stage-flow.ts): reachability follows them. */
  stageFlow?: StageFlow;
}

/** The rules' problems alone (lintReport); problemsOf adds the losses. */
export const lint = (doc: AgentDocument, derived: LintDerived = {}): Problem[] => lintReport(doc, derived).problems;

/** One loss as the Problems panel lists it: an `info` note (a warning where the target makes it one). */
export function lossProblem(loss: Loss, target: Target): Problem {
  return { rule: LOSS_RULE, severity: severityOf(LOSS_RULE, target), path: loss.path, entity: loss.entity, message: loss.message };
}
