// Test helpers for the engine: a scripted model (a queue of canned answers that records every
// request it was sent) and the sample agent. Imported by tests only.
import { readFileSync } from 'node:fs';
import sampleJson from '../../public/examples/clinic-booking.json';
import { importPinecallTs } from '../runtimes/pinecall/format/import';
import type { AgentDocument } from '../model';
import { newSession } from './session';
import type { Model, ModelRequest, ModelResponse, Session, ToolCallRequest } from './types';

export type Scripted = ModelResponse | Error;

export interface ScriptedModel extends Model {
  /** Every request as sent, without its signal; `streamed` when it carried onTextDelta. */
  requests: (ModelRequest & { streamed?: boolean })[];
}

/**
 * Answers from `script` in order; an Error entry is thrown (a failed call). Running out is a test
 * bug. A request with onTextDelta gets the answer's text streamed to it first.
 */
export function scriptedModel(script: Scripted[]): ScriptedModel {
  const queue = [...script];
  const requests: ModelRequest[] = [];
  return {
    requests,
    complete: async (request) => {
      // The signal and the stream callback cannot be cloned; `streamed` records that one was passed.
      const { signal: _signal, onTextDelta, ...kept } = request;
      requests.push({ ...structuredClone(kept), ...(onTextDelta ? { streamed: true } : {}) });
      const next = queue.shift();
      if (next === undefined) throw new Error('scripted model: no answer left in the script');
      if (next instanceof Error) throw next;
      // Streams the text word by word, as a provider would deliver it in pieces.
      if (onTextDelta) for (const piece of next.text.match(/\S+\s*|\s+/g) ?? []) onTextDelta(piece);
      return structuredClone(next);
    },
  };
}

/**
 * The prompt text a request gives the model, wherever the runtime puts it: the system text, then
 * what it sends after the history (Pinecall's view), as one text.
 */
export const promptSent = (request: Pick<ModelRequest, 'system' | 'afterHistory'>): string => [request.system, ...(request.afterHistory ?? [])].join('\n\n');

/** The names of the tools a request's runtime runs now (all it sends when it names no subset). */
export const openToolNames = (request: Pick<ModelRequest, 'tools' | 'openTools'>): string[] => request.openTools ?? request.tools.map((t) => t.name);

let ids = 0;
/** An answer: text, and tool calls as [name, args] (args an object, or raw text to send it as is). */
export function answer(text: string, ...calls: [string, Record<string, unknown> | string][]): ModelResponse {
  const toolCalls: ToolCallRequest[] = calls.map(([name, args]) => ({ id: `call_${++ids}`, name, arguments: typeof args === 'string' ? args : JSON.stringify(args) }));
  return { text, toolCalls };
}

export const say = (text: string): ModelResponse => answer(text);

/** A fresh copy of public/examples/clinic-booking.json. */
export function sampleAgent(): AgentDocument {
  return structuredClone(sampleJson) as unknown as AgentDocument;
}

/** A fresh session of `doc` standing on `stageId`, with some state fields set. */
export function sessionAt(doc: AgentDocument, stageId: string, state: Record<string, unknown> = {}): Session {
  const s = newSession(doc);
  return { ...s, stageId, state: { ...s.state, ...state } };
}

/** test/fixtures/play-the-model/lockers.tsx: a Pinecall agent whose locker code the offline model cannot read from "I lost the receipt". */
export function lockersAgent(): AgentDocument {
  const read = importPinecallTs(readFileSync(new URL('../../test/fixtures/play-the-model/lockers.tsx', import.meta.url), 'utf8'));
  if (!read.ok) throw new Error(JSON.stringify(read.errors));
  return read.doc;
}
