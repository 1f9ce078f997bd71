import { describe, expect, it } from 'vitest';
import { applySessionPatch, sessionPatch } from './session-delta';
import { openSession } from './session';
import { sampleAgent } from './testing';
import type { Session } from './types';

const line = (text: string) => ({ kind: 'caller' as const, text });

describe('a session as what it appended', () => {
  const base: Session = { ...openSession(sampleAgent()), transcript: [line('one')] };

  it('carries only the appended entries and gives back the same session', () => {
    const next: Session = { ...base, transcript: [...base.transcript, line('two')], turn: base.turn + 1, failure: undefined };
    const patch = sessionPatch(base, next)!;
    expect(patch.appended.transcript).toEqual([line('two')]);
    expect(patch.appended.trace).toEqual([]);
    const back = applySessionPatch(base, patch);
    expect(back).toEqual(next);
    // The base's entries are the same objects, not copies.
    expect(back.transcript[0]).toBe(base.transcript[0]);
  });

  it('keeps the base\'s own list where the step appended nothing, and never changes the base', () => {
    const next: Session = { ...base, transcript: [...base.transcript, line('two')] };
    const back = applySessionPatch(base, sessionPatch(base, next)!);
    // A view keyed on the change log (nothing written this step) stays as it was.
    expect(back.changeLog).toBe(base.changeLog);
    expect(back.trace).toBe(base.trace);
    expect(back.transcript).not.toBe(base.transcript);
    expect(base.transcript).toEqual([line('one')]);
  });

  it('refuses a session that replaced or dropped an entry', () => {
    expect(sessionPatch(base, { ...base, transcript: [line('one')] })).toBeNull();
    expect(sessionPatch(base, { ...base, transcript: [] })).toBeNull();
  });

  it('carries a field the new session dropped as dropped', () => {
    const failed: Session = { ...base, failure: { kind: 'aborted', message: 'Stopped' } as Session['failure'] };
    const cleared: Session = { ...failed };
    delete cleared.failure;
    expect('failure' in applySessionPatch(failed, sessionPatch(failed, cleared)!)).toBe(false);
  });
});
