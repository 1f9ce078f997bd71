// Conversation tests (issue 6): the contract the engine, the app's Tests panel, replay and the CLI
// share. A test is a document entity (ConversationTest in agent.schema.json); what a run of it gives
// is here. Pure data, JSON-friendly, so results can be kept in the store and printed by the CLI.
import type { ConversationTest, TestExpectations } from '../../model';
import type { Session } from '../types';

export type { ConversationTest, TestExpectations };

/** One rule of `expect`, in the order the format lists them. */
export type ExpectationRule = keyof TestExpectations; // 'tools' | 'not_tools' | 'says' | 'not' | 'stage' | 'state'

/** The outcome of one expectation item (one tool name, one phrase, the stage, one state field). */
export interface ExpectationResult {
  rule: ExpectationRule;
  /** The item expected: a tool name, a phrase, a stage name, or `{field: value}` for state. */
  expected: unknown;
  passed: boolean;
  /** What happened instead, said for a person: "called: find_slots, book" / "final stage: Identify". */
  actual: string;
}

/** One run of one test. */
export interface TestRunResult {
  test: string;
  passed: boolean;
  /** Every expectation item, passed or not. */
  expectations: ExpectationResult[];
  /** Set when the run did not reach its end: a model call failed, or the engine threw. Fails the run. */
  error?: string;
  /** The session the run ended with (for "what happened" and replay). */
  session: Session;
  ms: number;
}

/** N runs of one test. */
export interface TestSuiteEntry {
  test: string;
  runs: TestRunResult[];
  passes: number;
  /** passes / runs.length (0 when there were no runs). */
  passRate: number;
}
