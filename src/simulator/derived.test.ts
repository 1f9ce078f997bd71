// Derived state: the class's getters computed in the sandbox for a given state (what the state
// panel shows read-only, and what `when`, conditions and templates see beside the state).
import { describe, expect, it } from 'vitest';
import type { AgentDocument } from '../model';
import { derivedNames, derivedState, scopeWith, stateWithStage } from './derived';
import { sampleAgent } from './testing';

function agent(members: string[], extra: { imports?: string[]; before?: string[]; helpers?: Record<string, unknown> } = {}): AgentDocument {
  const { helpers, ...kept } = extra;
  return { ...sampleAgent(), preserved: { pinecall: { members, ...kept } }, ...(helpers ? { mocks: { helpers } } : {}) };
}

describe('derivedState', () => {
  it('computes each getter from the state, with this.call, this.stage and the helpers beside it', async () => {
    const doc = agent([
      'get identified(): boolean {\n  return this.caller_name !== "";\n}',
      'get greeting(): string {\n  return `${this.salute()} ${this.caller_name}, on ${this.call.today}`;\n}',
      'get booking(): boolean {\n  return this.stage === "book";\n}',
      'private salute(): string {\n  return this.verified ? "Welcome back" : "Hello";\n}',
    ]);
    const state = stateWithStage(doc, { caller_name: 'Ana', verified: true }, 'book');
    expect(await derivedState(doc, state, { today: '2026-05-06' })).toEqual({
      values: { identified: true, greeting: 'Welcome back Ana, on 2026-05-06', booking: true },
      errors: {},
      needs: {},
    });
    expect((await derivedState(doc, { caller_name: '' })).values).toMatchObject({ identified: false, booking: false });
  });

  it('a getter that throws is left out with its message; the others are computed; undefined reads as null', async () => {
    const doc = agent(['get broken(): number {\n  throw new Error("no agenda yet");\n}', 'get nothing() {\n  return undefined;\n}', 'get one(): number {\n  return 1;\n}']);
    expect(await derivedState(doc, {})).toEqual({ values: { nothing: null, one: 1 }, errors: { broken: 'no agenda yet' }, needs: {} });
  });

  it('a getter named like a state field is not derived: the field wins, as in Pinecall', async () => {
    const doc = agent(['get caller_phone(): string {\n  return "from the getter";\n}', 'get other(): string {\n  return this.caller_phone;\n}']);
    expect(derivedNames(doc)).toEqual(['other']);
    expect(await derivedState(doc, { caller_phone: '600' })).toMatchObject({ values: { other: '600' } });
    expect(scopeWith({ phone: '600' }, { phone: 'x', other: '600' })).toEqual({ phone: '600', other: '600' });
  });

  it('a getter over an import uses its mock, or names the need', async () => {
    const members = ['get open(): boolean {\n  return isOpen(this.call.today);\n}'];
    const imports = ['import { isOpen } from "./hours";'];
    expect(await derivedState(agent(members, { imports, helpers: { isOpen: true } }), {})).toMatchObject({ values: { open: true } });
    const without = await derivedState(agent(members, { imports }), {});
    expect(without.needs).toEqual({ open: [{ helper: 'isOpen', kind: 'import', from: './hours' }] });
    expect(without.values).toEqual({});
  });

  it('a getter that never returns is stopped at the deadline: a failure, not a crash', async () => {
    const doc = agent(['get spin(): number {\n  for (;;) {}\n}']);
    const started = Date.now();
    expect(await derivedState(doc, {}, {}, { timeoutMs: 100 })).toEqual({ values: {}, errors: {}, needs: {}, failure: 'the getters took longer than 100 ms' });
    expect(Date.now() - started).toBeLessThan(2000);
    // The sandbox is not poisoned: the next call computes as usual.
    expect(await derivedState(agent(['get one(): number {\n  return 1;\n}']), {})).toMatchObject({ values: { one: 1 } });
  });

  it('a getter that returns a promise is refused, and a class without getters costs nothing', async () => {
    expect(await derivedState(agent(['get later() {\n  return Promise.resolve(1);\n}']), {})).toMatchObject({ errors: { later: 'a getter must return a value, not a promise' } });
    expect(await derivedState(sampleAgent(), { caller_name: 'Ana' })).toEqual({ values: {}, errors: {}, needs: {} });
  });
});
