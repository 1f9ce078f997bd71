// Issue 32, "never a wrong value", as the third and fourth blind batches caught it: lists of enum
// values (a value declined in a list joined by "or", one excluded by "except", a class named for a
// value, "both"), counts (a number that labels something, a number joined by a hyphen to another
// thing, a window in a count's name, "never" as none, "twice a week", a year that is a year),
// picking an offered option the caller turned down, a time said "after school", codes and emails
// spelled with asides. Each rule has a near miss the same rule still reads.
import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../model';
import { fillArguments } from './fill';
import { readEnumList } from './enum-lists';
import { readEnum } from './enums';
import { findDates } from './dates';
import { unitOf } from './ids';
import { pickOffered } from './pick';
import { negationOf, withoutDenied } from './polarity';
import { findSpelledCodes, findSpokenEmails } from './spoken';
import { agent, ask, calls, patterns, tool, user } from './testing';

describe('a list of enum values', () => {
  const toppings = ['olives', 'peppers', 'onions', 'anchovies'];
  it('a value joined by "or" to a declined one is declined too', () => {
    expect(readEnumList(toppings, "Olives please. I don't want onions, or the anchovies.")).toMatchObject({ values: ['olives'] });
    expect(negationOf('We have no dog or cat', 'cat')).toBe('no');
  });
  it('near miss: "or" in a wish declines nothing, and "and" after a denial adds what is wanted', () => {
    expect(readEnumList(toppings, "I'd like olives or peppers, whichever.")).toMatchObject({ values: ['olives', 'peppers'] });
    expect(negationOf("No thanks, but olives or peppers", 'peppers')).toBeUndefined();
  });
  it('"except" leaves a value out even where it is named again', () => {
    const subjects = ['history', 'geography', 'art', 'music'];
    expect(readEnumList(subjects, 'History and geography, everything except art, she loves art.')).toMatchObject({ values: ['history', 'geography'] });
  });
  it('a class named ("all the sports") is no value whose name holds its word', () => {
    const courses = ['pottery', 'sports_massage', 'yoga'];
    expect(readEnumList(courses, 'Pottery, and she likes all the sports really.')).toMatchObject({ values: ['pottery'] });
    expect(readEnumList(courses, 'Pottery, and a sports massage.')).toMatchObject({ values: ['pottery', 'sports_massage'] });
  });
  it('"Both" of a two-value list is both; a value both denied and named leaves the list unsure', () => {
    expect(readEnumList(['front', 'back'], 'Both, front and the bit round the back.')).toMatchObject({ values: ['front', 'back'] });
    expect(readEnumList(['front', 'back', 'sides'], 'Both, the front and the back.')).toMatchObject({ values: ['front', 'back'] });
    expect(readEnumList(toppings, "Not onions. Well, actually, onions are fine.")).toEqual({ unsure: expect.stringContaining('onions') });
  });
});

describe('an offered option the caller turns down is never the pick', () => {
  const rows = [{ day: 'Wednesday 9 December' }, { day: 'Friday 11 December' }];
  it('"Not the Wednesday, … The Friday one" picks Friday', () => {
    expect(pickOffered("Not the Wednesday, I've got the dentist. The Friday one, please.", rows, '2026-12-01')?.row).toEqual(rows[1]);
    expect(withoutDenied('Not the Wednesday, the Friday')).toBe('Not              , the Friday');
  });
  it('near miss: the day named without a denial is picked', () => {
    expect(pickOffered('The Wednesday works for me.', rows, '2026-12-01')?.row).toEqual(rows[0]);
  });
});

describe('a count is said of its own thing', () => {
  const quote = tool('quote_flat', 'Quote for the flat.', { bedrooms: { type: 'integer' }, year_built: { type: 'integer', description: 'Year the building was built.' } }, ['bedrooms']);
  it('"a four-bed terrace": four bedrooms, and no year built', async () => {
    const out = await ask([quote], [user('I need a quote for my flat.'), agent('Tell me about the property.'), user("It's a four-bed terrace.")]);
    expect(calls(out)).toEqual([['quote_flat', { bedrooms: 4 }]]);
  });
  it('near miss: a year said is the year built', async () => {
    const out = await ask([quote], [user('I need a quote for my flat.'), agent('Tell me about the property.'), user("It's a four-bed terrace, built in 1932.")]);
    expect(calls(out)).toEqual([['quote_flat', { bedrooms: 4, year_built: 1932 }]]);
  });
  const lessons = tool('lesson_plan', 'How often lessons happen, at which level.', { level: { type: 'string', enum: ['beginner', 'improver'] }, lessons_per_week: { type: 'integer', description: 'Lessons a week.' } });
  it('"year nine" labels a school year: it is no number of lessons, in the line or two lines back', async () => {
    const sameLine = await ask([lessons], [user('I want to book lessons.'), agent('Which level, and how many lessons a week?'), user("Beginner. She's in year nine.")]);
    expect(calls(sameLine)).toEqual([]);
    const older = await ask([lessons], [user("She's in year nine and wants lessons."), agent('Which level, and how many lessons a week?'), user('Beginner, please.')]);
    expect(calls(older)).toEqual([]);
  });
  it('near miss: "twice a week" is two lessons a week', async () => {
    const out = await ask([lessons], [user("She's in year nine and wants lessons."), agent('Which level, and how many lessons a week?'), user('Beginner, twice a week if she can.')]);
    expect(calls(out)).toEqual([['lesson_plan', { level: 'beginner', lessons_per_week: 2 }]]);
  });
  it('a window in a count\'s name ("last 3 years") is no unit of the count', () => {
    expect(unitOf('accidents last 3 years')).toBeUndefined();
    expect(unitOf('length of stay in weeks')).toBe('week');
  });
  const claims = tool('record_claims', 'Claims history.', { claims_last_3_years: { type: 'integer' } });
  it('"never claimed" is none, and a number of years said beside it counts nothing', async () => {
    const out = await ask([claims], [user('Can I get a quote?'), agent('How many claims have you made in the last three years?'), user("We've never claimed, not in the nine years we've had the car.")]);
    expect(calls(out)).toEqual([['record_claims', { claims_last_3_years: 0 }]]);
  });
  it('near miss: a number of claims said is that number, and doubt about them is no "none"', async () => {
    const two = await ask([claims], [user('Can I get a quote?'), agent('How many claims have you made in the last three years?'), user('Two claims, both small.')]);
    expect(calls(two)).toEqual([['record_claims', { claims_last_3_years: 2 }]]);
    const unsure = await ask([claims], [user('Can I get a quote?'), agent('How many claims have you made in the last three years?'), user("I'm not sure how many claims, to be honest.")]);
    expect(calls(unsure)).toEqual([]);
  });
});

describe('a time said with what people do in the afternoon', () => {
  const book = tool('book_swim', 'Book a swim.', { start_time: { type: 'string', description: 'Start time, HH:MM, 24-hour.', pattern: '^[0-2][0-9]:[0-5][0-9]$' } });
  it('"after work, about half five" is 17:30', async () => {
    const out = await ask([book], [user('I want to book a swim.'), agent('What time?'), user('After work, about half five.')]);
    expect(calls(out)).toEqual([['book_swim', { start_time: '17:30' }]]);
  });
  it('near miss: "half nine" with nothing of the afternoon is 09:30', async () => {
    const out = await ask([book], [user('I want to book a swim.'), agent('What time?'), user('About half nine.')]);
    expect(calls(out)).toEqual([['book_swim', { start_time: '09:30' }]]);
  });
});

describe('codes and emails spelled with asides', () => {
  it('"B for Bravo" is B, and letters said apart run together', () => {
    expect(findSpelledCodes('It is W N five two, B for Bravo, T, Z.').map((f) => f.value)).toEqual(['WN52 BTZ']);
    expect(findSpelledCodes('W N five two, B T Z').map((f) => f.value)).toEqual(['WN52 BTZ']);
  });
  it('near miss: groups of letters and numbers the caller parted stay parted', () => {
    expect(findSpelledCodes('P O seven, two L L').map((f) => f.value)).toEqual(['PO7 2LL']);
  });
  it('", just the letter K," inside an email read out is an aside', () => {
    expect(findSpokenEmails('It is marta dot k, just the letter K, forty-two at outlook dot com').map((f) => f.value)).toEqual(['marta.k42@outlook.com']);
  });
});

describe('days and hours as people say them', () => {
  it('"a week on Saturday" and "Saturday week" are the Saturday after the coming one; "a week today" is seven days on', () => {
    expect(findDates('Could we do a week on Saturday?', '2026-12-01').map((d) => d.iso)).toEqual(['2026-12-12']);
    expect(findDates('Saturday week, then.', '2026-12-01').map((d) => d.iso)).toEqual(['2026-12-12']);
    expect(findDates('A week today suits.', '2026-12-01').map((d) => d.iso)).toEqual(['2026-12-08']);
  });
  it('near miss: "in a week" is seven days on, and "Saturday" the coming one', () => {
    expect(findDates('In a week, maybe.', '2026-12-01').map((d) => d.iso)).toEqual(['2026-12-08']);
    expect(findDates('Saturday, then.', '2026-12-01').map((d) => d.iso)).toEqual(['2026-12-05']);
  });
  const visit = tool('book_visit', 'Book a visit.', { visit_time: { type: 'string', description: 'HH:MM, 24-hour.', pattern: '^[0-2][0-9]:[0-5][0-9]$' }, visitors: { type: 'integer', description: 'People coming.' } });
  it('"around eleven" is 11:00 and no count of people; "at two" is 14:00', async () => {
    const eleven = await ask([visit], [user('I want to book a visit.'), agent('What time, and how many of you?'), user('Around eleven, and two of us.')]);
    expect(calls(eleven)).toEqual([['book_visit', { visit_time: '11:00', visitors: 2 }]]);
    const two = await ask([visit], [user('I want to book a visit.'), agent('What time, and how many of you?'), user('At two, and three of us.')]);
    expect(calls(two)).toEqual([['book_visit', { visit_time: '14:00', visitors: 3 }]]);
  });
  it('near miss: "at seven" could be morning or evening, and "from 8 Elm Road" is a door: no time', async () => {
    const seven = await ask([visit], [user('I want to book a visit.'), agent('What time, and how many of you?'), user('At seven, and two of us.')]);
    expect(calls(seven)).toEqual([]);
    const door = await ask([visit], [user('I want to book a visit.'), agent('What time, and how many of you?'), user("We're coming from 8 Elm Road, two of us.")]);
    expect(calls(door)).toEqual([]);
  });
  it('digits of a code read out tell no time', async () => {
    const out = await ask([visit], [user('My booking is K T two oh five one.'), agent('What time, and how many of you?'), user('Two of us.')]);
    expect(calls(out)).toEqual([]);
  });
});

describe('a list value by its verb and particle, and one left as it is', () => {
  const jobs = ['hem', 'take_in', 'let_out', 'zip'];
  it('"taking up" is the hem, and no "take_in"; "happy with the zip as it is" is no zip', () => {
    expect(readEnumList(jobs, "It needs taking up a bit, and I'm happy with the zip as it is.")).toMatchObject({ values: ['hem'] });
  });
  it('near miss: "take it in at the waist" is take_in, and the zip named plainly is the zip', () => {
    expect(readEnumList(jobs, 'Could you take it in at the waist and fix the zip?')).toMatchObject({ values: ['take_in', 'zip'] });
  });
});

describe('emails spelled as people spell them', () => {
  it('"rosa, R O S A, underscore king, at …": the word spelled again is an aside', () => {
    expect(findSpokenEmails('Send it to rosa, R O S A, underscore king, at outlook dot com.').map((f) => f.value)).toEqual(['rosa_king@outlook.com']);
  });
  it('"t morley, T M O R L E Y, at …": two words spelled as one are one word', () => {
    expect(findSpokenEmails("It's t morley, T M O R L E Y, at gmail dot com.").map((f) => f.value)).toEqual(['tmorley@gmail.com']);
  });
  it('capitals said one by one before the "at" are the word they spell, aside or not', () => {
    expect(findSpokenEmails('rosa, K I N G, at outlook dot com').map((f) => f.value)).toEqual(['king@outlook.com']);
    expect(findSpokenEmails('It is K I N G at outlook dot com').map((f) => f.value)).toEqual(['king@outlook.com']);
  });
});

describe('a wish said with a negator, and a compound met by its parts', () => {
  it('"I wouldn\'t mind giving peppers a go" names peppers; "I don\'t want onions" still declines', () => {
    expect(readEnumList(['olives', 'peppers', 'onions'], "Olives, and I wouldn't mind giving peppers a go. I don't want onions.")).toMatchObject({ values: ['olives', 'peppers'] });
  });
  it('"during the day in the week" meets a meaning that says "weekdays"', () => {
    const plans = ['standard', 'off_peak'];
    const meaning = 'off_peak is for one adult who only comes in on weekdays; standard is any time.';
    expect(readEnum(plans, "I'd only be coming in during the day in the week.", [meaning])).toMatchObject({ value: 'off_peak' });
  });
  it('near miss: "the weekend" alone meets no "weekdays"', () => {
    const plans = ['standard', 'off_peak'];
    const meaning = 'off_peak is for one adult who only comes in on weekdays; standard is any time.';
    expect(readEnum(plans, 'Mostly at the weekend.', [meaning])).toBeUndefined();
  });
});

describe('amounts with a scale, a count joined by a hyphen, a kind of equipment', () => {
  const TODAY = '2026-12-01';
  const fill = (properties: Record<string, JsonSchema>, lines: string[]) =>
    fillArguments({ type: 'object', properties, required: [] }, { callerLines: lines, today: TODAY, offered: [], patterns: patterns() }).args;
  it('"fifteen thousand pounds" is 15000, never 15; "two hundred and fifty" 250; "15k" 15000', () => {
    const value = { declared_value_pounds: { type: 'integer', description: 'Replacement value of everything going into storage, in pounds.' } } satisfies Record<string, JsonSchema>;
    expect(fill(value, ["All in, I suppose it's worth about fifteen thousand pounds."])).toEqual({ declared_value_pounds: 15000 });
    expect(fill(value, ['Two hundred and fifty quid, tops.'])).toEqual({ declared_value_pounds: 250 });
    expect(fill(value, ['About 15k.'])).toEqual({ declared_value_pounds: 15000 });
  });
  it('"a two-bed flat" counts beds, not the floor the flat is on', () => {
    const floor = { floor_level: { type: 'integer', description: 'Floor the flat is on, 0 for ground, if they say.' } } satisfies Record<string, JsonSchema>;
    expect(fill(floor, ["It's the whole contents of a two-bed flat, pretty much."])).toEqual({});
    // Near miss: a number said of the flat's floor is read.
    expect(fill(floor, ["The flat's on floor two."])).toEqual({ floor_level: 2 });
  });
  it('a rowing machine is gym equipment in a list of bulky items; a piano denied is left out', () =>
    expect(readEnumList(['piano', 'american_fridge_freezer', 'gym_equipment', 'antiques'], "There's a great big American fridge freezer, and my husband's rowing machine. No piano, thankfully.")).toMatchObject({ values: ['american_fridge_freezer', 'gym_equipment'] }));
});

describe('an age, and a value that names an absence', () => {
  const TODAY = '2026-12-01';
  const age = { child_age: { type: 'integer', description: 'Age in whole years.' } } satisfies Record<string, JsonSchema>;
  const fill = (line: string) => fillArguments({ type: 'object', properties: age, required: [] }, { callerLines: [line], today: TODAY, offered: [], patterns: patterns() }).args;
  it('"She\'s six, seven in March" is six; "He is 9 years old" is nine', () => {
    expect(fill("She's six, seven in March.")).toEqual({ child_age: 6 });
    expect(fill('He is 9 years old.')).toEqual({ child_age: 9 });
  });
  it('near miss: two ages said ("she\'s six and he\'s four") are no one age; "she\'s a border collie" is none', () => {
    expect(fill("She's six and he's four.")).toEqual({});
    expect(fill("She's a border collie.")).toEqual({});
  });
  const ability = ['not_confident_in_water', 'swims_with_armbands_or_float', 'swims_a_width_unaided', 'swims_25_metres'];
  it('"fine in the water … with her armbands on" is the armbands; "not confident in the water" the absence', () => {
    expect(readEnum(ability, "She's fine in the water as long as she's got her armbands on, but take them off and she's clinging to the side.", [])).toMatchObject({ value: 'swims_with_armbands_or_float' });
    expect(readEnum(ability, "She's not confident in the water at all.", [])).toMatchObject({ value: 'not_confident_in_water' });
  });
});

describe('nobody else, an age in a count, the fuller of two named values', () => {
  const TODAY = '2026-12-01';
  const others = { other_adults: { type: 'integer', description: 'How many other people aged 18 or over live there now.' } } satisfies Record<string, JsonSchema>;
  const fill = (line: string) => fillArguments({ type: 'object', properties: others, required: [] }, { callerLines: [line], today: TODAY, offered: [], patterns: patterns() }).args;
  it('"there\'s nobody else, it\'s literally just me and the cat" is 0 other adults', () =>
    expect(fill("And no, there's nobody else, it's literally just me and the cat.")).toEqual({ other_adults: 0 }));
  it('near miss: "he is 19" is an age, never 19 other adults', () => expect(fill('My son lives with me, he is 19.')).toEqual({}));
  it('"bigger than a dustbin lid" is bigger_than_a_dustbin_lid, not up_to_a_dustbin_lid; "in the road" the carriageway', () => {
    expect(readEnum(['smaller_than_a_dinner_plate', 'up_to_a_dustbin_lid', 'bigger_than_a_dustbin_lid'], "Oh, it's bigger than a dustbin lid, easily.", [])).toMatchObject({ value: 'bigger_than_a_dustbin_lid' });
    expect(readEnum(['smaller_than_a_dinner_plate', 'up_to_a_dustbin_lid', 'bigger_than_a_dustbin_lid'], "It's about a dustbin lid, up to that.", [])).toMatchObject({ value: 'up_to_a_dustbin_lid' });
    expect(readEnum(['in_the_carriageway', 'cycle_lane', 'pavement', 'kerb_edge'], "It's slap bang in the road where your wheels go, not at the edge.", [])).toMatchObject({ value: 'in_the_carriageway' });
  });
});

describe('an email said with "all one word", a name parameter named after a member', () => {
  it('"g marsh fifty-nine, all one word, at aol dot com" is gmarsh59@aol.com, never word@aol.com', () =>
    expect(findSpokenEmails('And the email is g marsh fifty-nine, all one word, at aol dot com.').map((e) => e.value)).toEqual(['gmarsh59@aol.com']));
  it('near miss: without the aside, the last word and its number are the address, as before', () =>
    expect(findSpokenEmails('the email is marsh fifty-nine at aol dot com').map((e) => e.value)).toEqual(['marsh59@aol.com']));
  it('member_name is a name, not a membership code', () => {
    const member = { member_name: { type: 'string', description: 'Full name.' } } satisfies Record<string, JsonSchema>;
    expect(fillArguments({ type: 'object', properties: member, required: ['member_name'] }, { callerLines: ["Geoffrey Marsh. Date of birth's the second of February."], today: '2026-12-01', offered: [], patterns: patterns() }).args)
      .toEqual({ member_name: 'Geoffrey Marsh' });
  });
});
