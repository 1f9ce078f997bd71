// Rules made general from the eleventh blind batch's top part, the part tuned on (issue 32): each
// refuses to guess or reads a kind of line, with a near miss. The lines here are our own.
import { describe, expect, it } from 'vitest';
import { readEnumList } from './enum-lists';
import { readPlacePart } from './places';
import { ask, calls, tool, user } from './testing';

describe('a party counted and its ages', () => {
  const party = tool('check_date', 'Check the date. children: about how many. oldest_age: the oldest child\'s age.', { children: { type: 'number' }, oldest_age: { type: 'number' } });
  it('"about twelve of them … they\'re all eight and nine" is 12 children, the oldest 9', async () => {
    expect(calls(await ask([party], [user("There'll be about twelve of them, so they're all eight and nine.")]))).toEqual([['check_date', { children: 12, oldest_age: 9 }]]);
  });
  it('near miss: one age said is that age; no count of children is none', async () => {
    expect(calls(await ask([party], [user("She's eight.")]))).toEqual([]);
  });
});

describe('a venue, its street and a number not the caller\'s', () => {
  it('"St Mark\'s" is a saint\'s, no street; "Bramhall Lane" is the street', () => {
    expect(readPlacePart('street-name', "It's St Anne's church hall, on Cliff Road.")?.value).toBe('Cliff Road');
    expect(readPlacePart('street-name', 'It is on Mill St, by the bridge.')?.value).toMatch(/Mill St/);
  });
  const hire = tool('book_hire', 'Book the hire.', {
    venue: { type: 'object', properties: { name: { type: 'string' }, street: { type: 'string' }, key_holder_phone: { type: 'string', description: "A key holder's number, only if the caller gives one." } }, required: ['name', 'street'] },
  });
  it('a venue\'s name is the hall\'s with its kind ("St Anne\'s church hall"), and "my number" is no key holder\'s', async () => {
    const out = await ask([hire], [user("It's St Anne's church hall, on Cliff Road. My number's oh seven seven one one, two three four, five six seven.")]);
    expect(calls(out)).toEqual([['book_hire', { venue: { name: "St Anne's church hall", street: 'Cliff Road' } }]]);
  });
});

describe('times and lists of what is wrong', () => {
  const setup = tool('book_setup', 'Book it.', { setup_time: { type: 'string', description: 'HH:MM, 24-hour' } });
  it('"up by half one" is 13:30; "half six in the morning" keeps to the morning', async () => {
    expect(calls(await ask([setup], [user('The party is two till four, so if it could be up by half one?')]))).toEqual([['book_setup', { setup_time: '13:30' }]]);
    expect(calls(await ask([setup], [user('Could it be up by half five in the morning?')]))).toEqual([['book_setup', { setup_time: '05:30' }]]);
  });
  const faults = ['wont_start', 'runs_rough', 'pull_cord', 'leaking'];
  it('"won\'t start" names wont_start', () => {
    expect(readEnumList(faults, "Mine won't start, and it's due snow.")).toMatchObject({ values: ['wont_start'] });
  });
  it('a list of what is wrong gathers what was said a line or two before', async () => {
    const fix = tool('choose_work', 'Choose the work. problems: what is wrong, one or more.', { problems: { type: 'array', items: { type: 'string', enum: faults } } });
    const out = await ask([fix], [user("Mine won't start."), { role: 'assistant', content: 'What make is it?' }, user("It's a Toro."), { role: 'assistant', content: 'What is it doing?' }, user("I pulled the cord till it frayed, the pull cord's shot.")]);
    expect(calls(out)).toEqual([['choose_work', { problems: ['wont_start', 'pull_cord'] }]]);
  });
  it('near miss: a list of things wanted does not gather ("make it peppers" stands)', async () => {
    const order = tool('order', 'Toppings wanted.', { toppings: { type: 'array', items: { type: 'string', enum: ['onions', 'peppers', 'olives'] } } });
    const out = await ask([order], [user('Onions, please.'), { role: 'assistant', content: 'Anything else?' }, user('Actually just peppers.')]);
    expect(calls(out)).toEqual([['order', { toppings: ['peppers'] }]]);
  });
});
