// Issue 32, point 1: negation and its scope decide a flag; a word that merely appears in the
// flag's description decides nothing; a yes/no answers the yes/no question the agent just asked.
import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../model';
import { fillArguments, type FillContext } from './fill';
import { negationOf } from './polarity';
import { askFor } from './speech';
import { agent, ask, calls, model, patterns, tool, user } from './testing';

const TODAY = '2026-12-01';
const schema = (properties: Record<string, JsonSchema>): JsonSchema => ({ type: 'object', properties, required: Object.keys(properties) });
const fill = (properties: Record<string, JsonSchema>, lines: string[], agentLines: string[] = []) =>
  fillArguments(schema(properties), { callerLines: [...lines].reverse(), agentLines, today: TODAY, offered: [], patterns: patterns() } satisfies FillContext);

const equipment: JsonSchema = { type: 'boolean', description: 'True when someone at the address relies on medical equipment that needs power.' };
const parking: JsonSchema = { type: 'boolean', description: 'Whether there is parking right outside the property.' };

describe('negation scope', () => {
  it('a negator anywhere before the word in its clause denies it', () => {
    expect(negationOf('No, nobody here needs any medical equipment', 'equipment')).toBe('nobody');
    expect(negationOf("We don't have a wheelchair or anything", 'wheelchair')).toBe("don't");
  });
  it('a negator in another clause does not', () => {
    expect(negationOf('No, I need a wheelchair', 'wheelchair')).toBeUndefined();
    expect(negationOf("I don't drive, but the wheelchair is folding", 'wheelchair')).toBeUndefined();
    expect(negationOf('Not until Friday', 'Friday')).toBeUndefined();
  });
  it('"nobody needs" sets the flag false, naming the words that denied it', () => {
    const out = fill({ medical_equipment: equipment }, ['No, nobody here needs any medical equipment.']);
    expect(out.args).toEqual({ medical_equipment: false });
    expect(out.filled.medical_equipment).toMatchObject({ rule: 'boolean-negated', said: 'nobody … needs' });
    // The near miss: the same words in a clause nothing denies still set it true.
    expect(fill({ medical_equipment: equipment }, ['My mother relies on an oxygen machine, medical equipment basically.']).args).toEqual({ medical_equipment: true });
  });
});

describe('a thing turned down, and a flag met only by a word that qualifies its own name', () => {
  const tint: JsonSchema = { type: 'boolean', description: 'True if they want a brow tint as well.' };
  const areas: JsonSchema = { type: 'array', items: { type: 'string', enum: ['brows', 'upper_lip', 'chin'] } };
  it('"skip" and "pass on" deny what follows them in their clause; "skip straight to" goes to it', () => {
    expect(negationOf("Let's skip the salt this year", 'salt')).toBe('skip');
    expect(negationOf("I'll pass on the lashes, thanks", 'lashes')).toBe('pass on');
    expect(negationOf('Can we skip straight to the booking?', 'booking')).toBeUndefined();
    expect(fill({ tint }, ['I think I will skip the tint this time.']).args).toEqual({ tint: false });
  });
  it('"brows" alone meets "brow" of "a brow tint" only as the threading the tint adds to: the tint\'s own sentence decides', () => {
    expect(fill({ areas, tint }, ["Brows and chin, please. I won't bother with the tint."]).args).toEqual({ areas: ['brows', 'chin'], tint: false });
    // Near misses: "brow tint" said whole still means it, and so does the tint said plainly.
    expect(fill({ tint }, ['And a brow tint too, while I am there.']).args).toEqual({ tint: true });
    expect(fill({ tint }, ['Go on, I will have the tint as well.']).args).toEqual({ tint: true });
  });
});

describe('a yes/no answer beside the words', () => {
  it('"… a nightmare, and no" answers the yes/no question just asked: false', () => {
    const out = fill({ parking_outside: parking }, ["Parking's a nightmare round here, and no."], ['Is there somewhere to park near the house?']);
    expect(out.args).toEqual({ parking_outside: false });
    expect(out.filled.parking_outside.rule).toBe('boolean-yes-no-beside-words');
  });
  it('a "no" beside the words with no yes/no question asked is no evidence: the flag is left to ask', () =>
    expect(fill({ parking_outside: parking }, ["Parking's a nightmare round here, and no."]).missing).toEqual(['parking_outside']));
});

describe('negated days and times', () => {
  const day: JsonSchema = { type: 'string', format: 'date', description: 'The day of the visit.' };
  it('"not today" gives no day', () => expect(fill({ day }, ['No thanks, not today.']).missing).toEqual(['day']));
  it('the day said after a denied one is the one given', () => expect(fill({ day }, ["I can't do Thursday, Friday is fine."]).args).toEqual({ day: '2026-12-04' }));
});

describe('one yes or no answers one question', () => {
  const order = tool('order_card', 'Order a new card.', { express: { type: 'boolean', description: 'True when the customer wants the paid next-day express post.' } });
  // A question of what the flag means: a yes to one that does not ("Do you still have the card?")
  // answers no express flag (wrong-values.test.ts).
  const asked = [agent('Do you want the new card by express post?'), user('Yes.')];
  it('once a tool in this step took the yes, it does not answer the next tool\'s flag; near miss: unspent, it does', async () => {
    const spent = [...asked, { role: 'assistant' as const, content: '', toolCalls: [{ id: 'c1', name: 'stop_card', arguments: '{"has_card":true}' }] }, { role: 'tool' as const, toolCallId: 'c1', name: 'stop_card', content: '{"stopped":true}' }];
    expect((await ask([order], spent)).toolCalls).toEqual([]);
    expect(calls(await ask([order], asked))).toEqual([['order_card', { express: true }]]);
  });
});

describe('a noun the flag shares, qualified otherwise', () => {
  const express: JsonSchema = { type: 'boolean', description: 'True only when the customer wants the paid next-day express delivery.' };
  it('"the blue delivery" against "express delivery" decides nothing; near miss: "express delivery" said sets it', () => {
    expect(fill({ expedited: express }, ['Just post it home, the blue delivery is fine.']).missing).toEqual(['expedited']);
    expect(fill({ expedited: express }, ["I'd like the express delivery, please."]).args).toEqual({ expedited: true });
  });
  it('"the normal delivery" (a plain word against "express") says it is not express: false', () => {
    const out = fill({ expedited: express }, ['Just post it home, the normal delivery is fine.']);
    expect(out.args).toEqual({ expedited: false });
    expect(out.filled.expedited.rule).toBe('boolean-plain-against-qualifier');
  });
});

describe('a flag described in its tool\'s description, met only by its own words', () => {
  const order = tool('send_order', 'Send the order. gift_wrap is true only when the customer wants the paid gift wrapping.', { gift_wrap: { type: 'boolean' } });
  it('"the wrapping doesn\'t matter, the plain wrapping is fine" is no paid gift wrapping: false', async () =>
    expect(calls(await ask([order], [user('Please send my order.'), agent('Anything else?'), user('The plain wrapping is fine.')]))).toEqual([['send_order', { gift_wrap: false }]]));
  it('the noun alone ("the wrapping is fine") decides nothing: the agent asks', async () => {
    const out = await ask([order], [user('Please send my order.'), agent('Anything else?'), user('The wrapping is fine.')]);
    expect(out.toolCalls).toEqual([]);
    expect(out.text).toBe('Do you want the paid gift wrapping?');
  });
  it('near miss: "gift wrapping, please" sets it', async () =>
    expect(calls(await ask([order], [user('Please send my order with gift wrapping.')]))).toEqual([['send_order', { gift_wrap: true }]]));
});

describe('a yes or no to a question asked the other way round from the flag', () => {
  const member = tool('join_club', 'Sign the caller up.', { new_member: { type: 'boolean', description: 'True when the caller has never been a member before.' } });
  it('"No" to "Have you been a member before?" makes "never been a member" true', async () =>
    expect(calls(await ask([member], [user('I want to join the club.'), agent('Have you been a member with us before?'), user('No.')]))).toEqual([['join_club', { new_member: true }]]));
  it('near miss: "Yes" to the same question makes it false', async () =>
    expect(calls(await ask([member], [user('I want to join the club.'), agent('Have you been a member with us before?'), user('Yes, years ago.')]))).toEqual([['join_club', { new_member: false }]]));
  it('"I\'ve never been one" says the flag\'s own "never": true, the "No" beside it agreeing', async () =>
    expect(calls(await ask([member], [user('I want to join the club.'), agent('How can I help?'), user("No, I've never been a member of anything like it.")]))).toEqual([['join_club', { new_member: true }]]));
});

describe('a class the caller denies holds none of its kinds', () => {
  const health = tool('health_check', 'Health questions.', { on_antibiotics: { type: 'boolean', description: 'True when they are taking antibiotics.' } });
  it('"I\'m not on any medication" is no antibiotics', async () =>
    expect(calls(await ask([health], [user('I want to donate.'), agent('Are you taking any antibiotics?'), user("I'm fine, and I'm not on any medication at all.")]))).toEqual([['health_check', { on_antibiotics: false }]]));
  it('near miss: "I\'m on medication for my blood pressure" says nothing of antibiotics', async () =>
    expect((await ask([health], [user('I want to donate.'), agent('Are you taking any antibiotics?'), user("I'm on medication for my blood pressure.")])).toolCalls).toEqual([]));
});

describe('a Block Agent turn whose instructions ask one yes/no question of the one flag', () => {
  const donation = tool('add_donation', 'Whether the caller adds a donation.', { add_donation: { type: 'boolean', description: 'True when they would like to add the donation.' } });
  const turn = (line: string) => model.complete({
    purpose: 'tools', system: 'You are the desk.\n\nAsk whether they would like to add a donation of 10% to the tickets.',
    messages: [user('Two tickets for Saturday.'), agent('Saturday at ten is booked.'), user(line)], tools: [donation], toolChoice: 'required',
  });
  it('"No thanks, not today." answers it: false, though its question is said beside this call', async () =>
    expect(calls(await turn('No thanks, not today.'))).toEqual([['add_donation', { add_donation: false }]]));
  it('near miss: in a turn that asks two yes/no questions, a bare "no" answers neither', async () => {
    const out = await model.complete({
      purpose: 'tools', system: 'You are the desk.\n\nAsk whether they would like to add a donation, and whether they need a receipt.',
      messages: [user('Two tickets for Saturday.'), agent('Saturday at ten is booked.'), user('No thanks.')], tools: [donation], toolChoice: 'required',
    });
    expect(JSON.parse(out.toolCalls[0]?.arguments ?? '{}')).toEqual({});
  });
});

describe('a flag whose meaning is a word of "no" ("something is wrong")', () => {
  const boiler = { has_fault: { type: 'boolean' } } satisfies Record<string, JsonSchema>;
  const describeBoiler = { name: 'describeBoiler', description: 'Record the boiler. has_fault: true only when something is wrong with it now; then describe the fault.' };
  const fillBoiler = (line: string) =>
    fillArguments(schema(boiler), { callerLines: [line], agentLines: ['Which make is it?'], tool: describeBoiler, today: TODAY, offered: [], patterns: patterns() } satisfies FillContext);
  it('"No, it\'s working fine, nothing wrong with it at all" denies it: false', () => {
    const out = fillBoiler("It's a Worcester. No, it's working fine, touch wood, nothing wrong with it at all.");
    expect(out.args).toEqual({ has_fault: false });
    expect(out.filled.has_fault).toMatchObject({ rule: 'boolean-negated', said: 'nothing … wrong' });
  });
  it('near miss: "something\'s gone wrong with it" is true; a bare "no" to another question decides nothing', () => {
    expect(fillBoiler("It's a Worcester, and something's gone wrong with it, it keeps cutting out.").args).toEqual({ has_fault: true });
    expect(fillBoiler("No, it's a Worcester.").args.has_fault).toBeUndefined();
  });
  it('its question is the condition asked: "Is something wrong with it now?"', () => expect(askFor('has_fault', { type: 'boolean' }, describeBoiler.description)).toBe('Is something wrong with it now?'));
});

describe('a flag said a line before, while its tool waited for another value', () => {
  const transport = { oxygen: { type: 'boolean' }, escort: { type: 'boolean' }, pickup_postcode: { type: 'string' } } satisfies Record<string, JsonSchema>;
  const bookTransport = { name: 'bookTransport', description: 'Book the journey. oxygen: they travel with oxygen. escort: a relative or carer travels with them.' };
  const lines = ['No oxygen, nothing like that. I\'ll be going with her.', 'Pick her up from D N four, six R B.'];
  const at = (asked: { tool: string; param: string; why: string }[][]) =>
    fillArguments(schema(transport), { callerLines: [...lines].reverse(), agentLines: ['What is the pickup postcode?'], asked, tool: bookTransport, today: TODAY, offered: [], patterns: patterns() } satisfies FillContext);
  it('"I\'ll be going with her", said while the tool\'s questions were asked, still holds a line later; "No oxygen" still denies', () => {
    const out = at([[{ tool: 'bookTransport', param: 'pickup_postcode', why: 'asked' }], [{ tool: 'bookTransport', param: 'oxygen', why: 'asked' }]]);
    expect(out.args).toEqual({ oxygen: false, escort: true, pickup_postcode: 'DN4 6RB' });
    expect(out.filled.escort.fromLatest).toBe(false);
  });
  it('near miss: a line said before the tool was asked about is about other things, and is not read', () => {
    const out = at([[{ tool: 'bookTransport', param: 'pickup_postcode', why: 'asked' }], [{ tool: 'findPatient', param: 'nhs_number', why: 'asked' }]]);
    expect(out.args.escort).toBeUndefined();
  });
  it('a "no" in another sentence is no answer about the phrase: "No oxygen. I\'ll be going with her." is an escort', () => {
    const out = fillArguments(schema(transport), { callerLines: [lines[0]], agentLines: ['Do you use oxygen, and will someone travel with you?'], tool: bookTransport, today: TODAY, offered: [], patterns: patterns() } satisfies FillContext);
    expect(out.args).toMatchObject({ oxygen: false, escort: true });
  });
});

describe('a list and a flag in one line about a load', () => {
  const load = {
    type: 'object',
    properties: {
      waste: { type: 'array', description: 'Every kind of waste they mention.', items: { type: 'string', enum: ['garden_waste', 'wood', 'electricals', 'paint', 'rubble'] } },
      asbestos: { type: 'boolean', description: 'True when the load includes asbestos or anything they suspect is asbestos.' },
    },
    required: ['waste', 'asbestos'],
  } satisfies JsonSchema;
  const read = (line: string) => fillArguments(load, { callerLines: [line], agentLines: ["What are you bringing?"], today: TODAY, offered: [], patterns: patterns(), tool: { name: 'waste_types', description: "What they're bringing." } });
  it('"a telly that\'s packed in" is electricals, a kind of its class; "nothing like asbestos" denies asbestos', () => {
    const out = read("Mostly garden stuff, some old wood, a telly that's packed in, and a couple of tins of paint. And no, nothing like asbestos, no.");
    expect(out.args).toEqual({ waste: ['garden_waste', 'wood', 'electricals', 'paint'], asbestos: false });
    expect(out.filled.asbestos).toMatchObject({ rule: 'boolean-negated' });
  });
  it('near miss: "some asbestos sheeting" is asbestos; "no telly" names no electricals', () => {
    expect(read('Some rubble and a bit of asbestos sheeting from the shed roof.').args).toEqual({ waste: ['rubble'], asbestos: true });
    expect(read('Just wood, no telly or anything.').args.waste).toEqual(['wood']);
  });
});

describe('a kind said meets its class in a flag\'s meaning', () => {
  const household = { children_or_pets: { type: 'boolean', description: 'True when children or pets live there or visit often.' } } satisfies Record<string, JsonSchema>;
  const pests = { has_pest_problem: { type: 'boolean', description: "True when they're calling about a pest problem." } } satisfies Record<string, JsonSchema>;
  it('"We\'ve got a cat and a toddler" is children or pets; "we\'ve got mice" is a pest problem', () => {
    expect(fill(household, ["It's a house. We've got a cat and a toddler, so we'd want whatever you use to be safe."]).args).toEqual({ children_or_pets: true });
    expect(fill(pests, ["Hi, erm, we've got mice. I keep finding droppings in the kitchen cupboards."]).args).toEqual({ has_pest_problem: true });
  });
  it('near misses: "no cats or dogs" denies; a class said is no kind ("a pet" names no cat)', () => {
    expect(fill(household, ["It's just me, no cats or dogs, no kids."]).args).toEqual({ children_or_pets: false });
    expect(negationOf("It's just me, no cats or dogs", 'cats')).toBe('no');
  });
});

describe('a flag\'s words said in two clauses: the clause that says most of them decides', () => {
  const home = {
    smart_meter: { type: 'boolean', description: 'True when they have a smart meter.' },
    electric_vehicle: { type: 'boolean', description: 'True when they charge an electric car at home.' },
  } satisfies Record<string, JsonSchema>;
  it('"Gas and electric, both with you … No electric car or anything like that": no electric vehicle', () => {
    const out = fill(home, ["Gas and electric, both with you. We've got a smart meter, yeah. No electric car or anything like that."]);
    expect(out.args).toEqual({ smart_meter: true, electric_vehicle: false });
  });
  it('near miss: "Gas and electric, and we charge the electric car on the drive" is one', () =>
    expect(fill(home, ['Gas and electric, and we charge the electric car on the drive. A smart meter too.']).args).toEqual({ smart_meter: true, electric_vehicle: true }));
});

describe('a flag whose description says what makes it false', () => {
  const contact = { keep_in_touch: { type: 'boolean', description: "True when they're happy to get news and appeals by post or email; false when they'd rather not." } } satisfies Record<string, JsonSchema>;
  const consent = { agrees: { type: 'boolean', description: "True when they're happy to do the survey now; false when they decline or are busy." } } satisfies Record<string, JsonSchema>;
  it('"I\'d rather you didn\'t send me newsletters" meets the false clause: false (its "rather" was read as the meaning)', () => {
    const out = fill(contact, ["Yes, I pay tax. But I'd rather you didn't send me newsletters, if it's all the same to you."]);
    expect(out.args).toEqual({ keep_in_touch: false });
    expect(out.filled.keep_in_touch.rule).toBe('boolean-false-clause');
  });
  it('near misses: "happy to get the news" is true; a "no" to another question is no "decline"', () => {
    expect(fill(contact, ["Yes, I'm happy to get the news by email."]).args).toEqual({ keep_in_touch: true });
    expect(fill(consent, ["So at the moment, no, I don't think I'd recommend it."]).args.agrees).toBeUndefined();
  });
});
