import { describe, expect, it } from 'vitest';
import type * as Comlink from 'comlink';
import { createEngineApi, type EngineApi, type RunSettings } from './engine-api';
import { TEXT_EVERY_MS, wireClient, wireServer, type WireEngineApi } from './engine-wire';
import { startSession } from '../simulator/simulation';
import { sampleAgent } from '../simulator/testing';
import type { Session } from '../simulator/types';

const settings: RunSettings = { provider: { provider: 'offline', today: '2026-03-02' }, revision: 1, call: { today: '2026-03-02' } };
const DOC = sampleAgent();
const LINES = ['Hi, I would like to book a cleaning.', 'Tomorrow at ten please.', 'My name is Ana Lopez.', 'Yes, that is right.'];

/**
 * A worker as the page sees it: every argument and answer is structured-cloned (as postMessage
 * does), callbacks are called across with cloned arguments, and the bytes sent each way are counted.
 */
function channel(server: () => WireEngineApi) {
  let worker = server();
  const sent: { method: string; doc?: string; session?: string; bytes: number }[] = [];
  const back: number[] = [];
  const clone = <T,>(value: T): T => structuredClone(value);
  const hooksAcross = (hooks: Record<string, (arg: never) => void>) =>
    Object.fromEntries(Object.entries(hooks).map(([name, fn]) => [name, (arg: never) => fn(clone(arg))]));
  const remote = new Proxy({} as Comlink.Remote<WireEngineApi>, {
    get: (_target, method: string) => async (...args: unknown[]) => {
      const plain = args.map((a) => (a && typeof a === 'object' && typeof Object.values(a)[0] === 'function' ? a : clone(a)));
      if (method === 'runStep' || method === 'retryStep') {
        const [doc, session] = [plain[1] as { kind: string }, plain[2] as { kind: string }];
        sent.push({ method, doc: doc.kind, session: session.kind, bytes: JSON.stringify([doc, session]).length });
        const hooksAt = method === 'runStep' ? 6 : 4;
        plain[hooksAt] = hooksAcross(plain[hooksAt] as Record<string, (arg: never) => void>);
      }
      const answer = await (worker as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>)[method](...plain);
      if (method === 'runStep' || method === 'retryStep') back.push(JSON.stringify(answer).length);
      return clone(answer);
    },
  });
  return { client: wireClient(remote), sent, back, restart: () => (worker = server()) };
}

async function run(api: EngineApi, lines: string[], from = startSession(DOC), doc = DOC) {
  const sessions: Session[] = [];
  const progress: Session[] = [];
  let session = from;
  for (const text of lines) {
    session = await api.runStep(1, doc, session, { kind: 'say', text }, doc.target, settings, { onProgress: (s) => progress.push(s) });
    sessions.push(session);
  }
  return { sessions, progress };
}

/** A session without its timings (each run measures its own). */
const timeless = (session: Session) => JSON.parse(JSON.stringify(session, (key, value) => (key === 'ms' || key === 'at' ? 0 : value)));

describe('the engine over the wire', () => {
  it('gives the same sessions and progress as the engine called in place', async () => {
    const direct = await run(createEngineApi(), LINES);
    const wired = await run(channel(() => wireServer(createEngineApi())).client, LINES);
    expect(wired.sessions.map(timeless)).toEqual(direct.sessions.map(timeless));
    expect(wired.progress.map(timeless)).toEqual(direct.progress.map(timeless));
    expect(wired.sessions.at(-1)!.transcript.length).toBeGreaterThan(LINES.length);
  });

  it('sends the document and the session once, then by key, and gets back only what a step appended', async () => {
    const wire = channel(() => wireServer(createEngineApi()));
    const { sessions } = await run(wire.client, [...LINES, ...LINES, ...LINES]);
    expect(wire.sent.map((s) => `${s.doc}/${s.session}`)).toEqual(['full/full', ...Array(LINES.length * 3 - 1).fill('ref/ref')]);
    // Later steps send a key, not a document or a run that keeps growing.
    expect(Math.max(...wire.sent.slice(1).map((s) => s.bytes))).toBeLessThan(100);
    // What comes back stays the size of one step, though the session grows every step.
    const whole = JSON.stringify(sessions.at(-1)).length;
    expect(wire.back.at(-1)!).toBeLessThan(whole / 4);
  });

  it('resends whole what a fresh worker does not hold, and the run goes on the same', async () => {
    const wire = channel(() => wireServer(createEngineApi()));
    const first = await run(wire.client, LINES.slice(0, 2));
    wire.restart();
    const rest = await run(wire.client, LINES.slice(2), first.sessions.at(-1));
    // The first try after the restart names keys the new worker never had; it answers so, and both go again whole.
    expect(wire.sent.map((s) => `${s.doc}/${s.session}`)).toEqual(['full/full', 'ref/ref', 'ref/ref', 'full/full', 'ref/ref']);
    const direct = await run(createEngineApi(), LINES);
    expect(timeless(rest.sessions.at(-1)!)).toEqual(timeless(direct.sessions.at(-1)!));
  });

  it('a session the page made itself (not a step\'s answer) is sent whole', async () => {
    const wire = channel(() => wireServer(createEngineApi()));
    const { sessions } = await run(wire.client, LINES.slice(0, 1));
    const edited: Session = { ...sessions[0], state: { ...sessions[0].state, patientName: 'Bo' } };
    await run(wire.client, LINES.slice(1, 2), edited);
    expect(wire.sent.map((s) => s.session)).toEqual(['full', 'full']);
    // Another document (an edit) goes whole too; the same one goes by key.
    await run(wire.client, LINES.slice(2, 3), edited, { ...DOC, name: 'Edited' });
    expect(wire.sent.map((s) => s.doc)).toEqual(['full', 'ref', 'full']);
  });

  it('sends the text deltas of one task as one; none the progress or the answer that follows supersedes', async () => {
    const start = startSession(DOC);
    const after: Session = { ...start, turn: start.turn + 1 };
    const engine = {
      ...createEngineApi(),
      runStep: async (_id: number, _doc: unknown, _session: Session, _input: unknown, _runtime: unknown, _settings: unknown, hooks: { onTextDelta(d: string): void; onProgress(s: Session): void }) => {
        // A network read holding several events, the call's last: its deltas and its end arrive in one task.
        for (const delta of ['Hel', 'lo', ' there']) hooks.onTextDelta(delta);
        hooks.onProgress(after);
        await new Promise((resolve) => setTimeout(resolve, 5));
        for (const delta of ['Second', ' call']) hooks.onTextDelta(delta);
        await new Promise((resolve) => setTimeout(resolve, 5));
        hooks.onTextDelta('left over');
        return after;
      },
    } as unknown as EngineApi;
    const heard: string[] = [];
    await channel(() => wireServer(engine)).client.runStep(1, DOC, start, { kind: 'say', text: 'Hi' }, DOC.target, settings, {
      onTextDelta: (delta) => heard.push(`text ${delta}`),
      onProgress: (session) => heard.push(`progress ${session.turn}`),
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    // The first call's text came in the same task as its end (the progress): the page would clear it at once.
    expect(heard).toEqual([`progress ${after.turn}`, 'text Second call']);
  });

  it('sends a stream that arrives one read a task at most once each 50 ms, all of its text kept', async () => {
    const start = startSession(DOC);
    let ms = 0;
    const engine = {
      ...createEngineApi(),
      runStep: async (_id: number, _doc: unknown, _session: Session, _input: unknown, _runtime: unknown, _settings: unknown, hooks: { onTextDelta(d: string): void }) => {
        // A server streaming as fast as it can: every read its own task, 300 of them.
        const began = Date.now();
        for (let i = 0; i < 300; i++) {
          hooks.onTextDelta('x');
          await new Promise((resolve) => setTimeout(resolve, 1));
        }
        // Wait for the last message to go (a step's end drops unsent text).
        await new Promise((resolve) => setTimeout(resolve, TEXT_EVERY_MS * 2));
        ms = Date.now() - began;
        return start;
      },
    } as unknown as EngineApi;
    const heard: string[] = [];
    await channel(() => wireServer(engine)).client.runStep(1, DOC, start, { kind: 'say', text: 'Hi' }, DOC.target, settings, { onTextDelta: (delta) => heard.push(delta) });
    expect(heard.join('')).toBe('x'.repeat(300));
    // One message a read was 300 of them; now one per 50 ms that passed, and the first at once.
    expect(TEXT_EVERY_MS).toBe(50);
    expect(heard.length).toBeLessThanOrEqual(Math.ceil(ms / 50) + 1);
  });
});
