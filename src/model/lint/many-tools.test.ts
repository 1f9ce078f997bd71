import { describe, expect, it } from 'vitest';
import { lintAs, sample } from './rule-cases';

describe('lint of an agent with thousands of tools', () => {
  // Each check looks a tool up among the others by name (maps), not by searching them all per tool:
  // 4,000 tools took 2.6 s and grew with the square of their number.
  it.each(['block-agent', 'pinecall'] as const)('lints 12,000 tools, half of them of one name, in time (%s)', (target) => {
    const problems = lintAs(target, (d) => {
      for (let i = 0; i < 12_000; i++) d.tools.push({ ...structuredClone(sample.tools[0]), id: `t_many${i}`, name: i % 2 ? 'same' : `tool_${i}` });
    });
    const duplicates = problems.filter((p) => p.rule === 'tool-name-duplicate-in-scope');
    expect(duplicates).toHaveLength(5_999);
    expect(duplicates[0].message).toMatch(/rename this one, e\.g\. same_2$/);
  }, 10_000);
});
