// Issue 14, point 8: the paraphrase matrix of the corpus. Three corpus agents (one per kind of
// file the model meets: a Pinecall class, a Block Agent with a wait, a Block Agent that chooses
// between tools by their descriptions) each get five phrasings of every caller line. A first-time
// caller says the same thing many ways, and the happy path must hold for each. The runs: every
// phrasing of one line with the other lines as scripted, plus a fixed sample of mixed
// combinations (a seeded shuffle, so every run of this file plays the same ones). The completion
// rate is printed and held above a floor.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCorpusAgent, playCorpusAgent, type CorpusAgent } from './corpus-harness';

/** Phrasings per caller line, the script's own first; each says the same facts as the script. */
const MATRIX: Record<string, string[][]> = {
  'parcel-redelivery.tsx': [
    [
      'Hi, you tried to drop something off while I was at work and left a card.',
      'Hello, I missed a delivery today and need it sent again.',
      "Hi there, I wasn't home when your driver came, can you bring my parcel another day?",
      "I've got one of your sorry-we-missed-you cards.",
      "Hiya, a parcel of mine couldn't be delivered and I'd like to sort out a new delivery.",
    ],
    [
      "The number on it is JD014600003827 and I'm at M14 5RT.",
      "It's JD014600003827, postcode M14 5RT.",
      "Tracking number JD 0146 0000 3827, and the postcode's M14 5RT.",
      'The card says JD014600003827. I live at M14 5RT.',
      'Postcode M14 5RT, and the reference is JD014600003827.',
    ],
    [
      'Thursday would be great, and yes, the driver can leave it with the neighbour at number 12.',
      "Can you bring it on Thursday? If I'm out, leaving it with the neighbour at number 12 is fine.",
      'Thursday please. Yes, it can go with the neighbour at number 12.',
      "Let's say Thursday, and the driver is welcome to leave it with the neighbour at number 12.",
      'Thursday works. You can leave it with the neighbour at number 12, yes.',
    ],
    ["Yes, that's right.", 'Yes please.', "That's correct.", 'Yep, go ahead.', 'Sounds good.'],
  ],
  'vet-appointment.yaml': [
    [
      "Hello, my dog has been limping since yesterday and I'd like someone to have a look at him.",
      "Hi, I'd like to bring my dog in, he's been limping on his back leg.",
      "Good morning, my dog's hurt his paw and I'd like him checked over.",
      'Hello, could a vet take a look at my dog? He keeps limping.',
      'Hi, my dog is limping badly and I need an appointment for him.',
    ],
    [
      "He's called Biscuit, he's a dog, a spaniel, and the surname is Okonkwo.",
      "His name's Biscuit, he's a dog, and my surname is Okonkwo.",
      "Biscuit, a dog, and it's under Okonkwo.",
      'The dog is called Biscuit and our family name is Okonkwo.',
      "Okonkwo is the surname, and the dog's name is Biscuit.",
    ],
    [
      'Could we come on Friday at half past four in the afternoon?',
      'Friday at 4:30 pm if you can.',
      'Is Friday at half four in the afternoon any good?',
      'Friday, around 16:30?',
      'Friday at half past four in the afternoon, please.',
    ],
  ],
  'it-service-desk.yaml': [
    [
      "Morning. I've been locked out since Monday, I can't remember what I set it to.",
      "Hi, I forgot my password and can't get into my laptop.",
      'Hello, my password expired over the weekend and now I can not sign in.',
      "I can't log in, I think I've forgotten my password.",
      "Hi, I need my password resetting please, I can't remember it.",
    ],
    [
      "It's HX-5530921, and my last name is Adeyemi.",
      'Staff number HX-5530921, surname Adeyemi.',
      'Adeyemi, badge number HX-5530921.',
      "My number is HX-5530921 and it's Adeyemi.",
      "The badge says HX-5530921. Surname's Adeyemi.",
    ],
    ["Yes, I've got it right here.", 'Yes.', "Yeah, it's in my hand.", 'I do, yes.', 'Yep, got it with me.'],
  ],
};

/** Mixed combinations per agent, on top of the one-line-at-a-time runs. */
const MIXED = 4;
/**
 * The completion rate the offline model reaches over this matrix (issue 14, point 8: 52.7%, 29 of
 * 55, when it was written; 81.8%, 45 of 55, once it completed every corpus agent, 2026-12-01),
 * rounded down to a tenth: a change to the model may raise it, never lower it. Raise it as the
 * model learns.
 */
const FLOOR = 0.8;

/** A small seeded generator (mulberry32): the same sample on every run, on every machine. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Which phrasing of each line a run uses: each line's variants in turn, then the mixed sample. */
function combinations(phrasings: string[][], mixed: number, seed: number): number[][] {
  const base = phrasings.map(() => 0);
  const out: number[][] = [base];
  phrasings.forEach((variants, line) => variants.slice(1).forEach((_, i) => out.push(base.map((b, l) => (l === line ? i + 1 : b)))));
  const random = seeded(seed);
  const seen = new Set(out.map((c) => c.join()));
  for (let tries = 0; out.length < phrasings.reduce((n, v) => n + v.length - 1, 1) + mixed && tries < 1000; tries++) {
    const pick = phrasings.map((variants) => Math.floor(random() * variants.length));
    if (!seen.has(pick.join())) {
      seen.add(pick.join());
      out.push(pick);
    }
  }
  return out;
}

const realFetch = globalThis.fetch;
beforeAll(() => {
  globalThis.fetch = (() => Promise.reject(new Error('the offline model must not use the network'))) as typeof fetch;
});
afterAll(() => {
  globalThis.fetch = realFetch;
});

describe('the sample of combinations', () => {
  it('covers every phrasing of every line and adds distinct mixed ones, the same each time', () => {
    const phrasings = [['a0', 'a1', 'a2'], ['b0', 'b1']];
    const combos = combinations(phrasings, 2, 7);
    expect(combos.slice(0, 4)).toEqual([[0, 0], [1, 0], [2, 0], [0, 1]]);
    expect(combos).toHaveLength(6);
    expect(new Set(combos.map((c) => c.join())).size).toBe(6);
    expect(combinations(phrasings, 2, 7)).toEqual(combos);
  });
});

describe('the paraphrase matrix', () => {
  it(
    'completes the happy path in enough of the phrasings, and prints the rate',
    async () => {
      let runs = 0;
      let completed = 0;
      const misses: string[] = [];
      for (const [file, phrasings] of Object.entries(MATRIX)) {
        const agent: CorpusAgent = await loadCorpusAgent(file);
        expect(phrasings, `${file}: one row of phrasings per caller line`).toHaveLength(agent.script.lines.length);
        phrasings.forEach((variants) => expect(variants).toHaveLength(5));
        expect(phrasings.map((v) => v[0])).toEqual(agent.script.lines);
        let done = 0;
        const combos = combinations(phrasings, MIXED, file.length);
        for (const combo of combos) {
          const result = await playCorpusAgent(agent, combo.map((i, line) => phrasings[line][i]));
          if (result.completed) done++;
          else misses.push(`${agent.name} [${combo.join(',')}]: ${result.divergence}`);
        }
        console.log(`paraphrase matrix: ${agent.name} (${agent.runtime}) completed ${done} of ${combos.length}`);
        runs += combos.length;
        completed += done;
      }
      const rate = completed / runs;
      console.log(`paraphrase matrix: completion rate ${(rate * 100).toFixed(1)}% (${completed} of ${runs})`);
      if (misses.length) console.log(`paraphrase matrix, runs that left the path:\n  ${misses.join('\n  ')}`);
      expect(rate).toBeGreaterThanOrEqual(FLOOR);
    },
    60_000,
  );
});
