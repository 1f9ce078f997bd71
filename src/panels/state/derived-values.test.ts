import { describe, expect, it } from 'vitest';
import { newSession } from '../../simulator/session';
import { sampleAgent } from '../../simulator/testing';
import type { Session, TraceEntry } from '../../simulator/types';
import { derivedShown } from './derived-values';

const note = (step: number, message: string): TraceEntry => ({ kind: 'note', message, step, revision: 0, at: 0 });
const run = (patch: Partial<Session>): { kind: 'run'; session: Session } => ({ kind: 'run', session: { ...newSession(sampleAgent()), turn: 2, ...patch } });

describe('derivedShown', () => {
  it('before the first step: a value, a placeholder while asked, and why one is missing', () => {
    expect(derivedShown('identified', { kind: 'initial', derived: null, error: null })).toEqual({ text: '…', muted: true, title: 'Computing from the initial state…' });
    expect(derivedShown('identified', { kind: 'initial', derived: null, error: 'the worker failed' })).toMatchObject({ text: 'not computed', title: 'The getters could not be computed: the worker failed' });
    const derived = {
      values: { identified: false, caller: 'the caller', nothing: null },
      errors: { booked: 'boom', slots: 'agendaFor has no mock answer' },
      needs: { slots: [{ helper: 'agendaFor', kind: 'import' as const, from: './agenda' }] },
    };
    const source = { kind: 'initial' as const, derived, error: null };
    expect(derivedShown('identified', source)).toEqual({ text: 'false', muted: false });
    expect(derivedShown('caller', source)).toEqual({ text: '"the caller"', muted: false });
    expect(derivedShown('nothing', source)).toEqual({ text: 'null', muted: false });
    expect(derivedShown('slots', source)).toEqual({ text: 'needs a mock answer for agendaFor', muted: true, title: 'agendaFor has no mock answer' });
    expect(derivedShown('booked', source)).toEqual({ text: 'threw', muted: true, title: 'boom' });
    expect(derivedShown('other', { kind: 'initial', derived: { values: {}, errors: {}, needs: {}, failure: 'the getters took longer than 1000 ms' }, error: null }))
      .toEqual({ text: 'not computed', muted: true, title: 'The getters were not computed: the getters took longer than 1000 ms' });
  });

  it('during a run: the last step\'s values; a missing one says what the step\'s note said', () => {
    const s = run({
      derived: { identified: true },
      trace: [
        note(1, 'the getter caller threw (old): left out of the state'),
        note(2, 'the getter caller needs agendaFor (imported from "./agenda"), which cannot run in the simulator; give it a mock answer'),
      ],
    });
    expect(derivedShown('identified', s)).toEqual({ text: 'true', muted: false });
    expect(derivedShown('caller', s)).toEqual({ text: 'not computed', muted: true, title: 'the getter caller needs agendaFor (imported from "./agenda"), which cannot run in the simulator; give it a mock answer' });
    const failed = run({ trace: [note(2, 'the getters were not computed (the getters took longer than 1000 ms): when, conditions and the prompt see the state alone')] });
    expect(derivedShown('identified', failed).title).toBe('the getters were not computed (the getters took longer than 1000 ms): when, conditions and the prompt see the state alone');
    expect(derivedShown('identified', run({})).title).toBe('The last step did not compute this getter.');
  });
});
