import { describe, expect, it } from 'vitest';
import type { Tool } from '../model';
import { frozenSample } from '../model/ops/testing';
import { conditionLabel, edgeLabel, isNaturalLanguage, stagesSetInCode, toolMap } from './labels';

const tools = toolMap(frozenSample());

describe('conditionLabel', () => {
  it('writes "tool ✓" when any value fires the edge, and field = value when one is expected', () => {
    expect(conditionLabel({ kind: 'tool', toolId: 't_book', expected: '*' }, tools)).toBe('book ✓');
    expect(conditionLabel({ kind: 'tool', toolId: 't_intent', field: 'schedule_appointment', expected: 'true' }, tools)).toBe('schedule_appointment = true');
    expect(conditionLabel({ kind: 'tool', toolId: 't_identity', field: 'phone', expected: '*' }, tools)).toBe('phone = *');
    expect(conditionLabel({ kind: 'tool', toolId: 't_book', expected: 'yes' }, tools)).toBe('book = yes');
  });

  it('names a missing tool instead of failing', () => {
    expect(conditionLabel({ kind: 'tool', toolId: 'gone', expected: '*' }, new Map<string, Tool>())).toBe('(missing tool) ✓');
  });

  it('writes external values, quoted natural language (clipped) and expressions as written', () => {
    expect(conditionLabel({ kind: 'external', expected: 'verified' }, tools)).toBe('ext = verified');
    expect(conditionLabel({ kind: 'nlu', sentence: 'caller confirms.' }, tools)).toBe('"caller confirms"');
    const long = conditionLabel({ kind: 'nlu', sentence: 'The caller has not yet said why they are calling.' }, tools);
    expect(long.startsWith('"The caller has not yet')).toBe(true);
    expect(long.endsWith('…"')).toBe(true);
    expect(long.length).toBeLessThanOrEqual(34);
    expect(conditionLabel({ kind: 'expression', expression: ' searches >= 3 ' }, tools)).toBe('searches >= 3');
  });
});

describe('edgeLabel', () => {
  it('joins AND-ed conditions and says "always" for an edge without any', () => {
    expect(edgeLabel({ conditions: [] }, tools)).toBe('always');
    expect(edgeLabel({ conditions: [{ kind: 'tool', toolId: 't_book', expected: '*' }, { kind: 'expression', expression: 'verified' }] }, tools)).toBe('book ✓ & verified');
  });

  it('marks natural-language edges (drawn dashed)', () => {
    const doc = frozenSample();
    expect(doc.edges.filter(isNaturalLanguage).map((e) => e.id)).toEqual(['e_greet_loop']);
  });
});

describe('stagesSetInCode', () => {
  it('finds string literals assigned to this.stage, once each, in order', () => {
    const body = 'if (ok) this.stage = "goodbye";\nelse this.stage = \'choose\';\nthis.stage = `goodbye`;\nreturn 1;';
    expect(stagesSetInCode(body)).toEqual(['goodbye', 'choose']);
  });

  it('ignores comparisons, comments, strings, interpolations and other objects', () => {
    const body = [
      'if (this.stage === "verify") return;',
      '// this.stage = "commented"',
      'const s = "this.stage = \\"quoted\\"";',
      'this.stage = `${next}`;',
      'other.this.stage = "x";',
      'this.stage = name;',
    ].join('\n');
    expect(stagesSetInCode(body)).toEqual([]);
    expect(stagesSetInCode(undefined)).toEqual([]);
  });
});
