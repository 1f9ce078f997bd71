// The word rules: stemming, name splitting, stop-words and everyday synonyms.
import { describe, expect, it } from 'vitest';
import { contentStems, nameWords, overlap, stem, words } from './words';

describe('stem', () => {
  it('brings the forms of one word together', () => {
    expect(new Set(['booking', 'booked', 'bookings', 'book'].map(stem))).toEqual(new Set(['book']));
    expect(stem('cancelled')).toBe(stem('cancel'));
    expect(stem('reservation')).toBe(stem('reserve'));
    expect(stem('classes')).toBe(stem('class')); // a double s is not a plural, "es" is
    expect(stem('electricity')).toBe(stem('electrics')); // "-ity" names the quality of its root
    expect(stem('city')).toBe('city'); // a short word keeps its "-ity"
  });
  it('meets "the electrics have gone off" with a tool about power', () => {
    expect(overlap(words('all our electrics have gone off'), words('Report a power cut.')).pairs).toEqual([{ mine: 'electrics', theirs: 'power' }]);
  });
  it('keeps different words apart', () => {
    expect(stem('boot')).not.toBe(stem('book'));
    expect(stem('bus')).not.toBe(stem('bu')); // a short word keeps its last letter
  });
});

describe('nameWords', () => {
  it('splits snake, camel and kebab case', () => {
    expect(nameWords('bookSlot_now-later')).toEqual(['book', 'slot', 'now', 'later']);
  });
  it('keeps a one-word name whole', () => {
    expect(nameWords('reschedule')).toEqual(['reschedule']);
  });
});

describe('contentStems', () => {
  it('drops stop-words and digits', () => {
    expect(contentStems('I would like to move it to 5 please')).toEqual(['mov']);
  });
});

describe('overlap', () => {
  it('meets a synonym: "reserve" and "booking" mean the same', () => {
    expect(overlap(words('can I reserve something'), words('Make a booking.')).pairs).toEqual([{ mine: 'reserve', theirs: 'booking' }]);
  });
  it('finds nothing between unrelated words', () => {
    expect(overlap(words('what is the weather'), words('Make a booking.')).concepts).toEqual([]);
  });
  it('ignores stop-words unless they carry a concept', () => {
    expect(overlap(words('the and of'), words('the and of')).concepts).toEqual([]);
    expect(overlap(words('yes'), words('the caller must agree')).pairs).toEqual([{ mine: 'yes', theirs: 'agree' }]);
  });
});

describe('repair, fix and mend are one concept', () => {
  const values = ['technician_visit', 'new_unit'];
  const described = ['', 'How to put it right: "technician_visit" (we repair it where it is) or "new_unit" (collect it and swap it).'];
  it('"just send someone to fix it" names the value described as mending', async () => {
    const { readEnum } = await import('./enums');
    expect(readEnum(values, 'Just send someone to fix it, please.', described)).toMatchObject({ value: 'technician_visit' });
  });
  it('near miss: "it can\'t be fixed, send a new one" does not name the repair', async () => {
    const { readEnum } = await import('./enums');
    expect(readEnum(values, "It can't be fixed, so I'd like you to send a new one.", described)).not.toMatchObject({ value: 'technician_visit' });
  });
});
