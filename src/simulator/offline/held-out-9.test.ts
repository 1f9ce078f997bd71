// Rules made general from the ninth blind batch's held-out part once it was spent, and from the
// tenth batch's top (issue 32): each refuses to guess or reads a kind of line, with a near miss.
// The lines here are our own.
import { describe, expect, it } from 'vitest';
import { findDates } from './dates';
import { readEnumList } from './enum-lists';
import { readEnum } from './enums';
import { findSpokenEmails } from './spoken';
import { ask, calls, model, tool, user } from './testing';

const dates = (line: string) => findDates(line, '2026-12-01').map((d) => d.iso);

describe('flags and counts read by what the caller has not done', () => {
  it('"I\'ve never done this before" makes a new client; "I\'ve not applied for anything yet" a new application', async () => {
    const join = tool('register', 'Register the household.', { new_client: { type: 'boolean' } });
    expect(calls(await ask([join], [user("Hi, I've never done this before, a friend said you could help.")]))).toEqual([['register', { new_client: true }]]);
    const apply = tool('enquiry', 'A dropped kerb enquiry.', { new_application: { type: 'boolean' } });
    expect(calls(await ask([apply], [user("I've not applied for anything yet, I don't know where to start.")]))).toEqual([['enquiry', { new_application: true }]]);
  });
  it('near miss: "I\'ve done this before" makes no new client', async () => {
    const join = tool('register', 'Register the household.', { new_client: { type: 'boolean' } });
    expect(calls(await ask([join], [user("I've been to you before, last winter.")]))).toEqual([['register', { new_client: false }]]);
  });
  it('"we\'re not really morning people" denies no count of people', async () => {
    const book = tool('book_class', 'Book the class.', { people: { type: 'integer' } });
    expect(calls(await ask([book], [user("The afternoon one, we're not really morning people.")]))).toEqual([]);
  });
  it('near miss: "no other people coming" is none', async () => {
    const book = tool('book_class', 'Book the class.', { people: { type: 'integer' } });
    expect(calls(await ask([book], [user('No other people coming, just the one booking.')]))).toEqual([['book_class', { people: 0 }]]);
  });
  it('the "five" of a zip said digit by digit is no second saying of "five of us"', async () => {
    const home = tool('home', 'Size a system. household: people living there. bathrooms: may be a half.', { zip: { type: 'string' }, household: { type: 'number' }, bathrooms: { type: 'number' } });
    const out = await ask([home], [user("Zip is eight five two nine seven. There's five of us. Two and a half baths.")]);
    expect(calls(out)).toEqual([['home', { zip: '85297', household: 5, bathrooms: 2.5 }]]);
  });
});

describe('enum values a line does not give', () => {
  it('a list value met only by a phrase is not named ("Nothing else." is no bus_stop)', () => {
    expect(readEnumList(['lamp_post', 'street_tree', 'bus_stop'], "There's a lamp post just to the left. Nothing else.")).toMatchObject({ values: ['lamp_post'] });
  });
  it('"The sidewalk\'s fine, my husband did that" leaves the sidewalk out; "Tuesday\'s fine" is still a day', () => {
    expect(readEnumList(['driveway', 'sidewalk', 'patio'], "The driveway, and the patio. The sidewalk's fine, my husband did that.", ['What to clean, to price the job.'])).toMatchObject({ values: ['driveway', 'patio'] });
    expect(readEnumList(['onions', 'peppers'], 'Peppers please, and onions are fine.', ['Toppings wanted.'])).toMatchObject({ values: ['onions', 'peppers'] });
    expect(readEnumList(['monday', 'tuesday', 'friday'], "Tuesday's fine, and Friday.")).toMatchObject({ values: ['tuesday', 'friday'] });
  });
  it('"A van load" names no vehicle', () => {
    expect(readEnum(['fly_tipping', 'graffiti', 'abandoned_vehicle'], 'Black bags and a mattress. A van load, easily.', [])).toBeUndefined();
  });
  it('near miss: "an old van left there for weeks" names the vehicle', () => {
    expect(readEnum(['fly_tipping', 'graffiti', 'abandoned_vehicle'], "There's an old van left there for weeks.", [])).toMatchObject({ value: 'abandoned_vehicle' });
  });
  it('a value named whole does not beat one the line meets by its definition: they tie', () => {
    const read = readEnum(['new_fence', 'replace_existing_fence', 'repair'], "We're tearing the whole thing out and putting a new fence in.", ['replace_existing_fence: tear out an old fence and build a new one.']);
    expect(read).toMatchObject({ tie: ['new_fence', 'replace_existing_fence'] });
  });
  it('"salt_free" is free of salt: "Is Thursday open?" meets no "free"', () => {
    expect(readEnum(['salt_32k', 'salt_free'], 'Is Thursday open?', [])).toBeUndefined();
    expect(readEnum(['salt_32k', 'salt_free'], 'The salt free one, please.', [])).toMatchObject({ value: 'salt_free' });
  });
  it('a clause the caller doubts is no value ("…but I live out in Waukesha, so I don\'t know if that counts")', () => {
    const basis = ['live', 'work', 'school'];
    expect(readEnum(basis, "I just started a job there, but I actually live out of town, so I don't know if that counts.", [])).toBeUndefined();
    expect(readEnum(basis, 'I live in town, on the high street.', [])).toMatchObject({ value: 'live' });
  });
  it('"the bigger salt one" picks the larger of the values its thing names; "the cheaper one" picks none', async () => {
    const pick = tool('choose_system', 'Choose the system.', { system: { type: 'string', enum: ['salt_32k', 'salt_48k', 'salt_free'] } });
    expect(calls(await ask([pick], [user("OK, let's do the bigger salt one, then.")]))).toEqual([['choose_system', { system: 'salt_48k' }]]);
    expect(calls(await ask([pick], [user("OK, let's do the cheaper salt one, then.")]))).toEqual([]);
  });
});

describe('values of a state now and one to come', () => {
  const drive = tool('driveway', 'The driveway.', { current_surface: { type: 'string', enum: ['grass', 'gravel', 'block_paving'] }, planned_surface: { type: 'string', enum: ['tarmac', 'block_paving', 'gravel'] } });
  it('"we\'re having blocks put down" is no surface now', async () => {
    const out = await ask([drive], [user("It's all lawn at the minute, and we're having block paving put down.")]);
    expect(calls(out)).toEqual([]);
  });
  it('near miss: a surface said "at the minute" is the current one', async () => {
    const out = await ask([drive], [user("It's gravel at the minute, and we'll go for tarmac.")]);
    expect(calls(out)).toEqual([['driveway', { current_surface: 'gravel', planned_surface: 'tarmac' }]]);
  });
});

describe('dates, births, phones and emails', () => {
  it('"Have you got anything next week? The Thursday would suit us best" is next week\'s Thursday', () => {
    expect(dates('Have you got anything next week? The Thursday would suit us best.')).toEqual(['2026-12-10']);
    expect(dates("I'm away next week. Thursday would be good.")).toEqual(['2026-12-03']);
  });
  it('"Is Thursday the tenth open?" is the tenth', () => {
    expect(dates('Is Thursday the tenth open?')).toEqual(['2026-12-10']);
  });
  it('a child\'s birthday is no parent\'s date of birth', async () => {
    const parent = tool('parent_details', 'The parent.', { parent_date_of_birth: { type: 'string', description: 'YYYY-MM-DD' } });
    expect(calls(await ask([parent], [user("Tyler's birthday's the third of August, 2018.")]))).toEqual([]);
    expect(calls(await ask([parent], [user('Mine is the twelfth of February, 1989.')]))).toEqual([['parent_details', { parent_date_of_birth: '1989-02-12' }]]);
  });
  it('"the best number for me is oh seven …" is a phone, no serial number', async () => {
    const service = tool('service_lift', 'Service an existing lift.', { lift_serial: { type: 'string', description: "The serial number on the lift's carriage." } });
    const out = await model.complete({ purpose: 'tools', system: 'You are the desk.', messages: [user('The best number for me is oh seven four one two, five five six, nine one three.')], tools: [service], toolChoice: 'required' });
    expect(calls(out)).toEqual([['service_lift', {}]]);
  });
  it('"email is amanda k dot az at gmail dot com. Amanda K, all one word." is amandak.az@gmail.com; without "one word" no address is read', () => {
    expect(findSpokenEmails('Email is amanda k dot az at gmail dot com. Amanda K, all one word.').map((e) => e.value)).toEqual(['amandak.az@gmail.com']);
    expect(findSpokenEmails('Email is amanda k dot az at gmail dot com.')).toEqual([]);
    expect(findSpokenEmails('Email is jess dot okoro at gmail dot com.').map((e) => e.value)).toEqual(['jess.okoro@gmail.com']);
  });
});

describe('words that point at no tool', () => {
  it('"the big double kind" and "I work mornings" point at no intent tool of a stage of purposes', async () => {
    const quote = tool('new_fence_quote', 'The caller wants an estimate for fence work. Capture the kind of project.', { project: { type: 'string', enum: ['new_fence', 'repair', 'gate_only'] } });
    const notYet = tool('caller_intent_not_yet_detected', 'Purpose of the call not clear yet.', {});
    const out = await model.complete({ purpose: 'tools', system: 'You are the desk.', messages: [user('Could somebody come Friday? Afternoons are better, I work mornings.')], tools: [quote, notYet], toolChoice: 'required' });
    expect(calls(out)).toEqual([['caller_intent_not_yet_detected', {}]]);
  });
});
