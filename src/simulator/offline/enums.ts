// Reading an enum value from the caller's words as a person would: by the value's own words
// ("drive-through" names drive_through), by what the parameter's or tool's description says the
// value means ("no_connection: nothing works at all" is named by "nothing loads"), and by the
// stronger evidence when two values are named. A true tie is reported, so the agent asks which.
import { withoutTimes } from './dates';
import { findNumbers } from './extract';
import { findLargeNumberWords, numberWordValue } from './ids';
import { deniedConcepts } from './polarity';
import { callerWords, classesOf, conceptOfWord, isStopWord, nameWords, stem, words } from './words';
import { namedBesideItsThing, pickedOutright } from './enum-ties';
import { formsOfNameWords, particlesUnsaid, PHRASAL_PARTICLE, phrasalVerbsIn, saidOnlyAsALabel, saidOnlyAsAPlace, saidOnlyAsASideOf, saidOnlyAsATime, saidOnlyAsNextDoor, saidOnlyAsWorse } from './enum-word-forms';

export type EnumReading =
  | { value: unknown; said: string; why: string }
  | { tie: unknown[]; why: string };

/** Words that join a value to its meaning ("x means …", "x when …"), not part of the meaning. */
const GLUE = new Set('mean means meaning when for'.split(' '));
const content = (ws: string[]) => ws.filter((w) => !isStopWord(w) && !/^\d+$/.test(w));
/** The numbers a value's name holds, in digits or words ("every_4_weeks", "two_bedroom"). */
const numbersIn = (value: string) => nameWords(value).flatMap((w) => {
  const n = /^\d+$/.test(w) ? Number(w) : numberWordValue(w);
  return n === undefined ? [] : [n];
});
/** After a number in a value's name, "or more" ("four_bedroom_plus", "5_or_more"). */
const OR_MORE = /^(?:plus|more|over|upwards)$/i;
/** A line that denies something: a value naming an absence needs one. */
const DENIES = /\b(?:not|no|never|nothing|none|nobody|without|hardly|barely)\b|n['’]t\b/i;
/** Words that narrow a value to its thing alone. */
/** Words that grade or package a thing ("plus", "premium", "pack"): never a value's name alone. */
const GRADING = /^(?:plus|extra|extras|premium|deluxe|super|pro|max|lite|basic|standard|add|addon|option|options|pack|package|bundle|upgrade|cover|service)$/i;
const AGREEING = new Set(['agree'].map((w) => conceptOfWord(w)));
const RESTRICTING = new Set(['only', 'just', 'solely', 'alone']);

/** Words of quantity in a value's name ("some_lessons"): the caller must say a quantity too. */
const QUANTITY = /^(?:some|few|several|many|multiple)$/i;
const QUANTITY_SAID = /^(?:some|few|several|many|couple|\d+|one|two|three|four|five|six|seven|eight|nine|ten)$/i;

/** A quantity said just before (three words at most) a word of the value's thing: "a few lessons". */
function quantitySaidOf(things: string[], line: string): boolean {
  const tokens = [...line.toLowerCase().matchAll(/[\p{L}\p{N}'’]+/gu)].map((m) => m[0]);
  const wanted = new Set(things.map(concept));
  return tokens.some((t, i) => wanted.has(concept(t)) && tokens.slice(Math.max(0, i - 3), i).some((b) => QUANTITY_SAID.test(b)));
}
const concept = (w: string) => conceptOfWord(w);

/** Each way a value is written in a description: as written (no_connection), as words (no connection). */
const spellings = (value: string) => [...new Set([value.toLowerCase(), nameWords(value).join(' '), nameWords(value).join('-')])].filter(Boolean);

/**
 * Where a description defines a value: the value followed by what joins it to a meaning ("x is",
 * "x:", "x means", "x (…", "x when"), or opening a clause of the description (OPENS_CLAUSE). A value's word used as an everyday word ("how long their hair
 * is") or named inside another value's meaning ("full is a wash and a polish") defines nothing.
 */
const DEFINES = /^[`'"]?\s*(?:[:=(–—-]|(?:is|are|means?|meaning|when|if|for|covers?|includes?)\b)/;

/** A value that opens a clause of a list of meanings ("morning is before noon, afternoon after"). */
const OPENS_CLAUSE = /(?:^|[,;.:]\s*(?:(?:and|or)\s+)?)[`'"]?$/;

/** Whether `spelled`, found at `at` of `lower`, is where the description defines that value. */
const definesAt = (lower: string, at: number, spelled: string) =>
  DEFINES.test(lower.slice(at + spelled.length)) || (OPENS_CLAUSE.test(lower.slice(0, at)) && !LIST_GOES_ON.test(lower.slice(at + spelled.length)));

/**
 * A value after a comma that the words after it carry on listing ("a lost, stolen or broken pass")
 * is one of a list of things, not a clause of meanings: "or broken pass" is no meaning of stolen.
 */
const LIST_GOES_ON = /^\s*(?:,|(?:or|and|nor)\s)/;

/**
 * A name of several words in capitals ("Old Town", "Marsh Lane") as one word ("oldtown"): it means
 * that place, so the caller says all of it ("into town" is no "Old Town"). readEnum meets it by
 * the caller's two words said together.
 */
const properNamesWhole = (text: string) => text.replace(/(?<![.!?]\s*|^)\b[A-Z][a-z'’]+(?:\s+[A-Z][a-z'’]+)+\b/g, (name) => name.replace(/\s+/g, ''));

/**
 * What the descriptions define a value as, whole: the words after each place that defines it, up
 * to a sentence end, ";", a closing bracket, or the next value defined after a comma.
 */
export function definitionsOf(value: string, descriptions: string[]): string[] {
  const out: string[] = [];
  for (const text of descriptions) {
    const lower = properNamesWhole(text).toLowerCase();
    for (const spelled of spellings(value)) {
      let at = lower.indexOf(spelled);
      while (at >= 0) {
        const before = lower[at - 1];
        const after = lower[at + spelled.length];
        const rest = lower.slice(at + spelled.length);
        if ((before === undefined || !/[a-z0-9_]/.test(before)) && (after === undefined || !/[a-z0-9_]/.test(after)) && definesAt(lower, at, spelled)) {
          out.push(rest.split(/[;.)\n]|,\s*(?=[`'"]?[a-z_]+[`'"]?\s*(?:[:=(-]|means|is|for)\b)/)[0]);
        }
        at = lower.indexOf(spelled, at + 1);
      }
    }
  }
  return out;
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * "with no vacuum", "without a cut", "except colour": a part the definition leaves out. ("does not
 * light" stays a meaning: a value may mean that something does not happen.)
 */
const DENIED = /\b(?:with no|without|except(?: for)?|excluding|but not)\s+(?:(?:a|an|the|any)\s+)?([a-z][a-z'’-]*)/g;

/** A "definition" that opens with another value is the description's list of values, no meaning. */
function listsValues(definition: string, values: string[]): boolean {
  // (Another value in quotes or in snake_case, even where only this one is read: a list.)
  if (/^["'`]?[\s,;/]*(?:(?:or|and)\s+)?(?:["'`][a-z0-9_-]+["'`]|[a-z0-9]+_[a-z0-9_]+)/.test(definition)) return true;
  return values.some((v) => spellings(v).some((s) => new RegExp('^[\\s,;/"\'`]*(?:(?:or|and)\\s+)?["\'`]?' + escaped(s) + '(?![a-z0-9_])').test(definition)));
}

/**
 * What the descriptions say a value means: the content words of its definitions, each cut at the
 * next value it names ("no_connection means nothing works at all; slow: …"), less the words the
 * definition denies ("blow-dry with no cut" does not mean a cut).
 */
export function glossOf(value: string, values: string[], descriptions: string[], unique = true): string[] {
  const out: string[] = [];
  const others = values.filter((v) => v !== value).flatMap(spellings);
  for (let rest of definitionsOf(value, descriptions).filter((d) => !listsValues(d, values))) {
    // Cut where another value is defined; one only named ("electricity or gas") is no word of
    // this meaning, and the words after it still are ("an outside_wash, the seats vacuumed").
    for (const other of others) {
      const named = new RegExp(`(?<![a-z0-9_])${escaped(other)}(?![a-z0-9_])`, 'g');
      const cut = [...rest.matchAll(named)].find((m) => m.index! > 0 && definesAt(rest, m.index!, other));
      if (cut) rest = rest.slice(0, cut.index);
      rest = rest.replace(named, ' ');
    }
    // "standard_25cm unless they have a small stove": what follows "unless" is when the value is
    // not meant, no meaning of it.
    rest = rest.split(/\b(?:unless|except (?:when|if)|but not (?:when|if))\b/)[0];
    const denied = new Set([...rest.matchAll(DENIED)].map((m) => m[1]));
    // "automatic (self-winding)": a word bound to a prefix of manner means the whole, not the word
    // alone ("I have to wind it" is no self-winding, "non-slip" no slip); a caller meets it by
    // saying both together. (A compound of two words, "blow-dry", still means each.)
    const compounds = rest.replace(/\b(self|non|semi|half|part|anti|multi|pre|post|auto|un)-([a-z]{3,})\b/g, '$1$2');
    out.push(...content(words(compounds)).filter((w) => !GLUE.has(w) && !denied.has(w)));
  }
  out.push(...aliasesOf(value, descriptions));
  return unique ? [...new Set(out)] : out;
}

/**
 * Words a description says stand for a value ("navy and turquoise count as blue", "patterned or
 * several colours is multicoloured"): the clause before "count as" the value, or before "is" the
 * value when the value ends the clause.
 */
function aliasesOf(value: string, descriptions: string[]): string[] {
  const out: string[] = [];
  for (const spelled of spellings(value)) {
    const as = new RegExp(`(?:^|[.;:,(]\\s*)([^.;:,()]*?)\\s+(?:counts?|(?:is|are) (?:counted|treated|taken)|goes|go)\\s+as\\s+[\`'"]?${escaped(spelled)}(?![a-z0-9_])|(?:^|[.;:(]\\s*)([^.;:,()]*?)\\s+(?:is|are)\\s+[\`'"]?${escaped(spelled)}[\`'"]?\\s*(?=[.;)]|$)`, 'g');
    for (const text of descriptions) for (const m of text.toLowerCase().matchAll(as)) out.push(...content(words(m[1] ?? m[2] ?? '')).filter((w) => !GLUE.has(w)));
  }
  return out;
}

/**
 * The values whose definitions name `value` as a part ("full is a wash and a polish" names wash):
 * saying it is saying part of them. One named as an alternative ("morning or afternoon") is not a part.
 */
function includedIn(value: string, values: string[], descriptions: string[]): string[] {
  const part = (s: string) => new RegExp(`(?<!\\bor\\s+)(?<![a-z0-9_])${escaped(s)}(?![a-z0-9_])(?!\\s+or\\b)`);
  // ('"email", "post" (£3) or "none"' lists the values: what follows "email" there is the next value, no part of it.)
  return values.filter((other) => other !== value && definitionsOf(other, descriptions).some((d) => !/^\s*or\b/.test(d) && !listsValues(d, values) && spellings(value).some((s) => part(s).test(d))));
}

/** Words that set a meaning past or short of the thing it names ("past the shoulders", "over 20 kg"). */
const DEGREE = new Set(['past', 'over', 'above', 'beyond', 'under', 'below', 'longer', 'shorter', 'more', 'less', 'after', 'before']);
const degreeWords = (value: string, descriptions: string[]) => definitionsOf(value, descriptions).flatMap((d) => words(d)).filter((w) => DEGREE.has(w));

/**
 * Of values met by the same words ("shoulder length": medium is "to the shoulders", long "past the
 * shoulders"), those whose definitions' words of degree best fit the caller's: the caller who meant
 * "past" says it. Returns the values that fit best (all of them when they fit alike).
 */
function withoutUnsaidDegree(tied: string[], said: string[], descriptions: string[]): string[] {
  const spoken = new Set(said);
  // Each word of degree the caller said counts for a value, each one not said against it.
  const fit = tied.map((v) => degreeWords(v, descriptions).reduce((n, w) => n + (spoken.has(w) ? 1 : -1), 0));
  const best = Math.max(...fit);
  return tied.filter((_, i) => fit[i] === best);
}

/** The value the line names, by score; a tie between the best two is reported, never dropped. */
const TENS_ORDINAL = '(?:twentieth|thirtieth|fortieth|fiftieth|sixtieth|seventieth|eightieth|ninetieth|hundredth)';
const UNIT_ORDINAL = '(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth)';
/** A person's ordinal with nothing after it that it counts ("his fortieth", not "her second visit"). */
const BIRTHDAY_ORDINAL = new RegExp(`\\b(?:my|his|her|(?:mum|dad|son|daughter|wife|husband|brother|sister|nan|gran|grandad|grandma|friend|partner|boy|girl)['’]s)\\s+(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)[\\s-]+${UNIT_ORDINAL}|${TENS_ORDINAL}|${UNIT_ORDINAL}|\\d{1,3}(?:st|nd|rd|th))\\b(?![\\s-]+(?!and\\b|so\\b|but\\b|or\\b|in\\b|on\\b|at\\b|next\\b|this\\b)[a-z])`, 'i');


/** A word of a value's name that says the value is without something: "salt_free", "sugarless". */
const FREE_OF = /^(?:free|less)$/i;

/** A clause (from its "but" or the sentence's start) the caller goes on to doubt: "…, so I don't know if that counts". */
const DOUBTED_CLAUSE = /(?:\bbut\b|(?:^|[.!?]\s+))[^.!?]*?,?\s*(?:so|and)?\s*I\s+(?:don['’]t|do\s+not)\s+know\s+(?:if|whether)\s+(?:that|it|this)\s+(?:counts|qualifies|works|matters|is\s+enough|helps)\b/gi;


/** Once in two weeks, as people say it. */
const EVERY_OTHER_WEEK = /\b(?:every|once)\s+(?:other|second|alternate|two)\s+weeks?\b|\balternate\s+weeks\b/gi;

export function readEnum(values: unknown[], heard: string, descriptions: string[]): EnumReading | undefined {
  // A time said is a time: its words name no value (an enum of times is read by pickTime).
  // "every other week" is fortnightly: its "week" names no weekly. "A van load" is how much, and
  // names no vehicle: a kind said as a measure is the measure.
  // "… but I actually live out in Waukesha, so I don't know if that counts": a clause the caller
  // doubts in the same breath is no value they give.
  const line = withoutTimes(heard)
    .replace(DOUBTED_CLAUSE, ' ')
    .replace(EVERY_OTHER_WEEK, 'fortnightly')
    .replace(/\b([a-z]+)[\s-](loads?|fuls?|full)\b/gi, (all, kind: string, measure: string) => (classesOf(kind).length ? measure : all));
  // "my daughter's eighteenth", "her seventieth": a person's ordinal said alone is a birthday.
  const texts = values.filter((v): v is string | number => typeof v === 'string' || typeof v === 'number').map(String);
  const said = [...callerWords(line), ...(BIRTHDAY_ORDINAL.test(line) ? ['birthday'] : [])];
  const forms = formsOfNameWords(said, texts);
  said.push(...forms.map((f) => f.word));
  // (The trace names the caller's own word: "refurb" for refurbishment.)
  const asSaid = (w: string) => { const f = forms.find((x) => x.word === w.toLowerCase()); return f ? `"${f.as}" for "${w}"` : `"${w}"`; };
  // A word the caller denies everywhere they say it ("not the phones", "nothing will connect") is
  // no evidence for a value that means it.
  const denied = deniedConcepts(line);
  const saidConcepts = new Set(content(said).map(concept).filter((c) => !denied.has(c)));
  // Two words said together as one name ("conservatory roof" for conservatory_roof), unless denied.
  const joined = said.slice(1).flatMap((w, i) => (denied.has(concept(said[i])) || denied.has(concept(w)) ? [] : [stem(said[i] + w)]));
  const numbersSaid = [...findNumbers(line), ...findLargeNumberWords(line)];
  const saidNumbers = new Set(numbersSaid.map((f) => f.value));
  // The numbers said right before a word of `things` ("a two-bed flat" for bedroom): "three months"
  // in the same line counts no bedrooms. Where none is said so, any number said counts.
  const numbersSaidOf = (things: string[]) => {
    const concepts = new Set(things.map(concept));
    const of = numbersSaid.filter((f) => {
      const next = /^[\s-]+([a-z][a-z'’]*)/i.exec(line.slice(f.index + f.said.length))?.[1];
      return next !== undefined && concepts.has(concept(next));
    });
    return of.length ? new Set(of.map((f) => f.value)) : saidNumbers;
  };
  // A word the descriptions also use outside the values' meanings ("the kind of bike … kids for a
  // child's bike") is about the parameter as a whole: it tells no value apart.
  const glosses = texts.map((value) => glossOf(value, texts, descriptions));
  const inGlosses = new Map<string, number>();
  for (const value of texts) for (const w of glossOf(value, texts, descriptions, false)) inGlosses.set(stem(w), (inGlosses.get(stem(w)) ?? 0) + 1);
  const inText = new Map<string, number>();
  for (const w of descriptions.flatMap((d) => content(words(d)))) inText.set(stem(w), (inText.get(stem(w)) ?? 0) + 1);
  const telling = (w: string) => (inText.get(stem(w)) ?? 0) <= (inGlosses.get(stem(w)) ?? 0);
  const scored = texts.map((value, i) => {
    const own = content(nameWords(value));
    // "nails_only", "just_cut": a word of restriction says the value is that thing and no more, so
    // it is named whole only when the caller restricts too ("just the nails"), not by "nails" among
    // others ("bath, haircut, nails, the lot").
    const restricts = nameWords(value).some((w) => RESTRICTING.has(w.toLowerCase()));
    const restrictedToo = restricts && said.some((w) => RESTRICTING.has(w.toLowerCase()));
    // A kind said names the value its class is ("a telly" names "electricals"), unless denied.
    const kindOf = own.filter((w) => said.some((x) => !denied.has(concept(x)) && classesOf(x).some((c) => stem(c) === stem(w))));
    // "not_confident_in_water" says an absence: "fine in the water" meets its words and not its
    // meaning. Its words count only in a line that denies something.
    const namesAnAbsence = nameWords(value).some((w) => /^(?:not|no|never|non|without|cannot|cant)$/i.test(w));
    // ("She's not confident in the water" meets it whole: its word the caller denies counts.)
    // (A word of agreeing in it is met only denied: "Okay, … no color" names no not_sure by an
    // "okay" that means what "sure" does.)
    const hitsSaidAnywhere = namesAnAbsence && !DENIES.test(line) ? [] : [...new Set([...own.filter((w) => (namesAnAbsence && AGREEING.has(concept(w)) ? denied.has(concept(w)) : saidConcepts.has(concept(w)) || (namesAnAbsence && denied.has(concept(w))))), ...kindOf])];
    // "It'd be in our garden" names where, not a garden_party: a word that only says which kind of
    // the value's thing, said only as a place, is no evidence for it.
    // ("salt_free" is free of salt: "Is Thursday open?" meets "free" by a synonym, which is no
    // meaning of it. Only the word itself says so.)
    const hitsSaidExactFree = hitsSaidAnywhere.filter((w) => !(FREE_OF.test(w) && !said.some((x) => x.toLowerCase() === w.toLowerCase())));
    // ("the condensation on the inside of the glass" names where, and no cracked_glass.)
    // (Nor is one said only as a time: "the week before Christmas" names no christmas_fair.)
    const hitsSaid = (own.length >= 2 ? hitsSaidExactFree.filter((w) => concept(w) === concept(own.at(-1)!) || (!saidOnlyAsAPlace(w, line) && !saidOnlyAsATime(w, line))) : hitsSaidExactFree).filter((w) => own.length < 2 || !saidOnlyAsASideOf(w, line))
      // ("there's horses in the field next door" names a neighbour's field, not this venue.)
      .filter((w) => !saidOnlyAsNextDoor(w, line));
    // "roadside_plus" is not named by "plus all the suitcases": a word that grades or packages a
    // thing names it only beside the thing itself.
    const graded = own.length >= 2 && hitsSaid.length > 0 && hitsSaid.every((w) => GRADING.test(w)) ? [] : hitsSaid;
    // A number in a value's name ("every_4_weeks", "two_bedroom") is met only by that number said
    // ("every four weeks", "a two-bed flat"); with "plus" after it ("four_bedroom_plus"), by that
    // number or more.
    const numbers = numbersIn(value);
    const orMore = numbers.length > 0 && nameWords(value).some((w) => OR_MORE.test(w));
    const core = (ws: string[]) => content(ws).filter((w) => !OR_MORE.test(w)).join(' ');
    // (Only where another value has the same words and another number: "fixed_12" alone is "the fixed one".)
    const toldApartByNumber = numbers.length > 0 && texts.some((o) => o !== value && numbersIn(o).length > 0 && core(nameWords(o)) === core(nameWords(value)));
    const ofIt = toldApartByNumber ? numbersSaidOf(own) : saidNumbers;
    const numbersMet = !toldApartByNumber || numbers.every((n) => (orMore ? [...ofIt].some((said) => said >= n) : ofIt.has(n)));
    // "just the nine holes" for "front_nine" | "eighteen": a number in one value's name alone, said,
    // names that value (its number words are no content words to match otherwise).
    const ownNumber = numbers.length > 0 && !toldApartByNumber && numbers.every((n) => saidNumbers.has(n) && !texts.some((o) => o !== value && numbersIn(o).includes(n)));
    const ownHits = ownNumber ? [...new Set([...graded, ...nameWords(value).filter((w) => numberWordValue(w) !== undefined || /^\d+$/.test(w))])] : graded;
    // ("plus" is met by the number said being more, not by the word.)
    if (orMore && toldApartByNumber) own.splice(0, own.length, ...own.filter((w) => !OR_MORE.test(w)));
    // "some_lessons", "few_times": a quantity in a value's name is met only by a quantity said
    // ("a few lessons", "two lessons"), not by the thing alone ("I want to start lessons").
    const quantityMet = !nameWords(value).some((w) => QUANTITY.test(w)) || quantitySaidOf(content(nameWords(value)), line);
    const whole = quantityMet && (said.includes(value.toLowerCase()) || joined.includes(stem(value.replace(/[^a-z0-9]/gi, ''))) || (own.length > 0 && ownHits.length === own.length && (!restricts || restrictedToo) && !particlesUnsaid(value, said))) && numbersMet;
    const gloss = glosses[i].filter((w) => !own.includes(w) && telling(w));
    // A meaning the definition itself denies ("no_power means it does not light") is met by the
    // caller denying it ("it won't light"), and only so.
    const deniedInGloss = new Set(definitionsOf(value, descriptions).flatMap((d) => [...deniedConcepts(d)]));
    // ("weekdays" is met by "during the day in the week": a compound whose two words are both said.)
    const saidStems = new Set(said.filter((w) => !denied.has(concept(w))).map(stem));
    const partsSaid = (w: string) => {
      const whole = stem(w);
      for (let cut = 3; cut <= whole.length - 3; cut++) if (saidStems.has(whole.slice(0, cut)) && saidStems.has(stem(whole.slice(cut)))) return true;
      return false;
    };
    // ("driven with family or friends" is met by "with my dad": a kind of what the meaning names.)
    const kindSaid = (w: string) => said.some((x) => !denied.has(concept(x)) && classesOf(x).some((c) => stem(c) === stem(w)));
    // ("demolition before knocking down": "a wall knocked through" meets no knocking down. A verb of
    // a definition with its particle is not met by the verb said with another particle right after
    // it; said alone, "pouring" for "pouring out", it still is.)
    const phrasal = phrasalVerbsIn(definitionsOf(value, descriptions));
    const particleHeard = (w: string) => {
      const p = phrasal.get(stem(w));
      return p === undefined || said.some((x, k) => concept(x) === concept(w) && !(PHRASAL_PARTICLE.test(said[k + 1] ?? '') && said[k + 1].toLowerCase() !== p));
    };
    const meets = (w: string) => (deniedInGloss.has(concept(w)) ? denied.has(concept(w)) : (saidConcepts.has(concept(w)) && particleHeard(w)) || joined.includes(stem(w)) || kindSaid(w) || partsSaid(w));
    // (One word said counts once: "dripping" meets "leaking" and its meaning "drips" by one concept.)
    const glossHits = [...new Set(gloss.filter(meets))].filter((w) => !ownHits.some((o) => concept(o) === concept(w)));
    // Naming the whole value is the strongest evidence, then a word of its meaning, then part of its name.
    // Part of a name is evidence only when the value has no definition or the caller meets it too:
    // "the pole opposite the post box" names where, not a "damaged_pole" ("a leaning or broken pole").
    // "a little stove" for multifuel_stove | wood_burner: a class word said, where another value
    // is a kind of it by its own name ("wood_burner"), is part of both names, so of neither.
    const classOfAnother = !whole && ownHits.length > 0 && ownHits.every((w) => texts.some((o) => o !== value && [...nameWords(o), nameWords(o).join('')].some((k) => classesOf(k).some((c) => stem(c) === stem(w)))));
    // ("rope_induction (ropes and belaying)": "with the ropes" meets its definition by the word it
    // shares with its name, a word of its kind. The thing itself, its name's last word, does not:
    // "the pole opposite the post box" meets no damaged_pole, "a leaning or broken pole".)
    const head = concept(own.at(-1) ?? '');
    const definitionMetByName = glosses[i].some((w) => concept(w) !== head && ownHits.some((o) => concept(o) === concept(w)) && meets(w));
    // ("light_out" of a tool "reporting a fault with a street light": "a street light outside ours"
    // says what every value is about, and not its "out": it names none of them.)
    const subjectOnly = !whole && ownHits.length > 0 && glossHits.length === 0 && particlesUnsaid(value, said) && ownHits.every((w) => !telling(w));
    const partOnly = (!whole && ownHits.length > 0 && glossHits.length === 0 && gloss.length > 0 && !definitionMetByName) || (classOfAnother && glossHits.length === 0) || subjectOnly;
    const score = (whole ? 4 : ownHits.length && !partOnly ? 1 : 0) + glossHits.length * 1.5;
    const formed = own.filter((w) => forms.some((f) => f.word === w.toLowerCase()));
    const evidence = whole ? `names "${value}"${formed.length ? ` (${formed.map(asSaid).join(', ')})` : ''}` : [...ownHits.map((w) => `${asSaid(w)} of its name`), ...glossHits.map((w) => `"${w}", a meaning its description gives`)].join(' and ');
    return { value, score, evidence, said: whole ? value : (ownHits[0] ?? glossHits[0] ?? value), ownHits, partOnly, glossHits };
  });
  // A value named whole that another value's definition includes ("full is a wash and a polish",
  // caller: "a wash and a polish") is evidence for that other value too, a little less than for the
  // one named: the rest of the line tells them apart ("… and the seats vacuumed"), and said alone
  // the value named is the value meant ("a studio" is no "twin_studio", a studio for two).
  for (const named of scored.filter((s) => s.evidence.startsWith('names '))) {
    const namedWords = new Set(content(nameWords(named.value)).map(concept));
    for (const other of includedIn(named.value, texts, descriptions)) {
      const s = scored.find((x) => x.value === other)!;
      // The other value's name shares the word just named ("studio" of "twin_studio"): that word
      // counts once, as the inclusion.
      const ownFromNamed = s.ownHits.length > 0 && !s.partOnly && s.ownHits.every((w) => namedWords.has(concept(w)));
      s.score += 3.5 - (ownFromNamed ? 1 : 0);
      s.evidence = [`"${named.value}", which its definition includes`, s.evidence].filter(Boolean).join(' and ');
      if (s.said === s.value) s.said = named.said;
    }
  }
  // A letter and a hyphen before a word abbreviates a word of that letter ("an x-bike"): it names
  // the one value that starts with it, if only one does ("e-mail" is a word of its own).
  for (const [, letter] of line.toLowerCase().matchAll(/\b([a-z])-(?!mail\b)[a-z]{3,}/g)) {
    const starting = scored.filter((s) => s.value.toLowerCase().startsWith(letter));
    if (starting.length === 1 && starting[0].score === 0) Object.assign(starting[0], { score: 1, evidence: `"${letter}-" abbreviates "${starting[0].value}"`, said: starting[0].value });
  }
  const ranked = scored.filter((s) => s.score > 0).sort((a, b) => b.score - a.score);
  if (!ranked.length) return undefined;
  const original = (text: string) => values.find((v) => String(v) === text);
  if (ranked[1] && ranked[1].score === ranked[0].score) {
    const tied = ranked.filter((s) => s.score === ranked[0].score);
    const plain = withoutUnsaidDegree(tied.map((s) => s.value), said, descriptions);
    if (plain.length === 1) {
      const best = tied.find((s) => s.value === plain[0])!;
      const unsaid = tied.filter((s) => s !== best).map((s) => `${s.value}: "${degreeWords(s.value, descriptions).join('", "')}"`).join('; ');
      return { value: original(best.value), said: best.said, why: `${best.evidence}; the others' words of degree fit the caller's less (${unsaid})` };
    }
    // "bigger than a dustbin lid" names bigger_than_a_dustbin_lid and up_to_a_dustbin_lid alike: the
    // value whose said words hold every other's, and more, is the one meant.
    // (Not over a value met by its meaning too: "tearing the whole thing out and putting a new one
    // in" says new_fence's words and what replace_existing_fence is defined as.)
    const fullest = tied.filter((t) => tied.every((o) => o === t || (o.glossHits.length === 0 && o.ownHits.every((w) => t.ownHits.includes(w)) && t.ownHits.length > o.ownHits.length)));
    if (fullest.length === 1) {
      const others = tied.filter((s) => s !== fullest[0]).map((s) => s.value).join(', ');
      return { value: original(fullest[0].value), said: fullest[0].said, why: `${fullest[0].evidence}; more of its words are said than of ${others}` };
    }
    // ("the email's priya nair eighty-eight … could you pop a card in the post?": a value's word
    // said only as the label of a detail read out is no choice of it; the other one is.)
    // ("It's both, really, but the right one's the worst": the one graded worse is described.)
    const chosen = tied.every((t) => t.said === t.value) ? tied.filter((t) => !saidOnlyAsALabel(t.said, line) && !saidOnlyAsWorse(t.said, line)) : [];
    if (chosen.length === 1) return { value: original(chosen[0].value), said: chosen[0].said, why: `${chosen[0].evidence}; ${tied.filter((t) => t !== chosen[0]).map((t) => `"${t.said}"`).join(', ')} is only said of something else (a detail read out, or which is worse)` };
    const picked = pickedOutright(tied, line);
    if (picked) return { value: original(picked.value), said: picked.said, why: `${picked.evidence}, said as the caller's pick ("${picked.marked}"); the others only in passing` };
    const near = namedBesideItsThing(tied, line, descriptions[0] ?? '');
    if (near) return { value: original(near.value), said: near.said, why: `${near.evidence}, said in the clause that names what the parameter is about ("${near.clause}")` };
    return { tie: tied.map((s) => original(s.value)), why: tied.map((s) => `${s.value}: ${s.evidence}`).join('; ') };
  }
  const best = ranked[0];
  const why = ranked[1] ? `${best.evidence}, stronger than ${ranked[1].value} (${ranked[1].evidence})` : best.evidence;
  return { value: original(best.value), said: best.said, why };
}
