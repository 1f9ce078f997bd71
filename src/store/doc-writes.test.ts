import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { docWrites, MAX_WAIT_MS, QUIET_MS } from './doc-writes';
import { emptyDocument, type AgentDocument } from '../model';

const doc = (name: string): AgentDocument => ({ ...emptyDocument(), name });

function harness() {
  const written: string[] = [];
  let finish: (() => void)[] = [];
  const writes = docWrites<'p'>((_project, d) => {
    written.push(d.name);
    return new Promise<void>((resolve) => finish.push(resolve));
  }, (promise) => promise);
  const settle = async () => {
    const now = finish;
    finish = [];
    now.forEach((f) => f());
    await Promise.resolve();
    await Promise.resolve();
  };
  return { writes, written, settle };
}

describe('document writes while typing', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('writes the first change at once and the rest of a burst once it pauses, the last text', async () => {
    const { writes, written, settle } = harness();
    for (let i = 1; i <= 10; i++) {
      writes.save('p', doc(`text ${i}`));
      await settle();
      vi.advanceTimersByTime(45);
    }
    expect(written).toEqual(['text 1']);
    vi.advanceTimersByTime(QUIET_MS);
    expect(written).toEqual(['text 1', 'text 10']);
    await settle();
    expect(writes.busy()).toBe(false);
  });

  it('a burst that never pauses is still written every so often', async () => {
    const { writes, written, settle } = harness();
    const keys = Math.ceil((MAX_WAIT_MS * 3) / 45);
    for (let i = 1; i <= keys; i++) {
      writes.save('p', doc(`text ${i}`));
      await settle();
      vi.advanceTimersByTime(45);
    }
    expect(written.length).toBeGreaterThanOrEqual(3);
    expect(written.length).toBeLessThan(keys / 5);
  });

  it('a change after a quiet spell is written at once again', async () => {
    const { writes, written, settle } = harness();
    writes.save('p', doc('one'));
    await settle();
    vi.advanceTimersByTime(QUIET_MS * 2);
    writes.save('p', doc('two'));
    expect(written).toEqual(['one', 'two']);
  });

  it('startAll starts what waits at once, beside the write in flight', () => {
    const { writes, written } = harness();
    writes.save('p', doc('one'));
    writes.save('p', doc('two'));
    expect(written).toEqual(['one']);
    writes.startAll();
    expect(written).toEqual(['one', 'two']);
    // Nothing is left for the timer to write twice.
    vi.advanceTimersByTime(MAX_WAIT_MS);
    expect(written).toEqual(['one', 'two']);
  });
});
