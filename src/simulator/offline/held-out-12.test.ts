// Rules made general from the twelfth blind batch's held-out part, after it was measured and
// spent (issue 32): each stops a wrong value it wrote or reads a kind of line, with a near miss.
// The lines here are our own.
import { describe, expect, it } from 'vitest';
import { readEnum } from './enums';
import { ask, calls, tool, user } from './testing';

describe('an email read out is no code, and giving it is no purpose', () => {
  const purposes = [
    tool('new_booking', 'The caller wants to book a session for a group.', { group_size: { type: 'integer' } }),
    tool('existing_booking', 'The caller has a booking already and wants to change it.', { booking_code: { type: 'string', description: 'The code from their confirmation email.' } }),
    tool('caller_intent_not_yet_detected', 'Not yet clear what the caller wants.', {}),
  ];
  it('"email is J R E Y E S, nine one nine, at gmail dot com" opens no existing booking with code JREYES 919', async () => {
    const out = await ask(purposes, [user("It's Jason Reyes. Email is J R E Y E S, nine one nine, at gmail dot com.")]);
    expect(calls(out).map(([name]) => name)).not.toContain('existing_booking');
    expect(JSON.stringify(calls(out))).not.toContain('JREYES');
  });
  it('"oh, for sure" meets no "confirmation"', async () => {
    const out = await ask(purposes, [user('Oh, the private one, for sure.')]);
    expect(calls(out).map(([name]) => name)).not.toContain('existing_booking');
  });
  it('near miss: a code read out for a booking one has is that booking\'s', async () => {
    const out = await ask(purposes, [user('I have a booking already, the code is B K four four seven, I need to change it.')]);
    expect(calls(out)).toEqual([['existing_booking', { booking_code: 'BK447' }]]);
  });
});

describe('a list of values in a description is no definition', () => {
  const about = ['', 'Book and pay. gift_card: "email", "post" (£3) or "none".'];
  it('"the email\'s …, and could you pop a card in the post?" is post: the email only labels the address read out', () => {
    expect(readEnum(['email', 'post', 'none'], "The email's priya nair eighty-eight at outlook dot com. And could you pop a card in the post?", about)).toMatchObject({ value: 'post' });
  });
  it('near miss: "the email\'s fine" chooses email; both said as choices tie', () => {
    expect(readEnum(['email', 'post', 'none'], "Oh, the email's fine.", about)).toMatchObject({ value: 'email' });
    expect(readEnum(['email', 'post', 'none'], 'Email or post, either.', about)).toMatchObject({ tie: ['email', 'post'] });
  });
});
