// A Block Agent tool call's arguments, checked against the tool's full JSON Schema
// (formats/block-agent.md, step 3: types, enum, pattern, required), with ajv's messages.
// The schema is the document's, so it is interpreted (model/schema-check.ts), never compiled to
// code; its patterns run in the predicate sandbox (QuickJS, with a deadline), not on the host.
import type { Tool } from '../../../model';
import type { BoundedPatterns } from '../../../model/bounded-pattern';
import { checkValue, errorsText, SchemaNotUsable, type PatternTest } from '../../../model/schema-check';
import { parseArguments } from '../../../simulator/tool-arguments';
import type { Evaluate } from '../../../simulator/types';

const PATTERN_TEST = "new RegExp(pattern, 'u').test(value)";

/** A pattern tested inside the sandbox `evaluate` runs predicates in: its deadline stops a runaway regex. */
export function sandboxPatternTest(evaluate: Evaluate, tool: Tool): PatternTest {
  return (pattern, value) => evaluate(PATTERN_TEST, { pattern, value }, { what: `a pattern of ${tool.name}'s parameters` });
}

/**
 * A pattern tested in the pattern sandbox (QuickJS, its own deadline): for a step given no predicate
 * sandbox. It throws, as `evaluate` does, when the pattern is no regex or runs out of time.
 */
export function boundedPatternTest(bounded: BoundedPatterns): PatternTest {
  return (pattern, value) => {
    const run = bounded.exec(pattern, 'u', value);
    if ('failed' in run) throw new Error(run.message);
    return run.matched !== null;
  };
}

/**
 * The parsed arguments, or the message the trace keeps on why nothing was captured. Patterns are
 * tested in `evaluate` (the predicate sandbox, under the step's budget: the app and the CLI always
 * give it), else in the pattern sandbox; never with the host's RegExp, which has no deadline.
 */
export function checkToolCall(tool: Tool, text: string, patterns: Evaluate | BoundedPatterns): { args: Record<string, unknown> } | { error: string } {
  const parsed = parseArguments(tool, text);
  if ('error' in parsed) return parsed;
  let errors;
  try {
    errors = checkValue(tool.parameters, parsed.args, typeof patterns === 'function' ? sandboxPatternTest(patterns, tool) : boundedPatternTest(patterns));
  } catch (error) {
    if (!(error instanceof SchemaNotUsable)) throw error;
    return { error: `${tool.name}: the parameters schema cannot be checked (${error.message})` };
  }
  if (errors.length === 0) return parsed;
  return { error: `${tool.name}: ${errorsText(errors)}` };
}
