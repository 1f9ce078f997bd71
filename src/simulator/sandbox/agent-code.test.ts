// The agent's own code beside a tool, in the real sandbox: top-level declarations (each apart, live,
// under the tool's deadline), helper methods and getters on `this`, and stubs for what cannot run
// here (named, default, namespace and value imports; the world's calls) with and without mocks.
import { describe, expect, it } from 'vitest';
import type { AgentDocument, Tool } from '../../model';
import { sandboxToolRunner } from '../sandbox-runner';
import { sampleAgent } from '../testing';

interface Kept {
  before?: string[];
  after?: string[];
  imports?: string[];
  members?: string[];
}

function agent(kept: Kept, helpers?: Record<string, unknown>): AgentDocument {
  return { ...sampleAgent(), preserved: { pinecall: { ...kept } }, ...(helpers ? { mocks: { helpers } } : {}) };
}

const endCall = sampleAgent().tools.find((t) => t.name === 'end_call')!;
const tool = (name: string, implementation: string, timeout = 5): Tool => ({ ...endCall, name, implementation, timeout, parameters: { type: 'object', properties: {} } });
/** Runs `body` as the document's own tool `book` (the stubs read how the document's code uses each name). */
function run(doc: AgentDocument, body: string, state: Record<string, unknown> = {}, timeout = 5) {
  const book = tool('book', body, timeout);
  return sandboxToolRunner({ ...doc, tools: [...doc.tools, book] }).run(book, {}, state, {});
}

describe('top-level declarations', () => {
  it('a declaration that throws breaks only its own names, and says so when a tool touches one', async () => {
    const doc = agent({ before: ['const CONFIG = JSON.parse("{ not json");', 'function twice(n: number): number {\n  return n * 2;\n}'] });
    expect(await run(doc, 'return twice(21);')).toMatchObject({ result: 42 });
    const touched = await run(doc, 'return CONFIG.url;');
    expect(touched).toMatchObject({ failure: 'thrown' });
    expect(touched.error).toMatch(/^CONFIG could not be defined: /);
  });

  it('one that does not transpile breaks only its own names too', async () => {
    const doc = agent({ after: ['const broken: number = ;', 'const GREETING = "hi";'] });
    expect(await run(doc, 'return GREETING;')).toMatchObject({ result: 'hi' });
    expect((await run(doc, 'return broken;')).error).toMatch(/^broken could not be defined: Top-level code line 1:\d+: Expression expected/);
  });

  it('names stay live: a function of the file that reassigns its let is seen by the tool; a const cannot be assigned', async () => {
    const doc = agent({ before: ['let calls = 0;', 'export function bump(): number {\n  calls += 1;\n  return calls;\n}'] });
    expect(await run(doc, 'bump(); bump(); return calls;')).toMatchObject({ result: 2 });
    const constant = agent({ before: ['const LIMIT = 3;'] });
    expect(await run(constant, 'LIMIT = 4; return LIMIT;')).toMatchObject({ failure: 'thrown', error: 'Assignment to constant variable.' });
  });

  it('classes, enums and destructured consts are there; type-only statements vanish', async () => {
    const doc = agent({ before: ['interface Slot { id: string }', 'type Day = "mon";', 'enum Visit { Cleaning = "cleaning" }', 'class NotADay extends Error {}', 'const { a, b: [c] } = { a: 1, b: [2] };', 'const año = 2026;'] });
    expect(await run(doc, 'return [Visit.Cleaning, new NotADay("x") instanceof Error, a, c, año];')).toMatchObject({ result: ['cleaning', true, 1, 2, 2026] });
  });

  it('a top-level loop is stopped by the tool deadline', async () => {
    const doc = agent({ before: ['const SPIN = (() => { for (;;) {} })();'] });
    const out = await run(doc, 'return 1;', {}, 0.2);
    expect(out).toMatchObject({ failure: 'timeout', error: 'book took longer than 0.2 s' });
  });
});

describe('helper methods and getters on this', () => {
  it('a getter is computed from the state as it is now, and is never a write', async () => {
    const doc = agent({ members: ['get identified(): boolean {\n  return this.patient !== null;\n}', 'private label(): string {\n  return this.identified ? "known" : "stranger";\n}'] });
    const out = await run(doc, 'const before = this.label(); this.patient = { name: "Ana" }; return [before, this.label(), this.identified];', { patient: null });
    expect(out).toEqual({ result: ['stranger', 'known', true], writes: { patient: { name: 'Ana' } }, logs: [] });
  });

  it('a setter writes the fields behind it; a state field wins over a member of its name', async () => {
    const doc = agent({ members: ['get full(): string {\n  return `${this.first} ${this.last}`;\n}', 'set full(value: string) {\n  [this.first, this.last] = value.split(" ");\n}', 'get count(): number {\n  return 99;\n}'] });
    const out = await run(doc, 'this.full = "Ana Ruiz"; return [this.full, this.count];', { first: '', last: '', count: 1 });
    expect(out).toEqual({ result: ['Ana Ruiz', 1], writes: { first: 'Ana', last: 'Ruiz' }, logs: [] });
  });

  it('a helper that does not transpile fails the tools that call it, not the others', async () => {
    const doc = agent({ members: ['private broken() {\n  return (;\n}', 'private fine(): number {\n  return 1;\n}'] });
    expect(await run(doc, 'return this.fine();')).toMatchObject({ result: 1 });
    expect((await run(doc, 'return this.broken();')).error).toMatch(/^this\.broken could not be read: Helper line 2:\d+: Expression expected/);
  });
});

describe('stubs for what cannot run here', () => {
  const imports = ['import { agendaFor } from "./agenda";', 'import lookup from "lookup-pkg";', 'import * as cal from "./cal";', 'import { PRICES } from "./prices";', 'import type { Slot } from "./types";'];
  const body = 'const slots: Slot[] = await agendaFor("2026-05-11"); return { slots, who: lookup("600"), days: cal.days(), cleaning: PRICES.cleaning };';

  it('each import without a mock is named as the tool calls it, with its module', async () => {
    const doc = agent({ imports });
    expect(await run(doc, 'return await agendaFor("x");')).toMatchObject({ failure: 'needs-mock', needs: [{ helper: 'agendaFor', kind: 'import', from: './agenda' }] });
    expect(await run(doc, 'return lookup("600");')).toMatchObject({ error: 'book needs lookup (imported from "lookup-pkg"), which cannot run in the simulator; give it a mock answer' });
    expect(await run(doc, 'return cal.days();')).toMatchObject({ needs: [{ helper: 'cal.days', kind: 'import', from: './cal' }] });
    // Read as a value, not called: touching it is the need.
    expect(await run(doc, 'return PRICES.cleaning;')).toMatchObject({ needs: [{ helper: 'PRICES', from: './prices' }] });
  });

  it('with mocks: a called stub answers a fresh copy of its mock, a value import is the mock itself', async () => {
    const doc = agent({ imports }, { agendaFor: [{ id: 'mon-9' }], lookup: { name: 'Ana' }, 'cal.days': ['mon'], PRICES: { cleaning: 40 } });
    expect(await run(doc, body)).toMatchObject({ result: { slots: [{ id: 'mon-9' }], who: { name: 'Ana' }, days: ['mon'], cleaning: 40 } });
    expect(await run(doc, 'const a = await agendaFor(); a.push(1); return (await agendaFor()).length;')).toMatchObject({ result: 1 });
  });

  it('a tool that catches the stub throw still fails for want of the mock', async () => {
    const doc = agent({ imports });
    const out = await run(doc, 'try { return await agendaFor("x"); } catch { return []; }');
    expect(out).toMatchObject({ failure: 'needs-mock', needs: [{ helper: 'agendaFor' }] });
  });

  it('a declaration that calls an unmocked import at the top level is the need of the tool that touches it', async () => {
    const doc = agent({ imports, before: ['const TODAY_SLOTS = agendaFor("today");'] });
    expect(await run(doc, 'return 1;')).toMatchObject({ result: 1 });
    expect(await run(doc, 'return TODAY_SLOTS;')).toMatchObject({ failure: 'needs-mock', needs: [{ helper: 'agendaFor' }] });
  });

  it('this.remembers and this.knowledge.search are the world, mocked by name', async () => {
    const doc = agent({});
    expect(await run(doc, 'return this.remembers("Ana");')).toMatchObject({ error: "book needs this.remembers (the world's memory of the caller), which cannot run in the simulator; give it a mock answer" });
    const mocked = agent({}, { remembers: { last: 'cleaning' }, 'knowledge.search': [] });
    expect(await run(mocked, 'return [await this.remembers("Ana"), await this.knowledge.search("parking", { k: 2 })];')).toMatchObject({ result: [{ last: 'cleaning' }, []] });
  });

  it('the stubs are not state: nothing of them is written or shown', async () => {
    const doc = agent({ imports }, { agendaFor: [] });
    expect(await run(doc, 'this.n = 1; return Object.keys(this);', { n: 0 })).toEqual({ result: ['n'], writes: { n: 1 }, logs: [] });
  });
});
