import { describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../store/create';
import { openSession } from '../simulator/session';
import { sampleAgent } from '../simulator/testing';
import { liveUpdates, STREAMING_KEPT } from './live-updates';

function setup(current = () => true) {
  const store = createAppStore(sampleAgent());
  const frames: (() => void)[] = [];
  const live = liveUpdates(store, current, (run) => frames.push(run));
  const frame = () => frames.splice(0).forEach((run) => run());
  return { store, live, frames, frame };
}

describe("a step's live updates", () => {
  it('reach the store once a frame, merged in the order they came', () => {
    const { store, live, frames, frame } = setup();
    const setSim = vi.spyOn(store.getState(), 'setSim');
    const session = openSession(sampleAgent());
    live.text('Hel');
    live.text('lo');
    expect(store.getState().streaming).toBeNull();
    expect(frames).toHaveLength(1);
    frame();
    expect(store.getState().streaming).toBe('Hello');
    // A call ends (its text is now in the transcript) and the next one starts streaming, in one frame.
    live.text(' there');
    live.progress(session);
    live.text('Next');
    frame();
    expect(store.getState().session).toBe(session);
    expect(store.getState().streaming).toBe('Next');
    expect(setSim).toHaveBeenCalledTimes(2);
  });

  it('keep only the head of an endless answer, and count the rest', () => {
    const { store, live, frame } = setup();
    for (let i = 0; i < 100; i++) {
      live.text('x'.repeat(10_000));
      frame();
    }
    // 1 MB streamed; the page holds what the chat shows, and one character to know there is more.
    expect(store.getState().streaming).toHaveLength(STREAMING_KEPT);
    expect(store.getState().streamedBytes).toBe(1_000_000);
    // The next answer counts from nothing.
    live.progress(openSession(sampleAgent()));
    live.text('Hi');
    frame();
    expect(store.getState()).toMatchObject({ streaming: 'Hi', streamedBytes: 2 });
  });

  it('are dropped when the step has ended before the frame', () => {
    let running = true;
    const { store, live, frame } = setup(() => running);
    live.progress(openSession(sampleAgent()));
    live.text('late');
    running = false;
    frame();
    expect(store.getState().session).toBeNull();
    expect(store.getState().streaming).toBeNull();
  });
});
