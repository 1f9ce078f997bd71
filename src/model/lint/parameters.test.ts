import { describe, expect, it } from 'vitest';
import type { AgentDocument } from '../types';
import { describeRuleCases, lintAs, type RuleCase } from './rule-cases';



const cases: RuleCase[] = [
  { rule: 'parameters-invalid', path: '/tools/4/parameters/properties/day/minLenght', severity: ['error', 'error'],
    fail: (d) => { d.tools[4].parameters.properties!.day.minLenght = 1; },
    pass: (d) => { d.tools[4].parameters.properties!.day.minLength = 1; } },
  { rule: 'parameters-root-object', path: '/tools/5/parameters/type', severity: ['error', 'error'],
    fail: (d) => { d.tools[5].parameters.type = 'array'; },
    pass: (d) => { d.tools[5].parameters = { type: 'object' }; } },
  { rule: 'parameters-required-unknown', path: '/tools/5/parameters/required/1', severity: ['error', 'error'],
    fail: (d) => { d.tools[5].parameters.required = ['slot', 'slot_id']; },
    pass: (d) => { d.tools[5].parameters.required = []; } },
  { rule: 'parameter-pattern-invalid', path: '/tools/2/parameters/properties/phone/pattern', severity: ['info', 'error'],
    fail: (d) => { d.tools[2].parameters.properties!.phone.pattern = '^[0-9{7,15}$'; },
    pass: (d) => { d.tools[2].parameters.properties!.phone.pattern = '^\\p{N}{7,15}$'; } },
  { rule: 'parameter-object-typed', path: '/tools/5/parameters/properties/slot', severity: ['warning', 'warning'],
    fail: (d) => { d.tools[5].parameters.properties!.slot = { type: 'object', properties: { id: { type: 'string' } } }; },
    pass: (d) => { d.tools[5].parameters.properties!.slot = { type: 'array', items: { type: 'string' } }; } },
];

describeRuleCases(cases);

describe('parameter details', () => {
  const rulesAt = (mutate: (d: AgentDocument) => void) =>
    lintAs('block-agent', mutate).filter((p) => p.rule !== 'loss' && p.path.startsWith('/tools/')).map((p) => [p.rule, p.path]);

  it('reports an invalid pattern once, at the pattern, even deep in the schema', () => {
    expect(rulesAt((d) => {
      d.tools[5].parameters.properties!.tags = { type: 'array', items: { type: 'string', pattern: '(' } };
    })).toEqual([['parameter-pattern-invalid', '/tools/5/parameters/properties/tags/items/pattern']]);
  });

  it('reports an unknown required name once, not again as an ajv strict-mode failure', () => {
    expect(rulesAt(cases[2].fail)).toEqual([['parameters-required-unknown', '/tools/5/parameters/required/1']]);
    expect(rulesAt((d) => { d.tools[5].parameters = { type: 'object', required: ['slot'] }; }))
      .toEqual([['parameters-required-unknown', '/tools/5/parameters/required/0']]);
  });

  it('points ajv\'s strict-mode and meta-schema failures at the subschema and says what to write', () => {
    const format = lintAs('block-agent', (d) => { d.tools[4].parameters.properties!.day.format = 'date'; }).find((p) => p.rule === 'parameters-invalid');
    expect(format?.path).toBe('/tools/4/parameters/properties/day');
    expect(format?.message).toContain('remove format "date"');
    const untyped = lintAs('block-agent', (d) => { d.tools[4].parameters.properties!.day = { pattern: '^[A-Z]' }; }).find((p) => p.rule === 'parameters-invalid');
    expect(untyped?.path).toBe('/tools/4/parameters/properties/day');
    expect(untyped?.message).toContain('add "type": "string" there');
    const typo = lintAs('block-agent', (d) => { d.tools[4].parameters.properties!.day.type = 'strin'; }).find((p) => p.rule === 'parameters-invalid');
    expect(typo?.path).toBe('/tools/4/parameters/properties/day/type');
  });

  it('accepts union types, as OpenAI schemas use them', () => {
    expect(rulesAt((d) => { d.tools[5].parameters.properties!.note = { type: ['string', 'null'] }; })).toEqual([]);
  });

  it('leaves mcp tools\' parameters to their server', () => {
    expect(rulesAt((d) => { d.tools[3].parameters = { type: 'array', bogus: true }; })).toEqual([]);
  });
});
