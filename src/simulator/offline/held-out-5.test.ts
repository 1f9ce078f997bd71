// Rules made general from the fifth blind batch's held-out part once it was spent (issue 32): each
// reads a kind of line, with a near miss that must not be read so. The lines here are our own.
import { describe, expect, it } from 'vitest';
import { ageThresholdOf, flagByAge } from './age-threshold';
import { withoutCorrections } from './corrections';
import { agent, ask, calls, tool, user } from './testing';

describe('a caller who corrects themselves means the second value', () => {
  it('drops the value taken back and the words taking it back, keeping what leads to it', () => {
    expect(withoutCorrections("It'll be eighteen of us. No, sorry, nineteen, I forgot the boss.")).toBe("It'll be nineteen of us, I forgot the boss.");
    expect(withoutCorrections("Send it on. The postcode is L S six, two... no, hang on, that's my work. It's L S seven, three Q D.")).toBe("Send it on. The postcode is that's my work. It's L S seven, three Q D.");
    expect(withoutCorrections('Tuesday at ten, no wait, Wednesday at ten.')).toBe('Wednesday at ten.');
    expect(withoutCorrections("We'd bring it back on the twenty-sixth. No, sorry, the twenty-seventh.")).toBe("We'd bring it back on the twenty-seventh.");
    expect(withoutCorrections('Could I do sixty a month? Actually, no, fifty-five.')).toBe('Could I do fifty-five a month.');
  });
  it('near misses: a "no, sorry" that answers, or that no value follows, is left as said', () => {
    expect(withoutCorrections("No, sorry, we haven't got one.")).toBe("No, sorry, we haven't got one.");
    expect(withoutCorrections("It was about twenty quid, no, sorry, I'm not sure.")).toBe("It was about twenty quid, no, sorry, I'm not sure.");
    expect(withoutCorrections("I've got the form here. No, sorry, it's the other form.")).toBe("I've got the form here. No, sorry, it's the other form.");
  });
  it('a tool is called with the corrected count, never the one taken back', async () => {
    const party = tool('book_table', 'Book a table. party_size: how many people.', { party_size: { type: 'integer' } });
    const out = await ask([party], [user("A table for Friday, please. It'll be six of us. No, sorry, seven, my sister's coming.")]);
    expect(calls(out)).toEqual([['book_table', { party_size: 7 }]]);
  });
});

describe('a flag that turns on an age', () => {
  it('reads the threshold from the flag\'s words', () => {
    expect(ageThresholdOf('senior_fare', { type: 'boolean', description: 'true when every passenger is over 60' })).toEqual({ above: true, age: 61 });
    expect(ageThresholdOf('free_jab', { type: 'boolean', description: 'true if aged 65 or over' })).toEqual({ above: true, age: 65 });
    expect(ageThresholdOf('under_fives', { type: 'boolean', description: 'the child is under 5' })).toEqual({ above: false, age: 5 });
    expect(ageThresholdOf('express', { type: 'boolean', description: 'true for next-day return' })).toBeUndefined();
  });
  it('"we\'re both well past seventy" is over 65; "I\'m fifty-three" is not; "he\'s three" is under 5', () => {
    expect(flagByAge({ above: true, age: 65 }, "We're both well past seventy, mind.")).toEqual({ value: true, said: 'well past seventy' });
    expect(flagByAge({ above: true, age: 61 }, "I'm fifty-three, if that matters.")?.value).toBe(false);
    expect(flagByAge({ above: false, age: 5 }, "He's three, nearly four.")?.value).toBe(true);
  });
  it('near misses: a number said of another thing, or denied, decides nothing', () => {
    expect(flagByAge({ above: true, age: 61 }, 'There are seventy of us on the trip.')).toBeUndefined();
    expect(flagByAge({ above: true, age: 61 }, "I'm not over sixty yet.")).toBeUndefined();
    expect(flagByAge({ above: true, age: 61 }, "I'm five minutes away.")).toBeUndefined();
  });
});

describe('a free-text answer that gives contact details answers another question', () => {
  const deliver = tool('place_order', 'Place the order.', {
    building: { type: 'string', description: 'Building name or number and street.' },
    contact_name: { type: 'string' },
    contact_phone: { type: 'string' },
  });
  it('the whole line is not the building when it spells a name and gives a mobile', async () => {
    const out = await ask([deliver], [user('I want to order lunch.'), agent('What is the building?'), user("Put it under Ravi Shah, that's S H A H, and my mobile's oh seven seven one one, two two three, four five six.")]);
    for (const [, args] of calls(out)) expect((args as Record<string, unknown>).building).toBeUndefined();
  });
  it('near miss: an answer with no contact details is taken whole', async () => {
    const access = tool('access_notes', 'Note how the driver gets in.', { notes: { type: 'string', description: 'How the driver gets in.' } });
    const out = await ask([access], [user('I want to order lunch.'), agent('Any notes for the driver?'), user('Ring the bell at the side gate, the front door sticks.')]);
    expect(calls(out)).toEqual([['access_notes', { notes: 'Ring the bell at the side gate, the front door sticks' }]]);
  });
  it('near miss: a contact parameter may hold a spelling and a number', async () => {
    const contact = tool('contact', 'Take contact details.', { contact_details: { type: 'string', description: 'Name and phone number.' } });
    const out = await ask([contact], [user('Can someone ring me?'), agent('What are your contact details?'), user("Ravi Shah, that's S H A H, oh seven seven one one, two two three, four five six.")]);
    expect(calls(out)).toHaveLength(1);
  });
});

describe("a school's or a firm's name is never a person's", () => {
  const child = tool('child_details', 'The child attending.', {
    child_first_name: { type: 'string' },
    school_name: { type: 'string', description: 'Their school, only if mentioned.' },
  }, ['child_first_name']);
  it('"She\'s called Poppy" names the child, not her school', async () => {
    const out = await ask([child], [user("She's called Poppy, she's six.")]);
    expect(calls(out)).toEqual([['child_details', { child_first_name: 'Poppy' }]]);
  });
  it('near miss: "It\'s Hillside Primary" names the school', async () => {
    const school = tool('school', 'The school the child goes to.', { school_name: { type: 'string' } });
    const out = await ask([school], [user('I want to sign my son up.'), agent('Which school does he go to?'), user("It's Hillside Primary.")]);
    expect(calls(out)).toEqual([['school', { school_name: 'Hillside Primary' }]]);
  });
});

describe('a choice "from the list" takes the offered row', () => {
  it('"the Friday one" picks the row of the one Friday offered, by its id', async () => {
    const find = tool('find_trips', 'List the trips.', {});
    const choose = tool('choose_trip', 'Choose a trip from the list and the number of seats.', { trip: { type: 'string' }, seats: { type: 'integer' } });
    const rows = [{ id: 'tue_08', date: 'Tuesday 8 December' }, { id: 'fri_11', date: 'Friday 11 December' }];
    const out = await ask([find, choose], [user('What trips have you got?'), { role: 'assistant', content: '', toolCalls: [{ id: 't1', name: 'find_trips', arguments: '{}' }] }, { role: 'tool', toolCallId: 't1', name: 'find_trips', content: JSON.stringify({ trips: rows }) }, agent('I can offer Tuesday 8 December or Friday 11 December.'), user('The Friday one, please, three seats.')]);
    expect(calls(out)).toContainEqual(['choose_trip', { trip: 'fri_11', seats: 3 }]);
  });
});

describe('two day parameters: the start takes the start, the end the end', () => {
  const search = tool('search_cars', 'Search cars.', {
    pickup_date: { type: 'string', description: 'YYYY-MM-DD' },
    return_date: { type: 'string', description: 'YYYY-MM-DD' },
  });
  it('"arriving on the ninth … bring it back on the fourteenth" gives each its day', async () => {
    const out = await ask([search], [user("We're arriving on the ninth, and we'd bring it back on the fourteenth.")]);
    expect(calls(out)).toEqual([['search_cars', { pickup_date: '2026-12-09', return_date: '2026-12-14' }]]);
  });
  it('two days said with nothing between them go in the order the schema lists them', async () => {
    const out = await ask([search], [user('The ninth to the fourteenth, please.')]);
    expect(calls(out)).toEqual([['search_cars', { pickup_date: '2026-12-09', return_date: '2026-12-14' }]]);
  });
  it('near miss: one day said is the start\'s only, never the return\'s too', async () => {
    const out = await ask([search], [user('I need a car on the ninth.')]);
    for (const [, args] of calls(out)) expect((args as Record<string, unknown>).return_date).toBeUndefined();
  });
});

describe('list values by their words', () => {
  const extras = tool('choose_extras', 'Choose the extras.', { extras: { type: 'array', items: { type: 'string', enum: ['child_seat', 'gps', 'roadside_plus'] } } });
  it('"plus all the suitcases" names no "roadside_plus"; "a car seat" names the child seat', async () => {
    const out = await ask([extras], [user("There's five of us, plus all the suitcases. And we'll need a car seat for the little one.")]);
    expect(calls(out)).toEqual([['choose_extras', { extras: ['child_seat'] }]]);
  });
  it('near miss: "roadside plus" said names it', async () => {
    const out = await ask([extras], [user("Add the roadside plus, and a car seat for the little one.")]);
    expect(calls(out)).toEqual([['choose_extras', { extras: ['child_seat', 'roadside_plus'] }]]);
  });
  const diet = tool('diet', 'Dietary needs.', { dietary: { type: 'array', items: { type: 'string', enum: ['vegetarian', 'vegan', 'gluten_free', 'dairy_free', 'nut_free'] } } });
  it('"two veggies, one\'s coeliac, nothing with dairy" are vegetarian, gluten free and dairy free', async () => {
    const out = await ask([diet], [user("We've got two veggies, one of them's coeliac, and nothing with dairy for Sue.")]);
    expect(calls(out)).toEqual([['diet', { dietary: ['vegetarian', 'gluten_free', 'dairy_free'] }]]);
  });
  it('near miss: "nobody\'s got a nut allergy" is no nut_free; "a nut allergy" is', async () => {
    const none = await ask([diet], [user("One vegan. Nobody's got a nut allergy.")]);
    expect(calls(none)).toEqual([['diet', { dietary: ['vegan'] }]]);
    const some = await ask([diet], [user('One vegan, and my son has a nut allergy.')]);
    expect(calls(some)).toEqual([['diet', { dietary: ['vegan', 'nut_free'] }]]);
  });
});

describe('a question never speaks a written form', () => {
  it('"YYYY-MM-DD" alone asks by the name; a format after the words is not said', async () => {
    const { askFor } = await import('./speech');
    expect(askFor('pickup_date', { type: 'string', description: 'YYYY-MM-DD' })).toBe('What is the pickup date?');
    expect(askFor('pickup_time', { type: 'string', description: 'HH:MM, 24-hour.' })).toBe('What is the pickup time?');
    expect(askFor('visit_date', { type: 'string', description: 'The day of the visit, YYYY-MM-DD.' })).toBe('What is the day of the visit?');
    // Near miss: a description with words of its own is asked in them.
    expect(askFor('visit_reason', { type: 'string', description: 'The reason for the visit.' })).toBe('What is the reason for the visit?');
  });
});

describe('one stretch of the caller\'s words gives one value', () => {
  it('"It\'s Sam Lee" fills the driver\'s name, and the cardholder\'s is asked, not copied', async () => {
    const reserve = tool('reserve', 'Reserve the car.', { driver_name: { type: 'string' }, cardholder_name: { type: 'string' } });
    const out = await ask([reserve], [user("I'd like to reserve a car. It's Sam Lee.")]);
    expect(calls(out)).toEqual([]);
    expect(out.text).toMatch(/cardholder/i);
  });
  it('near miss: one stretch may give two parameters different values (a first name and a surname)', async () => {
    const reserve = tool('reserve', 'Reserve the car.', { first_name: { type: 'string' }, last_name: { type: 'string' } });
    const out = await ask([reserve], [user("I'd like to reserve a car. It's Sam Lee.")]);
    expect(calls(out)).toEqual([['reserve', { first_name: 'Sam', last_name: 'Lee' }]]);
  });
});

describe('one number said once counts one thing', () => {
  const tickets = tool('book_tickets', 'Book tickets.', { adults: { type: 'integer' }, children: { type: 'integer' } });
  it('"Tickets for four" is not four adults and four children: the children are asked for', async () => {
    const out = await ask([tickets], [user('Tickets for four, please.')]);
    expect(calls(out)).toEqual([]);
    expect(out.text).toBe('How many children?');
  });
  it('near miss: "two adults and two children" says two twice, once for each', async () => {
    const out = await ask([tickets], [user('Two adults and two children, please.')]);
    expect(calls(out)).toEqual([['book_tickets', { adults: 2, children: 2 }]]);
  });
});

describe('an age counts nothing but years', () => {
  it('"I\'m sixty-eight" is no party size; "well past sixty" no number of seats', async () => {
    const party = tool('book', 'Book the table.', { party_size: { type: 'integer' } });
    expect(calls(await ask([party], [user("I'd like to book a table. I'm sixty-eight, by the way.")]))).toEqual([]);
    const seats = tool('book_seats', 'Book seats on the coach.', { seats: { type: 'integer' } });
    expect(calls(await ask([seats], [user("I'd like to book the coach. We're both well past sixty, mind.")]))).toEqual([]);
  });
  it('near miss: an age parameter takes it, and a count said of its thing still counts', async () => {
    const age = tool('record_age', 'Record the age.', { age: { type: 'integer' } });
    expect(calls(await ask([age], [user("I'm sixty-eight.")]))).toEqual([['record_age', { age: 68 }]]);
    const seats = tool('book_seats', 'Book seats on the coach.', { seats: { type: 'integer' } });
    expect(calls(await ask([seats], [user("Two seats, please. I'm seventy, mind.")]))).toEqual([['book_seats', { seats: 2 }]]);
  });
});

describe('rows read out with their names, and picked by what they hold', () => {
  it('a row named by a word id is read by that name, its numbers with what they count', async () => {
    const { describeRow, reportResults } = await import('./speech');
    expect(describeRow({ id: 'kingfisher', seats: 10, about: 'covered canopy and a heater', price: '£96' })).toBe('Kingfisher (10 seats, covered canopy and a heater, £96)');
    expect(describeRow({ id: 'sat_05', date: 'Saturday 5 December', seats_left: 3 })).toBe('Saturday 5 December (3 seats left)');
    expect(describeRow({ room: 'Blue room', price: 40 })).toBe('Blue room (price 40)');
    const call = { name: 'check_boats', arguments: '{}', failed: false, result: JSON.stringify({ free: [{ id: 'kingfisher', seats: 10 }, { id: 'heron', seats: 6 }] }) };
    expect(reportResults([call], 'Describe the boats that are free and ask which they would like.').text).toBe('I can offer Kingfisher (10 seats) or Heron (6 seats). Which one suits you?');
    // Near miss: instructions that read nothing out leave a result's list as the agent's data.
    expect(reportResults([call], 'Ask what time they will set off.').text).toBe('All right.');
  });
  it('an enum of the offered rows\' ids is picked by what a row holds ("the one with the heater")', async () => {
    const check = tool('check_boats', 'Check which boats are free.', {});
    const choose = tool('choose_boat', 'Choose a boat.', { boat: { type: 'string', enum: ['kingfisher', 'heron'] } });
    const rows = [{ id: 'kingfisher', about: 'covered canopy and a heater' }, { id: 'heron', about: 'open boat' }];
    const history = [user('Any boats free?'), { role: 'assistant' as const, content: '', toolCalls: [{ id: 'b1', name: 'check_boats', arguments: '{}' }] }, { role: 'tool' as const, toolCallId: 'b1', name: 'check_boats', content: JSON.stringify({ free: rows }) }, agent('I can offer Kingfisher or Heron.')];
    expect(calls(await ask([check, choose], [...history, user("The one with the heater, it's freezing.")]))).toContainEqual(['choose_boat', { boat: 'kingfisher' }]);
    // Near miss: words neither row holds pick none.
    expect(calls(await ask([check, choose], [...history, user('Whichever is cheaper, I suppose.')])).filter(([n]) => n === 'choose_boat')).toEqual([]);
  });
});

describe('how much a caller has done a thing, for an experience enum', () => {
  const find = tool('find_rooms', 'Find rooms. experience: "first_timers" if nobody has played before, "some" if a few have, "veterans" if they play a lot.', { experience: { type: 'string', enum: ['first_timers', 'some', 'veterans'] } });
  it('"none of us have ever done one" is first_timers; "we\'ve done loads of them" veterans', async () => {
    expect(calls(await ask([find], [user("Nah, none of us have ever done one.")]))).toEqual([['find_rooms', { experience: 'first_timers' }]]);
    expect(calls(await ask([find], [user("Oh we've done loads of them, we go every month.")]))).toEqual([['find_rooms', { experience: 'veterans' }]]);
    const lessons = tool('book_lesson', 'Book a lesson.', { level: { type: 'string', enum: ['complete_beginner', 'improver', 'advanced'] } });
    expect(calls(await ask([lessons], [user("She's never ridden before, it'll be her first time.")]))).toEqual([['book_lesson', { level: 'complete_beginner' }]]);
  });
  it('near misses: a line that says no level, or enum values that are no levels, pick nothing', async () => {
    expect(calls(await ask([find], [user("Saturday, if you've got anything.")]))).toEqual([]);
    const pick = tool('pick', 'Pick a colour.', { colour: { type: 'string', enum: ['red', 'blue'] } });
    expect(calls(await ask([pick], [user("I've never done one of these before.")]))).toEqual([]);
  });
});

describe('numbers that count nothing', () => {
  const players = tool('find_rooms', 'Find rooms.', { players: { type: 'integer' } });
  it('"ever done one" and "work till five" are no number of players', async () => {
    expect(calls(await ask([players], [user("None of us have ever done one. A couple of the guys work till five.")]))).toEqual([]);
  });
  it('near miss: "five of us" counts', async () => {
    expect(calls(await ask([players], [user("There'll be five of us.")]))).toEqual([['find_rooms', { players: 5 }]]);
  });
});

describe('a day of the month', () => {
  const pay = tool('payment_method', 'Set up the payments.', { payment_day: { type: 'integer', description: 'Day of the month, 1 to 28.' } });
  it('"the first of the month is best, payday\'s the twenty-eighth" is the 1st; "a month" is no 30 days', async () => {
    expect(calls(await ask([pay], [user("The first of the month is best, payday's the twenty-eighth.")]))).toEqual([['payment_method', { payment_day: 1 }]]);
    expect(calls(await ask([pay], [user('The 15th, please.')]))).toEqual([['payment_method', { payment_day: 15 }]]);
  });
  it('near misses: two days with neither said "of the month", or a length of time, give none', async () => {
    expect(calls(await ask([pay], [user("The first or the fifteenth, I don't mind.")]))).toEqual([]);
    expect(calls(await ask([pay], [user("I can do forty pounds a month.")]))).toEqual([]);
  });
});

describe('a flag for speed, and words that only qualify', () => {
  const items = tool('note_items', 'Note the items.', { express: { type: 'boolean', description: 'true only if they need it back the next working day' } });
  it('"there\'s no mad rush" is no express; "as soon as you can" is', async () => {
    expect(calls(await ask([items], [user("There's no mad rush, honestly, the wedding's not till the nineteenth.")]))).toEqual([['note_items', { express: false }]]);
    expect(calls(await ask([items], [user('I need it as soon as you can, please.')]))).toEqual([['note_items', { express: true }]]);
  });
  it('near miss: "we\'re both out at work" says nothing of the next working day', async () => {
    expect(calls(await ask([items], [user("We're both out at work by half seven.")]))).toEqual([]);
  });
  it('"Yeah, the six-yard one sounds about right" agrees to the option, not to the yes/no question before it', async () => {
    const waste = tool('describe_waste', 'Describe the waste.', { hazardous: { type: 'boolean', description: 'Anything we cannot take.' } });
    expect(calls(await ask([waste], [user('I need a skip.'), agent('Is there anything we can\'t take in there?'), user('Yeah, the six-yard one sounds about right.')]))).toEqual([]);
    // Near miss: a plain "Yeah, some paint tins" answers it.
    expect(calls(await ask([waste], [user('I need a skip.'), agent('Is there anything we can\'t take in there?'), user('Yeah, some old paint tins.')]))).toEqual([['describe_waste', { hazardous: true }]]);
  });
});

describe('a list said a line before still stands', () => {
  it('the vaccines named, then the age asked and given: both go', async () => {
    const check = tool('check', 'Check eligibility.', { vaccines: { type: 'array', items: { type: 'string', enum: ['flu', 'covid', 'rsv'] } }, age: { type: 'integer' } });
    const out = await ask([check], [user("I'm ringing about the flu jab, and could I have the covid one too?"), agent('How old are you?'), user("I'm sixty-eight.")]);
    expect(calls(out)).toEqual([['check', { vaccines: ['flu', 'covid'], age: 68 }]]);
  });
  it('near miss: a list three lines back is not read', async () => {
    const check = tool('check', 'Check eligibility.', { vaccines: { type: 'array', items: { type: 'string', enum: ['flu', 'covid', 'rsv'] } }, age: { type: 'integer' } });
    const out = await ask([check], [user("I'm ringing about the flu jab."), agent('Right.'), user('Hello?'), agent('Yes?'), user('Sorry, bad line.'), agent('How old are you?'), user("I'm sixty-eight.")]);
    expect(calls(out)).toEqual([]);
  });
});

describe("a person's or an animal's field is asked as theirs", () => {
  it('"What is the driver\'s first name?", "What is the pet\'s name?"; a place\'s part by its own name', async () => {
    const { askForField } = await import('./field-question');
    expect(askForField('driver', 'first_name', { type: 'string' })).toBe("What is the driver's first name?");
    expect(askForField('pet', 'name', { type: 'string' })).toBe("What is the pet's name?");
    // Near misses: a field with a description is asked by it; a part of an address by its own name.
    expect(askForField('driver', 'age', { type: 'integer', description: 'Age of the main driver.' })).toBe('What is the age of the main driver?');
    expect(askForField('address', 'town', { type: 'string' })).toBe('What is the town?');
  });
});

describe('"in my name, X"', () => {
  it('"It\'s in my name, Denise Okafor" gives the name; near miss: "my name\'s on the list" gives none', async () => {
    const { findNames } = await import('./extract');
    expect(findNames("It's in my name, Denise Okafor, that's O K A F O R.").map((f) => f.value)).toEqual(['Denise Okafor']);
    expect(findNames("My name's on the list, I think.").map((f) => f.value)).toEqual([]);
  });
});

describe('people counted by naming them, and "the … one" as the choice', () => {
  const session = tool('session_details', 'The kind of session and how many people are in the photos.', {
    session_type: { type: 'string', enum: ['christmas_mini', 'family', 'pet'] },
    people: { type: 'integer', description: 'People in the photos, children included.' },
  });
  it('"the Christmas one … me, my husband and our two boys … the dog, part of the family" is christmas_mini for 4', async () => {
    const out = await ask([session], [user("Yeah, the Christmas one. It'd be me, my husband and our two boys. Can we bring the dog? She's part of the family.")]);
    expect(calls(out)).toEqual([['session_details', { session_type: 'christmas_mini', people: 4 }]]);
  });
  it('near misses: "me and the kids" counts nobody; a list with a total said is read by the total', async () => {
    const { peopleListed } = await import('./people-listed');
    expect(peopleListed('Me and the kids.')).toBeUndefined();
    expect(peopleListed('It\'s for my mum, my sister and me.')).toEqual({ value: 3, said: 'my mum, my sister and me' });
    const out = await ask([session], [user("The family one. There'll be five of us, me, my wife and the three kids.")]);
    expect(calls(out)).toEqual([['session_details', { session_type: 'family', people: 5 }]]);
  });
});

describe('an enum of days', () => {
  const slot = tool('pick_slot', 'The day they choose from those offered.', { session_date: { type: 'string', enum: ['2026-12-05', '2026-12-13'] } });
  it('"The Sunday\'s better, Saturdays are football" is the one Sunday offered, 2026-12-13', async () => {
    expect(calls(await ask([slot], [user("The Sunday's better for us, Saturdays are football.")]))).toEqual([['pick_slot', { session_date: '2026-12-13' }]]);
  });
  it('near misses: a day not offered, or one turned down, picks none', async () => {
    expect(calls(await ask([slot], [user('Could we do a Wednesday?')]))).toEqual([]);
    expect(calls(await ask([slot], [user('Not the Sunday, anyway.')]))).toEqual([]);
  });
});

describe('values named by their number, denied whole, and a name by its description', () => {
  it('"just the nine holes" is front_nine; near miss: "eighteen, please" is eighteen', async () => {
    const round = tool('round', 'The round.', { holes: { type: 'string', enum: ['eighteen', 'front_nine'] } });
    expect(calls(await ask([round], [user('Just the nine holes, I think, it gets dark early.')]))).toEqual([['round', { holes: 'front_nine' }]]);
    expect(calls(await ask([round], [user('The full eighteen, please.')]))).toEqual([['round', { holes: 'eighteen' }]]);
  });
  it('"our own clubs, so no hire clubs" denies hire_clubs; near miss: "hire clubs for two of us" names it', async () => {
    const { readEnumList } = await import('./enum-lists');
    const values = ['buggy', 'trolley', 'hire_clubs'];
    expect(readEnumList(values, "A couple of buggies. We've all got our own clubs, so no hire clubs.")).toMatchObject({ values: ['buggy'] });
    expect(readEnumList(values, "A buggy, and hire clubs for two of us.")).toMatchObject({ values: ['buggy', 'hire_clubs'] });
  });
  it('a parameter described "Full name." takes a name; near miss: one described otherwise takes none from "Put it under…"', async () => {
    const contact = tool('booking_contact', 'Who it is booked under.', { lead_golfer: { type: 'string', description: 'Full name.' } });
    expect(calls(await ask([contact], [user('Put it under Declan Byrne.')]))).toEqual([['booking_contact', { lead_golfer: 'Declan Byrne' }]]);
    const club = tool('club', 'Their home club.', { home_club: { type: 'string', description: 'The golf club they belong to.' } });
    expect(calls(await ask([club], [user('Put it under Declan Byrne.')]))).toEqual([]);
  });
});

describe('a Block Agent turn\'s yes/no question, and flags set only if mentioned', () => {
  const eligibility = tool('check_eligibility', 'Age and whether they already take blood pressure medication.', {
    age: { type: 'integer', description: 'Age in years.' },
    on_bp_medication: { type: 'boolean', description: 'True if they already take tablets for high blood pressure.' },
    has_home_monitor: { type: 'boolean', description: 'True if they check their own blood pressure at home; only if mentioned.' },
  }, ['age', 'on_bp_medication']);
  const instructions = "Ask how old they are and whether they're already on any medication for blood pressure.";
  it('"I\'m fifty-three. And no, I\'m not on anything for it, … get it looked at" is 53, no medication, and nothing of a home monitor', async () => {
    const { createOfflineModel } = await import('./index');
    const model = createOfflineModel({ today: '2026-12-01' });
    const out = await model.complete({ purpose: 'tools', system: instructions, instructions, messages: [user("I'm fifty-three. And no, I'm not on anything for it, that's why the wife wants it looked at.")], tools: [eligibility] } as never);
    expect(calls(out)).toEqual([['check_eligibility', { age: 53, on_bp_medication: false }]]);
  });
  it('near miss: "I check it at home with my own monitor" is said in the flag\'s own words', async () => {
    const out = await ask([eligibility], [user("I'm fifty-three, not on tablets, and I check it at home with my own monitor.")], instructions);
    expect((calls(out)[0]?.[1] as Record<string, unknown> | undefined)?.has_home_monitor).toBe(true);
  });
});

describe('a part of the day in other words', () => {
  it('"any time after lunch" is the afternoon, "first thing" the morning, "after work" the evening', async () => {
    const { findDayPart } = await import('./dates');
    expect(findDayPart('Thursday, any time after lunch really.')?.part).toBe('afternoon');
    expect(findDayPart('First thing, if you can.')?.part).toBe('morning');
    expect(findDayPart("After work's best.")?.part).toBe('evening');
    // Near misses: "lunch" alone, "work" alone say no part.
    expect(findDayPart("I'm at work all day, I'll ring at lunch.")).toBeUndefined();
  });
});

describe('a day gone by, and the UK by its parts', () => {
  it('"Sunday before last" is 2026-11-22, and a day for when a thing was lost is never one to come', async () => {
    const { findDates } = await import('./dates');
    expect(findDates('Sunday before last', '2026-12-01').map((d) => d.iso)).toEqual(['2026-11-22']);
    const lost = tool('loss', 'When it went missing.', { last_seen_date: { type: 'string', description: 'The last day they know they had it, YYYY-MM-DD.' } });
    expect(calls(await ask([lost], [user('I had it on Sunday, I think.')]))).toEqual([]);
    // Near miss: "last Sunday" is a day gone by, and taken.
    expect(calls(await ask([lost], [user('I had it last Sunday.')]))).toEqual([['loss', { last_seen_date: '2026-11-29' }]]);
  });
  it('"in England I mean" is in the UK; "abroad" is not; near miss: a flag about something else takes neither', async () => {
    const lost = tool('loss', 'Where it went missing.', { lost_in_uk: { type: 'boolean', description: 'True if it went missing in the UK.' } });
    expect(calls(await ask([lost], [user('It must be here somewhere, in England I mean.')]))).toEqual([['loss', { lost_in_uk: true }]]);
    expect(calls(await ask([lost], [user('I lost it abroad, on holiday.')]))).toEqual([['loss', { lost_in_uk: false }]]);
    const other = tool('trip', 'The trip.', { has_insurance: { type: 'boolean', description: 'True if they have travel insurance.' } });
    expect(calls(await ask([other], [user('We were in England the whole time.')]))).toEqual([]);
  });
});

describe('a car is a vehicle', () => {
  it('"a van pulled out and hit me" says another vehicle was involved; near miss: "a bike" is no vehicle of the list', async () => {
    const incident = tool('record_incident', 'Record what happened.', { other_vehicle: { type: 'boolean', description: 'True if another vehicle was involved.' } });
    expect(calls(await ask([incident], [user('I had a crash.'), agent('What happened?'), user('A van pulled out of a side road and hit me.')]))).toEqual([['record_incident', { other_vehicle: true }]]);
    const { classesOf } = await import('./words');
    expect(classesOf('car')).toContain('vehicle');
    expect(classesOf('bike')).not.toContain('vehicle');
  });
});

describe('a yes/no still not read is asked again as a yes/no', () => {
  it('the second time, the reply asks the question again and says yes or no will do; near miss: a value still missing names its kind', async () => {
    const waste = tool('describe_waste', 'Describe the waste.', { hazardous: { type: 'boolean', description: 'True if there is anything we cannot take, like asbestos.' } });
    const first = await ask([waste], [user('I need a skip for some building waste.')]);
    const q = first.text;
    const out = await ask([waste], [user('I need a skip for some building waste.'), agent(q), user('Well, it depends what you mean.')]);
    expect(out.text).toBe(`Sorry, I could not tell yes or no from what you said. ${q} Just yes or no is fine.`);
    const code = tool('locker', 'Open a locker.', { locker_code: { type: 'string', description: 'The code on the locker.' } });
    const asked = (await ask([code], [user('My locker is stuck.')])).text;
    const other = await ask([code], [user('My locker is stuck.'), agent(asked), user("I can't see it from here.")]);
    expect(other.text).toMatch(/^Sorry, I still don't have the locker code/);
  });
});
