// Natural-language conditions decided by rule: agreement from yes/no, "has said" from substance,
// the rest from shared words; negation turns the answer round.
import { describe, expect, it } from 'vitest';
import { conditionSentence, decideCondition } from './condition';

describe('decideCondition', () => {
  it('a sentence about agreeing takes the last yes/no', () => {
    expect(decideCondition('The caller confirms the order.', ['Yes, go ahead'])).toMatchObject({ holds: true, rule: 'condition-by-yes-no' });
    expect(decideCondition('The caller confirms the order.', ['No, wait'])).toMatchObject({ holds: false });
  });
  it('near miss: no yes/no in the last line means not agreed', () =>
    expect(decideCondition('The caller confirms the order.', ['What does it cost?'])).toMatchObject({ holds: false }));
  it('"has not said" holds while the caller says nothing of substance', () => {
    expect(decideCondition('The caller has not yet said why they are calling.', ['Hello there'])).toMatchObject({ holds: true, rule: 'condition-by-substance' });
    expect(decideCondition('The caller has not yet said why they are calling.', ['My heater is broken'])).toMatchObject({ holds: false });
  });
  it('other sentences hold when their words meet the recent caller lines', () => {
    expect(decideCondition('The caller asks about prices.', ['How much does it cost?'])).toMatchObject({ holds: true, rule: 'condition-by-words' });
    expect(decideCondition('The caller asks about prices.', ['Is it open Sunday?'])).toMatchObject({ holds: false });
  });
});

describe('conditionSentence', () => {
  it('is the last sentence of the system prompt', () =>
    expect(conditionSentence('Answer with one word. Does this hold? The caller is done.')).toBe('The caller is done.'));
});
