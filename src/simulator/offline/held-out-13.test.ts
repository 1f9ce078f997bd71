// Rules made general from the thirteenth blind batch's held-out part, after it was measured and
// spent (issue 32): each stops a wrong value it wrote or reads a kind of line, with a near miss.
// The lines here are our own.
import { describe, expect, it } from 'vitest';
import { findDates } from './dates';
import { readEnum } from './enums';
import { findScaledNumbers } from './ids';
import { agent, ask, calls, tool, user } from './testing';

describe('asked two yes/no things, a "no" said of the other one', () => {
  const health = tool('health_check', 'Health questions. dry_eye: true if their eyes get dry. is_pregnant: true if they are.', { dry_eye: { type: 'boolean' }, is_pregnant: { type: 'boolean' } });
  it('"my eyes get a bit dry by the evening. And no, not pregnant" is no "no" to dry eyes', async () => {
    const out = await ask([health], [user('I want a consultation.'), agent('Do you get dry eyes, and are you pregnant?'), user('My eyes get a bit dry by the evening. And no, not pregnant.')]);
    expect(calls(out).every(([, args]) => (args as { dry_eye?: boolean }).dry_eye !== false)).toBe(true);
  });
  it('near miss: a plain "No, neither" answers both', async () => {
    const out = await ask([health], [user('I want a consultation.'), agent('Do you get dry eyes, and are you pregnant?'), user('No, neither.')]);
    expect(calls(out)).toEqual([['health_check', { dry_eye: false, is_pregnant: false }]]);
  });
});

describe('days of the year by name', () => {
  it('"from New Year\'s Eve, the Thursday" is 2026-12-31, and the Thursday is that day', () => {
    expect(findDates("Could we have it from New Year's Eve, the Thursday, through the weekend?", '2026-12-01').map((d) => d.iso)).toEqual(['2026-12-31']);
  });
  it('near miss: "over Christmas" is a season, no day; "Boxing Day" is one', () => {
    expect(findDates("We're away over Christmas.", '2026-12-01')).toEqual([]);
    expect(findDates('Back on Boxing Day.', '2026-12-01').map((d) => d.iso)).toEqual(['2026-12-26']);
  });
});

describe('numbers said around another thing', () => {
  it('"a good hundred and fifty" is 150, never 50', () => {
    expect(findScaledNumbers("We'll get a good hundred and fifty in, maybe more.").map((f) => f.value)).toEqual([150]);
  });
  it('"the side gate\'s about seventy-five centimetres? Hang on … seventy-six" gives no count of nights', async () => {
    const dates = tool('hire_dates', 'The hire. nights: how many nights.', { nights: { type: 'integer' } });
    const out = await ask([dates], [user('I want the tub.'), agent('How many nights?'), user("The side gate's about seventy-five centimetres? Hang on, I measured it... seventy-six.")]);
    expect(calls(out)).toEqual([]);
  });
  it('near miss: "four nights? No, make it five" is 5', async () => {
    const dates = tool('hire_dates', 'The hire. nights: how many nights.', { nights: { type: 'integer' } });
    expect(calls(await ask([dates], [user('Four nights? No, make it five.')]))).toEqual([['hire_dates', { nights: 5 }]]);
  });
  const horse = tool('horse_details', 'The horse.', { horse: { type: 'object', properties: { age: { type: 'integer', description: 'Age in years.' }, height_hands: { type: 'number', description: 'Height in hands.' } }, required: ['age', 'height_hands'] } });
  it('"about fourteen-two. And he\'s... twelve? So twelve" writes no height of 14 or 12', async () => {
    const out = await ask([horse], [user("He's a cob, about fourteen-two. And he's... twelve? He'll be thirteen in the spring, so twelve.")]);
    expect(JSON.stringify(calls(out))).not.toMatch(/"height_hands":1[24]\b/);
  });
  it('near miss: "he\'s twelve, and fifteen hands" gives each its own', async () => {
    expect(calls(await ask([horse], [user("He's twelve, and fifteen hands.")]))).toEqual([['horse_details', { horse: { age: 12, height_hands: 15 } }]]);
  });
});

describe('a place said of the neighbours', () => {
  it('"there\'s horses in the field next door" names no farm_or_field', () => {
    expect(readEnum(['pub_or_venue', 'farm_or_field', 'private_garden'], "There's horses in the field next door, so it'll have to be the quiet one.", [])).toBeUndefined();
  });
  it('near miss: "it\'s in our field" names it', () => {
    expect(readEnum(['pub_or_venue', 'farm_or_field', 'private_garden'], "It's a field, out on the farm.", [])).toMatchObject({ value: 'farm_or_field' });
  });
});
