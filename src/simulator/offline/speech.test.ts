// What the offline model says: instructions in the agent's own words, questions for missing
// arguments, and reports of tool results.
import { describe, expect, it } from 'vitest';
import { askFor, describeRow, reportResults, speakInstructions, swapPersons } from './speech';

describe('swapPersons', () => {
  it('turns the agent-addressed words round', () => {
    expect(swapPersons("you are checking the caller's file")).toBe('I am checking your file');
    expect(swapPersons('ask them what they need')).toBe('ask you what you need');
  });
  it('leaves other words alone', () => expect(swapPersons('youth hostel theory')).toBe('youth hostel theory'));
});

describe('speakInstructions', () => {
  it('speaks greet, ask, tell, thank and say', () => {
    expect(speakInstructions('Welcome the guest and ask how you can assist.', false)).toBe('Hello! How can I assist?');
    expect(speakInstructions('Ask for the caller\'s postcode.', true)).toBe('Could you tell me your postcode?');
    expect(speakInstructions('Ask which room suits the caller.', true)).toBe('Which room suits you?');
    expect(speakInstructions('Tell Ana Lima you are looking it up; it is quick.', true)).toBe('I am looking it up. It is quick.');
    expect(speakInstructions('Thank Ana, then say goodbye.', true)).toBe('Thank you, Ana. Goodbye!');
  });
  it('asks a question whose wh-word is its subject as it stands', () =>
    expect([speakInstructions('Ask what brought them to Brightline Analytics.', true), speakInstructions('Ask what brings them to the doctor today.', true)])
      .toEqual(['What brought you to Brightline Analytics?', 'What brings you to the doctor today?']));
  it('speaks the first sentence with something to say: past a greeting once greeted, an invitation, follow-up questions, an opening "then"', () => {
    expect(speakInstructions('Welcome the guest warmly. Invite them to briefly introduce themselves—name, role, or anything fun.', true)).toBe('Could you introduce yourself?');
    expect(speakInstructions('Listen closely. Ask open-ended, thoughtful questions that invite storytelling.', true)).toBe('Could you tell me more about that?');
    expect(speakInstructions('Express thanks for the conversation. Then, ask your guest if they have any final thoughts.', true)).toBe('Do you have any final thoughts?');
  });
  it('reads only the first sentence', () => expect(speakInstructions('Ask for the postcode. Then ask for the street.', true)).toBe('Could you tell me the postcode?'));
  it('does not greet twice', () => expect(speakInstructions('Greet the guest.', true)).toBeUndefined());
  it('near miss: clauses that need data say nothing', () => expect(speakInstructions('Offer the free tables two at a time.', true)).toBeUndefined());
  it('"find out whether" and "check what" ask, a list kept whole, the customer spoken to', () => {
    expect(speakInstructions('Find out whether the parcel was damaged, wet or opened, and whether the customer still has the box. Then log it.', true))
      .toBe('Was the parcel damaged, wet or opened? Do you still have the box?');
    expect(speakInstructions('Check what the patient is allergic to.', true)).toBe('What are you allergic to?');
  });
  it('"ask until what time" keeps its preposition; a lower-case word is no name of whom to ask', () => {
    expect(speakInstructions('Ask until what time they would like the hall.', true)).toBe('Until what time would you like the hall?');
    expect(speakInstructions('Ask what went wrong and when it started.', true)).toBe('Could you tell me what went wrong and when it started?');
  });
});

describe('askFor', () => {
  it('asks with the description and the choices', () =>
    expect(askFor('size', { type: 'string', description: 'The size the caller wants.', enum: ['small', 'large'] })).toBe('Could you tell me the size you want (small or large)?'));
  it('falls back on the name\'s words, as a question of its own', () => expect(askFor('postal_code', { type: 'string' })).toBe('What is the postal code?'));
  it('a plural noun is asked with "are"; "address", "status", "number of adults" with "is"', () => {
    expect(askFor('days_wanted', { type: 'array' }, 'Record the child. days_wanted: the weekdays, from "monday" to "friday".')).toBe('What are the weekdays?');
    expect(askFor('home_address', { type: 'string' })).toBe('What is your home address?');
    expect(askFor('status', { type: 'string', description: 'The status of the order.' })).toBe('What is the status of the order?');
    expect(askFor('party', { type: 'string', description: 'The number of adults.' })).toBe('What is the number of adults?');
  });
  it('"say to bring the little one along" asks the caller to do it', () =>
    expect(speakInstructions('Confirm the visit day and time, say to bring the little one along, and say goodbye.', true)).toBe('Please bring the little one along. Goodbye!'));
  it('asks a yes/no as a yes/no question, from what the tool\'s description says of it ("is true only when…")', () => {
    expect(askFor('gift_wrap', { type: 'boolean' }, 'Send the order. gift_wrap is true only when the customer wants the paid gift wrapping.')).toBe('Do you want the paid gift wrapping?');
    expect(askFor('gift_wrap', { type: 'boolean' })).toBe('Should it be gift wrap, yes or no?');
  });
});

describe('reportResults', () => {
  const call = (result: string, failed = false) => ({ name: 't', arguments: '{}', result, failed });
  it('apologises and says what failed', () =>
    expect(reportResults([call('No table is free then', true)])).toEqual({ text: 'Sorry, that did not work: No table is free then.', rule: 'report-error' }));
  it('offers every row, as a person reads them out (a caller picks the third of three)', () =>
    expect(reportResults([call(JSON.stringify([{ id: 'a', at: '9:00', who: 'Jo' }, { id: 'b', at: '10:00' }, { id: 'c', at: '11:00' }]))]).text).toBe('I can offer 9:00 (Jo), 10:00 or 11:00. Which one suits you?'));
  it('reads out five rows and says how many more there are', () =>
    expect(reportResults([call(JSON.stringify(['1', '2', '3', '4', '5', '6', '7']))]).text).toBe('I can offer 1, 2, 3, 4 or 5, and 2 more. Which one suits you?'));
  it('says when nothing was found', () => expect(reportResults([call('[]')]).text).toBe('I found nothing for that.'));
  it('confirms a plain result', () => expect(reportResults([call('{"ok":true}')])).toEqual({ text: 'All right.', rule: 'report-result' }));
});

describe('describeRow', () => {
  it('leaves ids out', () => expect(describeRow({ room_id: 7, name: 'Blue' })).toBe('Blue'));
});

describe('asking for what no rule could read, in the words the tool gives it', () => {
  it('a docstring clause that asks ("claims: how many claims in the last three years, 0 for none")', () =>
    expect(askFor('claims', { type: 'integer' }, 'History. claims: how many claims in the last three years, 0 for none.')).toBe('Could you tell me how many claims in the last three years?'));
  it('"arriveBy: latest time they can get there" is asked of the caller', () =>
    expect(askFor('arriveBy', { type: 'string' }, 'Book. arriveBy: latest time they can get there, HH:MM.')).toBe('Could you tell me the latest time you can get there?'));
  it('a count named by what it counts: "How many adults?"', () => expect(askFor('adults', { type: 'integer' }, 'Check the dates.')).toBe('How many adults?'));
  it('near miss: a clause that only gives a format is no question: the name is asked', () =>
    expect(askFor('booking_ref', { type: 'string' }, 'Find it. booking_ref: two letters, three digits.')).toBe('What is the booking ref?'));
});

describe('a yes/no asked from a contracted description', () => {
  it('"true if they\'d like a loan car" asks "Would you like a loan car?"; "they\'re" asks "Are you"', () => {
    expect(askFor('loan', { type: 'boolean', description: "True if they'd like a loan car meanwhile." })).toBe('Would you like a loan car meanwhile?');
    expect(askFor('wait', { type: 'boolean', description: "True if they're happy to wait." })).toBe('Are you happy to wait?');
  });
  it('near miss: an uncontracted "they would like" is asked the same way', () =>
    expect(askFor('loan', { type: 'boolean', description: 'True if they would like a loan car meanwhile.' })).toBe('Would you like a loan car meanwhile?'));
});

describe('wh-questions with a contraction or a past tense', () => {
  it('"how they\'d score … and how they found the driver" is asked in question order', () =>
    expect(speakInstructions('Ask how they\'d score the delivery out of ten, and how they found the driver.', true)).toBe('How would you score the delivery out of ten, and how did you find the driver?'));
  it('near miss: a regular past tense is asked indirectly, never "how do you rated"', () =>
    expect(speakInstructions('Ask what time they arrived, and how they rated the room.', true)).toBe('Could you tell me what time you arrived, and how you rated the room?'));
});

describe('several questions in one instruction', () => {
  it('wh-parts, then each "whether" asked on its own, in question order', () =>
    expect(speakInstructions("Ask how many bedrooms the current place has, whether there's a piano, and whether a big van can park right outside.", true))
      .toBe('Could you tell me how many bedrooms the current place has? Is there a piano? Can a big van park right outside?'));
  it('"whether there\'s any flexibility on it" is "Is there any flexibility on it?"', () =>
    expect(speakInstructions("Ask what date they're moving and whether there's any flexibility on it.", true)).toBe('What date are you moving? Is there any flexibility on it?'));
});

describe('a whether-part between other questions', () => {
  it('a wh-part after it is asked on its own', () =>
    expect(speakInstructions("Ask which bin was missed, whether it was out by 7 in the morning, and where exactly it's standing now.", true))
      .toBe('Which bin was missed? Was it out by 7 in the morning? Where exactly is it standing now?'));
  it('a thing named after it is asked for', () =>
    expect(speakInstructions("Ask where the smell is strongest, whether it's outside too, and a mobile number the engineer can ring.", true))
      .toBe('Where is the smell strongest? Is it outside too? Could you tell me a mobile number the engineer can ring?'));
});

describe('more ways an instruction asks', () => {
  it('"Ask the date …, and check that …" asks for the thing, then to confirm', () =>
    expect(speakInstructions('Ask the date they became the only adult in the home, and check that nobody else aged 18 or over lives there.', true))
      .toBe('Could you tell me the date you became the only adult in the home? Can I check that nobody else aged 18 or over lives there?'));
  it('"Ask roughly how big it is" drops the adverb', () =>
    expect(speakInstructions('Ask roughly how big it is, and whether it is in the road itself.', true)).toBe('How big is it? Is it in the road itself?'));
  it('a statement is followed by the next sentence\'s question; a question ends the reply', () => {
    expect(speakInstructions("Say the address is fine. Ask what size of plot they're after and which sites they'd be happy with.", true))
      .toBe("The address is fine. What size of plot are you after, and which sites would you be happy with?");
    expect(speakInstructions('Ask for their name. Say the visit is free.', true)).toBe('Could you tell me your name?');
  });
});

describe('a wh-phrase is no longer than its noun', () => {
  it('"what the problem with the room is" is asked indirectly, never "What the problem with is the room?"', () =>
    expect(speakInstructions('Ask what the problem with the room is.', true)).toBe('Could you tell me what the problem with the room is?'));
});

describe('yes/no questions put in question order', () => {
  it('a short subject and its verb go round; a third-person verb takes "does"; a past participle takes "have"', () => {
    expect(speakInstructions("Ask when and where it happened, whether another vehicle or someone else's property was involved, and whether anyone was hurt.", true))
      .toBe("Could you tell me when, and where it happened? Was another vehicle or someone else's property involved? Was anyone hurt?");
    expect(speakInstructions('Ask what make of boiler it is, and whether it runs on mains gas, oil or LPG.', true)).toBe('What make of boiler is it? Does it run on mains gas, oil or LPG?');
    expect(askFor('fee_agreed', { type: 'boolean', description: 'True when they agreed to the fee.' })).toBe('Have you agreed to the fee?');
  });
  it('"which line you were on" and "how much you\'ve played before" go round with their verb', () => {
    expect(speakInstructions("Ask which line they were on.", true)).toBe('Which line were you on?');
    expect(speakInstructions("Ask how much they've played before.", true)).toBe('How much have you played before?');
  });
});

describe('a flag asked from its description', () => {
  it('"True when anything we can\'t take is in there" asks "Is anything we can\'t take in there?"', () =>
    expect(askFor('restricted_waste', { type: 'boolean', description: "True when anything we can't take is in there." })).toBe("Is anything we can't take in there?"));
  it('near miss: a clause with no verb to put first is still asked whole', () =>
    expect(askFor('quiet', { type: 'boolean', description: 'True when quiet matters most.' })).toMatch(/\?$/));
});

describe('a read-back needs the data', () => {
  it('"Say the order back once with the total and ask if that\'s right" asks only "Is that right?"', () =>
    expect(speakInstructions("Say the order back once with the total and ask if that's right, for example \"So that's one large pepperoni, twenty dollars. Sound good?\"", true)).toBe('Is that right?'));
  it('near miss: "say the shop opens at nine" is said', () => expect(speakInstructions('Say the shop opens at nine.', true)).toBe('The shop opens at nine.'));
});


describe('questions from instructions, as a person asks them', () => {
  it('a list in brackets stays one part; an adverb before the verb stays after the subject; a past whether-clause takes "did"', () => {
    expect(speakInstructions("Ask how they'd like to pay (direct debit, a payment card at the shop, bank transfer) and which day of the month suits.", true)).not.toMatch(/\(direct debit\?/);
    expect(speakInstructions("Ask how they'd like to pay (direct debit, a payment card at the shop, bank transfer) and which day of the month suits.", true)).toContain('(direct debit, a payment card at the shop, bank transfer)');
    expect(speakInstructions('Ask when they last had it, and whether it went missing in the UK or abroad.', true)).toBe('When did you last have it? Did it go missing in the UK or abroad?');
    expect(speakInstructions('Ask how they usually travel.', true)).toBe('How do you usually travel?');
    expect(speakInstructions('Ask whether the car broke down on a motorway.', true)).toBe('Did the car break down on a motorway?');
  });
  it('"whether anyone … gets" asks "Does anyone … get …?", whatever adverb the instruction asks it with', () => {
    expect(speakInstructions('Ask gently whether anyone in the household gets a means-tested benefit.', true)).toBe('Does anyone in the household get a means-tested benefit?');
    expect(speakInstructions('Ask whether anyone smokes.', true)).toBe('Does anyone smoke?');
    // Near miss: a modal or "was" goes first as it is.
    expect(speakInstructions('Ask whether anyone was hurt.', true)).toBe('Was anyone hurt?');
  });
  it('near misses: a present whether-clause and a wh-subject keep their own order', () => {
    expect(speakInstructions('Ask whether it runs on gas.', true)).toBe('Does it run on gas?');
    expect(speakInstructions('Ask what went wrong.', true)).toBe('What went wrong?');
  });
  it('an age with nothing said of it is asked "How old…?"', () => {
    expect(askFor('age', { type: 'integer' })).toBe('How old are you?');
    expect(askFor('child_age', { type: 'integer' })).toBe('How old is the child?');
    // Near miss: a described age is asked in its description's words.
    expect(askFor('age', { type: 'integer', description: 'Age of the oldest passenger.' })).toBe('What is the age of the oldest passenger?');
  });
});

describe('a flag asked by its description', () => {
  it('a statement is put as a question; a thing is asked yes or no', () => {
    expect(askFor('other_party', { type: 'boolean', description: "Another vehicle or another person's property was involved." })).toBe("Was another vehicle or another person's property involved?");
    expect(askFor('pets', { type: 'boolean', description: 'Pets at home' })).toBe('Pets at home, yes or no?');
    // Near miss: "True if …" is asked as before.
    expect(askFor('owner', { type: 'boolean', description: 'True if they own the house.' })).toBe('Do you own the house?');
  });
});
