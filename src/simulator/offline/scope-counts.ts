// Which counts of a caller's line a count parameter may take when its schema has other counts too:
// the count said of its own thing ("three kids" for children), never one said of another's.
import type { JsonSchema } from '../../model';
import type { Candidate } from './fill-types';
import { negationAt } from './polarity';
import { conceptOfWord, isStopWord, nameWords, words } from './words';

/** The words a count is said of ("two of us adults" → "adults", "three kids" → "kids"). */
function nounAfter(line: string, index: number, said: string): string[] {
  const after = line.slice(index + said.length);
  // "four of us", said alone, counts people.
  if (/^\s+of\s+(?:us|them|you)\b(?!\s+[a-z])/i.test(after)) return ['people'];
  // ("a three-bed semi", "one of those three-seaters": the thing joined on by a hyphen, and only it:
  // "a two-bed flat" counts beds, not flats.)
  const joined = /^-([a-z'’]+)/i.exec(after);
  if (joined) return words(joined[1]).filter((w) => !isStopWord(w));
  const m = /^\s+(?:of\s+(?:us|them|you)\s+)?((?:[a-z'’-]+\s+){0,2}[a-z'’-]+)/i.exec(after);
  return m ? words(m[1]).filter((w) => !isStopWord(w)) : [];
}

/**
 * A count said with a noun that is not the parameter's thing ("as one word" for adults): for a
 * lone count parameter whose name or description says what it counts.
 */
function saidOfOtherThing(c: Candidate, line: string, name: string | undefined, described: Set<string> | undefined): boolean {
  if (!name || c.rule.startsWith('duration') || c.rule === HOW_OFTEN || c.rule === 'year-spoken' || c.rule === 'day-of-month-said') return false;
  const at = aloneAt(line, c.said);
  const noun = at >= 0 ? nounAfter(line, at, c.said).map(conceptOfWord) : [];
  const own = new Set([...nameConcepts(name), ...(described ?? [])]);
  // "ninety people" counts guests: people are what a count of guests, attendees or heads counts.
  if ([...own].some((w) => PERSONS.has(w)) && noun.some((w) => PERSONS.has(w))) return false;
  return noun.length > 0 && own.size > 0 && !noun.some((w) => own.has(w)) && /^(?:\s+|-)(?!of\b)[a-z]/i.test(line.slice(at + c.said.length));
}

/**
 * Nouns a number labels rather than counts when it follows them ("year ten", "room 5", "flat
 * two"): the number names which one, so it counts nothing, unless the parameter is that label's
 * (year_group takes "year ten").
 */
const LABELS = new Set('year room flat apartment unit number no platform gate level page bus route table seat row bay plot ward class form door size stage step group zone junction exit terminal house version series chapter part track'.split(' '));

/** The label noun just before a number, when one is ("year" of "year ten"). */
function labelBefore(line: string, c: Candidate): string | undefined {
  const at = aloneAt(line, c.said);
  const m = at > 0 ? /([a-z]+)\s+$/i.exec(line.slice(Math.max(0, at - 20), at)) : null;
  return m && LABELS.has(m[1].toLowerCase()) ? m[1].toLowerCase() : undefined;
}

/** A number that labels a thing this parameter is not about. */
const labelsAnother = (c: Candidate, line: string, name: string, described: Set<string> | undefined) => {
  const label = c.rule.startsWith('duration') ? undefined : labelBefore(line, c);
  return label !== undefined && !nameConcepts(name).has(conceptOfWord(label)) && !(described ?? new Set()).has(conceptOfWord(label));
};

/** Words of a parameter that measures a thing rather than counting people: a weight, a length, money. */
const MEASURES = /\b(?:kg|kgs|kilos?|kilograms?|weight|lbs?|pounds?|grams?|litres?|liters?|gallons?|metres?|meters?|feet|foot|inches|cm|mm|miles?|km|price|cost|budget|amount|value|dollars?|length|height|width|area|square)\b/i;

/** What follows a number said as the total: "four of us", "six in total", "five altogether". */
const TOTAL_AFTER = /^\s+(?:of\s+us\b|in\s+total\b|altogether\b|all\s+together\b|all\s+in\b|in\s+all\b|all\s+told\b)/i;
/** Words that settle on a number after another ("eighty, maybe ninety, so let's say ninety"). */
// ("two baths. Well, two and a half", "fourteen kids bowling... no, sixteen": a "well",
// "actually" or "no" that opens a clause corrects.)
const SETTLES_BEFORE = /(?:\b(?:so|say|let['’]?s\s+say|call\s+it|make\s+it|more\s+like)|(?:^|[.;,!?…]\s*)(?:well|actually|sorry|no|oh\s+no))[\s,]+(?:(?:maybe|about|around|roughly|say|probably|perhaps)\s+)?$/i;

/** Words that leave a count open again: "ninety, maybe a hundred", "or so", "possibly". */
const HEDGES_BEFORE = /\b(?:maybe|perhaps|possibly|or)\s+(?:(?:a|about|around|even)\s+)?$/i;

const DIGIT_WORD = '(?:zero|oh|nought|one|two|three|four|five|six|seven|eight|nine|double|triple|\\d)';

/** Where `said` is first said on its own from `from` on, not as one digit of a number read out (-1 if never). */
export function aloneAt(line: string, said: string, from = 0): number {
  const re = saidAlone(said);
  re.lastIndex = from;
  const m = re.exec(line);
  return m ? m.index : line.indexOf(said, from);
}

/** How many times `said` is said in the line on its own, not as one digit of a number read out. */
export function saidAloneTimes(line: string, said: string): number {
  return [...line.matchAll(saidAlone(said))].length;
}

/** `said` as a whole word, not next to another digit word ("five" of "eight five two", no). */
function saidAlone(said: string): RegExp {
  const escapedSaid = said.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<!\\b${DIGIT_WORD}[\\s,-]+)(?<![\\w])${escapedSaid}(?![\\w])(?![\\s,-]+${DIGIT_WORD}\\b)`, 'gi');
}

/**
 * "the side gate's about seventy-five centimetres? Hang on, I measured it... seventy-six": a bare
 * number said soon after a number of another thing, and near it, restates that one (its width), and
 * counts nothing of this parameter's.
 */
function restatesAnother(c: Candidate, ofOther: Candidate[], line: string): boolean {
  if (typeof c.value !== 'number') return false;
  const at = aloneAt(line, c.said);
  if (at < 0 || nounAfter(line, at, c.said).length > 0) return false;
  return ofOther.some((o) => {
    const oAt = aloneAt(line, o.said);
    return typeof o.value === 'number' && oAt >= 0 && oAt < at && at - oAt <= 80 && Math.abs(o.value - (c.value as number)) <= Math.max(2, o.value * 0.1);
  });
}

/** The rule of "twice a week" (readers.ts). */
const HOW_OFTEN = 'number-how-often';

/** A count said with this parameter's own thing after it ("two bedrooms" for bedrooms). */
function saidOfItsThing(c: Candidate, line: string, name: string, described: Set<string> | undefined): boolean {
  if (c.rule.startsWith('duration')) return false;
  const at = aloneAt(line, c.said);
  const own = new Set([...nameConcepts(name), ...(described ?? [])]);
  const noun = c.rule === HOW_OFTEN ? words(c.said).map(conceptOfWord) : at >= 0 ? nounAfter(line, at, c.said).map(conceptOfWord) : [];
  return noun.some((w) => own.has(w));
}

const nameConcepts = (name: string) => new Set(nameWords(name).filter((w) => !isStopWord(w)).map(conceptOfWord));

/**
 * The counts of a line a count parameter may take, when its schema has other counts too: a count
 * said of this parameter's own thing ("three kids" for children) comes first; one said of another
 * parameter's thing ("two of us adults") is that one's; and where the line says what its counts
 * count, a count said of nothing named is no evidence for this one (the agent asks).
 */
export function scopeCounts(name: string, line: string, allFound: Candidate[], counted: [string, JsonSchema | undefined][]): Candidate[] {
  // "I'm forty-two", "we're both well past sixty": an age, which counts nothing but years of age.
  const found = holdsAnAge(name, counted) ? allFound : allFound.filter((c) => !saidAsAnAge(line, c.said));
  const counts = counted.map(([p]) => p);
  // What each count counts: its name's words, else its description's ("Number of people travelling").
  const described = new Map(counted.map(([p, prop]) => [p, new Set(words(prop?.description ?? '').filter((w) => !isStopWord(w)).map(conceptOfWord))]));
  const unlabelled = found.filter((c) => !labelsAnother(c, line, name, described.get(name)));
  if (counts.length < 2) {
    // "There'll be ten of us … seven kilos": a weight, a length or an amount counts no people, so a
    // number said of "us" is no value of it, nor the party's total.
    const measure = MEASURES.test(`${nameWords(name).join(' ')} ${counted[0]?.[1]?.description ?? ''}`);
    const ofPeopleSaid = (c: Candidate) => { const at = aloneAt(line, c.said); return at >= 0 && /^\s+of\s+(?:us|them|you)\b/i.test(line.slice(at + c.said.length)); };
    const ofOther = unlabelled.filter((c) => saidOfOtherThing(c, line, counts[0], described.get(counts[0])));
    const kept = unlabelled.filter((c) => !ofOther.includes(c) && !(!measure && restatesAnother(c, ofOther, line)) && !(measure && ofPeopleSaid(c))).map((c) => (saidOfItsThing(c, line, name, described.get(name)) ? { ...c, rule: 'number-of-its-thing', why: `"${c.said}" counts what ${name} counts` } : c));
    // "me, my brother and his two girls, so four of us": the total said of the whole party counts
    // all of them; the two girls are part of it.
    const total = kept.find((c) => TOTAL_AFTER.test(line.slice(aloneAt(line, c.said) + c.said.length)));
    if (total) return [{ ...total, rule: 'number-total', why: `"${total.said}" is said as the whole party's number` }, ...kept.filter((c) => c !== total)];
    return settled(line, kept);
  }
  // A duration is said with its unit ("two weeks"): the unit already says what it counts.
  const durations = settledAmong(line, unlabelled.filter(isDuration), isDuration, DURATION_SETTLES, 'duration-settled');
  let cursor = 0;
  const read = unlabelled.filter((c) => !isDuration(c)).map((c) => {
    // (Where it is said alone: the "five" of "eight five two nine seven" is a digit of a zip.)
    const at = aloneAt(line, c.said, cursor);
    if (at >= 0) cursor = at + c.said.length;
    // "one of the boys uses a wheelchair" counts what its clause says of the one, not the boys.
    // "twice a week" counts what is done in the week: its period says what it counts.
    const noun = c.rule === HOW_OFTEN ? words(c.said).filter((w) => !isStopWord(w)).map(conceptOfWord) : c.rule === 'number-one-of' ? words(c.said.replace(/^one of (?:the|us|them|my|our|your)\s+[\w'’-]+\s*/i, '')).filter((w) => !isStopWord(w)).map(conceptOfWord) : at >= 0 ? nounAfter(line, at, c.said).map(conceptOfWord) : [];
    // ("about fifteen of them" for children beside oldest_age: "of them" counts people, and the one
    // count of people is theirs.)
    const ofPeople = noun.length === 1 && noun[0] === conceptOfWord('people') ? counts.filter((p) => !holdsAnAge(p, counted) && [...nameConcepts(p), ...described.get(p)!].some((w) => PERSONS.has(w) || PEOPLE.has(w) || CHILDREN.has(w))) : [];
    const owner = counts.find((p) => noun.some((w) => nameConcepts(p).has(w))) ?? counts.find((p) => noun.some((w) => described.get(p)!.has(w))) ?? (ofPeople.length === 1 ? ofPeople[0] : undefined);
    return { c, owner, noun };
  });
  // "fair weather as one word", "three nights": a count said of a thing no count parameter counts
  // is that thing's, not this one's (a count said of nothing, "four", may still be).
  const ownedOrBare = read.filter((r) => r.owner !== undefined || r.noun.length === 0 || readByItsClause(r.c));
  // "three bedrooms and two baths. Well, two and a half": a bare count that settles right after a
  // count of a thing corrects that count (its owner's), and the first is no longer meant.
  const corrected = read.map((r, i) => {
    const before = i > 0 ? read[i - 1] : undefined;
    if (!before?.owner || r.owner !== undefined || r.noun.length > 0) return r;
    const at = line.indexOf(r.c.said, line.indexOf(before.c.said) + before.c.said.length);
    return at >= 0 && SETTLES_BEFORE.test(line.slice(Math.max(0, at - 40), at)) ? { ...r, owner: before.owner, corrects: before } : r;
  });
  const correctedAway = new Set(corrected.flatMap((r) => ('corrects' in r && r.corrects ? [r.corrects.c] : [])));
  const mine = corrected.filter((r) => r.owner === name && !correctedAway.has(r.c) && (ownedOrBare.includes(r) || 'corrects' in r));
  if (mine.length) return [...durations, ...mine.map((r) => ({ ...r.c, rule: 'number-of-its-thing', why: `"${r.c.said}" counts what ${name} counts` }))];
  if (read.some((r) => r.owner !== undefined)) return durations;
  return [...durations, ...ownedOrBare.map((r) => r.c)];
}

/**
 * Two different counts for one count parameter ("twenty-five of them … so maybe forty", "eighty,
 * maybe ninety people, so let's say ninety"): the caller settles on the last when words of
 * settling lead to it; with none, the line gives no one count and none is read (the agent asks:
 * issue 32, the first was written where the caller meant the last).
 */
function settled(line: string, kept: Candidate[]): Candidate[] {
  const plain = (c: Candidate) => !isDuration(c) && c.rule !== HOW_OFTEN && c.rule !== 'year-spoken' && c.rule !== 'day-of-month-said';
  return settledAmong(line, settledAmong(line, kept, plain, SETTLES_BEFORE, 'number-settled'), isDuration, DURATION_SETTLES, 'duration-settled');
}

const isDuration = (c: Candidate) => c.rule.startsWith('duration');

/**
 * Words that settle on a length of time after another: those of a count, and a "but" ("He says a
 * fortnight, but put three weeks to be safe"): of two lengths the one after "but" is the one asked for.
 */
const DURATION_SETTLES = new RegExp(`${SETTLES_BEFORE.source}|\\bbut[\\s,]+(?:(?:put|make|book|do|say|go\\s+for)\\s+(?:(?:it|me|us|them)\\s+)?(?:(?:down\\s+)?(?:as|for|at)\\s+)?)?$`, 'i');

/** Of the candidates `inGroup` picks, two different values settle on the last one words of settling lead to, or on none. */
function settledAmong(line: string, kept: Candidate[], inGroup: (c: Candidate) => boolean, settlesRe: RegExp, rule: string): Candidate[] {
  const plain = kept.filter(inGroup);
  if (new Set(plain.map((c) => c.value)).size < 2) return kept;
  // The last count words of settling lead to ("No, make it seven and a half, my brother eats for
  // two"): a count said after it settles nothing, unless it hedges again ("… maybe a hundred").
  const at = (c: Candidate) => line.lastIndexOf(c.said);
  const settles = (c: Candidate) => settlesRe.test(line.slice(Math.max(0, at(c) - 40), at(c)));
  const byPlace = [...plain].sort((a, b) => at(a) - at(b));
  const lastSettled = [...byPlace].reverse().find(settles);
  const hedgedAfter = lastSettled !== undefined && byPlace.some((c) => at(c) > at(lastSettled) && c.value !== lastSettled.value && HEDGES_BEFORE.test(line.slice(Math.max(0, at(c) - 20), at(c))));
  const last = lastSettled && !hedgedAfter ? lastSettled : byPlace[byPlace.length - 1];
  if (settles(last) && !hedgedAfter) return [{ ...last, rule, why: `"${last.said}" is the number the caller settles on, after ${plain.filter((c) => c.value !== last.value).map((c) => `"${c.said}"`).join(', ')}` }];
  // (A number said inside a length let go, the "three" of "three weeks", goes with it.)
  const spans = plain.map((c) => [line.lastIndexOf(c.said), line.lastIndexOf(c.said) + c.said.length]);
  const inside = (c: Candidate) => { const at = line.lastIndexOf(c.said); return spans.some(([a, b]) => at >= a && at + c.said.length <= b && c.said.length < b - a); };
  return kept.filter((c) => !plain.includes(c) && !inside(c));
}

/** A count read by its own rule (one of…): its clause, not the word after it, says what it counts. */
const readByItsClause = (c: Candidate) => c.rule === 'number-one-of';

/** Words for children counted. */
const CHILDREN = new Set('child children kid kids'.split(' ').map(conceptOfWord));

/** Words for people counted at an event or in a party: one counts what another does. */
const PERSONS = new Set('people person persons guest guests attendee attendees visitor visitors heads folk adults adult passengers diners covers pax'.split(' ').map(conceptOfWord));

/** The concepts of people a count of others may be about: "other_adults", "other_occupants". */
const PEOPLE = new Set(['adult', 'adults', 'people', 'person', 'persons', 'occupant', 'occupants', 'resident', 'residents'].map(conceptOfWord));

/** Words of a count's name that say how it is counted, not what: "number_of_claims", "claims_last_5_years". */
const COUNTING = /^(?:number|num|count|total|how|many|much|of|last|past|previous|in|within|over|under|\d+|minutes?|hours?|days?|nights?|weeks?|months?|years?)$/i;

/**
 * None, when the caller denies the very thing a count counts and gives no number for it: "we've
 * never claimed" is 0 claims, "no pets" is 0 pets. The negator must stand close before the word
 * ("not sure how many claims" denies the knowing, not the claims).
 */
export function noneSaid(name: string, line: string): Candidate | undefined {
  // ("years_since_tuned": "not since we moved" denies no count; only a thing's word can.)
  const thing = new Set(nameWords(name).filter((w) => !isStopWord(w) && !COUNTING.test(w) && !/^(?:since|ago|last|per|until|till|before|after)$/i.test(w)).map(conceptOfWord));
  if (!thing.size) return undefined;
  // "There's nobody else, it's just me" for a count of the other people: none.
  const others = /\bother\b/i.test(nameWords(name).join(' ')) && [...thing].some((w) => PEOPLE.has(w));
  const nobody = others ? /\b(?:nobody|no\s*one|no-one)(?:\s+else)?\b|\b(?:it['’]s|it\s+is)\s+(?:literally\s+|only\s+)?just\s+me\b/i.exec(line) : null;
  if (nobody) return { value: 0, said: nobody[0], rule: 'number-none', why: `"${nobody[0]}" says there is no one else: none` };
  for (const m of line.matchAll(/[\p{L}'’]+/gu)) {
    if (!thing.has(conceptOfWord(m[0].toLowerCase()))) continue;
    // "we're not really morning people": the word is the head of another thing ("morning people"),
    // and the "not" denies that thing, not that there are any.
    const wordBefore = /([\p{L}'’]+)\s+$/u.exec(line.slice(Math.max(0, (m.index ?? 0) - 30), m.index ?? 0))?.[1];
    if (wordBefore && !isStopWord(wordBefore) && !NONE_BEFORE.test(wordBefore)) continue;
    const negator = negationAt(line, m.index ?? 0, NONE_WITHIN);
    if (negator) return { value: 0, said: `${negator} … ${m[0]}`, rule: 'number-none', why: `"${negator} … ${m[0]}" denies any ${m[0]}: none` };
  }
  return undefined;
}

/**
 * A count said and its thing denied in one line ("There's one alarm … so none working really"):
 * the caller settles on none when words of settling lead to the denial after the count; else the
 * line gives no one count and none is read (the agent asks).
 */
export function againstNone(name: string, line: string, scoped: Candidate[]): Candidate[] {
  const counts = scoped.filter((c) => !c.rule.startsWith('duration') && c.value !== 0);
  const none = counts.length ? noneSaid(name, line) : undefined;
  if (!none) return scoped;
  // (As whole words: the "one" inside "none" is no count said after it.)
  const lastAt = (said: string) => Math.max(-1, ...[...line.matchAll(new RegExp(`(?<![\\p{L}\\p{N}])${said.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'giu'))].map((m) => m.index ?? -1));
  const noneAt = lastAt(none.said.split(' … ')[0]);
  const lastCount = Math.max(...counts.map((c) => lastAt(c.said)));
  if (noneAt > lastCount && SETTLES_BEFORE.test(line.slice(Math.max(0, noneAt - 40), noneAt))) {
    return [{ ...none, rule: 'number-none-settled', why: `${none.why}, settled on after "${counts.map((c) => c.said).join('", "')}"` }];
  }
  return scoped.filter((c) => !counts.includes(c));
}

/** Words that may stand between a negator and the thing it denies: "no other children", "none working". */
const NONE_BEFORE = /^(?:no|none|not|never|any|other|others|more|extra|spare|further|additional|else|working|real|actual|younger|older|small|little|big|young)$/i;

/** How near before the counted word a negator must come for "none". */
const NONE_WITHIN = 2;

/** Words before a number that make it someone's age: "I'm", "he's", "aged", "well past", "turned". */
const AGE_BEFORE = /\b(?:i['’]m|i\s+am|we['’]re(?:\s+both|\s+all)?|he['’]s|she['’]s|they['’]re(?:\s+both|\s+all)?|aged|(?:well\s+|just\s+)?(?:past|turned|turning|turns))\s+$/i;
/** What follows a number said as an age: the line's end, a pause, "years old", "next month". */
const AGE_AFTER = /^(?:\s*(?:years?\s+old|[,.;!?]|$|and\b|next\b|in\b|now\b|mind\b))/i;

/** A number said as someone's age ("I'm forty-two.", "he's eight, nine in February"). */
function saidAsAnAge(line: string, said: string): boolean {
  const at = line.indexOf(said);
  return at >= 0 && AGE_BEFORE.test(line.slice(Math.max(0, at - 24), at)) && AGE_AFTER.test(line.slice(at + said.length));
}

/** A count parameter that holds an age, by its name or description ("age", "how old"). */
function holdsAnAge(name: string, counted: [string, JsonSchema | undefined][]): boolean {
  const prop = counted.find(([p]) => p === name)?.[1];
  return /\b(?:age|ages|aged|old|older|years?)\b/i.test(`${nameWords(name).join(' ')} ${prop?.description ?? ''}`);
}

/** Rules that read a count by what it counts ("twelve" of "he's twelve" is an age), not a bare number. */
const OWN_COUNT_RULES = new Set(['number-age', 'number-of-its-thing', 'number-settled', 'number-total', 'number-people-listed', 'number-one-of', 'number-how-often']);

/**
 * "He's a cob, about fourteen-two. And he's... twelve?": one number said once, read for two counts
 * (age and height), is the one count's whose rule says what it counts; the others lose it. Where no
 * rule or several say so, none keeps it (the agent asks). Returns the parameters to clear.
 */
export function numbersReadTwice(filled: Readonly<Record<string, { value: unknown; said?: string; rule: string; fromLatest?: boolean }>>, line: string): string[] {
  const byWords = new Map<string, string[]>();
  for (const [name, f] of Object.entries(filled)) {
    if (typeof f.value !== 'number' || !f.said || !f.fromLatest) continue;
    const key = `${f.value}|${f.said.toLowerCase()}`;
    byWords.set(key, [...(byWords.get(key) ?? []), name]);
  }
  return [...byWords.values()].filter((names) => names.length > 1).flatMap((names) => {
    const own = names.filter((n) => OWN_COUNT_RULES.has(filled[n].rule));
    if (own.length === 1) return names.filter((n) => n !== own[0]);
    // ("two adults and two children": "two" said twice, once for each; said again with nothing to
    // say what it counts, "twelve? … so twelve", it is one number restated.)
    return own.length === names.length && saidAloneTimes(line, filled[names[0]].said!) >= names.length ? [] : names;
  });
}
