// Test support shared by the lint rule tests (not part of the app): the sample agent, linting it
// under a target after a mutation, and the table runner every rule file uses.
import { describe, expect, it } from 'vitest';
import sampleJson from '../../../public/examples/clinic-booking.json';
import type { AgentDocument, Target } from '../types';
import { TARGETS } from '../loss';
import { lint, type RuleId, type Severity } from './index';
import { severityOf } from './rules';

export const sample = sampleJson as unknown as AgentDocument;

export { TARGETS };

export function lintAs(target: Target, mutate: (doc: AgentDocument) => void) {
  const doc = structuredClone(sample);
  doc.target = target;
  mutate(doc);
  return lint(doc);
}

/** A rule fires on `fail` at `path` with the severity given per target, and stays silent on the near miss `pass`. */
export interface RuleCase {
  rule: RuleId;
  path: string;
  /** Pipecat's, when not given, is the rules table's (rules.ts): the case then checks that the rule fires there too. */
  severity: [pinecall: Severity, blockAgent: Severity, pipecat?: Severity];
  fail: (doc: AgentDocument) => void;
  pass: (doc: AgentDocument) => void;
}

export function describeRuleCases(cases: RuleCase[]) {
  describe.each(cases)('$rule', ({ rule, path, severity, fail, pass }) => {
    it.each(TARGETS)('fires with its path and severity (%s)', (target) => {
      const found = lintAs(target, fail).filter((p) => p.rule === rule);
      const expected = severity[TARGETS.indexOf(target)] ?? severityOf(rule, target);
      expect(found.map((p) => [p.path, p.severity])).toContainEqual([path, expected]);
    });
    it.each(TARGETS)('does not fire on a near miss (%s)', (target) => {
      expect(lintAs(target, pass).filter((p) => p.rule === rule)).toEqual([]);
    });
  });
}
