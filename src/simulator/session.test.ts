import { describe, expect, it } from 'vitest';
import { mockToolRunner } from './mock-runner';
import { copySession } from './session';
import { runStep, startSession } from './simulation';
import { sampleAgent, say, scriptedModel } from './testing';
import type { StepDeps } from './types';

// A step copies the session it is given; the history lists are append-only, so their entries are
// shared rather than deep-copied — the cost of a step must not grow with the length of the call
// (the bench's "simulator overhead" figure measures the time; this checks the reason).
describe('copySession', () => {
  it('gives a session whose lists and state can change without touching the original', () => {
    const doc = sampleAgent();
    const original = startSession(doc);
    original.transcript.push({ kind: 'caller', text: 'hello' });
    const copy = copySession(original);
    copy.transcript.push({ kind: 'agent', text: 'hi' });
    copy.state[doc.state[0].name] = 'changed';
    expect(original.transcript).toHaveLength(1);
    expect(original.state[doc.state[0].name]).not.toBe('changed');
    expect(copy.transcript[0]).toBe(original.transcript[0]);
  });

  it('runStep leaves the session it was given as it was, and shares its earlier entries', async () => {
    const doc = sampleAgent();
    const deps: StepDeps = { model: scriptedModel([say('One.'), say('Two.')]), runner: mockToolRunner, revision: 1, now: () => 0 };
    const first = await runStep(doc, startSession(doc), { kind: 'say', text: 'first' }, deps);
    const snapshot = JSON.stringify(first);
    const second = await runStep(doc, first, { kind: 'say', text: 'second' }, deps);
    expect(JSON.stringify(first)).toBe(snapshot);
    expect(second.transcript.length).toBeGreaterThan(first.transcript.length);
    first.trace.forEach((entry, i) => expect(second.trace[i]).toBe(entry));
    first.transcript.forEach((line, i) => expect(second.transcript[i]).toBe(line));
  });
});
