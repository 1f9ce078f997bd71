// Filling a tool's arguments from its JSON Schema alone: each parameter is read by its type, enum,
// pattern and format, and by what its name and description hint at (a date, a phone, a name…).
// Caller lines are searched most recent first; nothing is invented when no rule finds a value.
import type { JsonSchema } from '../../model';
import { getOwn, setOwn } from '../../model/own';
import { answerContent, YES_NO_QUESTION } from './asked';
import { copiedText } from './copied-text';
import { findTimes } from './dates';
import type { PatternReader } from './patterns';
import { nextEnumLine } from './history-memo'; // read once per line (a long call's steps stay flat)
import { findYesNo } from './extract';
import { findPostcodes, findSpokenCodesAlone, findStreetAddresses } from './ids';
import { clauseWith } from './intent';
import { fillBoolean, flagMeaningInTool } from './flags';
import type { FillContext, Filled, Made } from './fill-types';
import { askedByInstructions, beforeOtherAnswers, CHOICE_OF_OPTIONS, contactDetailsIn, describesAThing, REASON, FIRST_PERSON_CLAUSE, purposeOf, saysOnlyWhen, sentenceAbout, sentenceAboutEarlier, withoutFillers } from './answer-text';
import { namePart, PLACE_OR_BODY } from './name-parts';
import { isFirstAddressLine } from './address-lines';
import { fieldsAskedBy } from './field-question';
import { clauseThatPlaces, holdsWhereAThingIs, mayBeAStreetAddress, placePartOf, readPlacePart } from './places';
import { asDateWanted, enumValueOfText, offeredDates, onOfferedWeekday, picksOffered, takesListed } from './offered';
import { namesItsThing, PLACE_BEFORE, scopeCodes } from './scope-codes';
import { againstNone, noneSaid, numbersReadTwice, saidAloneTimes, scopeCounts } from './scope-counts';
import { outOfTense } from './tense-roles';
import { pickAgreed, pickListed, pickOffered, pickTime, valueOfRow } from './pick';
import { countByAges } from './ages';
import { hasWord, IN_WORDS, kindOf, wantsWordsAsSaid, wordsAfterName } from './kinds';
import { candidates, daysByClause } from './readers';
import { daysForRole } from './day-roles';
import { timesForRole } from './time-roles';
import { shapedText } from './shaped-text';
import { readEnumList } from './enum-lists';
import { enumFromLine, fillEnumFromLine, line0Said } from './fill-enum';
import { conceptOfWord, nameWords, stem, words } from './words';
import { makersOfItsThing } from './maker-of-thing';

export type { FillContext, Filled } from './fill-types';
export { kindOf } from './kinds';
export { picksOffered } from './offered';
export { enumFromLine };

export interface FillResult {
  args: Record<string, unknown>;
  filled: Record<string, Filled>;
  /** Required parameters no rule could fill. */
  missing: string[];
  /** Enum parameters the caller's line names two values of equally: the agent asks which. */
  ties: Record<string, unknown[]>;
  /** Object parameters some of whose required fields were read: the fields still missing, asked one by one. */
  partial: Record<string, string[]>;
}

/**
 * A value the schema accepts: in the enum, and matching the pattern when there is one. The pattern
 * is the agent file's, so it runs in the sandbox with a deadline (`patterns`); one that runs out
 * of time cannot read the value (the trace says so), and one JS cannot read is the engine's to
 * report, not a reason to say nothing.
 */
function accepts(prop: JsonSchema, value: unknown, patterns: PatternReader, place: string): boolean {
  if (Array.isArray(prop.enum) && !prop.enum.includes(value)) return false;
  if (typeof prop.pattern === 'string' && typeof value === 'string') {
    const answer = patterns.test(prop.pattern, value, place);
    if ('unusable' in answer) return answer.unusable === 'invalid';
    if (answer.matched === null) return false;
  }
  return true;
}

/** A search with the pattern itself, anchors dropped, for a value no other rule reads; in the sandbox, as every pattern. */
function byPattern(prop: JsonSchema, line: string, patterns: PatternReader, place: string): { value: string; said: string } | undefined {
  if (typeof prop.pattern !== 'string') return undefined;
  for (const alternative of prop.pattern.split('|')) {
    const body = alternative.replace(/^\^/, '').replace(/\$$/, '');
    if (!body) continue;
    // An alternative that is not a whole regex on its own (a `|` inside a group) is invalid: try the next.
    const found = patterns.exec(`(?<![\\w])(?:${body})(?![\\w])`, 'u', line, { pattern: prop.pattern, place });
    // A slow pattern is slow in every alternative's search: it reads nothing.
    if ('unusable' in found && found.unusable === 'slow') return undefined;
    if ('matched' in found && found.matched && accepts(prop, found.matched, patterns, place)) return { value: found.matched, said: found.matched };
  }
  return undefined;
}

/** The agent's question right before caller line `i` (most recent first), as far as the context holds it. */
const askedLine = (ctx: FillContext, i: number) => (i === 0 ? (ctx.agentLines?.at(-1) ?? '') : '');


/**
 * An object parameter (`pet: Pet`) filled field by field, each field read as a parameter of its
 * own; written only when every required field has a value, else the fields still missing are
 * noted so that the agent asks for them one by one.
 */
function fillObject(name: string, prop: JsonSchema, ctx: FillContext, made: Made, partial: Record<string, string[]>): Filled | undefined {
  // The agent's question for the object asked for the fields its words name ("What is the pet breed?").
  const fields = Object.keys(prop.properties ?? {});
  const question = words(ctx.agentLines?.at(-1) ?? '');
  const asked = ctx.asked?.map((qs, i) => qs.flatMap((q) => (q.param !== name || (ctx.tool && q.tool !== ctx.tool.name) ? [q] : i > 0 ? [] : fields.filter((f) => nameWords(f).every((w) => question.includes(w)) || fieldsAskedBy(ctx.agentLines?.at(-1) ?? '', name, prop).includes(f)).map((f) => ({ ...q, param: f })))));
  // A name field with nothing of its own, in an object that is an animal or a child ("pet.name"), is
  // that one's name, not the caller's (name-parts.ts reads "she's called Nala" for it, never "I'm Ruth").
  // (So is one in a place or a body, "venue.name": the hall's name, never "I'm Kayleigh".)
  const ofAnother = nameWords(name).some((w) => /^(?:pets?|animals?|dogs?|cats?|child(?:ren)?|baby|pupil|student|patient)$/i.test(w) || PLACE_OR_BODY.test(w));
  const fieldsSaid: JsonSchema = !ofAnother ? prop : {
    ...prop,
    properties: Object.fromEntries(Object.entries(prop.properties ?? {}).map(([f, p]) => [f, p && !p.description && nameWords(f).includes('name') ? { ...p, description: `The ${nameWords(name).join(' ')}'s ${nameWords(f).join(' ')}.` } : p])),
  };
  const inner = fillArguments(fieldsSaid, { ...ctx, within: name, ...(asked ? { asked } : {}) });
  const got = Object.keys(inner.args);
  if (!got.length) return undefined;
  if (inner.missing.length) {
    setOwn(partial, name, inner.missing);
    return undefined;
  }
  const read = got.map((k) => getOwn(inner.filled, k)!);
  const f = made(inner.args, 'object-fields', read.map((x) => x.said).join(', '), read.some((x) => x.fromLatest), read.every((x) => x.specific));
  return f && { ...f, why: `each field read on its own: ${got.map((k, i) => `${k} ← "${read[i].said}" (${read[i].rule})`).join(', ')}` };
}

/** How many lines back a list the caller gave is still read (the latest naming none of it). */
const OLDER_LIST_LINES = 2;
/** How many lines back a list of what is wrong gathers from. */
const GATHERED_LINES = 4;
/** A list of what is wrong, which a caller tells over several lines: "problems", "symptoms", "one or more". */
const GATHERED_LIST = /\b(?:problems?|faults?|symptoms?|issues?|what['’]s\s+wrong|one\s+or\s+more|all\s+that\s+apply)\b/i;

function fillOne(name: string, prop: JsonSchema, ctx: FillContext, ties: Record<string, unknown[]>, partial: Record<string, string[]> = {}): Filled | undefined {
  const [latest = ''] = ctx.callerLines;
  const place = `${ctx.tool?.name ?? 'the tool'}.${name}`;
  // A street or an address's first line holds what may be one ("Two-story house." is none).
  const addressLine = (prop.type === 'string' || prop.type === undefined) && (hasWord(new Set(nameWords(name).map(stem)), ['addresses', 'streets']) || isFirstAddressLine(name, ctx.within));
  const made: Made = (value, rule, said, fromLatest, specific = true) => (accepts(prop, value, ctx.patterns, place) && !(addressLine && typeof value === 'string' && !mayBeAStreetAddress(value)) ? { value, rule, said, fromLatest, specific } : undefined);
  const askedAt = (i: number) => ctx.asked?.[i]?.find((q) => q.param === name && (!ctx.tool || q.tool === ctx.tool.name));
  const fromOffered = picksOffered(name, prop, ctx.offered, ctx.tool?.description);
  if (fromOffered) {
    // A bare "yes" agrees to the one row the agent's last line named ("Shall I go ahead with …?").
    const agreed = findYesNo(latest)?.value === true ? pickAgreed(ctx.agentLines?.at(-1) ?? '', ctx.offered) : undefined;
    const picked = pickOffered(latest, ctx.offered, ctx.today) ?? agreed;
    const value = picked && asDateWanted(prop, ctx.tool?.description ?? '', name, enumValueOfText(prop, valueOfRow(picked.row, name)), picked.row);
    const filled = picked && value !== undefined ? made(value, picked.rule, picked.said ?? line0Said(latest), true) : undefined;
    if (filled) return { ...filled, why: picked!.why };
  }
  if (prop.type === 'object' && prop.properties && Object.keys(prop.properties).length) return fillObject(name, prop, ctx, made, partial);
  if (prop.type === 'boolean') {
    const described = prop.description ? prop : { ...prop, description: flagMeaningInTool(name, ctx.tool?.description ?? '') };
    return fillBoolean(name, described, ctx, askedAt, made);
  }
  if (prop.type === 'array') {
    const items = (Array.isArray(prop.items) ? prop.items[0] : prop.items) ?? {};
    const choices = items.enum;
    if (!Array.isArray(choices)) return undefined;
    // (Its words and its tool's: a list of things to clean treats "the sidewalk's fine" as not wanted.)
    const listWords = [items.description, prop.description, ctx.tool?.description].filter((d): d is string => typeof d === 'string' && d.length > 0);
    const list = readEnumList(choices, latest, listWords);
    const gathers = GATHERED_LIST.test(`${nameWords(name).join(' ')} ${listWords.join(' ')}`);
    if (list && 'unsure' in list) return undefined;
    if (list) {
      // "Mine won't start", then "It just won't fire up … and now the cord's all frayed too": a list
      // of what is wrong gathers what the caller said of it a line or two before, unless the latest
      // line speaks of it again (and kept or dropped it for a reason).
      const earlier = gathers ? ctx.callerLines.slice(1, 1 + GATHERED_LINES).flatMap((older) => {
        const read = readEnumList(choices, older, listWords);
        return read && 'values' in read ? read.values.filter((v) => !list.values.includes(v) && !nameWords(String(v)).some((w) => w.length > 2 && new RegExp(`\\b${w}`, 'i').test(latest))) : [];
      }) : [];
      const values = [...new Set([...earlier, ...list.values])].sort((a, b) => choices.indexOf(a) - choices.indexOf(b));
      const f = made(values, 'enum-values', list.said, true);
      return f && { ...f, why: earlier.length ? `${list.why}; with ${earlier.map(String).join(', ')}, said a line or two before` : list.why };
    }
    // "I'm ringing about the flu jab … could I have the Covid one too?", then the age asked and
    // given: the list said a line or two before still stands (the latest line names none of it).
    for (const [i, older] of ctx.callerLines.slice(1, 1 + OLDER_LIST_LINES).entries()) {
      const earlier = readEnumList(choices, older, listWords);
      if (!earlier) continue;
      if ('unsure' in earlier) return undefined;
      // (A list of what is wrong gathers the lines before that one too.)
      if (gathers) {
        const before = ctx.callerLines.slice(2 + i, 1 + GATHERED_LINES).flatMap((l) => { const r = readEnumList(choices, l, listWords); return r && 'values' in r ? r.values : []; });
        const values = [...new Set([...before, ...earlier.values])].sort((a, b) => choices.indexOf(a) - choices.indexOf(b));
        const f = made(values, 'enum-values-earlier', earlier.said, false);
        return f && { ...f, why: `${earlier.why}, said ${i === 0 ? 'a line' : `${i + 1} lines`} before${before.length ? ', with what was said before it' : ''}` };
      }
      const f = made(earlier.values, 'enum-values-earlier', earlier.said, false);
      return f && { ...f, why: `${earlier.why}, said ${i === 0 ? 'a line' : `${i + 1} lines`} before` };
    }
    return undefined;
  }
  // A parameter with no description is read by what its tool's description says of it; a tool
  // with one parameter describes that parameter whole ("Send someone for the time asked, HH:MM").
  const only = Object.keys(ctx.parameters?.properties ?? {}).length === 1;
  const named = kindOf(name, prop.description ? prop : { ...prop, description: wordsAfterName(name, ctx.tool?.description ?? '') });
  const bare = named === 'none' && !prop.description && only ? kindOf(name, { ...prop, description: ctx.tool?.description ?? '' }) : named;
  // A free string with nothing of its own, when the tool says it takes "the caller's words".
  const kind = bare === 'none' && !prop.description && !prop.enum && (prop.type === 'string' || prop.type === undefined) && IN_WORDS.test(ctx.tool?.description ?? '') ? 'words' : bare;
  // Of a tool's description, the clause that describes this parameter ("category: "plumbing" (leaks,
  // taps)…") when it has one: the other parameters' clauses ("priority: … a leak that's being
  // contained") use words that would tell this one's values apart no longer.
  const ownClause = prop.description ? '' : wordsAfterName(name, ctx.tool?.description ?? '');
  const descriptions = [prop.description ?? '', /^[^:]*:/.test(ownClause) ? ownClause : (ctx.tool?.description ?? '')];
  const next = Array.isArray(prop.enum) ? nextEnumLine(prop.enum, descriptions, ctx.nearestOlder) : (i: number) => i + 1;
  for (let i = 0; i >= 0 && i < ctx.callerLines.length; i = next(i)) {
    const line = ctx.callerLines[i];
    if (Array.isArray(prop.enum)) {
      const step = fillEnumFromLine(name, prop, ctx, i, descriptions, made, ties);
      if ('readOn' in step) continue;
      return step.done;
    }
    // A code is read from the line that gives it: an older line's digits are a phone or a date —
    // unless that line named the code's own thing ("Do you need my booking number? It's G H, four
    // seven two, K." read when the agent asks for the booking reference later).
    // (A postcode spelled with its letters, "G L five, one H T", is one whatever line said it.)
    const spelledPostcode = kind === 'postcode' && findPostcodes(line).some((p) => /[A-Z]/.test(p.value) && /\d/.test(p.value));
    if (i > 0 && (kind === 'identifier' || kind === 'postcode') && typeof prop.pattern !== 'string' && !namesItsThing(name, line) && !spelledPostcode) break;
    // Only a late part of day is read off the rest (inDayPart): the nearest line naming one stands for them all.
    const older = ctx.olderLatePart ? [ctx.olderLatePart(i)] : ctx.callerLines.slice(i + 1);
    const context = [...older, ctx.agentLines?.at(-1) ?? ''].join(' ');
    // A time picked from the times the last tool result listed, else those the agent's last line
    // offered ("12:30, 13:00 or 14:15"): the offered one it matches, not the same hour before noon.
    // (The result's times are the data; a reply reads "quarter past two" for 14:15.)
    const saidTimes = findTimes(ctx.agentLines?.at(-1) ?? '').map((t) => t.hhmm);
    const offeredTimes = i === 0 && kind === 'time' && !wantsWordsAsSaid(prop, name, ctx.tool?.description) ? pickTime(line, (ctx.offeredTimes?.length ?? 0) > 1 ? ctx.offeredTimes! : saidTimes) : undefined;
    if (offeredTimes) {
      const f = made(offeredTimes.hhmm, 'pick-offered-time', offeredTimes.said, true);
      if (f) return { ...f, why: offeredTimes.why };
    }
    // One of the texts the last tool listed ("2026-12-08 14:00"), for a parameter that takes one.
    const listed = i === 0 && takesListed(name, prop, kind, ctx.tool?.description ?? '', (ctx.parameters?.required ?? []).includes(name)) ? pickListed(line, ctx.offeredValues ?? [], ctx.today) : undefined;
    if (listed) {
      const f = made(listed.value, 'pick-listed', listed.said, true);
      if (f) return { ...f, why: listed.why };
    }
    // "The eldest is nine, then six, and the littlest is four" for "Children aged 5 to 15": 2.
    const byAges = kind === 'number' && i === 0 ? countByAges(prop.description ?? '', line) : undefined;
    if (byAges) {
      const f = made(byAges.count, 'number-by-ages', byAges.said, true);
      if (f) return { ...f, why: byAges.why };
    }
    const readAll = candidates(kind, name, line, prop, ctx.today, context, ctx.tool?.description, ctx.givenAndFamily ?? true);
    // A model with no make asked beside it is named whole ("a Kia Niro" is the Kia Niro).
    const makeAsked = Object.entries(ctx.parameters?.properties ?? {}).some(([p, pp]) => p !== name && pp && kindOf(p, pp) === 'maker');
    const readMade = kind === 'model' && !makeAsked ? candidates('maker', name, line, prop, ctx.today).map((c) => ({ ...c, value: c.said.replace(/^(?:an?|the)\s+/i, ''), rule: 'model-name-whole' })) : readAll;
    // ("the Graco … The car's a Honda CR-V" for vehicle.make: the make said of the car.)
    const readHere = (kind === 'maker' || kind === 'model') && ctx.within ? makersOfItsThing(readMade, line, ctx.within) : readMade;
    // Two days in one line ("drop her off on the 23rd and collect her on the 27th"): each to the
    // parameter its clause names; a day whose clause names another day parameter is that one's.
    const dayParams = Object.entries(ctx.parameters?.properties ?? {}).filter(([p, pp]) => p !== name && pp && kindOf(p, pp.description ? pp : { ...pp, description: wordsAfterName(p, ctx.tool?.description ?? '') }) === 'date').map(([p]) => p);
    const byClause = kind === 'date' && readHere.length > 1 ? daysByClause(name, dayParams, line, readHere) : readHere;
    // "fly in on the 18th … drop it back on the 27th": a start's day and an end's (day-roles.ts).
    const allDays = Object.entries(ctx.parameters?.properties ?? {}).filter(([p]) => p === name || dayParams.includes(p)).map(([p]) => p);
    const byRole = kind === 'date' && dayParams.length > 0 ? daysForRole(name, allDays, line, byClause) : byClause;
    // "from one till four … so say from half twelve": a start's time and an end's (time-roles.ts).
    const allTimes = kind === 'time' ? Object.entries(ctx.parameters?.properties ?? {}).filter(([p, pp]) => pp && kindOf(p, pp.description ? pp : { ...pp, description: wordsAfterName(p, ctx.tool?.description ?? '') }) === 'time').map(([p]) => p) : [];
    const read = kind === 'date' ? byRole.map((c) => onOfferedWeekday(c, offeredDates(ctx))) : allTimes.length > 1 && !wantsWordsAsSaid(prop, name, ctx.tool?.description) ? timesForRole(name, allTimes, line, byClause) : byClause;
    const params = Object.entries(ctx.parameters?.properties ?? {});
    const scoped = kind === 'identifier' ? scopeCodes(name, prop.description ?? '', line, read, params.map(([p]) => p)) : kind === 'number' ? scopeCounts(name, line, read, params.filter(([, p]) => p?.type === 'integer' || p?.type === 'number').map(([p, pp]) => [p, pp?.description ? pp : { ...pp, description: wordsAfterName(p, ctx.tool?.description ?? '') }] as [string, JsonSchema])) : read;
    // An older line's number counts for this parameter only when said of its thing ("two adults",
    // "me and my fiancé") or asked for it: "He's in year ten", two answers back, is no number of lessons.
    const settledNone = kind === 'number' && i === 0 ? againstNone(name, line, scoped) : scoped;
    const countsOnly = kind === 'number' && i > 0 && !askedAt(i) ? settledNone.filter((c) => c.rule === 'number-of-its-thing' || c.rule === 'number-people-listed' || c.rule.startsWith('duration')) : settledNone;
    // A parameter that takes one of the offered rows takes nothing the rows do not hold (a licence
    // number read out is no lesson's id).
    const evidenced = fromOffered ? countsOnly.filter((c) => ctx.offered.some((row) => Object.values(row).some((v) => String(v) === String(c.value)))) : countsOnly;
    for (const c of evidenced) {
      // A code by its shape alone after a word of place ("a rock flew up on I-70") names a road, not
      // a reference: no evidence for a tool unless it was asked for.
      const onAPlace = c.rule === 'identifier-shape' && PLACE_BEFORE.test(line.slice(0, Math.max(0, line.indexOf(c.said))));
      const filled = made(c.value, c.rule, c.said, i === 0, !onAPlace || askedAt(i) !== undefined);
      if (filled) return c.why ? { ...filled, why: c.why } : filled;
    }
    // "We've never claimed" is no claims: 0, when no number was said for it.
    const none = kind === 'number' && i === 0 && !scoped.length && (prop.type === 'integer' || prop.type === 'number') ? noneSaid(name, line) : undefined;
    if (none) {
      const f = made(none.value, none.rule, none.said, true);
      if (f) return { ...f, why: none.why };
    }
    const found = prop.type === 'string' || prop.type === undefined ? byPattern(prop, line, ctx.patterns, place) : undefined;
    if (found) return made(found.value, 'pattern-search', found.said, i === 0);
    // Digits said one by one for a pattern of digits ("the zip there is four three two one five"
    // for ^[0-9]{5}$): the code as digits, when it is the whole of what the pattern takes.
    const spoken = (prop.type === 'string' || prop.type === undefined) && typeof prop.pattern === 'string' ? findSpokenCodesAlone(line).find((c) => accepts(prop, c.value, ctx.patterns, place)) : undefined;
    if (spoken) {
      const f = made(spoken.value, 'pattern-spoken-digits', spoken.said, i === 0);
      if (f) return { ...f, why: `"${spoken.said}" is ${spoken.value} said one by one, as the pattern ${prop.pattern} takes` };
    }
    // The answer to the agent's own question for a free string is the answer's content.
    // (A yes or no is never read this way: which of the turn's questions it answers is a guess.)
    const asked = askedAt(i) ?? (i === 0 ? askedByInstructions(name, ctx) : undefined);
    // A line that opens with "no" answers a yes/no question, not one for a value: it is no answer to
    // this one. ("Yes, I'm with …" still is: a yes often opens the value asked for.)
    const answersYesNo = findYesNo(line)?.value === false && !YES_NO_QUESTION.test(askedLine(ctx, i));
    const freeText = (prop.type === 'string' || prop.type === undefined) && ['none', 'words', 'sort'].includes(kind) && !prop.enum;
    // A street, a town, what is near: only what has that shape in the line ("on Priestpopple in
    // Hexham"), never the answer whole (places.ts).
    // ("House number and street." asks for the number too: the street address, read below.)
    const placePart = freeText && !(/\bnumber\b/i.test(prop.description ?? '') && placePartOf(name) === 'street-name') ? placePartOf(name) : undefined;
    if (placePart) {
      const place = readPlacePart(placePart, line);
      const f = place && made(place.value, `place-${placePart}`, place.said, i === 0);
      if (f) return { ...f, why: `"${place!.said}" names the ${placePart.replace(/-/g, ' ')}` };
      continue;
    }
    // Text of a known shape: a code counted in digits, a place on the body, a US state, the
    // caller's relation, a thing the line names, an end of a journey (shaped-text.ts).
    for (const shaped of shapedText(name, prop, kind, freeText, line, ctx.tool?.description ?? '')) {
      const f = made(shaped.value, shaped.rule, shaped.said, i === 0);
      if (f) return { ...f, why: shaped.why };
    }
    if (asked && !answersYesNo && freeText) {
      // Of an answer in several sentences, the one about this parameter's thing ("…, room two one
      // four? My mobile's …": the address is the first).
      // (A parameter for where a thing is takes the clause that places it: "it's still sat at the
      // bottom of the drive next to the lamppost", not the bin's colour before it.)
      const about = (holdsWhereAThingIs(prop.description ?? '') ? clauseThatPlaces(line) : undefined) ?? sentenceAbout(name, prop, line)?.said ?? beforeOtherAnswers(line);
      const content = kind === 'words' ? withoutFillers(about) : answerContent(about);
      // A question for a name ("the medicine name and strength") is answered by a name: "I'll get
      // them on Friday" says what the caller will do, not what the thing is called.
      const saysWhatTheyDo = /\bnames?\b/i.test(prop.description ?? '') && FIRST_PERSON_CLAUSE.test(content);
      // "The Tuesday afternoon one suits me better" picks an option: it is no reason or note.
      // "Thursday if you can, the afternoon's better" says when: no place, reason or note.
      const picksAnOption = CHOICE_OF_OPTIONS.test(about.trim()) || saysOnlyWhen(about, ctx.today);
      // "…, that's Q U A Y E, and my mobile's oh seven…" gives contact details, not this answer.
      const givesContact = contactDetailsIn(name, prop, content) !== undefined;
      const f = content && !saysWhatTheyDo && !picksAnOption && !givesContact ? made(content, 'answer-to-question', content, i === 0) : undefined;
      if (f) return { ...f, why: `the caller's line answers the agent's question for ${name} (${asked.why})` };
    }
    // An address line not asked for is the street address the line gives ("Pick her up from 3
    // Orchard Close, D N four…"): the number and the street, not the postcode or what follows. (One
    // asked for is the answer, whole, above: "19 Orchard Row, flat three".)
    // ("line1" of an address object is its first line: the same street address, address-lines.ts.)
    const street = freeText && addressLine ? findStreetAddresses(line)[0] : undefined;
    if (street) {
      // A parameter for the street alone ("street") holds its name; the number is the door's.
      // (Unless its description asks for the number too: "House number and street.")
      const nameOnly = hasWord(new Set(nameWords(name).map(stem)), ['streets']) && !nameWords(name).some((w) => /^(?:address(?:es)?|line)$/i.test(w)) && !/\bnumber\b/i.test(prop.description ?? '');
      const f = made(nameOnly ? street.value.replace(/^(?:(?:flat|apartment|unit)\s+\d+[a-z]?,?\s+)?\d+[a-z]?,?\s+/i, '') : street.value, street.rule, street.said, i === 0);
      if (f) return { ...f, why: `"${street.said}" is a street address: a number, a street's name and its kind` };
    }
    // A description of a thing ("what it looks like") is read from the answer to a question for it:
    // the line that opens a call ("I left my bag on the tram") names the thing, it does not describe it.
    if (kind === 'words' && describesAThing(name, prop, ctx.tool?.description) && !asked) break;
    if (kind === 'words') {
      // A reason the caller gave as a purpose ("…a follow-up to go over my blood test results"),
      // in this line or, when the latest gives none, an earlier one.
      const purpose = REASON.test(`${nameWords(name).join(' ')} ${prop.description ?? ''}`) ? purposeOf(line) : undefined;
      if (purpose) {
        const f = made(purpose.said, 'words-purpose', purpose.said, i === 0, false);
        if (f) return { ...f, why: `"${purpose.said}" says why, which ${name} holds` };
      }
      if (i !== 0) {
        if (REASON.test(`${nameWords(name).join(' ')} ${prop.description ?? ''}`)) continue;
        return undefined;
      }
      // A line that picks an option says no reason or note of its own.
      if (CHOICE_OF_OPTIONS.test(line.trim()) || saysOnlyWhen(line, ctx.today)) continue;
      // The sentence that speaks of this parameter's own thing, when one does.
      const own = sentenceAbout(name, prop, line);
      if (own) {
        const f = made(own.said, 'words-sentence-about', own.said, true, false);
        if (f) return { ...f, why: `the caller's "${own.word}" is a word of ${name}` };
      }
      // An optional text the caller says nothing of stays empty: the line's other sentences are
      // about other things ("the dietary notes" are not the caller's name and number).
      if (!(ctx.parameters?.required ?? []).includes(name)) return undefined;
      // "… it's up at Undercliffe Cemetery, in Bradford", a line or two back, is the cemetery; this
      // line's "It's the black shiny stuff" answers what stone it is.
      const earlier = sentenceAboutEarlier(name, prop, ctx.callerLines);
      if (earlier) {
        const f = made(earlier.said, 'words-sentence-about', earlier.said, false, false);
        if (f) return { ...f, why: `the caller's "${earlier.word}", said a line or two before, is a word of ${name}` };
      }
      // The sentence that means the tool, when the line has several; else the whole line.
      const said = ctx.tool?.meant ? clauseWith(line, ctx.tool.meant.said) : line.trim();
      // A reason the caller gave earlier as a purpose ("…to go over my blood test results") beats a
      // clause of this line that answers another parameter ("a phone call's fine" is the type).
      const answersAnother = Object.entries(ctx.parameters?.properties ?? {}).some(([p, pp]) => p !== name && Array.isArray(pp?.enum) && enumFromLine(pp.enum, said));
      if (answersAnother && REASON.test(`${nameWords(name).join(' ')} ${prop.description ?? ''}`) && ctx.callerLines.slice(1).some((l) => purposeOf(l))) continue;
      return said ? made(said, said === line.trim() ? 'words-as-said' : 'words-clause', said, true, false) : undefined;
    }
  }
  return undefined;
}

/** The arguments every rule could fill, and the required parameters left without a value. */
export function fillArguments(parameters: JsonSchema, ctx: FillContext): FillResult {
  const args: Record<string, unknown> = {};
  const filled: Record<string, Filled> = {};
  const ties: Record<string, unknown[]> = {};
  const partial: Record<string, string[]> = {};
  const entries = Object.entries(parameters.properties ?? {});
  const parts = entries.filter(([name, prop]) => kindOf(name, prop ?? {}) === 'name').map(([name, prop]) => namePart(name, prop ?? {}));
  const inner = { ...ctx, parameters, givenAndFamily: parts.includes('given') && parts.includes('family') };
  for (const [name, prop] of entries) {
    const f = fillOne(name, prop ?? {}, inner, ties, partial);
    if (f) {
      setOwn(args, name, f.value);
      setOwn(filled, name, f);
    }
  }
  // One stretch of the caller's words gives one value: "He's called Alfie" is the child's name and
  // not his school's too; "the eighteenth" the pickup's day and not the return's too. The later
  // parameter is asked for instead (issue 32: each was a wrong value on agents the rules had not seen).
  for (const [name] of entries) {
    const f = getOwn(filled, name);
    // (A number's words, "two", may be said twice in a line: only one said once is one stretch.)
    // (An older line's words count too, for text: "say from half twelve" a line ago is no end time.)
    // (The "five" of a zip said digit by digit, "eight five two nine seven", is no second saying.)
    const oneStretch = typeof f?.value === 'string' || (f?.fromLatest && typeof f.value === 'number' && saidAloneTimes(ctx.callerLines[0] ?? '', f.said) === 1);
    if (!f || !oneStretch || Array.isArray(getOwn(parameters.properties ?? {}, name)?.enum)) continue;
    const before = entries.slice(0, entries.findIndex(([n]) => n === name));
    if (before.some(([n]) => { const o = getOwn(filled, n); return o !== undefined && o.fromLatest === f.fromLatest && o.value === f.value && o.said === f.said; })) {
      delete args[name];
      delete filled[name];
    }
  }
  // So for a list's words: "Half a load" names half_load whole for one parameter, and its "load" is
  // then no part-of-name evidence for mixed_load in another.
  for (const [name, prop] of entries) {
    const f = getOwn(filled, name);
    if (!f || !Array.isArray(prop?.enum) || !/ of its name/.test(f.why ?? '') || /\bnames "/.test(f.why ?? '')) continue;
    const word = conceptOfWord(String(f.said));
    const namedWhole = entries.some(([other, otherProp]) => {
      const o = other === name || !Array.isArray(otherProp?.enum) ? undefined : getOwn(filled, other);
      return o !== undefined && o.fromLatest === f.fromLatest && /\bnames "/.test(o.why ?? '') && nameWords(String(o.value)).some((w) => conceptOfWord(w) === word);
    });
    if (namedWhole) {
      delete args[name];
      delete filled[name];
    }
  }
  // A value read for how things are now and one for how they are to be (tense-roles.ts), and one
  // number said once read for two counts (scope-counts.ts).
  for (const name of [...outOfTense(entries, filled, ctx.callerLines), ...numbersReadTwice(filled, ctx.callerLines[0] ?? '')]) {
    delete args[name];
    delete filled[name];
  }
  // A text copied from a line that gave other values too keeps only its own clause (copied-text.ts).
  for (const [name, prop] of entries) {
    const f = getOwn(filled, name);
    if (!f) continue;
    const narrowed = copiedText(name, prop ?? {}, f, filled, ctx.callerLines, (parameters.required ?? []).includes(name));
    if (narrowed === 'keep') continue;
    if (narrowed && accepts(prop ?? {}, narrowed.value, ctx.patterns, `${ctx.tool?.name ?? 'the tool'}.${name}`)) {
      setOwn(args, name, narrowed.value);
      setOwn(filled, name, { ...f, value: narrowed.value, said: narrowed.value, why: `${f.why ? `${f.why}; ` : ''}kept to the clause no other value of the line came from` });
    } else {
      delete args[name];
      delete filled[name];
    }
  }
  const missing = (parameters.required ?? []).filter((name) => !Object.hasOwn(args, name));
  return { args, filled, missing, ties, partial };
}

