// A list of enum values (an array parameter whose items are an enum) read from one caller line:
// each value the line names, less those it denies or excludes, and never a list it cannot be sure
// of (issue 32: "Don't need the legal stuff, or the garden" is no garden; "all the sciences except
// biology" is no biology and names no computer science; "Both" of two values is both).
import { formsOfNameWords } from './enum-word-forms';
import { readEnum } from './history-memo';
import { negationAt } from './polarity';
import { callerWords, classesOf, conceptOfWord, nameWords, stem, words } from './words';

/** Words after which the caller says the list they settle on: "make it", "let's say", "change it to". */
const SETTLES_LIST = /\b(?:make\s+it|let['’]?s\s+(?:say|do|make\s+it)|change\s+(?:it|that)\s+to|so\s+that['’]s)\b/gi;

export type ListReading = { values: unknown[]; said: string; why: string } | { unsure: string };

/** "except", "apart from": what follows is left out of what the caller wants. */
const EXCLUDING = /\b(?:except(?:\s+for)?|apart\s+from|other\s+than|but\s+not|excluding|bar|not\s+including)\s+(?:(?:the|a|an|any|my|his|her|their)\s+)?$/i;
/** "all the sciences", "any of the extras": a class named, not one of its values. */
// ("gone all crackly": "all" without "the" is how much, not which.)
const CLASS_OF = /\b(?:(?:all|any)\s+(?:of\s+)?(?:the|those|these)|every|each)\s+$/i;
/** "Both.", "Both, the building and…", "both of them, please": every value of a two-value list. */
const BOTH = /^(?:\s*(?:oh|erm|um|er|well|yes|yeah|ok|okay|right)[\s,.!]+)*both\b|\bboth\s+of\s+them\b|\b(?:we(?:['’]d| would)|i(?:['’]d| would))\s+(?:like|want|need|take)\s+both\b/i;
/**
 * "the straps as they are", "happy with the sleeves": a thing to leave as it is. ("The onions are
 * fine" could be either: it decides nothing.)
 */
const KEPT_AS_IS_AFTER = /^[\p{L}'’-]+\s+as\s+(?:it\s+is|they\s+are)\b/iu;
// ("The sidewalk's fine, my husband did that": of things to work on, one said to be fine needs
// nothing. Of things to have, "onions are fine" is a yes, and "Tuesday's fine" picks a day: only
// where the descriptions speak of work, and never for days and times.)
const FINE_AS_IS_AFTER = /^[\p{L}'’-]+(?:['’]s|\s+is|\s+are)\s+(?:fine|ok|okay|all\s+right|alright|good|in\s+good\s+nick|grand)(?:\s+(?:though|as\s+it\s+is|already))?\s*(?:[,.;!]|$)/iu;
const WORK_ON = /\b(?:clean|cleaned|cleaning|wash|washed|washing|repair|repaired|repairs|fix|fixed|paint|painted|painting|service|serviced|treat|treated|replace|replaced|mend|restore|refinish|jet|pressure)\b/i;
/** Values that are days or times of day: "Tuesday's fine" picks them. */
const DAY_OR_TIME = /^(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekdays?|weekends?|morning|afternoon|evening|night|am|pm|early|late|anytime)$/i;
const KEPT_AS_IS_BEFORE = /\b(?:happy\s+with|leave|keep)\s+(?:the\s+|my\s+|her\s+|his\s+)?$/i;
/** The particles of phrasal verbs ("take in", "let out", "put up"). */
const PARTICLE = /^(?:in|up|out|off|down|on|over|back|away)$/i;

/** A value named by a verb and its particle ("take_in") needs the particle after the verb (within two words). */
function particleSaid(value: unknown, line: string): boolean {
  const ws = nameWords(String(value));
  if (ws.length !== 2 || !PARTICLE.test(ws[1])) return true;
  const verb = conceptOfWord(ws[0]);
  const tokens = [...line.toLowerCase().matchAll(/[\p{L}'’]+/gu)].map((m) => m[0]);
  return tokens.some((t, i) => conceptOfWord(t) === verb && tokens.slice(i + 1, i + 4).includes(ws[1].toLowerCase()));
}

/** The thing a "…_free" value is free of ("gluten" of "gluten_free"), when it is one. */
function freeOfThing(value: unknown): string | undefined {
  const ws = nameWords(String(value));
  return ws.length >= 2 && /^free$/i.test(ws.at(-1)!) ? ws.slice(0, -1).join(' ') : undefined;
}

/** Words that say someone cannot have a thing: an allergy, an intolerance; "coeliac" is gluten's. */
const ALLERGY_AFTER = /^[\s-]*(?:allerg(?:y|ies|ic)|intoleran(?:t|ce)|sensitiv(?:e|ity))\b/i;
const NAMES_AN_ALLERGY: Record<string, RegExp> = { gluten: /\b(?:coeliac|celiac)s?\b/i };

/**
 * Whether the line says someone needs food free of `thing`: true for the thing denied ("nothing
 * with gluten", "no dairy") or an allergy to it stated; false for an allergy denied ("nobody's got
 * a nut allergy"); undefined when the line says neither.
 */
function needsFreeOf(thing: string, line: string): boolean | undefined {
  const allergy = NAMES_AN_ALLERGY[thing.toLowerCase()]?.exec(line);
  if (allergy) return negationAt(line, allergy.index) === undefined ? true : false;
  let need: boolean | undefined;
  for (const at of placesSaid(line, thing)) {
    const after = line.slice(at).replace(/^[\p{L}'’-]+/u, '');
    const denied = negationAt(line, at) !== undefined;
    if (ALLERGY_AFTER.test(after) || /\ballergic\s+to\s+(?:\w+\s+)?$/i.test(line.slice(Math.max(0, at - 24), at))) {
      if (!denied) return true;
      need = false;
    } else if (denied) return true;
  }
  return need;
}

/** A word of a value's name that makes it an absence ("no_sound", "not_working"). */
// ("wont_start", "cant_connect": a value's name may deny with a contraction written without its apostrophe.)
const ABSENCE = /^(?:no|not|none|non|without|never|wont|cant|doesnt|dont|isnt|wasnt|didnt|wouldnt|cannot)$/i;
/** How near before a word "except" or a class word must come to govern it. */
const GOVERNS_WITHIN = 40;

/** Where in `line` the words `said` (a value's words or one of them) are said: each place, by concept. */
function placesSaid(line: string, said: string): number[] {
  const wanted = words(said.replace(/[_-]/g, ' ')).map(conceptOfWord);
  if (!wanted.length) return [];
  const tokens = [...line.matchAll(/[\p{L}\p{N}'’]+/gu)];
  const out: number[] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (wanted.every((w, j) => tokens[i + j] && conceptOfWord(tokens[i + j][0].toLowerCase()) === w)) out.push(tokens[i].index ?? 0);
  }
  return out;
}

/** The said word is one word of a longer value name, and another value's name holds it too. */
function sharedPart(value: unknown, said: string, values: unknown[]): boolean {
  const own = nameWords(String(value));
  const saidWords = words(said.replace(/[_-]/g, ' '));
  if (own.length < 2 || saidWords.length !== 1) return false;
  const concept = conceptOfWord(saidWords[0]);
  return values.some((other) => other !== value && nameWords(String(other)).some((w) => conceptOfWord(w) === concept));
}

/**
 * The enum values a caller's line names for a list parameter. A value is kept when some place it is
 * said is neither denied ("don't need …, or the garden") nor excluded ("except biology") nor a class
 * ("all the sciences"); a value excluded anywhere is dropped ("except biology, he's fine with
 * biology"); a value both denied and affirmed leaves the list unsure, and an unsure list is asked
 * for, not written. `descriptions` are the parameter's and its tool's words (glosses of values).
 */
/**
 * Whether the caller meets `word` only by another form of it ("wind" for "winding") or by a phrase
 * ("Nothing else." for the "stop" of bus_stop): never the word itself or its plural, nor a kind of
 * it ("rowing machine" for gym equipment stands).
 */
function otherFormSaid(word: string, line: string): boolean {
  const w = word.toLowerCase();
  const same = (said: string) => said === w || said === `${w}s` || said === `${w}es` || `${said}s` === w || `${said}es` === w;
  // ("the door handle's gone": "handle's" is the word itself.)
  const said = words(line).map((x) => x.toLowerCase().replace(/['’]s$/, ''));
  if (said.some(same)) return false;
  // ("Everything sounds like I'm under water" is said for "muffled" itself: a phrase for the very word.)
  if (callerWords(line).slice(words(line).length).includes(w)) return false;
  // ("misty" for misted, "refurb" for refurbishment: the word in an everyday form of its own.)
  if (formsOfNameWords(said, [w]).some((f) => f.word === w)) return false;
  // (A kind said for a class, "rowing machine" for gym equipment, "two buses" for travel, names it.)
  if (said.some((x) => classesOf(x).some((c) => stem(c) === stem(w)))) return false;
  // A word of the same concept said ("wind" for winding), or none at all: the part was met by a
  // phrase ("Nothing else." is a goodbye, and no bus_stop's "stop").
  return true;
}

/** The clauses of a line that ask for work on something: "that wants doing again", "it needs replacing". */
function workClauses(line: string): string[] {
  return line.split(/[.;!?]+|,\s*(?=so\b|and\b|but\b)/i).filter((c) => /\b(?:wants?|needs?|could\s+do\s+with)\s+(?:a\s+(?:bit\s+of\s+)?)?[a-z]+ing\b/i.test(c) && !/\b(?:nothing|no|not|never|none)\b|n['’]t\b/i.test(c));
}

/** The word right after the one said at `at`. */
function nextWordAt(line: string, at: number): string {
  return (/^[\p{L}'’]+[\s-]+([\p{L}'’]+)/u.exec(line.slice(at))?.[1] ?? '').replace(/['’]s$/, '');
}
const at0 = (places: number[]) => places[0];

/** Whether the word said at `at` is followed by a word of another value's name ("door" of "door handle"). */
function modifiesAnother(line: string, at: number, said: string, value: unknown, values: unknown[]): boolean {
  if (/\s/.test(said.trim())) return false;
  const next = conceptOfWord(nextWordAt(line, at).toLowerCase().replace(/['’]s$/, ''));
  return next !== '' && values.some((other) => other !== value && nameWords(String(other)).some((w) => w.length > 2 && conceptOfWord(w) === next));
}

export function readEnumList(values: unknown[], line: string, descriptions: string[] = []): ListReading | undefined {
  // "Monday, Wednesday, Friday? … I'm at my daughter's Mondays. Make it Tuesday, Thursday and
  // Saturday": the list said after words of settling is the list, whatever was said before it.
  const settling = [...line.matchAll(SETTLES_LIST)].at(-1);
  if (settling) {
    const settled = readEnumList(values, line.slice((settling.index ?? 0) + settling[0].length), descriptions);
    if (settled && 'values' in settled) return { ...settled, why: `${settled.why}; said after "${settling[0].trim()}", which settles the list` };
  }
  const kept: { value: unknown; said: string }[] = [];
  const dropped: string[] = [];
  const sharedDropped: { value: unknown; said: string }[] = [];
  for (const value of values) {
    // "gluten_free", "nut_free": met by the thing denied ("nothing with gluten for him") or by an
    // allergy to it said and not denied ("a lad who's coeliac"); "nobody's got a nut allergy" is no.
    const freeOf = freeOfThing(value);
    if (freeOf !== undefined) {
      const need = needsFreeOf(freeOf, line);
      if (need === true) kept.push({ value, said: `${freeOf} (${nameWords(String(value)).join(' ')})` });
      else if (need === false) dropped.push(`${String(value)} (denied)`);
      else if (readEnum([value], line, descriptions) && placesSaid(line, nameWords(String(value)).join(' ')).length) kept.push({ value, said: nameWords(String(value)).join(' ') });
      continue;
    }
    // "no_sound", "not_working": a value that names an absence is met only where the caller denies
    // its thing ("there's no sound at all"); "the sound's gone all crackly" names sound, not its absence.
    const absence = nameWords(String(value)).filter((w) => !ABSENCE.test(w));
    if (absence.length > 0 && absence.length < nameWords(String(value)).length) {
      const denials = placesSaid(line, absence.join(' ')).filter((at) => negationAt(line, at) !== undefined);
      if (denials.length) kept.push({ value, said: `${nameWords(String(value)).join(' ')}` });
      else if (readEnum([value], line, descriptions)) dropped.push(`${String(value)} (names an absence the caller does not state)`);
      continue;
    }
    const read = readEnum([value], line, descriptions);
    if (!read || !('value' in read)) continue;
    // "take_in" is met by "take … in", not by "taking up": a particle of the value's name is said too.
    if (!particleSaid(value, line)) {
      dropped.push(`${String(value)} (its "${nameWords(String(value)).at(-1)}" is not said)`);
      continue;
    }
    // "our own clubs, so no hire clubs": where the value's whole name is said, and denied each time,
    // the caller denies it, whatever a part of its name says elsewhere.
    const whole = nameWords(String(value)).length > 1 ? placesSaid(line, nameWords(String(value)).join(' ')) : [];
    if (whole.length && whole.every((at) => negationAt(line, at) !== undefined)) {
      dropped.push(`${String(value)} (denied)`);
      continue;
    }
    // "I don't use a wheelchair" denies station_wheelchair, whatever "the station" said elsewhere:
    // a word of the value's name the caller denies denies the value.
    const nameParts = nameWords(String(value)).filter((w) => w.length > 2);
    const deniedPart = nameParts.length > 1 ? nameParts.find((w) => { const at = placesSaid(line, w); return at.length > 0 && at.every((x) => negationAt(line, x) !== undefined); }) : undefined;
    if (deniedPart) {
      dropped.push(`${String(value)} ("${deniedPart}" denied)`);
      continue;
    }
    // "wind it up every morning" is no winding_crown: where one word of a longer name is all the
    // caller meets, and in another form of the word ("wind" for "winding"), it names the doing, not
    // the part. (The same word, or its plural, still names it: "the glass" for broken_glass.)
    if (nameParts.length > 1 && !read.why.startsWith('names ') && otherFormSaid(read.said, line)) {
      dropped.push(`${String(value)} (only "${read.said}" of its name, said as another form)`);
      continue;
    }
    const places = placesSaid(line, read.said);
    // "the back door handle" names the handle: a word of one value's name said right before a word
    // of another's modifies it, and names only that other value (no dropped_door).
    if (nameParts.length > 1 && places.length && places.every((at) => modifiesAnother(line, at, read.said, value, values))) {
      dropped.push(`${String(value)} ("${read.said}" only says which ${nextWordAt(line, at0(places))})`);
      continue;
    }
    // A value read by its meaning, not its words, is where the line says it; its places are unknown.
    if (!places.length) {
      kept.push({ value, said: read.said });
      continue;
    }
    // "I'm happy with the straps as they are": left as it is, not wanted changed.
    const fineNeedsNothing = WORK_ON.test(descriptions.join(' ')) && !nameWords(String(value)).some((w) => DAY_OR_TIME.test(w));
    const keptAsIs = places.some((at) => KEPT_AS_IS_AFTER.test(line.slice(at)) || (fineNeedsNothing && FINE_AS_IS_AFTER.test(line.slice(at))) || KEPT_AS_IS_BEFORE.test(line.slice(Math.max(0, at - GOVERNS_WITHIN), at)));
    if (keptAsIs) {
      dropped.push(`${String(value)} (kept as it is)`);
      continue;
    }
    const excluded = places.some((at) => EXCLUDING.test(line.slice(Math.max(0, at - GOVERNS_WITHIN), at)));
    const classOnly = places.every((at) => CLASS_OF.test(line.slice(Math.max(0, at - GOVERNS_WITHIN), at)));
    const denied = places.filter((at) => negationAt(line, at) !== undefined);
    if (excluded || classOnly) {
      dropped.push(`${String(value)} (${excluded ? 'excluded' : `"${read.said}" names a class, not the value`})`);
      continue;
    }
    if (denied.length === places.length) {
      dropped.push(`${String(value)} (denied)`);
      continue;
    }
    if (denied.length) return { unsure: `the caller both denies and names ${String(value)}` };
    // "the sound's gone all crackly" names no "no_sound" or "weak_sound": a word the value's name
    // shares with another value's tells neither apart.
    if (sharedPart(value, read.said, values)) {
      // (Only where the values that share it are kinds of a service, not a thing and its absence:
      // "the signal's gone fuzzy" is no weak_signal, and says nothing no_signal holds.)
      const concept = conceptOfWord(words(read.said)[0] ?? '');
      const sharers = values.filter((v) => v !== value && nameWords(String(v)).some((w) => conceptOfWord(w) === concept));
      if (sharers.every((v) => !nameWords(String(v)).some((w) => ABSENCE.test(w)))) sharedDropped.push({ value, said: read.said });
      dropped.push(`${String(value)} ("${read.said}" is part of another value's name too)`);
      continue;
    }
    kept.push({ value, said: read.said });
  }
  if (values.length === 2 && BOTH.test(line) && dropped.length === 0) {
    return { values: [...values], said: 'both', why: `"both" of the two values (${values.map(String).join(', ')})` };
  }
  // "somebody to meet me" asks for one of meet_at_entrance and meet_at_arrival: when no value kept
  // holds the word, a list without either would leave out what the caller asked for, so the list
  // is asked for. ("the school they offered" is explained by sibling_at_school, kept.)
  const unexplained = sharedDropped.find((d) => !kept.some((k) => nameWords(String(k.value)).some((w) => conceptOfWord(w) === conceptOfWord(words(d.said)[0] ?? ''))));
  if (unexplained && kept.length) return { unsure: `"${unexplained.said}" is part of ${String(unexplained.value)} and another value's name, and no value taken holds it` };
  // "… the gold's all flaking off the letters, so that wants doing again": in a list of work, a
  // clause that asks for work ("wants doing", "needs replacing") and gave no value taken is work the
  // rules could not name; a list without it would leave it out, so the list is asked for.
  const unnamedWork = kept.length && WORK_ON.test(descriptions.join(' ')) ? workClauses(line).find((c) => !kept.some((k) => placesSaid(c, k.said).length > 0)) : undefined;
  if (unnamedWork) return { unsure: `"${unnamedWork.trim()}" asks for work no value of the list was read from` };
  if (!kept.length) return undefined;
  const why = [`named: ${kept.map((k) => `${String(k.value)} ("${k.said}")`).join(', ')}`, ...(dropped.length ? [`not taken: ${dropped.join(', ')}`] : [])].join('; ');
  return { values: kept.map((k) => k.value), said: kept.map((k) => k.said).join(', '), why };
}

