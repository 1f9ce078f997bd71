// What the regex tests run in a worker thread (./ends-within.ts), so that a hang fails a test
// instead of the suite: one answer of the offline model to a caller line, with a tool whose
// parameter carries the pattern; the inspector's pattern tester on a few samples; lint of an agent
// whose parameter's default meets the pattern.
import { createOfflineModel } from '../../src/simulator/offline';
import type { ModelResponse } from '../../src/simulator/types';
import { testPattern, type PatternTest } from '../../src/editors/schema-form';
import { preparePatternSandbox } from '../../src/simulator/sandbox/patterns';
import { lint, type Problem } from '../../src/model/lint';
import { setSamplePatterns } from '../../src/model/lint/pattern-samples';
import { sample } from '../../src/model/lint/rule-cases';

/** The offline model's answer when the caller says `line` to an agent whose lookup tool's `code` has `pattern`. */
export async function offlineAnswer(pattern: string, line: string): Promise<ModelResponse> {
  const model = createOfflineModel({ today: '2026-12-01' });
  const tool = { name: 'lookup_code', description: 'Look up the caller\'s booking by its code.', parameters: { type: 'object', properties: { code: { type: 'string', description: 'The booking code.', pattern } }, required: ['code'] } };
  return model.complete({ purpose: 'agent', system: 'You are the desk.\n\nHelp the caller.', messages: [{ role: 'user', content: line }], tools: [tool], toolChoice: 'auto' });
}

/** The inspector's pattern tester on `samples`, over this thread's pattern sandbox (as the page loads it). */
export async function testerResult(pattern: string, samples: string[]): Promise<PatternTest> {
  return testPattern(pattern, samples, await preparePatternSandbox());
}

/** Lint of the sample agent whose phone parameter has `pattern` and the default `value`, with the pattern sandbox handed to lint as the CLI hands it. */
export async function lintWithPattern(pattern: string, value: string): Promise<Problem[]> {
  setSamplePatterns(await preparePatternSandbox());
  const doc = structuredClone(sample);
  Object.assign(doc.tools[2].parameters.properties!.phone, { pattern, default: value });
  return lint(doc);
}
