import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runToolCode, type RunToolInput } from './run-tool';

const sample = JSON.parse(readFileSync(new URL('../../../public/examples/clinic-booking.json', import.meta.url), 'utf8')) as {
  tools: { name: string; implementation?: string; parameters: { properties: Record<string, unknown> } }[];
};

function sampleTool(name: string) {
  const tool = sample.tools.find((t) => t.name === name);
  if (!tool?.implementation) throw new Error(`sample tool ${name} has no implementation`);
  return { body: tool.implementation, params: Object.keys(tool.parameters.properties), toolName: name };
}

const baseState = { caller_name: '', caller_phone: '', verified: false, slots: [] as unknown[], searches: 0, booking_when: '' };

function run(partial: Partial<RunToolInput> & { body: string }) {
  return runToolCode({ params: [], args: {}, state: {}, call: {}, timeoutMs: 1000, ...partial });
}

describe('the sample agent tools', () => {
  it('collect_identity writes the name and the phone', async () => {
    const out = await runToolCode({
      ...sampleTool('collect_identity'),
      args: { caller_name: 'Ana Ruiz', phone: '+34600111222' },
      state: baseState,
      call: {},
      timeoutMs: 1000,
    });
    expect(out).toEqual({
      ok: true,
      result: { caller_name: 'Ana Ruiz', phone: '+34600111222' },
      writes: { caller_name: 'Ana Ruiz', caller_phone: '+34600111222' },
      logs: [],
    });
  });

  it('free_slots counts the search and offers four slots', async () => {
    const out = await runToolCode({ ...sampleTool('free_slots'), args: { day: 'Tuesday', visit: 'cleaning' }, state: baseState, call: {}, timeoutMs: 10_000 });
    const slots = ['09:00', '10:30', '12:00', '16:00'].map((h, i) => ({
      id: `Tuesday-${i}`,
      when: `Tuesday ${h}`,
      professional: i % 2 ? 'Dr. Ruiz' : 'Dr. Vega',
      visit: 'cleaning',
    }));
    expect(out).toEqual({ ok: true, result: slots, writes: { searches: 1, slots }, logs: [] });
  });

  it('book writes booking_when for an offered slot and throws for another', async () => {
    const slots = [{ id: 'Tuesday-1', when: 'Tuesday 10:30', professional: 'Dr. Ruiz', visit: 'cleaning' }];
    const state = { ...baseState, slots };
    const ok = await runToolCode({ ...sampleTool('book'), args: { slot: 'Tuesday-1' }, state, call: {}, timeoutMs: 1000 });
    expect(ok).toEqual({ ok: true, result: slots[0], writes: { booking_when: 'Tuesday 10:30' }, logs: [] });
    const bad = await runToolCode({ ...sampleTool('book'), args: { slot: 'Friday-9' }, state, call: {}, timeoutMs: 1000 });
    expect(bad).toMatchObject({ ok: false, kind: 'thrown', error: 'Friday-9 is not one of the slots offered; offer free slots again.', writes: {} });
  });
});

describe('runToolCode', () => {
  it('captures console output in order', async () => {
    const out = await run({ body: 'console.log("a", 1, { b: 2 }); console.warn("careful"); console.error("bad"); return 0;' });
    expect(out.logs).toEqual(['a 1 {"b":2}', '[warn] careful', '[error] bad']);
  });

  it('gives a thrown error its message, and keeps the writes made before the throw', async () => {
    const out = await run({ body: 'this.n = 2; throw new Error("no such slot");', state: { n: 1 } });
    expect(out).toMatchObject({ ok: false, kind: 'thrown', error: 'no such slot', writes: { n: 2 } });
  });

  it('runs TypeScript with types and await', async () => {
    const out = await run({
      body: 'const wait = (v: number): Promise<number> => Promise.resolve(v * 2);\nconst x: number = await wait(a);\nreturn { x, today: this.call.today };',
      params: ['a'],
      args: { a: 21 },
      call: { today: '2026-05-05' },
    });
    expect(out).toMatchObject({ ok: true, result: { x: 42, today: '2026-05-05' }, writes: {} });
  });

  it('binds the helper methods on this', async () => {
    const out = await run({
      body: 'return this.greet(name);',
      params: ['name'],
      args: { name: 'Ana' },
      state: { title: 'Ms.' },
      helpers: 'private greet(n: string): string { return `Hello ${this.title} ${n}`; }',
    });
    expect(out).toMatchObject({ ok: true, result: 'Hello Ms. Ana', writes: {} });
  });

  it('stops an endless loop at its deadline', async () => {
    const started = Date.now();
    const out = await run({ body: 'this.n = 1; while (true) {}', timeoutMs: 200, toolName: 'free_slots', state: { n: 0 } });
    expect(out).toMatchObject({ ok: false, kind: 'timeout', error: 'free_slots took longer than 0.2 s', writes: { n: 1 } });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('stops an endless loop after an await at its deadline', async () => {
    const out = await run({ body: 'await null; for (;;) {}', timeoutMs: 200 });
    expect(out).toMatchObject({ ok: false, kind: 'timeout' });
  });

  it('reports a promise that can never settle as a timeout', async () => {
    const out = await run({ body: 'await new Promise(() => {});' });
    expect(out).toMatchObject({ ok: false, kind: 'timeout' });
  });

  it('stops an unbounded allocation at the memory limit', async () => {
    const out = await run({ body: 'const a = []; while (true) a.push({ n: a.length });', memoryBytes: 8 * 1024 * 1024, timeoutMs: 5000 });
    expect(out).toMatchObject({ ok: false, kind: 'memory' });
  });

  it('a tool cannot catch its own interrupt', async () => {
    const out = await run({ body: 'try { while (true) {} } catch { return "caught"; }', timeoutMs: 200 });
    expect(out).toMatchObject({ ok: false, kind: 'timeout' });
  });

  it('caps the logs of a tool that logs without end', async () => {
    const out = await run({ body: 'for (;;) console.log("again");', timeoutMs: 200 });
    expect(out).toMatchObject({ ok: false, kind: 'timeout' });
    expect(out.logs.length).toBe(200);
  });

  it('turns endless recursion and thrown non-errors into thrown messages', async () => {
    const deep = await run({ body: 'const f = (): number => f() + 1; return f();' });
    expect(deep).toMatchObject({ ok: false, kind: 'thrown' });
    const text = await run({ body: 'throw "plain text";' });
    expect(text).toMatchObject({ ok: false, kind: 'thrown', error: 'plain text' });
  });

  it('reports a TypeScript syntax error as kind syntax', async () => {
    const out = await run({ body: 'const x: number = ;\nreturn x;' });
    expect(out).toMatchObject({ ok: false, kind: 'syntax' });
    expect(out.ok || out.error).toMatch(/line 1/);
  });

  it('reports a syntax error in the helpers as kind syntax', async () => {
    const out = await run({ body: 'return 1;', helpers: 'broken( { }' });
    expect(out).toMatchObject({ ok: false, kind: 'syntax' });
  });

  it('returns only changed fields; same-value assignments are not writes', async () => {
    const out = await run({
      body: 'this.a = 1; this.b = [1, { c: 2 }]; this.d = { y: 2, x: 1 }; this.e = "new"; this.list.push(3); return null;',
      state: { a: 1, b: [1, { c: 2 }], d: { x: 1, y: 2 }, e: 'old', list: [1, 2] },
    });
    expect(out).toMatchObject({ ok: true, writes: { e: 'new', list: [1, 2, 3] } });
    expect(Object.keys(out.writes).sort()).toEqual(['e', 'list']);
  });

  it('does not share the state object with the host', async () => {
    const state = { slots: [1] };
    await run({ body: 'this.slots.push(2);', state });
    expect(state).toEqual({ slots: [1] });
  });

  it('converts non-JSON values the JSON way', async () => {
    const out = await run({ body: 'this.f = () => 1; return { f() {}, u: undefined, list: [undefined, 1] };', state: { f: 0 } });
    expect(out).toMatchObject({ ok: true, result: { list: [null, 1] }, writes: { f: null } });
  });
});

describe('isolation', () => {
  const hostNames = [
    'fetch',
    'XMLHttpRequest',
    'WebSocket',
    'importScripts',
    'indexedDB',
    'localStorage',
    'document',
    'window',
    'postMessage',
    'process',
    'require',
  ];

  it.each(hostNames)('%s is undefined inside', async (name) => {
    const out = await run({ body: `return typeof ${name};` });
    expect(out).toMatchObject({ ok: true, result: 'undefined' });
  });

  it('the constructor.constructor escape reaches only the guest global', async () => {
    const out = await run({
      body: 'const g = this.constructor.constructor("return globalThis")();\nreturn [typeof g.process, typeof g.require, typeof g.fetch, typeof g.document, typeof g.__log, typeof g.console.log];',
    });
    expect(out).toMatchObject({ ok: true, result: ['undefined', 'undefined', 'undefined', 'undefined', 'undefined', 'function'] });
  });

  it('a prototype pollution in one run is absent in the next', async () => {
    const first = await run({ body: 'Object.prototype.polluted = 1; Array.prototype.push = () => 0; return ({}).polluted;' });
    expect(first).toMatchObject({ ok: true, result: 1 });
    const second = await run({ body: 'const a = [1]; a.push(2); return [typeof ({}).polluted, a.length];' });
    expect(second).toMatchObject({ ok: true, result: ['undefined', 2] });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
