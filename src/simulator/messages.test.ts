// historyMessages carries what it built from call to call (a long call's steps stay flat): every
// answer must be the one a first reading of the same transcript gives, whatever came before it.
import { describe, expect, it } from 'vitest';
import { historyMessages } from './messages';
import { sharedPrefixFrom, type Compared } from './append-only';
import { copySession, newSession } from './session';
import { sampleAgent } from './testing';
import type { Line } from './types';

/** The same lines as new objects: nothing remembered is found for them, so this is a first reading. */
const fresh = (transcript: Line[]) => historyMessages(structuredClone(transcript));

const call = (id: string, n: number): Line => ({ kind: 'tool-call', id, name: 'book', arguments: `{"n":${n}}`, call: n });
const result = (id: string): Line => ({ kind: 'tool-result', id, name: 'book', result: { ok: true }, modelReads: '{"ok":true}' });

/** A call as the engines write it, step by step: each step copies the transcript and appends to it. */
function steps(): Line[][] {
  const out: Line[][] = [];
  let t: Line[] = [];
  const add = (...lines: Line[]) => out.push((t = [...t, ...lines]));
  add({ kind: 'caller', text: 'Hi' });
  add({ kind: 'agent', text: 'Let me look.' });
  add(call('a', 1));
  add({ kind: 'runtime', text: 'One moment.', source: 'announce', tool: 'book' });
  add(call('b', 1));
  add(result('a'), result('b'));
  add({ kind: 'agent', text: 'Booked.' });
  add({ kind: 'caller', text: 'Thanks' });
  add(call('c', 2), result('c'));
  add({ kind: 'runtime', text: 'Done.', source: 'confirm', tool: 'book' });
  return out;
}

describe('historyMessages, carried from call to call', () => {
  it('gives what a first reading gives, at every point of a call', () => {
    for (const t of steps()) expect(historyMessages(t)).toEqual(fresh(t));
  });

  it('joins a tool call to the agent line before it, even when the line was read in an earlier call', () => {
    const all = steps();
    historyMessages(all[1]);
    expect(historyMessages(all[2]).at(-1)).toEqual({ role: 'assistant', content: 'Let me look.', toolCalls: [{ id: 'a', name: 'book', arguments: '{"n":1}' }] });
  });

  it('reads an edited earlier line afresh', () => {
    const t = steps().at(-1)!;
    expect(historyMessages(t)[0]).toEqual({ role: 'user', content: 'Hi' });
    const edited = [...t];
    edited[7] = { kind: 'agent', text: 'Booked for Friday.' };
    const messages = historyMessages(edited);
    expect(messages).toEqual(fresh(edited));
    expect(messages.some((m) => m.content === 'Booked for Friday.')).toBe(true);
    expect(messages.some((m) => m.content === 'Booked.')).toBe(false);
    // And the first transcript still reads as it did.
    expect(historyMessages(t)).toEqual(fresh(t));
  });

  it('reads a shorter transcript (a run restarted from an earlier step) as it stands', () => {
    const all = steps();
    historyMessages(all.at(-1)!);
    expect(historyMessages(all[3])).toEqual(fresh(all[3]));
  });

  it('hands out its own array each time, and messages no caller can change', () => {
    const t = steps().at(-1)!;
    const first = historyMessages(t);
    first.push({ role: 'user', content: 'appended by a caller' });
    expect(() => Object.assign(first[0], { content: 'changed' })).toThrow();
    expect(historyMessages(t)).toEqual(fresh(t));
  });

  it('hands out each array as a noted copy of the last one, so a reader of the history goes on from where it read that one', () => {
    const all = steps();
    const earlier = historyMessages(all[2]);
    const compared: Compared<unknown> = { upTo: 0 };
    expect(sharedPrefixFrom(earlier, earlier, compared)).toBe(earlier.length);
    const later = historyMessages(all[3]);
    expect(later.slice(0, earlier.length)).toEqual(earlier);
    // What the reader saw is compared from where the last read stood, not from the first message:
    // a list that differs only before that point is taken as read.
    const seen = [{ role: 'user', content: 'not compared again' }, ...later.slice(1)];
    expect(sharedPrefixFrom(later, seen, compared)).toBe(later.length);
    // With no note (a list of the same messages made anew) the reader compares from the start.
    expect(sharedPrefixFrom([...later], seen, { upTo: 0 })).toBe(0);
  });

  it('reads the copies a step makes (copySession) on from the session they were copied from', () => {
    let session = newSession(sampleAgent());
    for (const t of steps()) {
      const next = copySession(session);
      next.transcript.push(...t.slice(session.transcript.length));
      expect(historyMessages(next.transcript)).toEqual(fresh(next.transcript));
      session = next;
    }
    // A list that is no copy, with an earlier line replaced, is compared whole.
    const edited = [...session.transcript];
    edited[1] = { kind: 'agent', text: 'Let me see.' };
    expect(historyMessages(edited)[1].content).toBe('Let me see.');
    expect(historyMessages(edited)).toEqual(fresh(edited));
  });
});
