// A node's task that counts (issue 35: Pipecat's podcast flow): exchanges said to the node, and
// things covered over the node's visits; each with its near miss.
import { describe, expect, it } from 'vitest';
import { countedOrder, counts } from './counted-orders';
import type { Reading } from './reading';

const TASK = 'Dig into one aspect at a time. Once you have explored an aspect (typically after 3-5 exchanges), use the next_aspect function. After covering 3 key aspects of the topic, use the wrap_up function.';
const [, explore, cover] = TASK.split(/(?<=[.!?])\s+/);
const at = (exchanges: number, visits: number) => ({ instructions: TASK, task: { entered: false, exchanges, visits } }) as unknown as Reading;

describe('orders that count', () => {
  it('are told apart from orders with a condition in words', () => {
    expect([counts(explore), counts(cover)]).toEqual([true, true]);
    expect(counts('Once the caller confirms, use the finish function.')).toBe(false);
  });
  it('"after 3-5 exchanges" holds from the third caller line said to the node', () => {
    expect(countedOrder(explore, at(2, 1))?.holds).toBe(false);
    expect(countedOrder(explore, at(3, 1))).toMatchObject({ holds: true, rank: 1 });
  });
  it('"after covering 3 aspects" counts the visits before this one, and this one once its exchanges are had', () => {
    expect(countedOrder(cover, at(3, 2))?.holds).toBe(false);
    expect(countedOrder(cover, at(2, 3))?.holds).toBe(false);
    expect(countedOrder(cover, at(3, 3))).toMatchObject({ holds: true, rank: 2 });
  });
  it('near miss: a sentence with a number that counts nothing', () => expect(countedOrder('Offer 3 time slots, then use the book function.', at(5, 1))).toBeUndefined());
});
