// Rules made general from the thirteenth blind batch's top part, the part tuned on (issue 32): each
// stops a wrong value or reads a kind of line, with a near miss. The lines here are our own.
import { describe, expect, it } from 'vitest';
import { readEnum } from './enums';
import { readEnumList } from './enum-lists';
import { findSpokenEmails } from './spoken';
import { agent, ask, calls, tool, user } from './testing';

describe('one value graded worse among those the caller has', () => {
  it('"It\'s both, really, but the left one\'s the worst" is both', () => {
    expect(readEnum(['left', 'right', 'both'], "It's both, really, but the left one's the worst.", [])).toMatchObject({ value: 'both' });
  });
  it('near miss: "the left one, please" picks left; "both, and the left" ties', async () => {
    const ears = tool('ear_details', 'Which ear.', { which_ears: { type: 'string', enum: ['left', 'right', 'both'] } });
    expect(calls(await ask([ears], [user('The left one, please.')]))).toEqual([['ear_details', { which_ears: 'left' }]]);
    expect(readEnum(['left', 'right', 'both'], 'Both, and the left.', [])).toMatchObject({ tie: ['left', 'both'] });
  });
});

describe('a phrase said for the very word of a value', () => {
  it('"everything sounds like I\'m under water" names muffled_hearing beside ringing', () => {
    expect(readEnumList(['muffled_hearing', 'ringing_or_buzzing', 'earache'], "Everything sounds like I'm under water, and there's a ringing at night.")).toMatchObject({ values: ['muffled_hearing', 'ringing_or_buzzing'] });
  });
  it('near miss: "under the sink" is no muffled hearing', () => {
    expect(readEnumList(['muffled_hearing', 'earache'], "It's under the sink, the earache's the thing.")).toMatchObject({ values: ['earache'] });
  });
});

describe('a list of work with a clause of work no value was read from', () => {
  const work = ['clean', 'relevel', 'regild_lettering', 'add_inscription'];
  const about = ['', 'The work wanted, as a list: "clean", "relevel", "regild_lettering", "add_inscription".'];
  it('"a good clean … and the gold\'s flaking, so that wants doing again" is asked for, not written as [clean]', () => {
    expect(readEnumList(work, "Well, a good clean, first off. And the gold's all flaking, so that wants doing again.", about)).toMatchObject({ unsure: expect.stringContaining('wants doing again') });
  });
  it('"relevel" is not met by the next value in the description\'s list ("lettering")', () => {
    expect(readEnum(['relevel'], 'The lettering is what bothers me.', about)).toBeUndefined();
  });
  it('near miss: "a good clean, and it wants relevelling" is [clean, relevel]; "nothing else wants doing" asks for no more', () => {
    expect(readEnumList(work, 'A good clean, and it wants relevelling too.', about)).toMatchObject({ values: ['clean', 'relevel'] });
    expect(readEnumList(work, 'Just a good clean. Nothing else wants doing.', about)).toMatchObject({ values: ['clean'] });
  });
});

describe('an email read out with an aside in the middle, and a free text said a line before', () => {
  it('"email is T lindqvist, so just a T in front, at yahoo dot com" is no address "front@yahoo.com"', () => {
    expect(findSpokenEmails('And email is T lindqvist, so just a T in front, at yahoo dot com.').map((f) => f.value)).not.toContain('front@yahoo.com');
  });
  it('near miss: "Email\'s fine, it\'s r dot adeyemi at hotmail dot co dot uk" is read', () => {
    expect(findSpokenEmails("Email's fine, it's r dot adeyemi at hotmail dot co dot uk.").map((f) => f.value)).toEqual(['r.adeyemi@hotmail.co.uk']);
  });
  const memorial = tool('describe_memorial', 'Record the memorial. cemetery: the cemetery or churchyard, in the caller\'s words. material: granite, marble or slate.', { cemetery: { type: 'string' }, material: { type: 'string', enum: ['granite', 'marble', 'slate'] } });
  it('the cemetery named a line before is the cemetery, not this line\'s answer about the stone', async () => {
    const out = await ask([memorial], [user("Hello. I'm ringing about my dad's grave, it's up at Undercliffe Cemetery, in Bradford. It's gone all green."), agent('Which cemetery, and what stone is it?'), user("It's granite, the black shiny stuff. With gold letters on.")]);
    const [[, args]] = calls(out);
    expect(args.material).toBe('granite');
    expect(args.cemetery).toMatch(/Undercliffe Cemetery/);
  });
});
