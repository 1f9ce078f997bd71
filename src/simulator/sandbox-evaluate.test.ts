import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PREDICATE_TIMEOUT_MS, prepareSandboxEvaluate } from './sandbox-evaluate';
import type { Evaluate } from './types';

let evaluate: Evaluate;
beforeAll(async () => {
  evaluate = await prepareSandboxEvaluate();
});

describe('sandboxEvaluate', () => {
  it('calls a when source with a copy of the state, synchronously', () => {
    expect(evaluate('(s) => s.slots.length > 0', { slots: [] })).toBe(false);
    expect(evaluate('(s) => s.slots.length > 0', { slots: [{ id: 'a' }] })).toBe(true);
  });

  it('reads the state fields as free identifiers in an expression', () => {
    expect(evaluate('searches >= 3', { searches: 2 })).toBe(false);
    expect(evaluate('searches >= 3', { searches: 3 })).toBe(true);
    expect(evaluate('verified && caller_name !== ""', { verified: true, caller_name: 'Ana' })).toBe(true);
  });

  it('reads `this.name` from the state, as the exported class does, and a field that is undefined as undefined', () => {
    expect(evaluate('this.searches >= 3', { searches: 3 })).toBe(true);
    expect(evaluate('!this.verified', { verified: true })).toBe(false);
    // The same field, undefined: JSON leaves it out, and it still reads undefined (not a ReferenceError).
    expect(evaluate('!verified', { verified: undefined })).toBe(true);
    expect(evaluate('!this.verified', { verified: undefined })).toBe(true);
    expect(evaluate('__proto__ === undefined', JSON.parse('{"__proto__": null}') as Record<string, unknown>)).toBe(false);
  });

  it('reports a throw, an unknown name, a syntax error and a promise', () => {
    expect(() => evaluate('(s) => s.nope.length > 0', {})).toThrow(/undefined|nope/);
    expect(() => evaluate('unknown_field > 1', {})).toThrow(/unknown_field/);
    expect(() => evaluate('(s) => ', {})).toThrow();
    expect(() => evaluate('async (s) => true', {})).toThrow(/promise/);
  });

  it('interrupts an endless predicate at its deadline', () => {
    const started = Date.now();
    expect(() => evaluate('(s) => { while (true) {} }', {})).toThrow(`took longer than ${DEFAULT_PREDICATE_TIMEOUT_MS} ms`);
    expect(Date.now() - started).toBeLessThan(DEFAULT_PREDICATE_TIMEOUT_MS + 2000);
    expect(evaluate('searches >= 3', { searches: 5 })).toBe(true); // still usable afterwards
  });

  it('sees nothing of the host', () => {
    expect(evaluate('typeof process === "undefined" && typeof fetch === "undefined"', {})).toBe(true);
  });
});
