// Issue 32, point 3: the answer to the question just asked fills that parameter. Free text is
// taken whole, trimmed of fillers; a description of what a thing looks like is not taken from the
// line that opens the call; a line that names the parameter says its value ("X's the nearest office").
import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../model';
import { purposeOf, saysOnlyWhen } from './answer-text';
import { fillArguments } from './fill';
import { patterns } from './testing';

const lost = {
  type: 'object',
  properties: { description: { type: 'string', description: 'What it looks like and anything attached, in the caller\'s words.' } },
  required: ['description'],
} satisfies JsonSchema;
const tool = { name: 'describe_item', description: 'Describe the lost item.' };

describe('a description of a thing', () => {
  it('is not taken from the line that opens the call; the answer to the question for it is, whole and without fillers', () => {
    const opening = fillArguments(lost, { callerLines: ['Hi, I think I left my umbrella on the bus yesterday.'], today: '2026-12-01', offered: [], patterns: patterns(), tool });
    expect(opening.missing).toEqual(['description']);
    const answer = fillArguments(lost, {
      callerLines: ["Um, it's a long green umbrella, with a wooden handle and a torn strap, thanks.", 'Hi, I think I left my umbrella on the bus yesterday.'],
      asked: [[{ tool: 'describe_item', param: 'description', why: 'asked' }], []],
      today: '2026-12-01', offered: [], patterns: patterns(), tool,
    });
    expect(answer.args).toEqual({ description: 'a long green umbrella, with a wooden handle and a torn strap' });
    expect(answer.filled.description.rule).toBe('answer-to-question');
  });
});

describe('a line that names the parameter', () => {
  const office = { type: 'object', properties: { office: { type: 'string', description: 'The office as the caller names it.' } }, required: ['office'] } satisfies JsonSchema;
  it('"… and Carlisle\'s the nearest office to me …" is Carlisle, not the whole line', () => {
    const out = fillArguments(office, {
      callerLines: ["I'd go by train, and Carlisle's the nearest office to me. Whenever suits."],
      asked: [[{ tool: 'pick_office', param: 'office', why: 'asked' }]],
      today: '2026-12-01', offered: [], patterns: patterns(),
    });
    expect(out.args).toEqual({ office: 'Carlisle' });
    expect(out.filled.office).toMatchObject({ rule: 'words-named', said: "Carlisle's the nearest office" });
  });
  const clinic = { type: 'object', properties: { clinic: { type: 'string' } }, required: ['clinic'] } satisfies JsonSchema;
  const clinicFrom = (line: string) => fillArguments(clinic, { callerLines: [line], asked: [[{ tool: 'record', param: 'clinic', why: 'asked' }]], today: '2026-12-01', offered: [], patterns: patterns() });
  it('"It\'s at St Luke\'s, the eye clinic, on Wednesday" is the eye clinic: the phrase set apart that ends in its word', () => {
    expect(clinicFrom("It's at St Luke's, the eye clinic, on Wednesday the ninth.").args).toEqual({ clinic: 'eye clinic' });
  });
  it('near miss: "the same clinic" names no clinic', () => expect(clinicFrom('Same as before, at the same clinic.').filled.clinic?.rule).not.toBe('words-named'));
});

describe('an optional text the caller says nothing of stays empty', () => {
  const booking = {
    type: 'object',
    properties: {
      guest_name: { type: 'string', description: 'The name the table is booked under.' },
      access_notes: { type: 'string', description: 'Any wheelchair or step-free access the party needs, in their words.' },
    },
    required: ['guest_name'],
  } satisfies JsonSchema;
  const ctx = (line: string) => ({ callerLines: [line], today: '2026-12-01', offered: [], patterns: patterns(), tool: { name: 'confirm_table', description: 'Confirm the table in the caller\'s words.' } });
  it('a line of a name and a number writes no access notes', () => {
    const out = fillArguments(booking, ctx("It's under Okafor, O K A F O R. My number is 07700 900 118."));
    expect(out.args.access_notes).toBeUndefined();
  });
  it('near miss: the one sentence that speaks of access is taken, whole', () => {
    const out = fillArguments(booking, ctx("It's under Okafor. My dad uses a wheelchair, so no steps please."));
    expect(out.args.access_notes).toBe('My dad uses a wheelchair, so no steps please.');
    expect(out.filled.access_notes.rule).toBe('words-sentence-about');
  });
});

describe('an address asked for is the caller\'s words, from the sentence that gives it', () => {
  const delivery = {
    type: 'object',
    properties: {
      drop_address: { type: 'string', description: 'Where to deliver, with the flat number if there is one.' },
      mobile: { type: 'string', description: 'A mobile number, digits only.' },
    },
    required: ['drop_address', 'mobile'],
  } satisfies JsonSchema;
  const asked = [[{ tool: 'deliver', param: 'drop_address', why: 'asked' }]];
  it('"Can you bring it to flat three, 19 Orchard Row? You can reach me on …" gives the address, not the phone', () => {
    const out = fillArguments(delivery, { callerLines: ['Can you bring it to flat three, 19 Orchard Row? You can reach me on 07700 900 551.'], asked, today: '2026-12-01', offered: [], patterns: patterns(), tool: { name: 'deliver', description: 'Deliver the parcel.' } });
    expect(out.args).toEqual({ drop_address: 'Can you bring it to flat three, 19 Orchard Row', mobile: '07700900551' });
  });
  it('near miss: an address said in one sentence is taken whole', () => {
    const out = fillArguments(delivery, { callerLines: ['19 Orchard Row, flat three.'], asked, today: '2026-12-01', offered: [], patterns: patterns(), tool: { name: 'deliver', description: 'Deliver the parcel.' } });
    expect(out.args.drop_address).toBe('19 Orchard Row, flat three');
  });
});

describe('a Block Agent turn: the caller answers what the instructions ask, before hearing it', () => {
  const request = {
    type: 'object',
    properties: { item: { type: 'string', description: 'The item and its size, as on the label.' }, changed: { type: 'boolean', description: 'True when anything changed since last time.' } },
    required: ['item', 'changed'],
  } satisfies JsonSchema;
  const ctx = (askedInParallel: boolean) => ({
    callerLines: ['The blue inhaler, the hundred microgram one. And no, nothing has changed.'],
    agentLines: ['Thank you, I have found the account.'],
    instructions: 'Ask which item they need, and whether anything changed since last time.',
    askedInParallel, today: '2026-12-01', offered: [], patterns: patterns(), tool: { name: 'repeat_order', description: 'The repeat order.' },
  });
  it('the item the instructions ask for is the answer\'s first sentence; the "no" after it is another answer', () => {
    expect(fillArguments(request, ctx(true)).args.item).toBe('The blue inhaler, the hundred microgram one');
  });
  it('near miss: in a turn whose question was heard before (not in parallel), the same line is not taken as the item', () => {
    expect(fillArguments(request, ctx(false)).args.item).toBeUndefined();
  });
});

describe('a reason', () => {
  const appointment = { type: 'object', properties: { reason: { type: 'string', description: 'A few words on why, as the patient puts it.' } }, required: ['reason'] } satisfies JsonSchema;
  const opening = 'Morning. Dr Ahmed asked me to book a follow-up in a couple of weeks to go over my blood test results.';
  const reasonOf = (lines: string[], asked = true) =>
    fillArguments(appointment, { callerLines: [...lines].reverse(), agentLines: ['What is the reason?'], asked: lines.map((_, i) => (i === 0 && asked ? [{ tool: 'findAppointments', param: 'reason', why: 'asked' }] : [])), today: '2026-12-01', offered: [], patterns: patterns() });
  it('is no line that picks an option ("The Tuesday afternoon one suits me better"): the purpose said earlier is', () => {
    const out = reasonOf([opening, 'The Tuesday afternoon one suits me better. And yeah, text me a reminder.']);
    expect(out.args).toEqual({ reason: 'to go over my blood test results' });
    expect(out.filled.reason).toMatchObject({ rule: 'words-purpose', fromLatest: false });
  });
  it('near miss: the answer to the question asked is the reason, whole', () =>
    expect(reasonOf([opening, "It's my asthma, it's been worse since the cold weather."]).args.reason).toMatch(/asthma/));
  it('a "to" that is a verb\'s object is no purpose ("asked me to book", "I\'d like to book")', () => {
    expect(purposeOf("I'd like to book a check-up.")).toBeUndefined();
    expect(purposeOf('She asked me to book one.')).toBeUndefined();
    expect(purposeOf('I need a plumber because the tap will not stop dripping.')).toEqual({ said: 'because the tap will not stop dripping' });
  });
  it('with nothing but a pick, the reason stays unwritten and is asked again', () =>
    expect(reasonOf(['Hello.', 'The second one, please.']).missing).toEqual(['reason']));
});

describe('a free text among other values of one line, and a line that only says when', () => {
  const pest = {
    type: 'object',
    properties: {
      where_seen: { type: 'string', description: "The rooms or places, in the caller's words." },
      weeks_noticed: { type: 'integer', description: 'Roughly how many weeks since they first noticed; 0 for under a week.' },
    },
    required: ['where_seen', 'weeks_noticed'],
  } satisfies JsonSchema;
  const read = (line: string) => fillArguments(pest, { callerLines: [line], agentLines: ['Where have you seen them?'], asked: [[{ tool: 'pest_details', param: 'where_seen', why: 'asked' }]], today: '2026-12-05', offered: [], patterns: patterns() });
  it('keeps the sentences that gave no other value, whole', () => {
    const out = read("Just the kitchen as far as I can tell, under the sink and in the cupboard. And we heard scratching in the ceiling last night. It's been going on about a fortnight, I'd say.");
    expect(out.args).toEqual({ where_seen: 'Just the kitchen as far as I can tell, under the sink and in the cupboard. And we heard scratching in the ceiling last night', weeks_noticed: 2 });
  });
  it('"Thursday if you can, the afternoon\'s better for me" is no place', () => {
    expect(saysOnlyWhen("Thursday if you can, the afternoon's better for me.", '2026-12-05')).toBe(true);
    expect(read("Thursday if you can, the afternoon's better for me.").args.where_seen).toBeUndefined();
  });
  it('near miss: a place said with a day is a place', () => {
    expect(saysOnlyWhen('In the loft on Thursday night', '2026-12-05')).toBe(false);
    expect(read('In the loft, on Thursday night.').args.where_seen).toMatch(/loft/);
  });
});

describe('a Block Agent turn: a yes or no beside a flag\'s words answers the turn\'s own "whether" of it', () => {
  const size = {
    type: 'object',
    properties: {
      bedrooms: { type: 'integer', description: 'Number of bedrooms at the current property (a studio is 0).' },
      piano: { type: 'boolean', description: "True when there's a piano to move." },
      parking_outside: { type: 'boolean', description: 'True when a large van can park directly outside the current property.' },
    },
    required: ['bedrooms', 'piano', 'parking_outside'],
  } satisfies JsonSchema;
  const line = "It's a three bed semi. There's an upright piano, I'm afraid. And no, parking's a nightmare on our street.";
  const ctx = (askedInParallel: boolean) => ({
    callerLines: [line], agentLines: ['Where are you moving from and to?'],
    instructions: "Ask how many bedrooms the current place has, whether there's a piano, and whether a big van can park right outside.",
    askedInParallel, today: '2026-12-01', offered: [], patterns: patterns(), tool: { name: 'property_size', description: 'How big the move is.' },
  });
  it('"And no, parking\'s a nightmare" is parking_outside false when the turn asks it', () =>
    expect(fillArguments(size, ctx(true)).args).toEqual({ bedrooms: 3, piano: true, parking_outside: false }));
  it('near miss: with no question of it asked, the "no" beside "parking" decides nothing', () =>
    expect(fillArguments(size, ctx(false)).args.parking_outside).toBeUndefined());
});

describe('a flag about a day that may move', () => {
  const day = {
    type: 'object',
    properties: { move_date: { type: 'string', description: 'The moving day, YYYY-MM-DD.' }, date_flexible: { type: 'boolean', description: 'True when they could move a day or two either side.' } },
    required: ['move_date', 'date_flexible'],
  } satisfies JsonSchema;
  const read = (line: string) => fillArguments(day, { callerLines: [line], agentLines: ['What date are you moving? Is there any flexibility on it?'], today: '2026-12-01', offered: [], patterns: patterns() }).args.date_flexible;
  it('"it has to be that day" is false — never true because the line says "day"', () =>
    expect(read("Friday the eighteenth, and it has to be that day, that's when we get the keys.")).toBe(false));
  it('"we\'re pretty flexible" is true', () => expect(read("The eighteenth, but we're pretty flexible.")).toBe(true));
  it('near miss: a day said and nothing of its flexibility leaves the flag unread', () =>
    expect(read('Friday the eighteenth, that is the day we get the keys.')).toBeUndefined());
});

describe('a Block Agent turn with one yes/no and one flag; an enum value said of another thing', () => {
  const property = {
    type: 'object',
    properties: {
      parking: { type: 'string', enum: ['driveway', 'garage', 'allocated_bay', 'on_street'] },
      cable_run_metres: { type: 'integer', description: 'Rough distance from the consumer unit (fuse box) to where the charger would go.' },
      homeowner: { type: 'boolean', description: 'False if they rent.' },
    },
    required: ['parking', 'cable_run_metres', 'homeowner'],
  } satisfies JsonSchema;
  const line = "We've got a drive down the side of the house. The fuse box is in the garage at the back, so I'd guess it's about eight metres from there to where the car sits. And yes, it's ours, well, ours and the building society's.";
  const ctx = (instructions: string) => ({
    callerLines: [line], agentLines: ['How can I help?'], instructions, askedInParallel: true, soleFlag: 'property_details.homeowner',
    today: '2026-12-01', offered: [], patterns: patterns(), tool: { name: 'property_details', description: 'Where the car is parked and how far the cable has to run.' },
  });
  it('the garage where the fuse box is does not say where the car parks: the drive does; the "yes" answers the one yes/no', () =>
    expect(fillArguments(property, ctx('Ask where they park, roughly how far that is from the fuse box, and whether they own the property.')).args)
      .toEqual({ parking: 'driveway', cable_run_metres: 8, homeowner: true }));
  it('near miss: a turn asking a choice ("whether morning or afternoon") has no yes/no the "yes" could answer', () =>
    expect(fillArguments(property, ctx('Ask where they park, and whether a morning or afternoon visit suits.')).args.homeowner).toBeUndefined());
});

describe('where a thing is, a time by a deadline, a value left when the others are denied', () => {
  const bin = {
    type: 'object',
    properties: {
      bin_type: { type: 'string', enum: ['general', 'recycling', 'garden', 'food'], description: 'general is the black wheelie bin; recycling is the blue bin; garden is the green bin for grass, hedge cuttings and leaves; food is the small brown caddy.' },
      put_out_on_time: { type: 'boolean', description: 'True when the bin was at the kerb by 7am on collection day.' },
      bin_location: { type: 'string', description: "Where the bin is standing now, in the resident's words, so the crew can find it." },
    },
    required: ['bin_type', 'put_out_on_time', 'bin_location'],
  } satisfies JsonSchema;
  const binCtx = (line: string) => ({
    callerLines: [line], agentLines: ['Could you tell me the address?'], askedInParallel: true,
    instructions: "Ask which bin was missed, whether it was out by 7 in the morning, and where exactly it's standing now.",
    today: '2026-12-01', offered: [], patterns: patterns(), tool: { name: 'missed_bin_details', description: 'Which bin was missed, whether it was out in time, and where it is standing now.' },
  });
  it('each answer of one line to its own parameter: the bin, "before half six" by 7am, the clause that places it', () =>
    expect(fillArguments(bin, binCtx("The green one, with all the grass and leaves in. It was out before half six this morning, it's still sat at the bottom of the drive next to the lamppost.")).args)
      .toEqual({ bin_type: 'garden', put_out_on_time: true, bin_location: 'still sat at the bottom of the drive next to the lamppost' }));
  it('near miss: "about half seven" is after the deadline (false); "after six" tells nothing', () => {
    expect(fillArguments(bin, binCtx('The green one. It went out about half seven.')).args.put_out_on_time).toBe(false);
    expect(fillArguments(bin, binCtx('The green one. It went out after six.')).args.put_out_on_time).toBeUndefined();
  });
  const smell = {
    type: 'object',
    properties: { smell_where: { type: 'string', enum: ['inside_only', 'outside_only', 'inside_and_outside'], description: 'Whether the smell is only inside the building, only outside, or both.' } },
    required: ['smell_where'],
  } satisfies JsonSchema;
  const where = (line: string) => fillArguments(smell, { callerLines: [line], agentLines: ['Where is the smell strongest? Is it outside too?'], today: '2026-12-01', offered: [], patterns: patterns() }).args.smell_where;
  it('"Outside you can\'t smell a thing" to "Is it outside too?" leaves inside_only', () => expect(where("It's strongest by the cooker. Outside you can't smell a thing.")).toBe('inside_only'));
  it('near miss: outside said without a denial leaves two values: none is read', () => expect(where("It's strongest by the cooker. Outside too, a bit.")).not.toBe('inside_only'));
});

describe('a flag whose description spells itself out after a comma', () => {
  const delivery = {
    type: 'object',
    properties: { paperless: { type: 'boolean', description: 'True when they want bills by email only from now on, no paper copies.' } },
    required: ['paperless'],
  } satisfies JsonSchema;
  const read = (line: string, flag: JsonSchema = delivery) => fillArguments(flag, {
    callerLines: [line], agentLines: ['How can I help?'], askedInParallel: true, soleFlag: 'bill_delivery.paperless',
    instructions: "Ask for an email address for the recalculated bill, and whether they'd like to go paperless.",
    today: '2026-12-01', offered: [], patterns: patterns(), tool: { name: 'bill_delivery', description: 'How the new bill should reach them.' },
  }).args.paperless;
  it('"yeah, go paperless" is true: the "no paper copies" after the comma does not turn the yes round (it wrote false)', () =>
    expect(read('Email is fine. And yeah, go paperless, I never open the post anyway.')).toBe(true));
  it('near miss: a flag whose first clause denies ("never given blood") still turns a "no" to "whether they have given blood before"', () => {
    const first = { type: 'object', properties: { first_time: { type: 'boolean', description: 'True when the caller has never given blood.' } }, required: ['first_time'] } satisfies JsonSchema;
    const out = fillArguments(first, {
      callerLines: ['No, this is my first time.'], agentLines: ['How can I help?'], askedInParallel: true, soleFlag: 'donor.first_time',
      instructions: 'Ask for their name and whether they have given blood before.',
      today: '2026-12-01', offered: [], patterns: patterns(), tool: { name: 'donor', description: 'The donor.' },
    });
    expect(out.args.first_time).toBe(true);
  });
});
