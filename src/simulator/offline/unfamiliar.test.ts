// The offline model on agents it was not written for (issue 14): one test per kind of failure seen
// on agents written the way users write them, each from a small agent of its own (tools only: the
// runtime builds the same requests from a Block Agent YAML or a Pinecall class; the whole-run
// checks in both runtimes are in unfamiliar-runs.test.ts).
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../types';
import { kindOf } from './fill';
import { agent, ask, calls, tool, user } from './testing';
import { askFor, speakInstructions } from './speech';


describe('a free string the agent asked for is filled from the answer', () => {
  const fault = tool('log_fault', 'Log a fault with the bike for the workshop.', { problem: { type: 'string', description: 'What is wrong with the bike' } });
  it('asks in its own words, then reads the next line as the answer to that question', async () => {
    const first = await ask([fault], [user('Hi, my bike needs looking at')]);
    expect(first.text).toBe('Could you tell me what is wrong with the bike?');
    const second = await ask([fault], [user('Hi, my bike needs looking at'), agent(first.text), user('Um, the chain keeps slipping off, thanks')]);
    expect(calls(second)).toEqual([['log_fault', { problem: 'the chain keeps slipping off' }]]);
    expect(second.notes).toContainEqual(expect.stringMatching(/^offline rule answer-to-question: log_fault\.problem = "the chain keeps slipping off" — the caller's line answers the agent's question/));
  });
  it('a survey suggestion: the question names the parameter, and the answer is its content', async () => {
    const survey = tool('save_feedback', 'Save the guest\'s feedback.', { suggestion: { type: 'string', description: 'One thing we could do better' } });
    const out = await ask([survey], [user('Sure'), agent('Any suggestion for us?'), user("I'd suggest more vegetarian dishes on the menu")]);
    expect(calls(out)).toEqual([['save_feedback', { suggestion: 'more vegetarian dishes on the menu' }]]);
  });
  it('near miss: the same line without the question fills nothing, and the agent asks', async () => {
    const out = await ask([fault], [user('the chain keeps slipping off')]);
    expect(out.toolCalls).toEqual([]);
  });
});

describe('identifiers are read by their shape, and "number" is no phone', () => {
  const claim = tool('open_claim', 'Open a claim on a policy.', { policyNumber: { type: 'string', description: 'The policy number on the certificate' } });
  const parcel = tool('track_parcel', 'Find where a parcel is.', { tracking_number: { type: 'string', description: 'The tracking number on the card' }, postcode: { type: 'string', description: 'Delivery postcode' } });
  it('reads letters and digits, with or without a dash, and a postcode', async () => {
    expect(calls(await ask([claim], [user('I need to claim, policy ZP-0091234')]))).toEqual([['open_claim', { policyNumber: 'ZP-0091234' }]]);
    expect(calls(await ask([parcel], [user('Where is my parcel? It is TR99887766GB, postcode LS6 2AB')]))).toEqual([['track_parcel', { tracking_number: 'TR99887766GB', postcode: 'LS6 2AB' }]]);
  });
  it('fits the code to the pattern, and does not ask again for a code just given', async () => {
    const patterned = tool('open_claim', 'Open a claim.', { policyNumber: { type: 'string', pattern: '^[A-Z]{2}[0-9]{7}$' } });
    expect(calls(await ask([patterned], [agent('What is your policy number?'), user("It's ZP-0091234")]))).toEqual([['open_claim', { policyNumber: 'ZP0091234' }]]);
  });
  it('a code read out in groups is one code', async () => {
    expect(calls(await ask([claim], [user('I need to claim, the policy is ZP 009 1234')]))).toEqual([['open_claim', { policyNumber: 'ZP0091234' }]]);
  });
  it('near miss: "number" makes no phone, and a phone parameter still reads a phone', async () => {
    expect(kindOf('policyNumber', {})).toBe('identifier');
    const callBack = tool('call_back', 'Call the caller back.', { phone: { type: 'string', description: 'Phone number to call back' } });
    expect(calls(await ask([callBack], [user('call me back on 0161 496 0000')]))).toEqual([['call_back', { phone: '01614960000' }]]);
  });
});

describe('enums are scored by their words, their meaning in the descriptions, and the stronger evidence', () => {
  const order = tool('place_order', 'Place a takeaway order.', { collection: { type: 'string', enum: ['counter', 'home_delivery', 'drive_through'], description: 'How the order is collected' } });
  const lamp = tool('report_lamp', 'Report a street lamp fault.', { state: { type: 'string', enum: ['no_power', 'flickering'], description: 'no_power means it does not light at all; flickering: it goes on and off' } });
  it('the whole value named beats a word of another value', async () => {
    const out = await ask([order], [user("I'll grab it at the drive-through on my way home")]);
    expect(calls(out)).toEqual([['place_order', { collection: 'drive_through' }]]);
    expect(out.notes).toContainEqual(expect.stringContaining('stronger than home_delivery'));
  });
  it('a value named by what the description says it means', async () => {
    expect(calls(await ask([lamp], [user("The lamp outside number 4 won't light at all")]))).toEqual([['report_lamp', { state: 'no_power' }]]);
  });
  it('a true tie is asked about, never dropped', async () => {
    const out = await ask([order], [user('Either the counter or the drive-through for the order, not sure')]);
    expect(out.toolCalls).toEqual([]);
    expect(out.text).toBe('Do you mean counter or drive through?');
    expect(out.notes).toContainEqual(expect.stringMatching(/^offline rule enum-tie: place_order\.collection/));
  });
});

describe('a boolean is set only by a line that answers it or states its meaning', () => {
  const claim = tool('register_claim', 'Register a car insurance claim.', { insurer: { type: 'string', description: 'Which insurer the caller is with' }, injured: { type: 'boolean', description: 'True when someone was hurt' } });
  it('a yes to another question sets no flag; the agent asks for the flag in a grammatical question', async () => {
    const out = await ask([claim], [agent('Could you tell me which insurer you are with?'), user("Yes, I'm with Harbour Mutual")]);
    expect(out.toolCalls).toEqual([]);
    expect(out.text).toBe('Was someone hurt?');
  });
  it('the answer to its own question sets it', async () => {
    const out = await ask([claim], [agent('Could you tell me which insurer you are with?'), user("I'm with Harbour Mutual"), agent('Was someone hurt?'), user('No, thankfully')]);
    expect(calls(out)).toEqual([['register_claim', { insurer: 'Harbour Mutual', injured: false }]]);
  });
  it('a line that states its meaning sets it', async () => {
    const out = await ask([claim], [agent('Could you tell me which insurer you are with?'), user('Harbour Mutual'), agent('Anything else?'), user('My passenger was hurt')]);
    expect(calls(out)).toEqual([['register_claim', { insurer: 'Harbour Mutual', injured: true }]]);
  });
});

describe('names from the usual phrasings, split into first and last', () => {
  const table = tool('hold_table', 'Hold a table.', { guest_name: { type: 'string', description: 'Name for the booking' } });
  const person = tool('add_patient', 'Add a patient.', { first_name: { type: 'string' }, last_name: { type: 'string' } });
  it('"under <name>", "my surname is …", and a full name split for first/last', async () => {
    expect(calls(await ask([table], [user('Can you put it under Priya Raman?')]))).toEqual([['hold_table', { guest_name: 'Priya Raman' }]]);
    expect(calls(await ask([tool('find_record', 'Find a record.', { surname: { type: 'string' } })], [user('my surname is Okafor')]))).toEqual([['find_record', { surname: 'Okafor' }]]);
    expect(calls(await ask([person], [agent('What is your name?'), user('Tomasz Wierzbicki')]))).toEqual([['add_patient', { first_name: 'Tomasz', last_name: 'Wierzbicki' }]]);
  });
  it('near miss: "in London" is no name, and one name fills only the first', async () => {
    expect((await ask([table], [user('I live in London')])).toolCalls).toEqual([]);
    const out = await ask([person], [agent('What is your name?'), user('Tomasz')]);
    expect(out.toolCalls).toEqual([]);
    expect(out.text).toBe('What is your last name?');
  });
});

describe('quantities with units and times in context', () => {
  const stay = tool('book_stay', 'Book a stay.', { duration_days: { type: 'integer', description: 'How many days' }, guests: { type: 'integer', description: 'How many guests' } });
  const table = tool('book_table', 'Book a table.', { at: { type: 'string', pattern: '^\\d{2}:\\d{2}$', description: 'Time of the booking' } });
  it('"two weeks" is 14 days; twenty-five is 25', async () => {
    expect(calls(await ask([stay], [user('two weeks please, for twenty-five guests')]))).toEqual([['book_stay', { duration_days: 14, guests: 25 }]]);
  });
  it('"half past seven" after "evening" is 19:30; in the morning it stays 07:30', async () => {
    expect(calls(await ask([table], [user('Something in the evening'), agent('What time?'), user('half past seven')]))).toEqual([['book_table', { at: '19:30' }]]);
    expect(calls(await ask([table], [user('half past seven in the morning')]))).toEqual([['book_table', { at: '07:30' }]]);
  });
});

describe('its own lines are grammatical', () => {
  it('asks from the description, as a question of its own', () => {
    expect(askFor('rx', { type: 'string', description: "The caller's prescription number." })).toBe('What is your prescription number?');
    expect(askFor('urgent', { type: 'boolean', description: 'True when the caller needs help today.' })).toBe('Do you need help today?');
  });
  it('"you" as an object is "me"; "thank the guest" names no one; no fragment after a statement', () => {
    expect(speakInstructions('Ask the caller to read you the prescription number.', true)).toBe('Could you read me the prescription number?');
    expect(speakInstructions('Thank the guest for staying with us.', true)).toBe('Thank you.');
    expect(speakInstructions('Thank the caller, then wait for them to hang up.', true)).toBe('Thank you.');
    expect(speakInstructions('Thank Priya for calling.', true)).toBe('Thank you, Priya.');
  });
});

describe('intent from the whole description, with a margin', () => {
  const refill = tool('refill_order', "Reorder a repeat item, as when the caller says I'm running low on tablets.", {});
  const nurse = tool('speak_to_nurse', 'Put the caller through to the nurse when they are worried about a reaction or a rash.', {});
  it('"I\'m" in a description is no evidence; the words of substance pick the tool', async () => {
    const out = await ask([refill, nurse], [user("I'm worried these new tablets give me a rash")]);
    expect(calls(out)).toEqual([['speak_to_nurse', {}]]);
  });
  it('too close to call: asks which, or takes the tool offered for anything else', async () => {
    const shoes = tool('return_shoes', 'Return shoes.', {});
    const boots = tool('return_boots', 'Return boots.', {});
    const line = [user('I want to return the shoes and the boots')];
    const out = await ask([shoes, boots], line);
    expect(out.toolCalls).toEqual([]);
    expect(out.text).toBe('Just to be sure: do you want me to return shoes, or to return boots?');
    expect(out.notes).toContainEqual(expect.stringMatching(/^offline rule intent-margin: .* under the margin: asked which one$/));
    const desk = tool('front_desk', 'Use for anything else.', {});
    expect(calls(await ask([shoes, boots, desk], line))).toEqual([['front_desk', {}]]);
  });
});

describe('never stuck', () => {
  const fault = tool('log_fault', 'Log a fault.', { serial: { type: 'string', description: 'The serial number on the frame' } });
  it('never says the same reply three times in a row, and says what is missing, in the chat too', async () => {
    const said: string[] = [];
    const history: ChatMessage[] = [user('I need to log a fault')];
    for (let i = 0; i < 4; i++) {
      const out = await ask([fault], history);
      said.push(out.text);
      if (i === 1) expect(out.chatNotes).toEqual([expect.stringContaining('serial is still missing')]);
      history.push(agent(out.text), user('not sure, it is somewhere on the bike'));
    }
    expect(said[0]).toBe('What is the serial number on the frame?');
    expect(said[1]).toBe("Sorry, I still don't have the serial: I could not read it from what you said. Could you give me the letters and digits as they are printed?");
    for (let i = 2; i < said.length; i++) expect(new Set(said.slice(i - 2, i + 1)).size).toBeGreaterThan(1);
  });
});
