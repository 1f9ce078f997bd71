// Issue 32, "never a wrong value": one test per way the offline model was caught writing a value the
// caller did not give. Each holds the rule that now refuses the guess, and a near miss that the
// same rule still reads, so a rule that simply reads nothing would fail too.
import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../model';
import type { ChatMessage } from '../types';
import { decideCondition } from './condition';
import { glossOf, readEnum } from './enums';
import { fillArguments, type FillContext } from './fill';
import { pickTime } from './pick';
import { agent, ask, calls, patterns, tool, user } from './testing';

const TODAY = '2026-12-01';
const schema = (properties: Record<string, JsonSchema>): JsonSchema => ({ type: 'object', properties, required: Object.keys(properties) });

describe('a "yes please" answers an offer, not a question of fact', () => {
  const stop = tool('stop_card', 'Stop the card at once. has_card: whether the customer still holds the card.', { has_card: { type: 'boolean' } });
  it('"Yes please, …" to "Do you still have the card?" writes nothing: the agent asks again', async () => {
    const out = await ask([stop], [user('I want to stop my card.'), agent('Do you still have the card with you?'), user('Yes please, and send the new one to my work.')]);
    expect(out.toolCalls).toEqual([]);
  });
  it('near miss: a plain "yes" to the same question is its answer', async () => {
    const out = await ask([stop], [user('I want to stop my card.'), agent('Do you still have the card with you?'), user('Yes, it is here in my hand.')]);
    expect(calls(out)).toEqual([['stop_card', { has_card: true }]]);
  });
  it('near miss: "yes please" to an offer is its answer', async () => {
    const express = tool('send_card', 'Send a new card. express: true when the customer wants the paid next-day post.', { express: { type: 'boolean' } });
    const out = await ask([express], [user('Send me a new card.'), agent('Would you like it sent by express post?'), user('Yes please.')]);
    expect(calls(out)).toEqual([['send_card', { express: true }]]);
  });
});

describe('an enum value means what its description defines, and nothing else', () => {
  const sizes = ['small', 'medium', 'large'];
  const sizeMeanings = 'small fits in one hand; medium is up to the knee; large is over the knee.';
  it('an ordinary word of the tool\'s description ("how large the dog is") is no meaning of the value "large"', () => {
    expect(glossOf('large', sizes, [sizeMeanings, 'How large the dog is, which sets the size of the kennel.'])).toEqual(['knee']);
    // The caller's "size" is a word of that sentence only: it names no size.
    expect(readEnum(sizes, 'A medium size, I think.', [sizeMeanings, 'How large the dog is, which sets the size of the kennel.'])).toMatchObject({ value: 'medium' });
    const read = readEnum(sizes, 'It is about knee size.', [sizeMeanings, 'How large the dog is, which sets the size of the kennel.']);
    expect(read && 'value' in read ? read.value : undefined).not.toBe('large');
  });
  const washes = ['full_valet', 'outside_wash'];
  const washMeanings = 'full_valet is an outside_wash, the seats vacuumed and a polish; outside_wash is a wash of the bodywork with no vacuum.';
  it('a word the definition denies ("with no vacuum") is no meaning of that value', () => {
    expect(glossOf('outside_wash', washes, [washMeanings])).not.toContain('vacuum');
  });
  it('a value the caller names that another value\'s definition includes counts for both: the rest of the line decides', () => {
    expect(readEnum(washes, 'An outside wash and the seats vacuumed.', [washMeanings])).toMatchObject({ value: 'full_valet' });
    // Near misses: the value named with a word of its own meaning is that value; named alone, it
    // is that value too (the one that includes it asks for more than was said).
    expect(readEnum(washes, 'Just an outside wash of the bodywork.', [washMeanings])).toMatchObject({ value: 'outside_wash' });
    expect(readEnum(washes, 'Just an outside wash.', [washMeanings])).toMatchObject({ value: 'outside_wash' });
  });
  it('a value named alone is not one whose name adds a word to it and whose definition includes it ("a studio" is no twin studio)', () => {
    const rooms = ['ensuite', 'studio', 'twin_studio'];
    const roomMeanings = 'room_type: "ensuite" (own bedroom and shower room, shared kitchen), "studio" (their own kitchenette too), or "twin_studio" (a studio for two people).';
    expect(readEnum(rooms, "Probably a studio, I'd like my own kitchen.", [roomMeanings])).toMatchObject({ value: 'studio' });
    // Near miss: the words of the larger value's own meaning make it that one.
    expect(readEnum(rooms, 'A twin studio, please.', [roomMeanings])).toMatchObject({ value: 'twin_studio' });
  });
});

describe('the answer to a question for a name is a name, not what the caller will do', () => {
  const product: JsonSchema = { type: 'string', description: 'The product name and size, as on the label.' };
  const fill = (line: string) =>
    fillArguments(schema({ product }), {
      callerLines: [line],
      agentLines: ['Which product do you need?'],
      asked: [[{ tool: 'order', param: 'product', why: 'asked' }]],
      tool: { name: 'order', description: 'Order a product.' },
      today: TODAY,
      offered: [],
      patterns: patterns(),
    } satisfies FillContext);
  it('"I\'ll pick them up from the shop on Friday" is no product: the agent asks again', () => expect(fill("I'll pick them up from the shop on Friday.").missing).toEqual(['product']));
  it('near miss: "the blue shampoo, the large bottle" is the product', () => expect(fill('The blue shampoo, the large bottle.').args.product).toMatch(/blue shampoo/));
});

describe('a time of day is a time, not words for anything else', () => {
  const lengths = ['short', 'medium', 'long'];
  const lengthMeanings = 'short is above the ears; medium is to the shoulders; long is past the shoulders.';
  it('"quarter past seven" names no value whose meaning says "past"', () => {
    expect(readEnum(lengths, 'Thursday evening if you can, quarter past seven?', [lengthMeanings])).toBeUndefined();
    // Near miss: "past" said of the thing itself still reads.
    expect(readEnum(lengths, 'It comes well past my shoulders.', [lengthMeanings])).toMatchObject({ value: 'long' });
  });
  it('"quarter to six" sets no flag whose description speaks of a quarter of an hour', () => {
    const soon: JsonSchema = { type: 'boolean', description: 'True when the caller wants a call back within a quarter of an hour.' };
    const fill = (line: string) => fillArguments(schema({ call_back_soon: soon }), { callerLines: [line], agentLines: [], today: TODAY, offered: [], patterns: patterns() });
    expect(fill('Ring me at quarter to six.').missing).toEqual(['call_back_soon']);
    expect(fill('Ring me back within a quarter of an hour.').args).toEqual({ call_back_soon: true });
  });
});

describe('a condition met only by words the caller denies does not hold', () => {
  it('"nobody needs a wheelchair car" does not meet "the caller needs a wheelchair accessible car"', () => {
    expect(decideCondition('The caller needs a wheelchair accessible car.', ['No, nobody needs a wheelchair car.'])).toMatchObject({ holds: false, rule: 'condition-by-words' });
    // Near miss: the same words, affirmed, still meet it.
    expect(decideCondition('The caller needs a wheelchair accessible car.', ['My dad needs a wheelchair car.'])).toMatchObject({ holds: true });
  });
  it('a negated condition turns round on what the caller denies', () =>
    expect(decideCondition('The caller does not need a wheelchair accessible car.', ["We don't need a wheelchair."])).toMatchObject({ holds: true }));
});

describe('an enum value by the words a description says stand for it', () => {
  const colours = ['black', 'blue', 'grey', 'multicoloured', 'other'];
  const meanings = 'The main colour. Teal and cobalt count as blue; silver counts as grey; striped or several colours is multicoloured.';
  it('"teal" is blue, "silver" grey, "striped" multicoloured, as the description says', () => {
    expect(readEnum(colours, "It's a teal rucksack.", [meanings])).toMatchObject({ value: 'blue' });
    expect(readEnum(colours, 'A silver case.', [meanings])).toMatchObject({ value: 'grey' });
    expect(readEnum(colours, 'Striped, red and white.', [meanings])).toMatchObject({ value: 'multicoloured' });
  });
  it('near miss: a colour the description never names reads no value', () => expect(readEnum(colours, "It's a mustard one.", [meanings])).toBeUndefined());
});

describe('a place name of several words in a value\'s meaning is met whole', () => {
  const routes = ['north_route', 'south_route'];
  const meanings = 'route: "north_route" (Harbour to Castle Hill) or "south_route" (Mill Green to Station Road).';
  it('"past the mill and the station" is no "Mill Green" nor "Station Road"; "the harbour" still names the north route', () => {
    expect(readEnum(routes, 'I was on the harbour route, heading past the mill and the station.', [meanings])).toMatchObject({ value: 'north_route' });
  });
  it('near miss: the whole name said meets it', () => expect(readEnum(routes, 'The one from Mill Green.', [meanings])).toMatchObject({ value: 'south_route' }));
});

describe('a yes/no question answers the one flag offered only when it speaks of it', () => {
  const order = tool('order_card', 'Order a new card.', { express: { type: 'boolean', description: 'True when the customer wants the paid next-day express post.' } });
  it('"No" to "Is there anything else?" sets no express flag', async () => {
    const out = await ask([order], [user('I need a new card.'), agent('Is there anything else I can help with?'), user('No.')]);
    expect(out.toolCalls).toEqual([]);
  });
  it('near miss: "No" to "Do you need it by express post?" sets it false', async () => {
    const out = await ask([order], [user('I need a new card.'), agent('Do you need it by express post?'), user('No.')]);
    expect(calls(out)).toEqual([['order_card', { express: false }]]);
  });
});

describe('a yes meant for a question for a value sets the one flag offered only when the stage speaks of it', () => {
  const details = tool('take_name', 'Take the caller\'s name.', { name: { type: 'string', description: 'The caller\'s name.' } });
  const consent = tool('record_consent', 'Record whether the caller agrees to marketing texts.', { agrees: { type: 'boolean', description: 'True when the caller agrees to marketing texts.' } }, ['agrees']);
  const lines = [user('Hi.'), agent('What is your name?'), user('Yes, Dana here.')];
  it('a yes to "What is your name?" sets no consent flag the stage never mentions', async () => {
    const out = await ask([details, consent], lines, 'Ask for their name.');
    expect(out.toolCalls.filter((c) => c.name === 'record_consent')).toEqual([]);
  });
  it('near miss: where the stage says to ask about marketing texts, the yes is that answer', async () => {
    const out = await ask([details, consent], lines, 'Ask whether they agree to marketing texts.');
    expect(calls(out)).toContainEqual(['record_consent', { agrees: true }]);
  });
});

describe('a word of a flag\'s description that is only its setting decides nothing', () => {
  const fillTaxi = (line: string) =>
    fillArguments(
      schema({
        passengers: { type: 'integer', description: 'How many people are travelling.' },
        wheelchair: { type: 'boolean', description: 'True when a passenger needs a wheelchair-accessible car.' },
      }),
      { callerLines: [line], agentLines: [], today: TODAY, offered: [], patterns: patterns() },
    );
  const fillOutage = (line: string) =>
    fillArguments(
      schema({
        postcode: { type: 'string', description: 'The postcode of the address.' },
        medical_equipment: { type: 'boolean', description: 'True when someone at the address relies on medical equipment that needs power.' },
      }),
      { callerLines: [line], agentLines: [], today: TODAY, offered: [], patterns: patterns() },
    );
  it('"four passengers" sets no wheelchair flag; "the power is off at my address" no medical-equipment flag', () => {
    expect(fillTaxi("There's four passengers and two suitcases.").args).not.toHaveProperty('wheelchair');
    expect(fillOutage('The power is off at my address.').args).not.toHaveProperty('medical_equipment');
  });
  it('near miss: the flag\'s own words, said, set it; denied, clear it', () => {
    expect(fillTaxi('Four of us, and my dad uses a wheelchair.').args).toMatchObject({ wheelchair: true });
    expect(fillOutage('Nobody here needs any medical equipment.').args).toMatchObject({ medical_equipment: false });
  });
});

describe('a code said letter by letter keeps its letters', () => {
  const find = tool('find_order', 'Find the order by its reference.', { order_reference: { type: 'string', description: 'The order reference, two letters and six digits.' } });
  it('"the reference\'s R T five five two one oh eight" is RT552108, not the digits alone', async () => {
    const out = await ask([find], [user('I need to check on an order.'), agent('What is the order reference?'), user("Sure, the reference's R T five five two one oh eight.")]);
    expect(calls(out)).toEqual([['find_order', { order_reference: 'RT552108' }]]);
  });
  it('near miss: digits said alone are read as digits', async () => {
    const out = await ask([find], [user('I need to check on an order.'), agent('What is the order reference?'), user("It's five five two one oh eight.")]);
    expect(calls(out)).toEqual([['find_order', { order_reference: '552108' }]]);
  });
});

describe('a code the caller labels as another kind of code is not this one', () => {
  const find = tool('find_policy', 'Find the policy.', { policy_number: { type: 'string', description: 'The policy number.' } });
  it('"the registration is LM19 ABC" fills no policy number', async () => {
    const out = await ask([find], [user('I want to claim on my insurance.'), agent('What is the policy number?'), user("It's a blue van, the registration is LM19 ABC.")]);
    expect(out.toolCalls).toEqual([]);
  });
  it('near miss: a code said with no other label is the one asked for', async () => {
    const out = await ask([find], [user('I want to claim on my insurance.'), agent('What is the policy number?'), user("It's HD 449201.")]);
    expect(calls(out)).toEqual([['find_policy', { policy_number: 'HD449201' }]]);
  });
});

describe('the two ends of a move: "from" one postcode "to" the other', () => {
  const quote = tool('removal_quote', 'Quote for a house move.', { from_postcode: { type: 'string' }, to_postcode: { type: 'string' } });
  it('"going from SW9 8QT up to EH3 9AB" puts each postcode at its own end', async () => {
    const out = await ask([quote], [user("I'd like a quote for a move."), agent('Where are you moving from and to?'), user("It's going from SW9 8QT up to EH3 9AB.")]);
    expect(calls(out)).toEqual([['removal_quote', { from_postcode: 'SW9 8QT', to_postcode: 'EH3 9AB' }]]);
  });
  it('the order said the other way round is read the same', async () => {
    const out = await ask([quote], [user("I'd like a quote for a move."), agent('Where are you moving from and to?'), user('To EH3 9AB, from SW9 8QT.')]);
    expect(calls(out)).toEqual([['removal_quote', { from_postcode: 'SW9 8QT', to_postcode: 'EH3 9AB' }]]);
  });
  it('one postcode said with "to" fills only the far end: the agent asks for the other', async () => {
    const out = await ask([quote], [user("I'd like a quote for a move."), agent('Where are you moving from and to?'), user("We're moving to EH3 9AB.")]);
    expect(out.toolCalls).toEqual([]);
    expect(out.text).toMatch(/from/i);
  });
});

describe('a time picked from the times a tool just offered', () => {
  const hold = tool('hold_slot', 'Hold the slot the caller chose, as HH:MM.', { time: { type: 'string', description: 'HH:MM' } });
  const offer = (times: string[]): ChatMessage[] => [
    { role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'free_slots', arguments: '{}' }] },
    { role: 'tool', toolCallId: 'c1', name: 'free_slots', content: JSON.stringify({ slots: times }) },
  ];
  it('"the one o\'clock, please" is 13:00 when the tool offered 09:40, 13:00 and 15:20', async () => {
    const out = await ask([hold], [user('Can I book a slot?'), ...offer(['09:40', '13:00', '15:20']), agent('Which of those suits you?'), user("The one o'clock, please.")]);
    expect(calls(out)).toEqual([['hold_slot', { time: '13:00' }]]);
  });
  it('near miss: "twenty past three" is the 15:20 offered', async () => {
    const out = await ask([hold], [user('Can I book a slot?'), ...offer(['09:40', '13:00', '15:20']), agent('Which of those suits you?'), user('Twenty past three would be best.')]);
    expect(calls(out)).toEqual([['hold_slot', { time: '15:20' }]]);
  });
});

describe('a meaning with a word of degree the caller did not say', () => {
  const sleeves = ['short', 'medium', 'long'];
  const meanings = 'short ends above the elbow; medium is to the elbow; long is past the elbow.';
  it('"elbow length" is the value that ends at the elbow, not the one "past" or "above" it', () =>
    expect(readEnum(sleeves, 'Roughly elbow length, I think.', [meanings])).toMatchObject({ value: 'medium' }));
  it('near miss: "just past the elbow" is the value that says "past"', () =>
    expect(readEnum(sleeves, 'Just past the elbow.', [meanings])).toMatchObject({ value: 'long' }));
});

describe('a word two flags of a tool share decides neither', () => {
  const survey = tool('site_survey', 'Record what the caller sees.', {
    ladder_needed: { type: 'boolean', description: 'True when someone needs a ladder or access equipment to reach it.' },
    broken_glass: { type: 'boolean', description: 'True when there is broken glass or damaged equipment on the ground.' },
  });
  it('"no, nobody needs a ladder or any equipment … there\'s glass all over the path" sets ladder false and glass true', async () => {
    const out = await ask([survey], [user('Something smashed outside.'), agent('Does anyone need a ladder to reach it?'), user("No, nobody needs a ladder or any equipment. But there's glass all over the path.")]);
    expect(calls(out)).toEqual([['site_survey', { ladder_needed: false, broken_glass: true }]]);
  });
});

describe('part of a value\'s name is no evidence when its definition is not met', () => {
  const kinds = ['loose_tile', 'damaged_gutter', 'other'];
  const meanings = 'loose_tile when a roof tile has slipped or fallen; damaged_gutter for a cracked, sagging or blocked gutter; other for anything else.';
  it('"the gutter by the back door, water is pouring over the tiles" names neither by a word of a name alone', () =>
    expect(readEnum(kinds, "It's over the back door by the gutter, water's coming through the ceiling.", [meanings])).toBeUndefined());
  it('near miss: the gutter said with its definition ("sagging") is damaged_gutter', () =>
    expect(readEnum(kinds, 'The gutter is sagging right down.', [meanings])).toMatchObject({ value: 'damaged_gutter' }));
});

describe('a house number is the number on the door, never part of a postcode', () => {
  const address = tool('home_address', 'The home address.', { house_number: { type: 'string' }, postcode: { type: 'string' } });
  it('"It\'s number 9 Bramble Lane, LS6 2AB." is house 9 at LS6 2AB, not "LS6"', async () => {
    const out = await ask([address], [user('I need to report a problem.'), agent('What is the address?'), user("It's number 9 Bramble Lane, LS6 2AB.")]);
    expect(calls(out)).toEqual([['home_address', { house_number: '9', postcode: 'LS6 2AB' }]]);
  });
  it('near miss: "27 Bramble Lane" gives 27 by the street that follows it', async () => {
    const out = await ask([address], [user('I need to report a problem.'), agent('What is the address?'), user('27 Bramble Lane, LS6 2AB.')]);
    expect(calls(out)).toEqual([['home_address', { house_number: '27', postcode: 'LS6 2AB' }]]);
  });
});

describe('a word the caller denies is no evidence for a value that means it', () => {
  const faults = ['no_heat', 'noisy', 'leaking'];
  const meanings = 'no_heat when the radiators stay cold; noisy when it bangs or whistles; leaking when water drips from it.';
  it('"nothing\'s dripping, it just bangs all night" is noisy, not leaking', () =>
    expect(readEnum(faults, "Nothing's dripping, it just bangs all night.", [meanings])).toMatchObject({ value: 'noisy' }));
  it('near miss: "it\'s dripping and it bangs" names both: the agent asks which', () =>
    expect(readEnum(faults, "It's dripping and it bangs.", [meanings])).toMatchObject({ tie: ['noisy', 'leaking'] }));
});

describe('of two values named as strongly, the one said of the parameter\'s thing', () => {
  const colours = ['white', 'blue', 'black'];
  it('"The lid is blue, and the box itself is white" gives the lid blue', () =>
    expect(readEnum(colours, 'The lid is blue, and the box itself is white.', ['The colour of the lid.'])).toMatchObject({ value: 'blue' }));
  it('near miss: both said in the clause of the lid is a tie', () =>
    expect(readEnum(colours, 'The lid is blue or white.', ['The colour of the lid.'])).toMatchObject({ tie: ['white', 'blue'] }));
});

// Caught on the first two batches' held-out agents after this session's rules (they are no longer
// held out: the third batch is; see test/fixtures/offline-corpus-blind-3/README.md).
describe('values the held-out agents caught the reading rules writing', () => {
  const fillWith = (properties: Record<string, JsonSchema>, lines: string[], tool: { name: string; description: string }, required = Object.keys(properties)) =>
    fillArguments({ type: 'object', properties, required }, { callerLines: [...lines].reverse(), agentLines: ['Anything else?'], tool, today: TODAY, offered: [], patterns: patterns() } satisfies FillContext);
  const logFault = { name: 'logFault', description: 'Log the fault. started_on: YYYY-MM-DD, the day it started. error_code: only if the display shows one.' };
  it('a day to come is no day something started ("Thursday\'s fine" for started_on); a day gone by is', () => {
    expect(fillWith({ started_on: { type: 'string' } }, ["Thursday's fine."], logFault).args).toEqual({});
    expect(fillWith({ started_on: { type: 'string' } }, ['It started on Saturday just gone.'], logFault).args).toEqual({ started_on: '2026-11-28' });
  });
  it('digits after "best number is" are a phone, no error code', () => {
    expect(fillWith({ error_code: { type: 'string' } }, ['Best number is oh one one seven, four nine six, oh two eight one.'], logFault, []).args).toEqual({});
    expect(fillWith({ error_code: { type: 'string' } }, ['The display shows error code E21.'], logFault, []).args.error_code).toBeDefined();
  });
  it('"occasion: a birthday or anniversary" is no date: a day said is not written to it', () => {
    const booking = { name: 'confirmBooking', description: 'Confirm the table. occasion: a birthday or anniversary, only when they mention one.' };
    expect(fillWith({ occasion: { type: 'string' } }, ['This Saturday at eight, please.'], booking, []).args).toEqual({});
  });
  it('a PIN is a code: a sentence is no PIN, four digits are', () => {
    const verify = { name: 'verifyAccount', description: 'Check the account.' };
    const asked = (line: string) => fillArguments({ type: 'object', properties: { pin: { type: 'string' } }, required: ['pin'] }, { callerLines: [line], agentLines: ['What is the pin?'], asked: [[{ tool: 'verifyAccount', param: 'pin', why: 'asked' }]], tool: verify, today: TODAY, offered: [], patterns: patterns() });
    expect(asked("I've always had Samsung, so I'll stick with them.").args).toEqual({});
    expect(asked("It's 4419.").args).toEqual({ pin: '4419' });
  });
  it('a street parameter holds the street\'s name; an address line keeps the number', () => {
    const collect = { name: 'collect_address', description: 'Where to collect from.' };
    expect(fillWith({ street: { type: 'string' } }, ["It's 27 Alder Crescent, GF4 8NB."], collect).args).toEqual({ street: 'Alder Crescent' });
    expect(fillWith({ address_line: { type: 'string' } }, ["It's 27 Alder Crescent, GF4 8NB."], collect).args).toEqual({ address_line: '27 Alder Crescent' });
  });
});

describe('a fault said in a line of several values', () => {
  const logFault = { name: 'logFault', description: 'Log the fault. fault: "wont_power_on", "leaking" or "other". started_on: YYYY-MM-DD, the day it started. used_normally: false if it was dropped, moved or misused. description: what happens, in the caller\'s words.' };
  const fault = {
    type: 'object',
    properties: { fault: { type: 'string', enum: ['wont_power_on', 'leaking', 'other'] }, started_on: { type: 'string' }, used_normally: { type: 'boolean' }, description: { type: 'string' } },
    required: ['fault', 'started_on', 'used_normally', 'description'],
  } satisfies JsonSchema;
  const line = "It's leaking. Every time it gets to the spin there's a great puddle underneath it. Started on Saturday just gone. And no, we've just used it normally, no one's moved it or anything.";
  const read = (question: string) =>
    fillArguments(fault, { callerLines: [line], agentLines: [question], asked: [[{ tool: 'logFault', param: 'used_normally', why: 'asked' }]], tool: { ...logFault, meant: { said: 'leaking', rule: 'tool-by-words', negated: false } }, today: TODAY, offered: [], patterns: patterns() } satisfies FillContext);
  it('"And no, we\'ve just used it normally" to "has it been used normally?" is used normally: the words after the no say so', () => {
    const out = read("Has it been used normally?");
    expect(out.args.used_normally).toBe(true);
    expect(out.filled.used_normally).toMatchObject({ rule: 'boolean-stated-beside-yes-no', said: "we've just used it normally" });
  });
  it('the description is the sentences no other value came from, not the one that named the fault', () => {
    expect(read('Has it been used normally?').args.description).toMatch(/^Every time it gets to the spin/);
  });
  it('near miss: "No, it got knocked over when we moved it" says nothing of being used normally in its words: the "no" answers', () => {
    const out = fillArguments(fault, { callerLines: ['No, it got knocked over when we moved house.'], agentLines: ['Has it been used normally?'], asked: [[{ tool: 'logFault', param: 'used_normally', why: 'asked' }]], tool: logFault, today: TODAY, offered: [], patterns: patterns() });
    expect(out.args.used_normally).toBe(false);
  });
});

// Caught on the third batch's tuned part and the first two batches' former held-out parts.
describe('counts, choices and senses the wider corpus caught', () => {
  const holiday = { name: 'checkAvailability', description: 'Check cottages. arrival: YYYY-MM-DD. nights: how many nights. adults: people 18 and over. children: under 18.' };
  const stay = { arrival: { type: 'string' }, nights: { type: 'integer' }, adults: { type: 'integer' }, children: { type: 'integer' } } satisfies Record<string, JsonSchema>;
  const read = (properties: Record<string, JsonSchema>, line: string, tool: { name: string; description: string }, required = Object.keys(properties)) =>
    fillArguments({ type: 'object', properties, required }, { callerLines: [line], agentLines: ['Anything else?'], tool, today: TODAY, offered: [], patterns: patterns() } satisfies FillContext);
  it('"that\'s fair weather as one word" counts no adults, nights or children', () =>
    expect(read(stay, "The email's kerry dot fairweather, that's fair weather as one word, at outlook dot com.", holiday).args).toEqual({}));
  it('"the Friday after next … head home on the Monday": arrival is the Friday a week on from this one', () =>
    expect(read(stay, "Any cottages free the Friday after next? Just for three nights, we'd head home on the Monday.", holiday).args).toMatchObject({ arrival: '2026-12-11', nights: 3 }));
  it('"my PIN is four four one nine" is no count; "twenty-four months" is 24, not 4; "forty quid a month" is 40 pounds', () => {
    const handsets = { name: 'listHandsets', description: 'Phones for a make. max_monthly: the most they want to pay a month in pounds, only if they say.' };
    expect(read({ max_monthly: { type: 'number' } }, 'The number is oh seven, and my PIN is four four one nine.', handsets, []).args).toEqual({});
    expect(read({ max_monthly: { type: 'number' } }, 'Twenty-four months is okay.', handsets, []).args).toEqual({});
    expect(read({ max_monthly: { type: 'number' } }, "Don't want to go mad though, under forty quid a month ideally.", handsets, []).args).toEqual({ max_monthly: 40 });
  });
  it('"Quarter past five\'s a bit tight for me. I\'ll take the later one": the later time offered', () =>
    expect(pickTime("Quarter past five's a bit tight for me, I'd never make it across town. I'll take the later one.", ['17:15', '18:00'])).toMatchObject({ hhmm: '18:00' }));
  it('a mobile number is no "contact lenses"; near miss: "I wear contacts" is', () => {
    const patient = { name: 'patientDetails', description: 'The patient. wears_contacts: only if they say whether they wear contact lenses.' };
    expect(read({ wears_contacts: { type: 'boolean' } }, "Mobile's oh seven four four seven, two oh two, nine one six.", patient, []).args).toEqual({});
    expect(read({ wears_contacts: { type: 'boolean' } }, 'I wear contact lenses most days.', patient, []).args).toEqual({ wears_contacts: true });
  });
});

describe('enum values with numbers, and a list with a denied item', () => {
  it('"every four weeks" is every_4_weeks, not every_8_weeks; "the fixed one" is fixed_12 (no other fixed)', () => {
    expect(readEnum(['every_4_weeks', 'every_8_weeks', 'one_off'], 'Well, every four weeks, however you do it.', [])).toMatchObject({ value: 'every_4_weeks' });
    expect(readEnum(['fixed_12', 'flex_tracker'], "I think I'd rather have the fixed one.", [])).toMatchObject({ value: 'fixed_12' });
  });
  it('"Not the conservatory roof, mind" names no conservatory_roof; "the gutters" names gutter_clearing', () => {
    const line = "Could you clear the gutters while you're up there? Not the conservatory roof, mind, my son-in-law does that.";
    expect(readEnum(['conservatory_roof'], line, [])).toBeUndefined();
    expect(readEnum(['gutter_clearing'], line, [])).toMatchObject({ value: 'gutter_clearing' });
  });
});

describe('a tool\'s one flag that says the caller wants what the tool is for', () => {
  const newCustomer = tool('new_customer', "The caller wants their windows cleaned and isn't a customer yet.", { wants_service: { type: 'boolean', description: 'True when they want to sign up or get a price.' } });
  it('"are you taking on any new customers?" means the tool, and its flag holds', async () => {
    const out = await ask([newCustomer], [user('Hello, are you taking on any new customers round here? Our old window cleaner has retired.')]);
    expect(calls(out)).toEqual([['new_customer', { wants_service: true }]]);
  });
});

describe('a car described in one line', () => {
  const addVehicle = { name: 'addVehicle', description: 'The car the permit is for. registration: as on the number plate. make: the manufacturer. company_car: true when it\'s a company or lease car provided by an employer.' };
  const car = { registration: { type: 'string' }, make: { type: 'string' }, colour: { type: 'string' }, company_car: { type: 'boolean' } } satisfies Record<string, JsonSchema>;
  const read = (line: string) => fillArguments({ type: 'object', properties: car, required: Object.keys(car) }, { callerLines: [line], agentLines: ['What is the registration?'], tool: addVehicle, today: TODAY, offered: [], patterns: patterns() } satisfies FillContext);
  it('"a grey Ford Focus, registration Y R seven one, N X B. It\'s my own car, not a work one": each value, and own is no company car', () =>
    expect(read("It's a grey Ford Focus, registration Y R seven one, N X B. It's my own car, not a work one.").args).toEqual({ registration: 'YR71 NXB', make: 'Ford', colour: 'grey', company_car: false }));
  it('near miss: "a company car from work" is one; a colour denied is none', () => {
    expect(read("It's a company car, a silver Vauxhall.").args).toMatchObject({ company_car: true, colour: 'silver', make: 'Vauxhall' });
    expect(read('Not the black one.').args.colour).toBeUndefined();
  });
  it('"a full year" is twelve months exactly; the "sixty-five" of a spelled postcode counts nothing', () => {
    const permit = { name: 'issuePermit', description: 'Issue the permit. months: 3, 6 or 12.' };
    const months = (lines: string[]) => fillArguments({ type: 'object', properties: { months: { type: 'integer' } }, required: ['months'] }, { callerLines: [...lines].reverse(), agentLines: ['How long?'], tool: permit, today: TODAY, offered: [], patterns: patterns() });
    expect(months(["It's forty-two Cranmer Street, L E sixty-five, two Q T.", 'And a full year, it works out cheaper.']).args).toEqual({ months: 12 });
    expect(months(["It's forty-two Cranmer Street, L E sixty-five, two Q T."]).args).toEqual({});
  });
});

describe('a period and its adjective, a bed and a bedroom', () => {
  it('"twenty-five pounds every month, rather than just the once" is monthly', () =>
    expect(readEnum(['one_off', 'monthly'], 'I was thinking twenty-five pounds every month, rather than just the once.', [])).toMatchObject({ value: 'monthly' }));
  it('values told apart by a number word are met by that number: "a two-bed flat" is two_bedroom, "five bedrooms" four_bedroom_plus', () => {
    const sizes = ['a_few_items', 'one_bedroom', 'two_bedroom', 'three_bedroom', 'four_bedroom_plus'];
    expect(readEnum(sizes, "It's the whole contents of a two-bed flat, pretty much.", [])).toMatchObject({ value: 'two_bedroom' });
    // (The "three" of "three months" in the same line counts no bedrooms.)
    expect(readEnum(sizes, "It's the whole contents of a two-bed flat. We think about three months.", [])).toMatchObject({ value: 'two_bedroom' });
    expect(readEnum(sizes, 'a five bedroom house', [])).toMatchObject({ value: 'four_bedroom_plus' });
    expect(readEnum(sizes, 'a four bed house', [])).toMatchObject({ value: 'four_bedroom_plus' });
    // Near miss: the thing without its number names no one size.
    expect(readEnum(sizes, 'the bedroom furniture mostly', [])).not.toMatchObject({ value: expect.any(String) });
  });
  it('"a three bed semi" is three bedrooms', () => {
    const size = { bedrooms: { type: 'integer', description: 'Number of bedrooms at the current property (a studio is 0).' }, floors: { type: 'integer', description: 'How many floors.' } } satisfies Record<string, JsonSchema>;
    expect(fillArguments({ type: 'object', properties: size, required: ['bedrooms'] }, { callerLines: ["It's a three bed semi."], today: TODAY, offered: [], patterns: patterns() }).args).toEqual({ bedrooms: 3 });
  });
});

describe('another person\'s name, and the caller\'s own', () => {
  const gift = {
    donor_name: { type: 'string', description: "The donor's full name." },
    in_memory_of: { type: 'string', description: 'The full name of the person remembered, when they give it.' },
  } satisfies Record<string, JsonSchema>;
  const read = (line: string) => fillArguments({ type: 'object', properties: gift, required: [] }, { callerLines: [line], today: TODAY, offered: [], patterns: patterns() });
  it('"could it be in her memory? Her name was Joan Pickering" is the person remembered, never the donor', () =>
    expect(read('And could it be in her memory? Her name was Joan Pickering.').args).toEqual({ in_memory_of: 'Joan Pickering' }));
  it('"She\'s Joan, Joan Pickering" names the person remembered; "she\'s Spanish" names nobody', () => {
    expect(read("It's in memory of my aunt. She's Joan, Joan Pickering.").args).toEqual({ in_memory_of: 'Joan Pickering' });
    expect(read("It's in memory of my aunt. She's Spanish.").args).toEqual({});
  });
  it('"Her name\'s Isla" (contracted) is another person\'s name as "Her name was" is', () =>
    expect(read("And could it be in her memory? Her name's Joan Pickering.").args).toEqual({ in_memory_of: 'Joan Pickering' }));
  it('near miss: "I\'m Alan Pickering" is the donor, never the person remembered', () =>
    expect(read("It's Alan Pickering, P I C K E R I N G.").args).toEqual({ donor_name: 'Alan Pickering' }));
});

describe('a question that offers both answers, and a tool description of several parameters', () => {
  it('"Should it be someone inside, yes or no?" — "No, there\'s no one in" is false, not turned round by the "no" of "yes or no"', () => {
    const assess = { name: 'assessJob', description: 'Assess the job. someone_inside: a person or a pet is shut inside.' };
    const out = fillArguments({ type: 'object', properties: { someone_inside: { type: 'boolean' } }, required: ['someone_inside'] }, {
      callerLines: ["No, there's no one in, the house is empty."], agentLines: ['Should it be someone inside, yes or no?'],
      asked: [[{ tool: 'assessJob', param: 'someone_inside', why: 'asked' }]], tool: assess, today: TODAY, offered: [], patterns: patterns(),
    });
    expect(out.args).toEqual({ someone_inside: false });
  });
  it('an enum is read against its own clause of the tool description, not the words of another parameter\'s clause', () => {
    const logRepair = { name: 'logRepair', description: 'Record the repair. category: "plumbing" (leaks, taps, toilets, drains), "heating" (boiler, radiators, hot water), "other". priority: "urgent" within three days (a leak that\'s being contained).' };
    const out = fillArguments({ type: 'object', properties: { category: { type: 'string', enum: ['plumbing', 'heating', 'other'] } }, required: ['category'] }, {
      callerLines: ['The toilet leaks every time we flush.'], tool: logRepair, today: TODAY, offered: [], patterns: patterns(),
    });
    expect(out.args).toEqual({ category: 'plumbing' });
  });
});

describe('a month parameter takes a month, never a clause', () => {
  const nursery = { name: 'registerChild', description: 'Record the child. start_month: YYYY-MM.' };
  const read = (line: string, properties: Record<string, JsonSchema> = { start_month: { type: 'string' } }) =>
    fillArguments({ type: 'object', properties, required: Object.keys(properties) }, { callerLines: [line], agentLines: ['What is the start month?'], tool: nursery, today: TODAY, offered: [], patterns: patterns() }).args;
  it('"from February" is 2027-02 when the docstring spells YYYY-MM, and "February" when it spells nothing', () => {
    expect(read("We'd be looking at Mondays, from February when I go back to work.")).toEqual({ start_month: '2027-02' });
    expect(read('From February, please.', { first_month: { type: 'string', description: 'The first month of the plan.' } })).toEqual({ first_month: 'February' });
  });
  it('near miss: an answer with no month in it gives none (it was taken whole as free words)', () =>
    expect(read('Erm, the Thursday afternoon would be best, I finish work at three.')).toEqual({}));
});
