// A go-ahead said beside another answer agrees to what the stage asks agreement for; a denial, or
// a flag that means no agreeing, takes nothing from it.
import { describe, expect, it } from 'vitest';
import { goAheadFor } from './consent';
import { agent, ask, calls, tool, user } from './testing';

const book = tool('book_callout', 'Book the call-out. accepts_charge: the caller agreed to the call-out charge you told them. phone: digits only.', {
  phone: { type: 'string' },
  accepts_charge: { type: 'boolean' },
});
const instructions = 'Tell them the call-out charge is £60, and ask for a phone number the engineer can ring.';

describe('a go-ahead beside another answer', () => {
  it('"Sixty, yes, that\'s fine, go ahead. It\'s 07700 900123." to a question for the number: the charge is agreed', async () => {
    const out = await ask([book], [user('My heating has broken down.'), agent('What number can the engineer ring?'), user("Sixty, yes, that's fine, go ahead. It's 07700 900123.")], instructions);
    expect(calls(out)).toEqual([['book_callout', { phone: '07700900123', accepts_charge: true }]]);
    expect(out.notes).toContainEqual(expect.stringContaining('boolean-go-ahead'));
  });
  it('near miss: "That\'s not fine, sixty\'s a lot" agrees to nothing', async () => {
    const out = await ask([book], [user('My heating has broken down.'), agent('What number can the engineer ring?'), user("That's not fine, sixty's a lot. It's 07700 900123.")], instructions);
    expect(calls(out).some(([, args]) => (args as Record<string, unknown>).accepts_charge === true)).toBe(false);
  });
  it('near miss: a flag that means no agreeing, or a yes/no question just asked, takes nothing', () => {
    expect(goAheadFor('true if there are pets in the house', 'has_pets', "That's fine, go ahead.", 'What number can they ring?')).toBeUndefined();
    expect(goAheadFor('the caller agreed to the charge', 'accepts_charge', "That's fine, go ahead.", 'Is the engineer allowed to park on the drive?')).toBeUndefined();
  });
});
