// General reading rules added for issue 14 (unfamiliar agents), each shown on a small agent of
// its own: names that say "when" (…_at, …_on), titles in Title Case, "the X one", a day gone by,
// a yes or no in a later clause, a second question asked with "and whether", and the agent's own
// questions in grammatical English.
import { describe, expect, it } from 'vitest';
import { findDates } from './dates';
import { findNumbers, findTitles, findYesNoInClause } from './extract';
import { kindOf } from './fill';
import { agent, ask, calls, tool, user } from './testing';
import { askFor, reportResults, speakInstructions } from './speech';


describe('a name ending in "at" or "on" says when', () => {
  it('starts_at is a time and paid_on a day; a name with no such ending stays unknown', () => {
    expect(kindOf('starts_at', { type: 'string' })).toBe('time');
    expect(kindOf('paid_on', { type: 'string' })).toBe('date');
    expect(kindOf('carry_on', { type: 'string', description: 'The bag the passenger keeps with them' })).not.toBe('date');
    expect(kindOf('seat', { type: 'string' })).toBe('none');
  });
  it('asks for it as a time or a day, never "What is the starts at?"', () => {
    expect(askFor('starts_at', { type: 'string' })).toBe('What time would that be?');
    expect(askFor('paid_on', { type: 'string' })).toBe('Which day would that be?');
  });
  it('fills it from the caller\'s words', async () => {
    const pay = tool('log_payment', 'Log when the invoice was paid.', { paid_on: { type: 'string' } });
    expect(calls(await ask([pay], [user('I paid the invoice yesterday')]))).toEqual([['log_payment', { paid_on: '2026-11-30' }]]);
  });
});

describe('a day gone by', () => {
  it('"yesterday" and "the day before yesterday" count back from today', () => {
    expect(findDates('I sent it yesterday', '2026-12-01').map((d) => d.iso)).toEqual(['2026-11-30']);
    expect(findDates('it came the day before yesterday', '2026-12-01').map((d) => d.iso)).toEqual(['2026-11-29']);
  });
});

describe('"the blue one" is a thing, not a count', () => {
  it('"one" after a noun or "this" is no number; digits in the same line are', () => {
    expect(findNumbers('the blue one, size 42').map((n) => n.value)).toEqual([42]);
    expect(findNumbers('this one').map((n) => n.value)).toEqual([]);
    expect(findNumbers('one ticket please').map((n) => n.value)).toEqual([1]);
  });
});

describe('titles in Title Case', () => {
  it('keeps small words inside, drops openers and codes', () => {
    expect(findTitles("It's A Tale of Two Cities, and I'd like it for a week").map((t) => t.value)).toEqual(['A Tale of Two Cities']);
    expect(findTitles('Hello, my pass is QX 1234').map((t) => t.value)).toEqual([]);
  });
  it('fills a title parameter from the line that names it', async () => {
    const hold = tool('hold_film', 'Put a film on hold, by its title.', { title: { type: 'string' } });
    expect(calls(await ask([hold], [user('Could you hold The Grand Budapest Hotel for me?')]))).toEqual([['hold_film', { title: 'The Grand Budapest Hotel' }]]);
  });
});

describe('two questions asked together, two answers in one line', () => {
  it('a yes or no opening a later clause is found; one inside a longer clause is not', () => {
    expect(findYesNoInClause('Ten is fine, and yes, bring the ladder')?.value).toBe(true);
    expect(findYesNoInClause('Ten is fine, but no rush at all on the paint')).toBeUndefined();
  });
  it('"…, and whether they want X" is spoken as a second question', () => {
    expect(speakInstructions('Ask what colour they would like, and whether they want it delivered.', true)).toBe('What colour would you like? Do you want it delivered?');
  });
  it('the flag the second question asked for is read from "and no" after the first answer', async () => {
    const paint = tool('order_paint', 'Order the paint; deliver is true when the customer wants it brought to the door.', { colour: { type: 'string', enum: ['white', 'grey'] }, deliver: { type: 'boolean' } });
    const question = 'What colour would you like? Do you want it delivered?';
    const out = await ask([paint], [user('I need some paint'), agent(question), user('Grey would be great, and no, I will collect it.')]);
    expect(calls(out)).toEqual([['order_paint', { colour: 'grey', deliver: false }]]);
  });
  it('a flag without a description is asked from what its tool\'s description says of it', () => {
    const description = 'Order the paint; deliver is true when the customer wants it brought to the door.';
    expect(askFor('deliver', { type: 'boolean' }, description)).toBe('Do you want it brought to the door?');
  });
});

describe('the agent\'s questions are grammatical', () => {
  it('a wh-word with its noun, and "do" for a plain verb', () => {
    expect(speakInstructions('Ask what size they would like.', true)).toBe('What size would you like?');
    expect(speakInstructions('Ask which seat they want to keep.', true)).toBe('Which seat do you want to keep?');
  });
  it('"wish them a …" is said as "Have a …!"', () => {
    expect(speakInstructions('Wish them a safe journey.', true)).toBe('Have a safe journey!');
  });
  it('a wh-part with a name for its subject, and each "and when …" part, in question order', () => {
    expect(speakInstructions('Ask why Rex is limping and when they can come in.', true)).toBe('Why is Rex limping, and when can you come in?');
  });
});

describe('everyday words for a child meet a tool about a child', () => {
  it('"my daughter won\'t be there" means the tool about a child missing a session', async () => {
    const away = tool('mark_missing', 'A parent says their child will miss a swimming lesson.', { missing: { type: 'boolean', description: 'True when the child is missing the lesson.' } });
    const other = tool('front_desk', 'Prices, lockers or any other question.', {});
    const out = await ask([away, other], [user("Hello, my daughter won't be there tonight.")]);
    expect(out.toolCalls.map((c) => c.name)).toEqual(['mark_missing']);
  });
});

describe('"as the <person> said it" keeps the caller\'s words', () => {
  it('a day as the parent said it stays "Friday", not a date', async () => {
    const back = tool('note_return', 'Note when the child is back.', { back: { type: 'string', description: 'The day the child is back, as the parent said it.' } });
    expect(calls(await ask([back], [user('She should be back on Friday.')]))).toEqual([['note_return', { back: 'Friday' }]]);
  });
});

describe('enum values by what they mean', () => {
  const hire = tool('hire_scooter', 'Hire a scooter for the day: the kind of scooter — kick for one you push, electric for one with a battery, kids for a small scooter.', { scooter: { type: 'string', enum: ['kick', 'electric', 'kids'] } });
  it('"an e-scooter" names the one value starting with e (the abbreviation rule, no word list); a word the description uses for every value ("scooter") names none', async () => {
    const out = await ask([hire], [user('Can I hire an e-scooter please?')]);
    expect(calls(out)).toEqual([['hire_scooter', { scooter: 'electric' }]]);
  });
  it('a letter that starts two values ("a k-scooter": kick, kids) abbreviates neither', async () => {
    const out = await ask([hire], [user('Can I hire a k-scooter please?')]);
    expect(out.toolCalls).toEqual([]);
  });
  it('near miss: "a scooter" alone picks no value, and the agent asks which', async () => {
    const out = await ask([hire], [user('Can I hire a scooter please?')]);
    expect(out.toolCalls).toEqual([]);
    expect(out.text).toMatch(/kick, electric or kids/);
  });
});

describe('a free string the tool says takes "the customer\'s words"', () => {
  it('is filled from the line that means the tool, with no description of its own', async () => {
    const repair = tool('log_repair', 'Log a repair: what is broken, in the customer\'s words.', { issue: { type: 'string' } });
    const out = await ask([repair], [user('The repair is for a cracked screen on my tablet.')]);
    expect(calls(out)).toEqual([['log_repair', { issue: 'The repair is for a cracked screen on my tablet.' }]]);
  });
});

describe('a yes to a question that asked for a value', () => {
  const details = tool('member_card', 'The member\'s card number.', { card: { type: 'string', description: 'The card number, digits only.' } });
  const terms = tool('accept_terms', 'The member accepts the late fee.', { accepted: { type: 'boolean' } });
  it('answers the one yes/no the offered tools ask, which the stage says to ask (the agent\'s question lagged a step behind)', async () => {
    const out = await ask([details, terms], [user('My card is 5512'), agent('Could you tell me the card number?'), user('Yep, that works.')], 'Ask whether they accept the late fee.');
    expect(calls(out)).toEqual([['accept_terms', { accepted: true }]]);
  });
  it('near miss: with two yes/no parameters on offer, a bare yes fills neither', async () => {
    const second = tool('mailing_list', 'The member joins the newsletter.', { join: { type: 'boolean' } });
    const out = await ask([details, terms, second], [user('My card is 5512'), agent('Could you tell me the card number?'), user('Yep, that works.')]);
    expect(out.toolCalls.filter((c) => c.name !== 'member_card')).toEqual([]);
  });
});

describe('a tool with one parameter and no description describes that parameter', () => {
  it('"Send a courier at the time asked, as HH:MM" makes `slot` a time', async () => {
    const courier = tool('send_courier', 'Send a courier at the time the caller asked for, as 24-hour HH:MM.', { slot: { type: 'string' } });
    expect(calls(await ask([courier], [user('Could they come at quarter to four this afternoon?')]))).toEqual([['send_courier', { slot: '15:45' }]]);
  });
  it('the question puts a noun subject after its verb: "What time should the courier come?"', () => {
    expect(speakInstructions('Ask what time the courier should come.', true)).toBe('What time should the courier come?');
  });
});

describe('everyday phrases that no single word carries', () => {
  const reset = tool('reset_pin', 'The caller forgot the PIN of their door keypad or cannot sign in to the app.', {});
  const other = tool('general', 'Opening hours, prices or anything else.', {});
  it('"I can\'t remember" is forgetting, "locked out" is not able to sign in', async () => {
    expect((await ask([reset, other], [user("I can't remember the code for the front door")])).toolCalls.map((c) => c.name)).toEqual(['reset_pin']);
    expect((await ask([reset, other], [user("I'm locked out of the app")])).toolCalls.map((c) => c.name)).toEqual(['reset_pin']);
  });
  it('"coming in fast" is pouring: it names the value whose meaning says so', async () => {
    const leak = tool('report_leak', 'Report a roof leak: severe when rain is pouring in, minor for a damp patch.', { level: { type: 'string', enum: ['severe', 'minor'] } });
    expect(calls(await ask([leak], [user('The rain is coming in fast through the roof')]))).toEqual([['report_leak', { level: 'severe' }]]);
  });
  it('a description saying "as the caller put it" keeps the caller\'s words', async () => {
    const note = tool('take_note', 'Take a note for the manager.', { note: { type: 'string', description: 'The complaint as the caller put it.' } });
    expect(kindOf('complaint', { type: 'string', description: 'The complaint as the caller put it.' })).toBe('words');
    expect(calls(await ask([note], [user('The note is that the lift was broken all week.')]))).toEqual([['take_note', { note: 'The note is that the lift was broken all week.' }]]);
  });
});

describe('more of the agent\'s own lines, grammatical', () => {
  it('"…and whether X" after a wh-question is its own question', () => {
    expect(speakInstructions('Ask which room suits and whether morning or evening.', true)).toBe('Which room suits? Morning or evening?');
    expect(speakInstructions('Ask which floor suits and whether the porter may carry the bags.', true)).toBe('Which floor suits? May the porter carry the bags?');
  });
  it('"Tell the caller the new price" needs data: nothing is said; "Say X and that Y" says "X and Y"', () => {
    expect(speakInstructions('Tell the caller the new price.', true)).toBeUndefined();
    expect(speakInstructions('Tell the caller the shop is closed.', true)).toBe('The shop is closed.');
    expect(speakInstructions('Say the code is sent and that it lasts an hour.', true)).toBe('The code is sent and it lasts an hour.');
  });
  it('a tool result that is an order to the agent is not read out to the caller', () => {
    expect(reportResults([{ name: 'open_file', arguments: '{}', result: 'ask for the file number', failed: false }]).text).toBe('All right.');
    expect(reportResults([{ name: 'open_file', arguments: '{}', result: 'the file is open', failed: false }]).text).toBe('The file is open.');
  });
});
