// The simulated caller's loop: ask the caller's model for a line, hand it to the run as if typed,
// and go on until the caller is done, the call ends, a step fails, the user stops it, or K lines
// have been said. The run itself is not touched here: `say` is the app's own send.
import type { Model, Session } from '../types';
import { callerRequest, readCallerAnswer, type CallerBrief } from './prompt';

export interface SimulatedCallerOptions {
  brief: CallerBrief;
  /** K: the most caller lines to say. */
  maxLines: number;
  model: Model;
  temperature?: number;
  signal?: AbortSignal;
  /** The open run as it stands now (null before its first step). */
  session(): Session | null;
  /** Sends one caller line through the run; resolves when its step is over. */
  say(text: string): Promise<void>;
  /** Heard after each line is said (the UI counts them). */
  onLine?(text: string, count: number): void;
}

export type CallerOutcome =
  | { kind: 'done'; lines: number }
  | { kind: 'ended'; lines: number }
  | { kind: 'limit'; lines: number }
  | { kind: 'stopped'; lines: number }
  /** A model call of the agent's step failed: the run shows it, with Retry. */
  | { kind: 'agent-failed'; lines: number; message: string }
  /** The caller's own model call failed, or it answered with nothing. */
  | { kind: 'caller-failed'; lines: number; message: string };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export async function runSimulatedCaller(options: SimulatedCallerOptions): Promise<CallerOutcome> {
  const { brief, maxLines, model, signal } = options;
  if (!brief.persona.trim()) throw new Error('The simulated caller needs a persona: say who calls and what they want, e.g. "Ana wants a Tuesday morning cleaning".');
  let lines = 0;
  for (;;) {
    if (signal?.aborted) return { kind: 'stopped', lines };
    const session = options.session();
    if (session?.failure) return session.failure.kind === 'aborted' ? { kind: 'stopped', lines } : { kind: 'agent-failed', lines, message: session.failure.message };
    if (session?.ended) return { kind: 'ended', lines };
    if (lines >= maxLines) return { kind: 'limit', lines };
    let text: string;
    try {
      text = (await model.complete(callerRequest(brief, session?.transcript ?? [], { temperature: options.temperature, signal }))).text;
    } catch (error) {
      if (signal?.aborted) return { kind: 'stopped', lines };
      return { kind: 'caller-failed', lines, message: messageOf(error) };
    }
    if (signal?.aborted) return { kind: 'stopped', lines };
    const move = readCallerAnswer(text);
    if (move.kind === 'end') return { kind: 'done', lines };
    if (!move.text) return { kind: 'caller-failed', lines, message: "the caller's model answered with no text" };
    await options.say(move.text);
    lines += 1;
    options.onLine?.(move.text, lines);
    if (move.hangsUp) {
      const after = options.session();
      if (after?.failure && after.failure.kind !== 'aborted') return { kind: 'agent-failed', lines, message: after.failure.message };
      return { kind: 'done', lines };
    }
  }
}

/** The outcome in a sentence for the simulator. */
export function describeOutcome(outcome: CallerOutcome): string {
  const n = `${outcome.lines} line${outcome.lines === 1 ? '' : 's'}`;
  switch (outcome.kind) {
    case 'done':
      return `The caller was done after ${n} (its goal was met or could not be).`;
    case 'ended':
      return `The call ended after ${n}.`;
    case 'limit':
      return `Stopped at the limit of ${n}; the call is still open.`;
    case 'stopped':
      return `Stopped after ${n}.`;
    case 'agent-failed':
      return `The agent's model call failed after ${n}: ${outcome.message}`;
    case 'caller-failed':
      return `The caller's model call failed after ${n}: ${outcome.message}`;
  }
}
