// Rules made general from the twelfth blind batch's top part, the part tuned on (issue 32): each
// stops a wrong value or reads a kind of line, with a near miss. The lines here are our own.
import { describe, expect, it } from 'vitest';
import { readEnum } from './enums';
import { readEnumList } from './enum-lists';

describe('a verb of a definition said with another particle', () => {
  const kinds = ['general', 'refit', 'demolition'];
  const about = ['general for a routine look, refit before building work, demolition before knocking down.'];
  it('"a wall knocked through" meets no "knocking down"', () => {
    expect(readEnum(kinds, "We're having a wall knocked through next month.", about)).toBeUndefined();
  });
  it('near miss: "knocking the whole garage down" meets it; "knocking" alone still does', () => {
    expect(readEnum(kinds, "We're knocking the whole garage down in spring.", about)).toMatchObject({ value: 'demolition' });
    expect(readEnum(kinds, "It's all getting knocked, the lot.", about)).toMatchObject({ value: 'demolition' });
  });
});

describe('a word of a value said in an everyday form of its own', () => {
  it('"a refurb survey" names refurbishment, and the trace says "refurb"', () => {
    const read = readEnum(['management', 'refurbishment', 'demolition'], 'He said to ask for a refurb survey.', []);
    expect(read).toMatchObject({ value: 'refurbishment' });
    expect(read && 'why' in read ? read.why : '').toContain('"refurb"');
  });
  it('"gone all misty" names misted_units in a list of faults', () => {
    expect(readEnumList(['misted_units', 'stiff_hinges'], 'The windows have gone all misty between the panes.')).toMatchObject({ values: ['misted_units'] });
  });
  it('near miss: a short word is no cut of a longer one ("check" names no checkup), nor a word in -y of another root ("party" no parted)', () => {
    expect(readEnum(['checkup', 'cleaning'], 'Can you check the times?', [])).toBeUndefined();
    expect(readEnumList(['parted_hair', 'fringe'], "It's for a party.")).toBeUndefined();
  });
});

describe('a list of faults, read by which thing each word is said of', () => {
  const faults = ['misted_units', 'broken_handle', 'dropped_door', 'cracked_glass'];
  it('"the back door handle\'s gone floppy" is the handle\'s fault, no dropped_door', () => {
    expect(readEnumList(faults, "Oh, and the back door handle's gone all floppy.")).toMatchObject({ values: ['broken_handle'] });
  });
  it('"condensation on the inside of the glass" names where the mist is, no cracked_glass', () => {
    expect(readEnumList(faults, "It's gone misty, the condensation on the inside of the glass.")).toMatchObject({ values: ['misted_units'] });
  });
  it('near miss: "the door\'s dropped" and "the glass is cracked" name theirs', () => {
    expect(readEnumList(faults, "The door's dropped and the glass is cracked.")).toMatchObject({ values: ['dropped_door', 'cracked_glass'] });
  });
  it('near miss: "the outside of the house" is the house\'s outside, a surface to wash', () => {
    expect(readEnumList(['driveway', 'house_exterior', 'patio'], 'The driveway, and the outside of the house.', ['house_exterior means the walls outside.'])).toMatchObject({ values: ['driveway', 'house_exterior'] });
  });
});
