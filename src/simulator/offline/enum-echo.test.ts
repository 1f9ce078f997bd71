import { describe, expect, it } from 'vitest';
import { enumByEcho } from './enum-echo';

const ASKED = "Would you like a mobile tech to come to you or to bring it to the shop?";
const INSTRUCTIONS = "Ask whether they'd like a mobile tech to come to them or to bring it to the shop, and what day works.";

describe('an enum value picked by saying back one alternative of the question', () => {
  it('reads the alternative the caller echoes as they would say it (you → me), and the value it names', () => {
    expect(enumByEcho(['mobile', 'in_shop'], 'Can you guys come to me? Thursday would be great.', ASKED)).toMatchObject({ value: 'mobile', said: 'come to me' });
    expect(enumByEcho(['mobile', 'in_shop'], "I'll bring it to the shop on my lunch.", ASKED)).toMatchObject({ value: 'in_shop', said: 'bring it to the shop' });
    // The turn's instructions speak of the caller as "them".
    expect(enumByEcho(['mobile', 'in_shop'], 'Could somebody come to us? We are out at the farm.', INSTRUCTIONS)).toMatchObject({ value: 'mobile' });
  });

  it('reads nothing that the caller denies, nor an echo of both alternatives, nor a question that offers none', () => {
    expect(enumByEcho(['mobile', 'in_shop'], "I can't bring it to the shop this week.", ASKED)).toBeUndefined();
    expect(enumByEcho(['mobile', 'in_shop'], 'Either, come to me or I bring it to the shop, whatever.', ASKED)).toBeUndefined();
    expect(enumByEcho(['mobile', 'in_shop'], 'Can you come to me?', 'Where will the car be?')).toBeUndefined();
  });

  it('reads nothing where an alternative names no value of its own, or the echo is only small words', () => {
    // "…to you or to the depot": the depot names neither value.
    expect(enumByEcho(['mobile', 'in_shop'], 'Come to me, please.', 'Shall we come to you or meet you at the depot?')).toBeUndefined();
    // "to the" is said in any line.
    expect(enumByEcho(['mobile', 'in_shop'], 'I drove to the coast.', ASKED)).toBeUndefined();
  });
});
