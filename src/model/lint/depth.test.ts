import { describe, expect, it } from 'vitest';
import { MAX_DEPTH } from '../limits';
import { assertWithinDepth, DepthLimitError, valueDepth } from '../value-depth';
import { describeRuleCases, lintAs, sample, type RuleCase } from './rule-cases';

/** A value `levels` containers deep, built without recursion (JSON.stringify could not even write it). */
function nested(levels: number, kind: 'array' | 'object' = 'array'): unknown {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = kind === 'array' ? [value] : { a: value };
  return value;
}

const cases: RuleCase[] = [
  { rule: 'value-too-deep', path: '/tools/0/mock', severity: ['error', 'error'],
    fail: (d) => { d.tools[0].mock = nested(MAX_DEPTH + 1); },
    pass: (d) => { d.tools[0].mock = nested(MAX_DEPTH); } },
  { rule: 'value-too-deep', path: '/state/0/default', severity: ['error', 'error'],
    fail: (d) => { d.state[0].default = nested(MAX_DEPTH + 1, 'object'); },
    pass: (d) => { d.state[0].default = nested(MAX_DEPTH, 'object'); } },
];

describeRuleCases(cases);

describe('value depth', () => {
  it('measures a scalar as 0 levels, [] as 1 and [[1], {}] as 2', () => {
    expect(valueDepth('x')).toBe(0);
    expect(valueDepth([])).toBe(1);
    expect(valueDepth([[1], {}])).toBe(2);
    expect(valueDepth(nested(100_000))).toBe(100_000);
  });

  it('says a value that contains itself is infinitely deep instead of looping', () => {
    const loop: unknown[] = [];
    loop.push([loop]);
    expect(valueDepth(loop)).toBe(Infinity);
  }, 10_000);

  it('reports a mock nested 10,000 deep at its path, with the depth and the limit, and lints the rest', () => {
    const problems = lintAs('pinecall', (d) => {
      d.tools[0].mock = nested(10_000);
      d.tools[1].parameters = nested(100_000, 'object') as typeof d.tools[1]['parameters'];
      d.tools[5].name = 'book-slot';
    });
    const deep = problems.filter((p) => p.rule === 'value-too-deep');
    expect(deep.map((p) => [p.path, p.severity])).toEqual([['/tools/0/mock', 'error'], ['/tools/1/parameters', 'error']]);
    expect(deep[0].message).toBe(
      `the mock result of tool ${sample.tools[0].name} nests 10,000 levels deep; Callboard reads at most ${MAX_DEPTH} levels: write a flatter value, or keep the deep part as a JSON string`,
    );
    expect(deep[1].message).toMatch(/^the parameters of tool \S+ nests 100,000 levels deep; Callboard reads at most 64 levels: describe the deep part as \{"type": "object"\}/);
    // The other rules still run, on the values cut at the limit.
    expect(problems.some((p) => p.rule === 'tool-name-pinecall' && p.path === '/tools/5/name')).toBe(true);
  }, 10_000);

  it('checks tests, kept keys and preserved text too', () => {
    const problems = lintAs('block-agent', (d) => {
      d.tests = [{ name: 't', input: [], expect: { state: { deep: nested(MAX_DEPTH) } } }];
      d.stages[0].extra = { deep: nested(MAX_DEPTH + 8) };
      d.preserved = { pinecall: { deep: nested(MAX_DEPTH + 8) } };
    }).filter((p) => p.rule === 'value-too-deep');
    expect(problems.map((p) => [p.path, p.entity.kind])).toEqual([['/stages/0/extra', 'stage'], ['/tests/0/expect/state', 'agent'], ['/preserved/pinecall', 'agent']]);
  });

  it('checks what every import kept, not only Pinecall\'s and Block Agent\'s: a Python or Ruby class, a Pipecat flow', () => {
    const problems = lintAs('pipecat', (d) => {
      d.preserved = { pinecallPython: { deep: nested(MAX_DEPTH + 8) }, pinecallRuby: { deep: nested(MAX_DEPTH + 8) }, pipecat: { nodes: { deep: nested(MAX_DEPTH + 8) } } };
    }).filter((p) => p.rule === 'value-too-deep');
    expect(problems.map((p) => p.path).sort()).toEqual(['/preserved/pinecallPython', '/preserved/pinecallRuby', '/preserved/pipecat']);
    expect(problems.find((p) => p.path === '/preserved/pipecat')?.message).toMatch(/what the import kept in preserved\.pipecat/);
  });

  it('makes an export refuse what lint reports, with the same message', () => {
    const doc = structuredClone(sample);
    expect(() => assertWithinDepth(doc)).not.toThrow();
    doc.tools[0].mock = nested(5_000);
    expect(() => assertWithinDepth(doc)).toThrow(DepthLimitError);
    expect(() => assertWithinDepth(doc)).toThrow(/^\/tools\/0\/mock: the mock result of tool \S+ nests 5,000 levels deep; Callboard reads at most 64 levels/);
  }, 10_000);
});
