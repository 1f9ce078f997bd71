// Issue 32, "never a wrong value", as the fourth blind batch caught it: the parts of a place
// (street, town, what is near) read by their shape, never the answer whole; a pick among offered
// days by weekday and as the date the parameter wants; a position picked only as a choice; a flag
// that adds to a thing the caller keeps to; a list value that names an absence or shares its word.
// Each with a near miss the same rule still reads.
import { describe, expect, it } from 'vitest';
import { readEnumList } from './enum-lists';
import { wordsAfterName } from './kinds';
import { pickOffered } from './pick';
import { placePartOf, readPlacePart } from './places';
import type { ChatMessage } from '../types';
import { agent, ask, calls, tool, user } from './testing';
import { stem } from './words';

describe('the parts of a place', () => {
  it('"on Marlpit in Stokeley, just up from the church" gives a street, a town and what is near', () => {
    const line = "It's on Marlpit in Stokeley, just up from the church, opposite the garage.";
    expect(readPlacePart('street-name', line)?.value).toBe('Marlpit');
    expect(readPlacePart('town-name', line)?.value).toBe('Stokeley');
    expect(readPlacePart('what-is-near', line)?.value).toBe('just up from the church, opposite the garage');
  });
  it('a street by its kind drops the door number; a day or month is no place', () => {
    expect(readPlacePart('street-name', 'It is forty-one Kestrel Avenue.')?.value).toBe('Kestrel Avenue');
    expect(readPlacePart('street-name', 'Can you come on Monday?')).toBeUndefined();
    expect(readPlacePart('town-name', 'We moved in March.')).toBeUndefined();
  });
  const where = tool('log_spot', 'Where it is.', { street: { type: 'string', description: 'Street name.' }, town: { type: 'string' } });
  it('an answer that names no street or town gives neither, however directly it follows the question', async () => {
    const out = await ask([where], [user('I want to report a broken bench.'), agent('Which street and town is it on?'), user("It's been broken for ages, the slats are snapped.")]);
    expect(calls(out)).toEqual([]);
  });
  it('near miss: the same question answered with the place', async () => {
    const out = await ask([where], [user('I want to report a broken bench.'), agent('Which street and town is it on?'), user("It's on Dunmore Road in Kelby.")]);
    expect(calls(out)).toEqual([['log_spot', { street: 'Dunmore Road', town: 'Kelby' }]]);
  });
  it('which parameters are parts of a place', () => {
    expect([placePartOf('street'), placePartOf('town'), placePartOf('nearby_landmark'), placePartOf('street_address'), placePartOf('postcode')]).toEqual(['street-name', 'town-name', 'what-is-near', undefined, undefined]);
  });
});

describe('a pick among offered days', () => {
  const rows = [
    { date: '2026-12-09', day: 'Wednesday 9 December' },
    { date: '2026-12-15', day: 'Tuesday 15 December' },
  ];
  const book = tool('book_day', 'Book it. day: one of the offered dates (YYYY-MM-DD).', { day: { type: 'string' } });
  const offer = (rowsOffered: unknown): ChatMessage[] => [
    user('Can you fit me in?'),
    { role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'find_days', arguments: '{}' }] },
    { role: 'tool', toolCallId: 'c1', name: 'find_days', content: JSON.stringify({ days: rowsOffered }) },
  ];
  it('a row whose "day" is its label gives the date the parameter wants', async () => {
    const out = await ask([book], [...offer(rows), agent('I can offer Wednesday 9 December or Tuesday 15 December.'), user('The Wednesday, please.')], 'Offer the days and book one.');
    expect(calls(out)).toEqual([['book_day', { day: '2026-12-09' }]]);
  });
  it('"not when was it last done": a position is a pick only as a choice', () => {
    expect(pickOffered('When was it last done? Years ago.', rows)).toBeUndefined();
    expect(pickOffered("I'll take the last one.", rows)?.row).toEqual(rows[1]);
  });
});

describe('reading more of what a tool says of itself', () => {
  it('a camelCase parameter is found in its docstring as written ("arriveBy: …")', () => {
    expect(wordsAfterName('arriveBy', 'Book it. arriveBy: latest time, HH:MM.')).toBe('arrive by: latest time, HH:MM');
  });
  it('"crackly" meets "crackling"; "simply" stays itself', () => {
    expect(stem('crackly')).toBe(stem('crackling'));
    expect(stem('only')).toBe('only');
  });
});

describe('a flag that adds to a thing the caller keeps to', () => {
  const wash = tool('book_wash', 'Book a wash. polish: true only when they want a polish as well as the wash.', { polish: { type: 'boolean' } });
  it('"Yes, … just the wash" is no polish', async () => {
    const out = await ask([wash], [user('I want to book a car wash.'), agent('Would you like a polish too?'), user("Yes, that's the car. Just the wash, mind, it was polished last month.")]);
    expect(calls(out)).toEqual([['book_wash', { polish: false }]]);
  });
  it('near miss: a plain yes to the question is a polish', async () => {
    const out = await ask([wash], [user('I want to book a car wash.'), agent('Would you like a polish too?'), user('Yes please, go on then.')]);
    expect(calls(out)).toEqual([['book_wash', { polish: true }]]);
  });
});

describe('a list value by its own words', () => {
  const faults = ['no_signal', 'weak_signal', 'buzzing', 'static'];
  it('a word two values share tells neither apart; a value that names an absence needs a denial', () => {
    expect(readEnumList(faults, "The signal's gone all fuzzy and it keeps buzzing.")).toMatchObject({ values: ['buzzing'] });
  });
  it('near miss: the absence said, and a value named whole', () => {
    expect(readEnumList(faults, "There's no signal at all, and a lot of static.")).toMatchObject({ values: ['no_signal', 'static'] });
  });
});

describe('people in a booking', () => {
  const find = tool('find_patient', 'Find the patient.', { patient_name: { type: 'string' } });
  it('"to see my dad, please. Walter Price." is the dad\'s name, for a parameter about another person', async () => {
    const out = await ask([find], [user("I'd like to visit my dad, please. Walter Price. He's on ward nine.")]);
    expect(calls(out)).toEqual([['find_patient', { patient_name: 'Walter Price' }]]);
  });
  it('near miss: a booking "under" a name is the caller\'s, never the patient\'s', async () => {
    const out = await ask([find], [user("I'd like to visit, it's under Gina Lowe.")]);
    expect(calls(out)).toEqual([]);
  });
  const party = tool('book_table', 'Book a table.', { diners: { type: 'integer', description: 'How many people, children included.' } });
  it('"me, my sister and her three boys, so five of us" is five: the total beats a part', async () => {
    const out = await ask([party], [user('A table please.'), agent('How many of you?'), user("Me, my sister and her three boys, so five of us.")]);
    expect(calls(out)).toEqual([['book_table', { diners: 5 }]]);
  });
  const visit = tool('book_visit', 'Book one of the times read out.', { slot: { type: 'string' }, lead_visitor: { type: 'string' }, relationship: { type: 'string' } });
  const offered: ChatMessage[] = [
    user('Can I visit on Sunday?'),
    { role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'times', arguments: '{}' }] },
    { role: 'tool', toolCallId: 'c1', name: 'times', content: JSON.stringify([{ id: 'sun_1000', when: '10:00' }, { id: 'sun_1500', when: '15:00' }]) },
    agent('I can offer 10:00 or 15:00. Which one suits you?'),
  ];
  it('a "slot" takes the picked row\'s id; a person by their part is a name; "I\'m his nephew" is the relation', async () => {
    const out = await ask([visit], [...offered, user("Three o'clock. It's under Omar Said, I'm his nephew.")], 'Read out the times and book one.');
    expect(calls(out)).toEqual([['book_visit', { slot: 'sun_1500', lead_visitor: 'Omar Said', relationship: 'nephew' }]]);
  });
  it('near miss: a time picked is no visitor or relation: without them the agent asks', async () => {
    const out = await ask([visit], [...offered, user("Three o'clock, please.")], 'Read out the times and book one.');
    expect(calls(out)).toEqual([]);
  });
});

describe('evidence that names the right thing', () => {
  const learner = tool('learner', 'What they have done. experience: none, with_family (driven with family or friends), some_lessons (had lessons elsewhere).', { experience: { type: 'string', enum: ['none', 'with_family', 'some_lessons'] } });
  it('"start lessons … out with my dad" is with_family: "some_lessons" needs a quantity said of lessons, and dad is family', async () => {
    const out = await ask([learner], [user("I want to start lessons. I've been out a few times with my dad.")]);
    expect(calls(out)).toEqual([['learner', { experience: 'with_family' }]]);
  });
  it('near miss: "I had a few lessons elsewhere" is some_lessons', async () => {
    const out = await ask([learner], [user("I want lessons. I had a few lessons elsewhere last year.")]);
    expect(calls(out)).toEqual([['learner', { experience: 'some_lessons' }]]);
  });
  const book = tool('book_lesson', 'Book the lesson by its id.', { lesson: { type: 'string' } });
  const offered: ChatMessage[] = [
    user('Can I book a lesson?'),
    { role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'lessons', arguments: '{}' }] },
    { role: 'tool', toolCallId: 'c1', name: 'lessons', content: JSON.stringify([{ id: 'tue_0900', when: 'Tuesday 8 December, 9 till 11' }, { id: 'thu_1400', when: 'Thursday 10 December, 2 till 4' }]) },
    agent('I can offer Tuesday 8 December or Thursday 10 December. Which one suits you?'),
  ];
  it('a parameter that takes an offered row\'s id takes no code the caller reads out', async () => {
    const out = await ask([book], [...offered, user('My licence is W E B B seven one two oh nine.')], 'Offer the lessons and book one.');
    expect(calls(out)).toEqual([]);
  });
  it('near miss: the row picked by its day gives its id', async () => {
    const out = await ask([book], [...offered, user('The Thursday, please.')], 'Offer the lessons and book one.');
    expect(calls(out)).toEqual([['book_lesson', { lesson: 'thu_1400' }]]);
  });
  const order = tool('order_status', 'Look up an order.', { order_ref: { type: 'string' } });
  const chip = tool('report_chip', 'Report a chip in the glass.', { size: { type: 'string', enum: ['small', 'large'] } });
  it('a road said by its code ("on I-80") is no order reference to look up', async () => {
    const out = await ask([chip, order], [user('A stone hit my windscreen on I-80 and left a small chip.')]);
    expect(calls(out)).toEqual([['report_chip', { size: 'small' }]]);
  });
});

describe('a vehicle as people say it', () => {
  const car = tool('vehicle', 'The car.', { vehicle_year: { type: 'integer', description: 'Model year.' }, vehicle_make: { type: 'string' }, vehicle_model: { type: 'string' } });
  it('"a twenty eighteen Kia Sportage": the year in two pairs, the maker, the model after it', async () => {
    const out = await ask([car], [user('It needs a new windscreen.'), agent('What year, make and model?'), user("It's a twenty eighteen Kia Sportage.")]);
    expect(calls(out)).toEqual([['vehicle', { vehicle_year: 2018, vehicle_make: 'Kia', vehicle_model: 'Sportage' }]]);
  });
  it('near miss: a maker said alone gives no model: the agent asks', async () => {
    const out = await ask([car], [user('It needs a new windscreen.'), agent('What year, make and model?'), user("It's a twenty oh six Kia, I think.")]);
    expect(calls(out)).toEqual([]);
  });
});

describe('a code and a name given before they were asked for', () => {
  const find = tool('find_booking', 'Find the booking. booking_ref: two letters and four digits.', { booking_ref: { type: 'string' }, surname: { type: 'string' } });
  it('"my booking number? It\'s K P, one two three four." is read when the surname comes later, spelled', async () => {
    const out = await ask([find], [user("Do you need my booking number? It's K P, one two three four."), agent('What is your surname?'), user('Okafor. O K A F O R.')]);
    expect(calls(out)).toEqual([['find_booking', { booking_ref: 'KP 1234', surname: 'Okafor' }]]);
  });
  it('near miss: digits in an older line that names no booking are no booking reference', async () => {
    const out = await ask([find], [user("My mobile's oh seven seven oh oh, nine double four, one two three."), agent('What is your surname?'), user('Okafor. O K A F O R.')]);
    expect(calls(out)).toEqual([]);
  });
});

describe('a yes or no said to the flag\'s own thing', () => {
  const slot = tool('choose_slot', 'Choose a slot. receipt: true if they want a printed receipt.', { receipt: { type: 'boolean' } });
  it('"and yes to the receipt thing" is true; "no to the receipt" is false', async () => {
    const yes = await ask([slot], [user('I need to book.'), agent('Which day?'), user('The Monday. And yes to the receipt thing, my boss wants one.')]);
    expect(calls(yes)).toEqual([['choose_slot', { receipt: true }]]);
    const no = await ask([slot], [user('I need to book.'), agent('Which day?'), user('The Monday. And no to the receipt, thanks.')]);
    expect(calls(no)).toEqual([['choose_slot', { receipt: false }]]);
  });
  it('near miss: a yes said to another thing decides nothing about the flag', async () => {
    const out = await ask([slot], [user('I need to book.'), agent('Which day?'), user('Yes to the Monday, please.')]);
    expect(calls(out)).toEqual([]);
  });
});

describe('whether the caller is the one a booking is for', () => {
  const who = tool('patient_details', 'The patient.', { patient_age: { type: 'integer', description: "The patient's age in years." }, caller_is_patient: { type: 'boolean', description: 'True when the caller is booking for themselves.' } });
  it('"He\'s called Leo, he\'s seven" is someone else: false', async () => {
    const out = await ask([who], [user('I need an appointment.'), agent('Who is it for, and how old?'), user("He's called Leo, he's seven.")]);
    expect(calls(out)).toEqual([['patient_details', { patient_age: 7, caller_is_patient: false }]]);
  });
  it('near miss: "It\'s for me, I\'m forty" is the caller: true', async () => {
    const out = await ask([who], [user('I need an appointment.'), agent('Who is it for, and how old?'), user("It's for me, I'm forty.")]);
    expect(calls(out)).toEqual([['patient_details', { patient_age: 40, caller_is_patient: true }]]);
  });
});

describe('a name in capitals before the parameter\'s word, and a postcode said before it was asked', () => {
  const check = tool('check_area', 'Check the caller can use the service.', { postcode: { type: 'string' }, surgery: { type: 'string' } });
  it('"I\'m with Brook Lane surgery" is the surgery, and the postcode spelled a line before is read', async () => {
    const out = await ask([check], [user("I'm in Didcot, O X eleven, seven H J."), agent('Which GP surgery are you with?'), user("I'm with Brook Lane surgery.")]);
    expect(calls(out)).toEqual([['check_area', { postcode: 'OX11 7HJ', surgery: 'Brook Lane surgery' }]]);
  });
  it('near miss: digits alone a line before are no postcode: the agent asks for it', async () => {
    const out = await ask([check], [user("I'm in Didcot, my number's oh one two three five, four four four nine nine nine."), agent('Which GP surgery are you with?'), user("I'm with Brook Lane surgery.")]);
    expect(calls(out)).toEqual([]);
  });
});
