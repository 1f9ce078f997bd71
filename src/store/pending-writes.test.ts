// The writes a keystroke hands over to land after its frame (pending-writes.ts): they coalesce per
// field, keep their order against every other change of the document, and, once writes are costly,
// wait for a pause in the typing (never longer than MAX_WAIT_MS). Module state is fresh per test.
import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AgentDocument } from '../model';

type Writes = typeof import('./pending-writes');
type Create = typeof import('./create');
let writes: Writes;
let createAppStore: Create['createAppStore'];

const sample: AgentDocument = JSON.parse(readFileSync(new URL('../../public/examples/clinic-booking.json', import.meta.url), 'utf8'));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Stands in for a write whose views are slow to follow: it takes `ms` of the thread. */
const busy = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

beforeEach(async () => {
  vi.resetModules();
  writes = await import('./pending-writes');
  ({ createAppStore } = await import('./create'));
});

describe('pending writes', () => {
  it('lands after the current task, the latest write of each field only, fields in the order first typed in', async () => {
    const landed: string[] = [];
    const [name, notes] = [{}, {}];
    writes.deferWrite(name, () => landed.push('n'));
    writes.deferWrite(notes, () => landed.push('x'));
    writes.deferWrite(name, () => landed.push('na'));
    expect(landed).toEqual([]);
    expect(writes.hasPendingWrites()).toBe(true);
    // Node has no animation frames: the next task.
    await sleep(20);
    expect(landed).toEqual(['na', 'x']);
    expect(writes.hasPendingWrites()).toBe(false);
  });

  it('one field flushed alone leaves the others waiting', () => {
    const landed: string[] = [];
    const [a, b] = [{}, {}];
    writes.deferWrite(a, () => landed.push('a'));
    writes.deferWrite(b, () => landed.push('b'));
    writes.flushPendingWrites(a);
    expect(landed).toEqual(['a']);
    writes.flushPendingWrites();
    expect(landed).toEqual(['a', 'b']);
  });

  it('lands before any other change of the document, and before an undo', () => {
    const store = createAppStore(sample);
    const field = {};
    writes.deferWrite(field, () => store.getState().apply((d) => ({ ...d, name: 'Typed' }), { history: 'gesture' }));
    // Another change while the keystroke waits: it sees the keystroke's text, so neither is lost.
    let seen = '';
    store.getState().apply((d) => {
      seen = d.name;
      return { ...d, persona: 'Later' };
    });
    expect(seen).toBe('Typed');
    expect(store.getState().doc.persona).toBe('Later');
    store.getState().endGesture();
    // Typing again, then an undo before the keystroke's frame: the undo takes back the typing, keystroke included.
    for (const name of ['Typed a', 'Typed ag']) writes.deferWrite(field, () => store.getState().apply((d) => ({ ...d, name }), { history: 'gesture' }));
    store.getState().undo();
    expect(store.getState().doc.name).toBe('Typed');
    expect(store.getState().doc.persona).toBe('Later');
    expect(writes.hasPendingWrites()).toBe(false);
  });

  it('a field session is still one undo step: endGesture lands the last keystroke first', () => {
    const store = createAppStore(sample);
    const field = {};
    for (const name of ['T', 'Ty', 'Typ']) writes.deferWrite(field, () => store.getState().apply((d) => ({ ...d, name }), { history: 'gesture' }));
    store.getState().apply((d) => ({ ...d, name: 'Type' }), { history: 'gesture' });
    writes.deferWrite(field, () => store.getState().apply((d) => ({ ...d, name: 'Typed' }), { history: 'gesture' }));
    store.getState().endGesture();
    expect(store.getState().doc.name).toBe('Typed');
    store.getState().undo();
    expect(store.getState().doc.name).toBe(sample.name);
  });

  it('once writes are costly, keys typed fast coalesce into one write at the pause', async () => {
    const field = {};
    const landed: string[] = [];
    writes.deferWrite(field, () => busy(writes.CHEAP_MS + 5));
    await sleep(20);
    for (const text of ['a', 'ab', 'abc']) {
      writes.deferWrite(field, () => landed.push(text));
      await sleep(10);
    }
    // Not after the next tick: the typing has not paused yet.
    expect(landed).toEqual([]);
    await sleep(writes.IDLE_MS + 60);
    expect(landed).toEqual(['abc']);
  });

  it('while costly keys keep coming, the document still follows at least every MAX_WAIT_MS', async () => {
    const field = {};
    const landed: number[] = [];
    writes.deferWrite(field, () => busy(writes.CHEAP_MS + 5));
    await sleep(20);
    const started = performance.now();
    let key = 0;
    while (performance.now() - started < writes.MAX_WAIT_MS * 2) {
      const n = ++key;
      writes.deferWrite(field, () => {
        landed.push(n);
        busy(writes.CHEAP_MS + 1);
      });
      await sleep(writes.IDLE_MS / 4);
    }
    // Keys never paused for IDLE_MS, yet some landed on the way, and far fewer writes than keys.
    expect(landed.length).toBeGreaterThanOrEqual(1);
    expect(landed.length).toBeLessThan(key / 2);
    await sleep(writes.IDLE_MS + 60);
    expect(landed.at(-1)).toBe(key);
  });

  it('afterTypingPauses runs at once when nobody types, else once the typing has been quiet that long', async () => {
    const ran: string[] = [];
    writes.afterTypingPauses(() => ran.push('idle'));
    expect(ran).toEqual(['idle']);
    writes.deferWrite({}, () => {});
    const cancelled = writes.afterTypingPauses(() => ran.push('cancelled'), 50);
    writes.afterTypingPauses(() => ran.push('paused'), 50);
    cancelled();
    expect(ran).toEqual(['idle']);
    await sleep(100);
    expect(ran).toEqual(['idle', 'paused']);
  });
});
