import { describe, expect, it } from 'vitest';
import { newSession } from './session';
import { NOT_RUN_STOPPED, STOPPED_IN_TOOL, stoppedInsideAgentCode } from './stopped';
import { sampleAgent } from './testing';
import type { Session } from './types';

describe('a step stopped inside agent code', () => {
  const base = (): Session => ({
    ...newSession(sampleAgent()),
    turn: 2,
    transcript: [
      { kind: 'caller', text: 'Tuesday' },
      { kind: 'tool-call', id: 'a', name: 'free_slots', arguments: '{"day":"Tuesday"}', call: 1 },
      { kind: 'tool-call', id: 'b', name: 'book', arguments: 'not json', call: 1 },
    ],
  });

  it('closes the running tool call as stopped and the ones after it as not run, and names the tool', () => {
    const reached = base();
    const out = stoppedInsideAgentCode(reached, 5);
    expect(out.transcript.slice(3)).toEqual([
      { kind: 'tool-result', id: 'a', name: 'free_slots', error: STOPPED_IN_TOOL, modelReads: STOPPED_IN_TOOL },
      { kind: 'tool-result', id: 'b', name: 'book', error: NOT_RUN_STOPPED, modelReads: NOT_RUN_STOPPED },
    ]);
    expect(out.trace.map((t) => t.kind === 'tool-run' && [t.tool, t.args, t.error, t.step])).toEqual([
      ['free_slots', { day: 'Tuesday' }, STOPPED_IN_TOOL, 2],
      ['book', 'not json', NOT_RUN_STOPPED, 2],
    ]);
    expect(out.failure).toEqual({ step: 2, message: 'Stopped while free_slots was running.', kind: 'aborted' });
    expect(reached.transcript).toHaveLength(3); // the session it was given is untouched
  });

  it('without an open tool call it says the agent code was running, and closes nothing', () => {
    const reached = { ...base(), transcript: [{ kind: 'caller', text: 'Hi' } as const] };
    const out = stoppedInsideAgentCode(reached, 0);
    expect(out.transcript).toEqual(reached.transcript);
    expect(out.failure?.message).toBe("Stopped while the agent's own code was running.");
  });
});
