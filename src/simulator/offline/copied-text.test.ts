// Never a wrong value (issue 32): a free text copied from a line that gave other values keeps its
// own clause or is not given; a denial is no note; a word of restriction in an enum value's name
// must be met; digits said as a phone are no reference. Each with its near miss.
import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../model';
import { ownClause, onlyDenies } from './copied-text';
import { readEnum } from './enums';
import { fillArguments, type FillContext } from './fill';
import { patterns } from './testing';

const ctx = (lines: string[], asked?: FillContext['asked']): FillContext => ({ callerLines: [...lines].reverse(), today: '2026-12-01', offered: [], patterns: patterns(), ...(asked ? { asked } : {}) });
const schema = (properties: Record<string, JsonSchema>, required = Object.keys(properties)): JsonSchema => ({ type: 'object', properties, required });

describe('a copied text keeps its own clause', () => {
  it('of a line that gave a name and an age too, the clause neither came from, without its subject', () => {
    expect(ownClause("She's called Biscuit, she's a cockapoo, about three", ['called Biscuit', 'three'])).toBe('cockapoo');
  });
  it('leaves out hedges, denials and clauses that explain another', () => {
    expect(ownClause("It's a Worcester, I'd say, not a combi", ['combi'])).toBe('a Worcester');
    expect(ownClause('Ideally Dr Ahmed again, since she ordered them', ['dr_ahmed'])).toBeUndefined();
  });
  it('near misses: none left, or several with nothing to tell them apart', () => {
    expect(ownClause('Maisie, eleven', ['Maisie', 'eleven'])).toBeUndefined();
    expect(ownClause('a collie, black and white', ['nothing said'])).toBeUndefined();
  });
  it('in the fill: the breed asked for is the clause no other parameter took', () => {
    const line = "She's called Biscuit, she's a cockapoo, about three.";
    const asked = [[{ tool: 'any', param: 'breed', why: 'asked' }]];
    const out = fillArguments(schema({ dog_name: { type: 'string', description: "The dog's name." }, breed: { type: 'string' }, age_years: { type: 'integer' } }), ctx([line], asked));
    expect(out.args).toEqual({ dog_name: 'Biscuit', breed: 'cockapoo', age_years: 3 });
  });
  it('in the fill: a line that answers the question alone is still taken whole', () => {
    const asked = [[{ tool: 'any', param: 'breed', why: 'asked' }]];
    expect(fillArguments(schema({ breed: { type: 'string' } }), ctx(['A border collie cross, we think'], asked)).args).toEqual({ breed: 'A border collie cross, we think' });
  });
});

describe('a denial is no note', () => {
  it('reads "no … or anything, she\'s healthy" as saying there is none', () => {
    expect(onlyDenies("No skin problems or anything, she's healthy as anything.")).toBe(true);
    expect(onlyDenies('Nothing like that.')).toBe(true);
  });
  it('near miss: a note that says something after its "no"', () => expect(onlyDenies('No, but she has a sore paw on the left')).toBe(false));
});

describe('a word of restriction in an enum value', () => {
  const values = ['nails_only', 'bath_and_brush', 'full_groom'];
  const descriptions = ['nails_only is a nail clip; bath_and_brush is a wash and a brush; full_groom is a bath, haircut and nails'];
  it('is not met by the thing named among others', () => {
    expect(readEnum(values, 'The full works, please. Bath, haircut, nails, the lot.', descriptions)).toMatchObject({ value: 'full_groom' });
  });
  it('near miss: the caller restricts too', () => expect(readEnum(values, 'Just the nails this time.', descriptions)).toMatchObject({ value: 'nails_only' }));
});

describe('digits said as a phone', () => {
  const job = { job_reference: { type: 'string', description: 'The reference of the earlier job.' } } satisfies Record<string, JsonSchema>;
  it('are no reference', () => expect(fillArguments(schema(job), ctx(["Sunil Mehta, and my mobile's oh seven seven two two, five five one, three oh nine."])).missing).toEqual(['job_reference']));
  it('near miss: the same digits said as the reference', () => expect(fillArguments(schema(job), ctx(["The reference is oh seven seven two two, five five one, three oh nine."])).args).toEqual({ job_reference: '07722551309' }));
});
