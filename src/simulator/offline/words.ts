// Words as the offline model compares them: lower-cased, stemmed, stop-words dropped, and each
// word widened to the general-English concept it belongs to, so that a caller's "reserve" meets a
// tool's "booking". The synonym table holds everyday words only; none comes from an example agent.

/** Verbs of saying: no intent of their own, but a capitalised one may be a surname ("Omar Said"). */
const SAYING_WORDS = 'say says said saying tell tells told telling';
export const isSayingWord = (word: string): boolean => SAYING_WORDS.split(' ').includes(word.toLowerCase());

/** Words that carry no intent of their own ("say" and "tell" are how a thing is said, not what). */
const STOP = new Set(
  `a an the and or but if then so to of in on at for from by with about as into over under up down out off
   i me my mine myself we us our you your yours he him his she her it its they them their this that these those
   is am are was were be been being do does did have has had will would shall should can could may might must
   please just also too very really there here what which who whom whose when where why how all any some no not
   only own same than such each few more most other again once get got let like want wanted need needed would
   hi hello hey yes yeah ok okay thanks thank one two three four five six seven eight nine ten
   i'm i've i'll i'd you're you've you'll you'd we're we've we'll it's that's there's let's they're he's she's
   what's don't doesn't didn't can't won't isn't aren't wasn't
   ${SAYING_WORDS}`
    .split(/\s+/)
    // A contraction is a stop-word however its apostrophe is typed ("I’m" as well as "I'm").
    .flatMap((w) => [w, w.replace("'", '’')]),
);

/**
 * Everyday synonyms, one concept per line: the first word names the concept. Kept small and
 * general on purpose (the rules must work for any agent, not for one example).
 */
const SYNONYMS = [
  'book reserve reservation schedule appointment booking arrange spot',
  'cancel cancellation drop remove delete',
  'end hang bye goodbye finish done stop',
  'greeting hello hi hey greet',
  'agree yes sure confirm correct accept approve fine works',
  'refuse no nope decline reject wrong',
  'change reschedule move modify update',
  'find search look check available availability free open',
  'price cost fee charge much',
  'human person operator representative transfer staff',
  'phone number contact reach mobile cell telephone',
  // A machine that "won't empty" is not draining.
  'drain drains draining empty emptying',
  'email mail inbox',
  'date day',
  'time hour clock',
  'birth born birthday',
  'pay payment card bill',
  'address street live',
  'help assist support problem issue',
  'question ask info information',
  'child kid son daughter boy girl children',
  'forget forgot forgotten',
  'login log logon signin',
  'power electric',
  'escort accompany',
  'collect fetch',
  // Putting a thing right: "send someone to fix it" asks for a repair.
  'repair fix mend',
  'unwell ill sick poorly',
  // Food people cannot or will not eat: "three veggies" are vegetarians.
  'vegetarian veggie veggies',
  'adult grown grownup',
  'pound quid sterling',
  // A period and its adjective: "every month" is monthly.
  'month monthly',
  'week weekly',
  // Once in two weeks.
  'fortnight fortnightly biweekly',
  'year yearly annual annually',
  'daily everyday',
  // "a three-bed semi": a bed counts bedrooms.
  'bedroom bed',
  // "two and a half baths": a bath counts bathrooms.
  'bathroom bath',
  // Where a car stands, and how tall a house is, as people say them.
  'driveway drive',
  'carriageway road',
  'storey storeys floor floors',
  'dollar buck',
  // A light that goes on and off as people say it: flashing, blinking.
  'flicker flash blink strobe',
].map((line) => line.split(' '));

/**
 * Everyday words for a class and words for its kinds ("medication": antibiotics, inhalers…). Only
 * denial passes down the class: "not on any medication" is no antibiotics, but "on medication" is
 * no evidence of antibiotics.
 */
const CLASSES: Record<string, string[]> = {
  medication: ['antibiotic', 'painkiller', 'inhaler', 'insulin', 'steroid', 'antidepressant', 'tablet', 'pill'],
  medicine: ['antibiotic', 'painkiller', 'inhaler', 'insulin', 'steroid', 'antidepressant', 'tablet', 'pill'],
  drug: ['antibiotic', 'painkiller', 'steroid', 'antidepressant'],
  // Animals kept at home, and the youngest children by their own words.
  pet: ['cat', 'kitten', 'dog', 'puppy', 'hamster', 'guinea', 'budgie', 'parrot', 'tortoise', 'ferret', 'gerbil'],
  // What a neighbour or a room next door makes heard ("a party going on" is noise).
  noise: ['party', 'music', 'bass', 'shouting', 'banging', 'drilling', 'barking', 'snoring'],
  // Brothers and sisters ("his big sister's already there" speaks of a sibling), and the ways of
  // getting somewhere ("two buses away" speaks of travel).
  sibling: ['brother', 'sister', 'twin', 'stepbrother', 'stepsister'],
  travel: ['bus', 'train', 'tram', 'commute', 'journey'],
  child: ['toddler', 'baby', 'infant', 'teenager', 'newborn'],
  // The people of a family, as a caller names them ("out with my dad" is out with family).
  family: ['mum', 'mother', 'mam', 'dad', 'father', 'parent', 'brother', 'sister', 'son', 'daughter', 'aunt', 'uncle', 'cousin', 'gran', 'granny', 'grandma', 'grandad', 'grandpa', 'nan', 'wife', 'husband'],
  // Creatures a household calls pests.
  pest: ['mouse', 'mice', 'rat', 'wasp', 'hornet', 'bedbug', 'flea', 'cockroach', 'moth', 'squirrel', 'pigeon', 'silverfish', 'woodworm', 'termite'],
  // Machines and weights for exercise at home ("my husband's rowing machine").
  gym: ['treadmill', 'rowing', 'rower', 'dumbbell', 'kettlebell', 'barbell', 'crosstrainer', 'exercise'],
  // Things that plug in, as a tip, a shop or a repairer sorts them.
  electrical: ['tv', 'telly', 'television', 'fridge', 'freezer', 'microwave', 'kettle', 'toaster', 'computer', 'laptop', 'printer', 'dishwasher', 'hoover', 'lamp'],
  // What burns fuel to heat a room or cook ("a little stove" may be a wood burner or a multi-fuel).
  stove: ['woodburner', 'burner', 'multifuel', 'range', 'aga', 'woodstove'],
  // What goes on a road ("it was another car" speaks of another vehicle).
  vehicle: ['car', 'van', 'lorry', 'truck', 'bus', 'coach', 'motorbike', 'motorcycle', 'scooter', 'cab', 'minibus', 'tractor', 'suv', 'pickup'],
};

/** The class words that hold a kind ("antibiotics" → medication, medicine, drug). */
export function classesOf(word: string): string[] {
  const kind = stem(word);
  return Object.entries(CLASSES).filter(([, kinds]) => kinds.some((k) => stem(k) === kind)).map(([c]) => c);
}

/**
 * Everyday phrases whose meaning no single word of theirs carries, each with a word of the concept
 * it stands for: "come in" is a visit, "that's all" a goodbye. General English only.
 */
const PHRASES: [RegExp, string][] = [
  [/\b(?:come|pop|drop|stop|get) (?:in|by|over)\b|\bsee (?:the|a|my) (?:doctor|dentist|nurse|specialist|hygienist)\b/i, 'appointment'],
  // Not remembering is forgetting; locked out of an account is not able to sign in.
  [/\b(?:can['’]?t|cannot|can not|couldn['’]t|don['’]t|do not|didn['’]t)\s+remember\b/i, 'forget'],
  [/\blocked out\b|\b(?:can['’]?t|cannot|can not|couldn['’]t)\s+(?:log|sign|get)\s*(?:in|on|into)\b/i, 'sign'],
  // Coming through fast is pouring, whatever it is that comes.
  [/\b(?:coming|running|gushing|flowing|pouring)\s+(?:(?:in|out|through|down|everywhere)\s+)?(?:fast|quickly|heavily|a lot)\b/i, 'pouring'],
  // Picking someone or something up is collecting: "pick her up", "picking them up".
  [/\bpick(?:ing|ed)?\s+(?:(?:her|him|them|it|us|me|the\s+\w+)\s+)?up\b/i, 'collect'],
  // "We're all out in the garden", "everyone's outside": they have left the building.
  [/\b(?:we['’]re|we are|everyone['’]s|everyone is|everybody['’]s|everybody is|they['’]re|they are)\s+(?:all\s+)?(?:out(?:side)?\b|out of the (?:house|building|flat|property))/i, 'left'],
  // Going along with someone is accompanying them: "I'll be going with her", "my son's coming with me".
  [/\b(?:going|coming|travell?ing|go|come|travel|ride|riding)\s+(?:along\s+)?with\s+(?:her|him|them|me|us)\b/i, 'accompany'],
  // Taking a garment up is shortening it, its hem: "it'll need taking up", "take the trousers up".
  [/\b(?:tak(?:e|es|ing|en)|took)\s+(?:(?:it|them|the\s+\w+)\s+)?up\b(?!\s+(?:with|on|to|tennis|golf|running|swimming|space|room|time))/i, 'hem'],
  // Hearing as if through water or wool is muffled hearing: "everything sounds like I'm under water".
  [/\b(?:under\s?water|through\s+cotton\s+wool|bunged\s+up)\b/i, 'muffled'],
  [/\bthat['’]?s (?:all|it|everything)\b|\bnothing else\b|\ball (?:set|done)\b|\bhave a (?:nice|good|great|lovely) (?:day|one|evening|weekend)\b|\btake care\b|\bsee you\b|\bcheers\b|\bthat (?:will|would) be all\b/i, 'bye'],
];

/** The caller's words, then a word for each everyday phrase the line holds ("come in" → appointment). */
export function callerWords(text: string): string[] {
  return [...words(text), ...PHRASES.filter(([re]) => re.test(text)).map(([, word]) => word)];
}

/** Stem → the concept its word belongs to (the line's first word, itself stemmed). */
const CONCEPT = new Map<string, string>();
for (const group of SYNONYMS) {
  const head = stem(group[0]);
  for (const word of group) if (!CONCEPT.has(stem(word))) CONCEPT.set(stem(word), head);
}

/** A light suffix stemmer: enough for "booking", "booked", "bookings" and "book" to meet. */
export function stem(word: string): string {
  let w = word.toLowerCase().replace(/['’]s$/, '');
  if (w.length <= 3) return w;
  for (const suffix of ['ations', 'ation', 'ings', 'ing', 'ity', 'ied', 'ies', 'ed', 'es', 's']) {
    // "-ation" leaves four letters at least: "donation" is not "done" ("don"), "reservation" is "reserve";
    // "-ity" five ("electricity" is "electric", "city" stays itself).
    const least = suffix.startsWith('ation') ? 4 : suffix === 'ity' ? 5 : 3;
    if (w.endsWith(suffix) && w.length - suffix.length >= least && !(suffix === 's' && w.endsWith('ss'))) {
      w = w.slice(0, -suffix.length) + (suffix === 'ies' || suffix === 'ied' ? 'y' : '');
      break;
    }
  }
  // "crackly" and "crackling", "wobbly" and "wobbling": an adjective in -ly after a consonant and l.
  if (w.length >= 6 && /[bcdgkptz]ly$/.test(w)) w = w.slice(0, -1);
  if (w.length > 3 && w.endsWith('e')) w = w.slice(0, -1);
  // "cancelled" and "cancel", "running" and "run" end alike once a doubled last letter is one.
  if (w.length > 3 && /([b-df-hj-np-tv-z])\1$/.test(w)) w = w.slice(0, -1);
  return w;
}

/** snake_case, camelCase and kebab-case names as words: "bookSlot_now" → ["book", "slot", "now"]. */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

/** The words of a text, lower-cased, in order (apostrophes kept inside words: "don't"). */
export function words(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9]+(?:['’][a-z]+)?/g) ?? [];
}

export const isStopWord = (word: string): boolean => STOP.has(word.toLowerCase());

/** The content words of a text (stop-words dropped), stemmed. */
export function contentStems(text: string): string[] {
  return words(text).filter((w) => !STOP.has(w) && !/^\d+$/.test(w)).map(stem);
}

/** The concept a stem stands for: its synonym line's head, or the stem itself. */
export const conceptOf = (stemmed: string): string => CONCEPT.get(stemmed) ?? stemmed;

/** A word → the concept it means, for explaining a match ("reserve" → "book"). */
export const conceptOfWord = (word: string): string => conceptOf(stem(word));

export interface Overlap {
  /** The concepts both texts share. */
  concepts: string[];
  /** For each shared concept, the first word of each side that carried it (for the rule's note). */
  pairs: { mine: string; theirs: string }[];
}

/** Which concepts the caller's words share with another text's words (stop-words ignored). */
export function overlap(mine: string[], theirs: string[]): Overlap {
  const theirConcepts = new Map<string, string>();
  for (const w of theirs) {
    if (STOP.has(w) && conceptOfWord(w) === stem(w)) continue;
    const c = conceptOfWord(w);
    if (!theirConcepts.has(c)) theirConcepts.set(c, w);
  }
  const concepts: string[] = [];
  const pairs: { mine: string; theirs: string }[] = [];
  for (const w of mine) {
    if (/^\d+$/.test(w)) continue;
    // A stop-word counts only when it is in the synonym table ("yes" → agree, "hello" → greeting).
    if (STOP.has(w) && conceptOfWord(w) === stem(w)) continue;
    const c = conceptOfWord(w);
    // A kind meets its class ("mice" a "pest problem"); a class never meets a kind (classesOf).
    const cls = theirConcepts.has(c) ? c : classesOf(w).map(conceptOfWord).find((k) => theirConcepts.has(k));
    const match = cls === undefined ? undefined : theirConcepts.get(cls);
    if (match !== undefined && cls !== undefined && !concepts.includes(cls)) {
      concepts.push(cls);
      pairs.push({ mine: w, theirs: match });
    }
  }
  return { concepts, pairs };
}
