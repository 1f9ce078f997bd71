import type { StageFlow } from '../code-flow';
import type { AgentDocument, Block, EntityKind, Stage, Target, Tool } from '../types';
import type { RuleId, Severity } from './rules';

export type { Severity };

/** What to select when a problem is clicked; the agent itself has no id. */
export interface ProblemEntity {
  kind: EntityKind;
  id?: string;
}

export interface Problem {
  /** Stable id, e.g. 'tool-name-pinecall' (see RULES); 'loss' for what the target cannot express. */
  rule: string;
  severity: Severity;
  /** JSON pointer into the document, e.g. '/tools/3/parameters/properties/phone/pattern'. */
  path: string;
  entity: ProblemEntity;
  /** Says what is wrong and what to write instead. */
  message: string;
}

/** A problem before the rule table gives it a severity for the document's target. */
export interface Finding {
  rule: RuleId;
  path: string;
  entity: ProblemEntity;
  message: string;
}

/** Lookups every rule file needs, built once per lint() call. */
export interface LintContext {
  doc: AgentDocument;
  target: Target;
  stageById: Map<string, Stage>;
  blockById: Map<string, Block>;
  toolById: Map<string, Tool>;
  stateNames: Set<string>;
  /**
   * Where the code moves the call (runtimes/pinecall/format/stage-flow.ts), when the caller read it: the
   * reader needs the TypeScript parser, which the model does not load. Without it, reachability
   * falls back to the literal `this.stage = "x"` writes its lexer sees (stage-writes.ts).
   */
  stageFlow?: StageFlow;
}

export type RuleCheck = (ctx: LintContext) => Finding[];
