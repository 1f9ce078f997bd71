// How a step crosses to the engine's worker and back without cloning the whole run each time.
// Every step used to send the document and the session to the worker and get the session back,
// and each progress report cloned it again; a session keeps every model request whole (O(n²) in
// the turns), so at 200 turns cloning was most of a turn. Now:
// - the worker keeps the last sessions it returned and the last documents it was sent, and the page
//   names one of those by key instead of sending it again;
// - a step's result and its progress reports are what they appended to the session the step
//   started from (src/simulator/session-delta.ts), which the page holds.
// A key the worker no longer holds (evicted, or a fresh worker after Stop terminated the old one)
// is answered with UNKNOWN, and the page sends that value whole: a cache miss costs a resend, never
// a wrong session.
import * as Comlink from 'comlink';
import type { AgentDocument } from '../model';
import { applySessionPatch, sessionPatch, type SessionPatch } from '../simulator/session-delta';
import type { Session } from '../simulator/types';
import type { EngineApi, StepHooks } from './engine-api';

export type DocWire = { kind: 'ref'; key: number } | { kind: 'full'; key: number; doc: AgentDocument };
export type SessionWire = { kind: 'ref'; key: number } | { kind: 'full'; session: Session };
/** A session the worker made, relative to the step's starting session when it only appended to it. */
export type SessionOut = { kind: 'patch'; patch: SessionPatch } | { kind: 'full'; session: Session };
export type StepResultWire = SessionOut & { key: number };

export interface WireHooks {
  onTextDelta?(delta: string): void;
  onProgress?(session: SessionOut): void;
}

export interface WireEngineApi extends Omit<EngineApi, 'runStep' | 'retryStep'> {
  runStep(callId: number, doc: DocWire, session: SessionWire, input: Parameters<EngineApi['runStep']>[3], runtime: Parameters<EngineApi['runStep']>[4], settings: Parameters<EngineApi['runStep']>[5], hooks: WireHooks): Promise<StepResultWire>;
  retryStep(callId: number, doc: DocWire, session: SessionWire, settings: Parameters<EngineApi['retryStep']>[3], hooks: WireHooks): Promise<StepResultWire>;
}

/** The worker's answer to a key it does not hold. */
export const UNKNOWN = 'callboard: the engine worker no longer holds that value';
/** Sessions and documents the worker keeps: enough for Retry, Restart from a recent step, a second simulator tab's run. */
const KEPT_SESSIONS = 8;
const KEPT_DOCS = 4;

/** A map that forgets its least recently used entries past `limit`. */
class Recent<V> {
  private readonly map = new Map<number, V>();
  constructor(private readonly limit: number) {}
  get(key: number): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) this.set(key, value);
    return value;
  }
  set(key: number, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    while (this.map.size > this.limit) this.map.delete(this.map.keys().next().value!);
  }
}

const outOf = (base: Session, next: Session): SessionOut => {
  const patch = sessionPatch(base, next);
  return patch ? { kind: 'patch', patch } : { kind: 'full', session: next };
};

/**
 * Streamed text goes to the page at most this often. A server streaming as fast as the network
 * allows made one message a read, each a task on the page's thread (an endless stream once held
 * it for 180 s and Stop could not be pressed); the page draws it once a frame anyway.
 */
export const TEXT_EVERY_MS = 50;

/**
 * A step's hooks as the page is sent them. A streamed answer arrives as many small deltas at once
 * (a network read holds several events), and each sent alone was a message to the page and its
 * reply: the deltas of one task go as one, and at most one message each TEXT_EVERY_MS. Progress goes at once (a step may go on into agent code
 * that holds this thread, and Stop keeps what the step had reached), and text not yet sent when it
 * comes is dropped: the page clears the streamed text at each progress (a finished call's text is
 * in the transcript), as it drops whatever comes after the step's answer.
 */
function liveHooks(hooks: WireHooks, base: Session): StepHooks & { end(): void } {
  let text = '';
  let timer: ReturnType<typeof setTimeout> | undefined;
  let sentAt = -Infinity;
  const drop = () => {
    clearTimeout(timer);
    timer = undefined;
    text = '';
  };
  const flush = () => {
    const delta = text;
    drop();
    sentAt = Date.now();
    if (delta !== '') void hooks.onTextDelta?.(delta);
  };
  return {
    onTextDelta: (delta) => {
      text += delta;
      timer ??= setTimeout(flush, Math.max(0, sentAt + TEXT_EVERY_MS - Date.now()));
    },
    onProgress: (session) => {
      drop();
      void hooks.onProgress?.(outOf(base, session));
    },
    end: drop,
  };
}

/** The worker's side: decodes what the page sent, runs the engine, and answers in patches. */
export function wireServer(api: EngineApi): WireEngineApi {
  const sessions = new Recent<Session>(KEPT_SESSIONS);
  const docs = new Recent<AgentDocument>(KEPT_DOCS);
  let nextKey = 1;
  const docOf = (wire: DocWire): AgentDocument => {
    if (wire.kind === 'full') {
      docs.set(wire.key, wire.doc);
      return wire.doc;
    }
    const doc = docs.get(wire.key);
    if (!doc) throw new Error(UNKNOWN);
    return doc;
  };
  const sessionOf = (wire: SessionWire): Session => {
    if (wire.kind === 'full') return wire.session;
    const session = sessions.get(wire.key);
    if (!session) throw new Error(UNKNOWN);
    return session;
  };
  const answer = (base: Session, after: Session): StepResultWire => {
    const key = nextKey++;
    sessions.set(key, after);
    return { key, ...outOf(base, after) };
  };
  return {
    ...api,
    runStep: async (callId, docWire, sessionWire, input, runtime, settings, hooks) => {
      const [doc, session] = [docOf(docWire), sessionOf(sessionWire)];
      const live = liveHooks(hooks, session);
      try {
        return answer(session, await api.runStep(callId, doc, session, input, runtime, settings, live));
      } finally {
        live.end();
      }
    },
    retryStep: async (callId, docWire, sessionWire, settings, hooks) => {
      const [doc, session] = [docOf(docWire), sessionOf(sessionWire)];
      const live = liveHooks(hooks, session);
      try {
        return answer(session, await api.retryStep(callId, doc, session, settings, live));
      } finally {
        live.end();
      }
    },
  };
}

/** The page's side: the engine's own API over the wire, sending by key what the worker holds. */
export function wireClient(remote: Comlink.Remote<WireEngineApi>): EngineApi {
  // Keys of the sessions the worker returned and of the documents sent to it, by the objects the
  // page holds (sessions and documents are immutable values: the same object is the same value).
  const sessionKeys = new WeakMap<Session, number>();
  const docKeys = new WeakMap<AgentDocument, number>();
  let nextDocKey = 1;
  const sessionOut = (base: Session, out: SessionOut): Session => (out.kind === 'patch' ? applySessionPatch(base, out.patch) : out.session);
  const wireHooks = (base: Session, hooks: StepHooks | undefined) =>
    Comlink.proxy<WireHooks>({
      onTextDelta: (delta) => hooks?.onTextDelta?.(delta),
      onProgress: (out) => hooks?.onProgress?.(sessionOut(base, out)),
    });

  /** Sends by key what the worker holds; when it lost a key, sends both again whole. */
  const step = async (doc: AgentDocument, session: Session, send: (doc: DocWire, session: SessionWire) => Promise<StepResultWire>): Promise<Session> => {
    const known = docKeys.get(doc);
    const docKey = known ?? nextDocKey++;
    docKeys.set(doc, docKey);
    const sessionKey = sessionKeys.get(session);
    let result: StepResultWire;
    try {
      result = await send(known === undefined ? { kind: 'full', key: docKey, doc } : { kind: 'ref', key: docKey }, sessionKey === undefined ? { kind: 'full', session } : { kind: 'ref', key: sessionKey });
    } catch (error) {
      if (!(error instanceof Error) || error.message !== UNKNOWN) throw error;
      result = await send({ kind: 'full', key: docKey, doc }, { kind: 'full', session });
    }
    const after = sessionOut(session, result);
    sessionKeys.set(after, result.key);
    return after;
  };

  return {
    runStep: (callId, doc, session, input, runtime, settings, hooks) =>
      step(doc, session, (d, s) => remote.runStep(callId, d, s, input, runtime, settings, wireHooks(session, hooks))),
    retryStep: (callId, doc, session, settings, hooks) =>
      step(doc, session, (d, s) => remote.retryStep(callId, d, s, settings, wireHooks(session, hooks))),
    replayFrom: (...args) => remote.replayFrom(...args),
    runTests: (...args) => remote.runTests(...args),
    classInsight: (...args) => remote.classInsight(...args),
    initialDerived: (...args) => remote.initialDerived(...args),
    renderView: (...args) => remote.renderView(...args),
    abort: (callId) => remote.abort(callId),
  };
}
