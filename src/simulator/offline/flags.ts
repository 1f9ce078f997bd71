// Reading a yes/no parameter (issue 32: "never a wrong value"). A flag is set by a yes or no that
// answers the question asked for it, or by the caller's words meeting what the flag is about, with
// their polarity: a negator before them in their clause makes it false; a word of the
// description's setting, a word beside a "no" that answers nothing, or a noun the caller qualifies
// otherwise is no evidence, and the agent asks.
import { flagByUk } from './in-the-uk';
import { flagBySpeed } from './urgency';
import { ageThresholdOf, flagByAge } from './age-threshold';
import type { JsonSchema } from '../../model';
import { offerReplyToFact, type Asked } from './asked';
import { withoutTimes } from './dates';
import { dateInWindow, timeInWindow } from './flag-windows';
import { findYesNo, findYesNoInClause } from './extract';
import { dayFlexibility, firstVisit, forSelf, onlyTheBase, yesNoToThing } from './flag-phrases';
import type { FillContext, Filled, Made } from './fill-types';
import { restatesTool } from './intent';
import { goAheadFor } from './consent';
import { declinesHelp } from './self-help';
import { instructionsQuestion, turnQuestionOf } from './turn-questions';
import { callerWords, conceptOfWord, isStopWord, nameWords, overlap, stem, words } from './words';
import { negationOf } from './polarity';
import { classDenied, clauseSayingMost, compoundHeadUnsaid, flagByWords, NEGATED, otherFlagConcepts, PLAIN, qualifiedOtherwise, qualifiesOnly, settingWords, statedInSentenceOf } from './flag-words';

/** Yes/no words and greetings say nothing of what a flag means ("Yes, I'm covered" is no "urgent"). */
const MANNER_CONCEPTS = new Set(['agree', 'refuse', 'greeting'].map(conceptOfWord));
/**
 * Words of the calendar say when, not what: "it has to be that day" meets no "move a day or two
 * either side" (date_flexible), unless the flag is itself about a day ("weekend", "same_day" says
 * "same" too).
 */
const CALENDAR_CONCEPTS = new Set(['day', 'date', 'week', 'month', 'year', 'time'].map(conceptOfWord));

/**
 * What a tool's description says a flag of its means, when the flag has no description of its own
 * ("expedited is true only when the customer wants the paid next-day express delivery",
 * "has_card: whether they still hold it"): the clause after the flag's name.
 */
export function flagMeaningInTool(name: string, toolDescription: string): string {
  const spelled = [name, nameWords(name).join(' ')].map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const m = new RegExp(`\\b(?:${spelled.join('|')})(?:\\s+is\\s+(true\\s+(?:only\\s+)?(?:when|if)\\s+[^;.]+)|\\s*:\\s*([^;.]+))`, 'i').exec(toolDescription);
  return m ? (m[1] ?? m[2]).trim() : '';
}

export function fillBoolean(name: string, prop: JsonSchema, ctx: FillContext, askedAt: (i: number) => Asked | undefined, made: Made): Filled | undefined {
  const [latest = ''] = ctx.callerLines;
  // A yes or no answers only the question the agent asked: it sets the flag that question was for.
  // (Its first clause says what it means: "…by email only from now on, no paper copies" says yes to
  // email; the "no" after the comma spells it out, it does not turn it round.)
  const flagDenies = NEGATED.test((prop.description || nameWords(name).join(' ')).split(/[,;(—–]/)[0]);
  // "Just the MOT, mind" for a flag "true when they want a service as well as the MOT": the caller
  // keeps to the thing the flag adds to, so the flag's extra is not wanted — whatever a "yeah" that
  // opened the line agreed to.
  const keptTo = onlyTheBase(prop.description ?? '', latest);
  if (keptTo) {
    const f = made(false, 'boolean-only-the-base', keptTo.said, true);
    if (f) return { ...f, why: `"${keptTo.said}" keeps to the ${keptTo.base} that ${name} adds to ("${keptTo.phrase}"): not wanted` };
  }
  // "true when every passenger is over 60": "we're both well past sixty" says so (age-threshold.ts).
  const threshold = ageThresholdOf(name, prop);
  const byAge = threshold ? flagByAge(threshold, latest) : undefined;
  if (byAge) {
    const f = made(byAge.value, 'boolean-by-age', byAge.said, true);
    if (f) return { ...f, why: `"${byAge.said}" is ${byAge.value ? '' : 'not '}${threshold!.above ? `${threshold!.age} or over` : `under ${threshold!.age}`}, as ${name} asks` };
  }
  // "express: true only if they need it back the next working day": "there's no mad rush" is no (urgency.ts).
  const speed = flagBySpeed(name, prop.description ?? '', latest);
  if (speed) {
    const f = made(speed.value, 'boolean-by-speed', speed.said, true);
    if (f) return { ...f, why: `"${speed.said}" says ${speed.value ? 'it is wanted quickly' : 'there is no hurry'}` };
  }
  // "True if it went missing in the UK": "in England I mean" says so (in-the-uk.ts).
  const uk = flagByUk(name, prop.description ?? '', latest);
  if (uk) {
    const f = made(uk.value, 'boolean-in-the-uk', uk.said, true);
    if (f) return { ...f, why: `"${uk.said}" is ${uk.value ? 'in' : 'outside'} the UK` };
  }
  // "for themselves" flags: "She's called Maisie", "for my daughter" is someone else; "it's for me" the caller.
  const self = forSelf(name, prop.description ?? '', ctx.callerLines);
  if (self) {
    const f = made(self.value, 'boolean-for-self', self.said, self.latest);
    if (f) return { ...f, why: `"${self.said}" says the caller is ${self.value ? '' : 'not '}the one it is for` };
  }
  // "I've not been to you before" for a flag about a first visit: new.
  const visit = firstVisit(name, prop.description ?? '', latest);
  if (visit) {
    const f = made(visit.value, 'boolean-first-visit', visit.said, true);
    if (f) return { ...f, why: `"${visit.said}" says the caller ${visit.firstTime ? 'comes for the first time' : 'has come before'}` };
  }
  // "It has to be that day" for a flag about moving the day: not flexible.
  const flexibility = dayFlexibility(name, prop.description ?? '', latest);
  if (flexibility) {
    const f = made(flexibility.value, 'boolean-day-flexibility', flexibility.said, true);
    if (f) return { ...f, why: `"${flexibility.said}" says the day ${flexibility.value ? 'may' : 'may not'} move` };
  }
  // "And yes to the certificate thing", "no to the newsletter": a yes or no said of the flag's thing.
  const toThing = yesNoToThing(name, prop.description ?? '', latest, ctx.tool?.description ?? '');
  if (toThing) {
    const f = made(toThing.value, 'boolean-yes-no-to-thing', toThing.said, true);
    if (f) return { ...f, why: `"${toThing.said}" says ${toThing.value ? 'yes' : 'no'} to ${name}'s own thing` };
  }
  for (const [i, line] of ctx.callerLines.entries()) {
    // ("Yeah, the six-yard one sounds about right": the yes agrees to the option it names, not to
    // the question asked before it.)
    const notAnAnswer = i === 0 && (ctx.yesNoSpent || offerReplyToFact(line, ctx.agentLines?.at(-1) ?? '') || YES_TO_A_CHOICE.test(line));
    // "The cleanout? I honestly couldn't tell you … And yeah, there's a huge old maple": a line that
    // says the asked thing back answers it in the sentence right after; a yes further on is about
    // something else.
    const echo = echoedOpening(name, line);
    const yn = askedAt(i) && !notAnAnswer ? (echo !== undefined ? findYesNo(echo) : (findYesNo(line) ?? findYesNoInClause(line))) : undefined;
    if (!yn) continue;
    // "… my eyes do get kind of dry. And no, not pregnant": asked two things, a "no" in the sentence
    // that names the other flag ("pregnant") and not this one answers that one.
    if (yesNoOfAnotherFlag(name, line, yn.index, ctx.parameters?.properties ?? {})) continue;
    // "And no, we've just used it normally": the words after the "no" say the flag's own name, and
    // say it is so. The statement is the answer; the "no" denied something else (damage, moving it).
    const stated = statedInSentenceOf(name, line, yn.index);
    if (stated) {
      const f = made(stated.value, 'boolean-stated-beside-yes-no', stated.said, i === 0);
      if (f) return { ...f, why: `the caller's "${stated.said}" says ${name} ${stated.value ? 'holds' : 'does not hold'}, whatever the "${yn.said}" beside it answered` };
    }
    // "Have you donated before?" — "No" for a flag "true when the caller has never given blood":
    // a question asked the other way round from the flag is answered the other way round. An older
    // line's question is not at hand, so its answer is read only when nothing turns round.
    const question = i === 0 ? (ctx.agentLines?.at(-1) ?? '') : undefined;
    if (question === undefined) {
      if (flagDenies) continue;
      return made(yn.value, 'boolean-from-yes-no', yn.said, false);
    }
    // ("…, yes or no?" and "…or not?" offer both answers: they ask nothing the other way round.)
    if (NEGATED.test(question.replace(/\b(?:yes\s+or\s+no|or\s+not)\b/gi, ' ')) !== flagDenies) {
      const f = made(!yn.value, 'boolean-from-yes-no-turned', yn.said, true);
      return f && { ...f, why: `"${yn.said}" answers "${question.trim()}", which asks the opposite of what ${name} says ("${(prop.description || name).trim()}")` };
    }
    return made(yn.value, 'boolean-from-yes-no', yn.said, i === 0);
  }
  // A yes or no to a question that asked for another tool's value answers what the caller was
  // asked to agree to: the one yes/no the offered tools take (the agent's words lag a step behind,
  // as when a stage's question is spoken before its tools move the call on). A question for a
  // value of this flag's own tool is answered by that value, not by the yes.
  const ynNow = ctx.yesNoSpent ? undefined : findYesNo(latest);
  const askedElsewhere = ctx.asked?.[0]?.length && ctx.asked[0].every((q) => q.tool !== ctx.tool?.name);
  // Only when the stage's instructions or the agent's recent lines speak of the flag: a yes to
  // "What's your name?" says nothing of a flag nobody mentioned.
  const flagWords = new Set(words(`${nameWords(name).join(' ')} ${prop.description ?? ''}`).filter((w) => !isStopWord(w)).map(stem));
  const spokenOf = [ctx.instructions ?? '', ...(ctx.agentLines ?? []).slice(-2)].some((text) => words(text).some((w) => !isStopWord(w) && flagWords.has(stem(w))));
  // "Yeah, that's fine, go ahead", beside another answer, agrees to what the stage asks agreement for (consent.ts).
  const goAhead = spokenOf && !ctx.yesNoSpent ? goAheadFor(prop.description ?? '', name, latest, ctx.agentLines?.at(-1) ?? '') : undefined;
  if (goAhead) {
    const f = made(true, 'boolean-go-ahead', goAhead.said, true);
    if (f) return { ...f, why: `"${goAhead.said}" says yes to what the stage speaks of, which ${name} records` };
  }
  if (ynNow && askedElsewhere && spokenOf && ctx.soleFlag === `${ctx.tool?.name}.${name}`) {
    const f = made(ynNow.value, 'boolean-sole-flag', ynNow.said, true);
    return f && { ...f, why: `"${ynNow.said}" answers no question for a value, and ${name} is the one yes/no the offered tools ask` };
  }
  // A Block Agent turn whose instructions ask one yes/no question, of the one flag its tools take:
  // the caller's bare yes or no answers it, though its question is said beside this call.
  // (A flag that is its tool's only parameter means what the tool does: "Whether the customer is
  // happy to answer a few quick questions now" is met by "ask if they have two minutes for three
  // quick questions".)
  const onlyParameter = Object.keys(ctx.parameters?.properties ?? {}).length === 1;
  const meaningWords = onlyParameter ? new Set([...flagWords, ...words(ctx.tool?.description ?? '').filter((w) => !isStopWord(w)).map(stem)]) : flagWords;
  // (Said before the question is heard, the yes may open a later sentence: "… And yes, it's ours".)
  // (Or stand alone after a comma: "We're on Universal Credit, yes, since the summer".)
  const ynInTurn = ctx.yesNoSpent || !ctx.askedInParallel ? undefined : (ynNow ?? latest.split(/(?<=[.!?])\s+/).slice(1).map((x) => findYesNo(x.replace(/^(?:and|but|so|oh|also)[,\s]+/i, ''))).find((x) => x !== undefined) ?? findYesNoInClause(latest));
  const sole = ctx.soleFlag === `${ctx.tool?.name}.${name}`;
  // (With several flags, the question is this one's when it says a word of this flag's name and
  // of no other flag's: "whether they're already on any medication" for on_bp_medication.)
  const byInstructions = ynInTurn && sole ? instructionsQuestion(ctx.instructions ?? '', meaningWords, true) : ynInTurn && ctx.askedInParallel ? questionNamingFlag(name, ctx) : undefined;
  if (ynInTurn && byInstructions !== undefined) {
    const value = NEGATED.test(byInstructions) !== flagDenies ? !ynInTurn.value : ynInTurn.value;
    const f = made(value, 'boolean-asked-by-instructions', ynInTurn.said, true);
    return f && { ...f, why: `"${ynInTurn.said}" answers the one yes/no question the turn's instructions ask ("${byInstructions}"), of ${name}, the one yes/no its tools take` };
  }
  // "by 7am": a time the caller gives is by that deadline or not.
  const byTime = timeInWindow(prop.description ?? '', latest);
  if (byTime) {
    const f = made(byTime.value, 'boolean-time-by-deadline', byTime.said, true);
    if (f) return { ...f, why: byTime.why };
  }
  // "travel booked in the next four weeks": a day the caller gives is in that window or not.
  const inWindow = dateInWindow(prop.description ?? '', latest, ctx.today);
  if (inWindow) {
    const f = made(inWindow.value, 'boolean-date-in-window', inWindow.said, true);
    return f && { ...f, why: inWindow.why };
  }
  // "True when the caller wants X": true when the caller's words meet what the flag is about: its
  // name and what its description asks, not the description's setting: the one it is said of ("a
  // passenger needs…", "whether the guest…"), a place ("at the address", "near the property"), or a
  // clause that only qualifies ("equipment that needs power"). Those decide nothing. A tool's
  // only parameter is its purpose: there the description whole says what the tool means.
  // The words of a time said ("quarter to six") say when, not what the flag means.
  const soleParameter = Object.keys(ctx.parameters?.properties ?? {}).length <= 1;
  const setting = soleParameter ? new Set<string>() : settingWords(prop.description ?? '');
  // "True when they're happy to get news…; false when they'd rather not": the false clause is no
  // part of what the flag means; its own words, said, make it false.
  // ("True for color, false for black and grey": "for" gives the false case as well.)
  const FALSE_CLAUSE = /[;,.]?\s*\bfalse\s+(?:only\s+)?(?:when|if|for)\s+([^;.]+)/i;
  const falseClause = FALSE_CLAUSE.exec(prop.description ?? '')?.[1];
  const about = [...words((prop.description ?? '').replace(FALSE_CLAUSE, ' ')).filter((w) => !setting.has(w)), ...nameWords(name)];
  if (falseClause) {
    // (A bare yes or no is no word of the clause's: "decline" is not met by "no" to another question.)
    const clauseWords = words(falseClause).filter((w) => !isStopWord(w) && !/^(?:they|not|no)$/.test(w));
    const said = callerWords(withoutTimes(latest)).filter((w) => !MANNER_CONCEPTS.has(conceptOfWord(w)) || clauseWords.some((c) => stem(c) === stem(w)));
    const saysFalse = overlap(said, clauseWords).pairs[0];
    if (saysFalse) {
      const f = made(false, 'boolean-false-clause', saysFalse.mine, true, false);
      if (f) return { ...f, why: `the caller's "${saysFalse.mine}" meets the clause that makes ${name} false ("false when ${falseClause.trim()}")` };
    }
  }
  // (A word of yes or no that is the flag's own word, "wrong" of "something is wrong", is its meaning.)
  const aboutStems = new Set(about.map(stem));
  // The flag's meaning is read in the latest line first; then in the lines the caller said while
  // this tool's questions were being asked (a step later, "I'll be going with her" still holds,
  // while the call waited for another of its values). A line from before that is about other things.
  const aboutTheCalendar = nameWords(name).filter((w) => !isStopWord(w)).every((w) => CALENDAR_CONCEPTS.has(conceptOfWord(w)));
  const byMeaning = (line: string, fromLatest: boolean, lastAgentLine: string): Filled | undefined => {
    const madeHere: Made = (value, rule, said, _latest, specific) => made(value, rule, said, fromLatest, specific);
    // ("up to date", "out of date" say how current a thing is: no day.)
    const saysCurrent = /\b(?:up|out)[\s-]+(?:to|of)[\s-]+date\b/i.test(line);
    const meaningful = callerWords(withoutTimes(line)).filter((w) => (!MANNER_CONCEPTS.has(conceptOfWord(w)) || aboutStems.has(stem(w))) && (!CALENDAR_CONCEPTS.has(conceptOfWord(w)) || aboutTheCalendar || (saysCurrent && /^date$/i.test(w))));
    // A word met through a synonym ("mobile" for "contact") means that word's sense only when the
    // description uses it alone: "contact lenses" is no phone contact unless the caller says lenses.
    const flagText = `${prop.description ?? ''} ${nameWords(name).join(' ')}`;
    const lineStems = new Set(words(line).map(stem));
    // ("out at work" is no "next working day": a word that only qualifies the description's noun,
    // "working" of "working day", is met only beside that noun.)
    // ("True if they check their own blood pressure at home; only if mentioned": a flag set only if
    // mentioned is met by its own words, never by a synonym — "get it looked at" is no "check".)
    const onlyIfSaid = ONLY_IF_SAID.test(prop.description ?? '');
    const all = overlap(meaningful, about).pairs.filter((p) => (onlyIfSaid ? stem(p.mine) === stem(p.theirs) : true) && ((stem(p.mine) === stem(p.theirs) && !qualifiesOnly(flagText, p.theirs, p.mine, lineStems)) || conceptOfWord(p.mine) !== conceptOfWord(p.theirs) || !compoundHeadUnsaid(flagText, p.theirs, lineStems)));
    // A word another flag of the tool is about too ("equipment" of medical_equipment and of a flag
    // for damaged "cables or equipment") tells neither apart: the words only this flag has decide,
    // and where there are none, a word of another flag's own name is that flag's, not this one's.
    const others = otherFlagConcepts(name, ctx.parameters);
    const unique = all.filter((p) => !others.described.has(conceptOfWord(p.mine)));
    const shared = (unique.length ? unique : all.filter((p) => !others.named.has(conceptOfWord(p.mine)))).filter((p) => !modifierSaidAlone(name, prop.description ?? '', p, line));
    // "company_car" met only by "car", said as "my own car": the plain kind, false. (Said bare, the
    // noun is read as below: "glass all over the path" is broken glass.)
    const nameParts = nameWords(name).filter((w) => !isStopWord(w));
    // (Only a name that qualifies its noun: "wants_trial", "has_fault" say a want or a having, no kind.)
    const qualifies = nameParts.length >= 2 && !/^(?:wants?|wish(?:es)?|needs?|has|have|had|is|are|uses?|got|gets?|requires?|own|owns|any)$/i.test(nameParts[0]);
    const head = qualifies ? conceptOfWord(nameParts[nameParts.length - 1]) : undefined;
    if (head && shared.length && shared.every((p) => conceptOfWord(p.mine) === head)) {
      const before = new RegExp(`\\b([a-z]+)\\s+${shared[0].mine.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i').exec(line)?.[1];
      if (before && PLAIN.has(before.toLowerCase())) {
        const f = madeHere(false, 'boolean-plain-against-qualifier', `${before} ${shared[0].mine}`, true, false);
        return f && { ...f, why: `the caller's "${before} ${shared[0].mine}" is the plain kind, not the ${nameParts.slice(0, -1).join(' ')} one ${name} asks about` };
      }
    }
    // "I can manage my bags myself" turns down a flag for someone's help (self-help.ts).
    const declined = shared.length ? declinesHelp(prop.description ?? '', line, shared[0].mine) : undefined;
    if (declined) {
      const f = madeHere(false, 'boolean-declines-help', declined, true, false);
      return f && { ...f, why: `"${declined}" says the caller will do it on their own: no help wanted` };
    }
    if (shared.length) {
      const description = `${prop.description ?? ''}. ${nameWords(name).join(' ')}`;
      const other = qualifiedOtherwise(line, shared[0].mine, description, shared[0].theirs);
      if (other !== undefined) {
        // "the normal delivery" against a flag for "express delivery": the plain kind, said, is not
        // the special one. Any other word before the noun ("the blue delivery") is a guess either way.
        if (!PLAIN.has(other.toLowerCase())) return undefined;
        const f = madeHere(false, 'boolean-plain-against-qualifier', `${other} ${shared[0].mine}`, true, false);
        return f && { ...f, why: `the caller's "${other} ${shared[0].mine}" is the plain kind, not what ${name} asks for` };
      }
      // Where the flag's words are said in several clauses ("Gas and electric … No electric car"),
      // the clause that says most of them is the one about it, and its polarity decides.
      // ("hasn't played in the league before": a word the flag's own description denies decides by
      // agreeing with that denial, whichever other word of the flag the line says too.)
      const ownWords = (prop.description ?? '').split(/[;(—–]/)[0];
      const deniedPairs = shared.filter((p) => !NEGATED.test(p.theirs) && negationOf(ownWords, p.theirs) !== undefined);
      const denied = deniedPairs.find((p) => negationOf(line, p.mine) !== undefined) ?? deniedPairs[0];
      if (denied) return flagByWords(name, line, denied.mine, lastAgentLine, madeHere, ownWords);
      const clause = clauseSayingMost(line, shared.map((p) => conceptOfWord(p.mine)));
      if (clause) return flagByWords(name, clause.text, clause.word, lastAgentLine, madeHere);
      return flagByWords(name, line, shared[0].mine, lastAgentLine, madeHere);
    }
    // "I'm not on any medication at all" denies antibiotics: a class the caller denies holds none of its kinds.
    const deniedClass = classDenied(about, line);
    if (deniedClass) {
      const f = madeHere(false, 'boolean-class-denied', deniedClass.said, true, false);
      return f && { ...f, why: `the caller denies "${deniedClass.said}", and ${deniedClass.kind} is a kind of it` };
    }
    return undefined;
  };
  // A Block Agent turn's questions are spoken beside the tools call that reads the answers, so the
  // caller may answer them before they are heard: a yes or no beside the flag's words answers the
  // turn's own "whether …" of that flag, asked the same way round.
  const turnQuestion = ctx.askedInParallel ? turnQuestionOf(ctx.instructions ?? '', flagWords) : undefined;
  const askedByTurn = turnQuestion !== undefined && NEGATED.test(turnQuestion) === flagDenies;
  const now = byMeaning(latest, true, askedByTurn ? `${turnQuestion}?` : (ctx.agentLines?.at(-1) ?? ''));
  if (now) return now;
  for (let i = 1; i < ctx.callerLines.length && ctx.asked?.[i]?.some((q) => q.tool === ctx.tool?.name); i++) {
    const earlier = byMeaning(ctx.callerLines[i], false, '');
    if (earlier) return earlier;
  }
  // A flag that restates its tool's purpose ("schedule_appointment" of a scheduling tool) holds
  // when the caller means the tool, and is false when they deny it.
  const meant = ctx.tool?.meant;
  // A tool's one parameter named as a want ("wants_service: true when they want to sign up") is the
  // want of what the tool is for: it restates it too. (A want of an option, "gift_wrap: true when
  // the customer wants the paid gift wrapping", is not named so.)
  const wantsTheTool = soleParameter && /^(?:wants?|wish(?:es)?|needs?|interested)$/i.test(nameWords(name)[0] ?? '');
  if (meant && (restatesTool(name, prop, ctx.tool!) || wantsTheTool)) {
    const f = made(!meant.negated, 'boolean-by-tool-meaning', meant.said, true, false);
    return f && { ...f, why: `the caller means ${ctx.tool!.name} ("${meant.said}"${meant.negated ? ', denied' : ''}) and ${name} restates its purpose` };
  }
  return undefined;
}

/**
 * The one yes/no question of a Block Agent turn's instructions, when it says a word of this flag's
 * name and none of another flag's name.
 */
function questionNamingFlag(name: string, ctx: FillContext): string | undefined {
  const own = new Set(nameWords(name).filter((w) => !isStopWord(w) && w.length > 2).map(stem));
  const question = instructionsQuestion(ctx.instructions ?? '', own);
  if (!question) return undefined;
  const said = new Set(words(question).filter((w) => !isStopWord(w)).map(stem));
  const others = Object.entries(ctx.parameters?.properties ?? {}).filter(([p, pp]) => p !== name && pp?.type === 'boolean');
  const othersSay = others.some(([p]) => nameWords(p).some((w) => !isStopWord(w) && w.length > 2 && said.has(stem(w)) && !own.has(stem(w))));
  return othersSay ? undefined : question;
}

/** A flag the description says to set only when the caller brings it up. */
const ONLY_IF_SAID = /\bonly\s+(?:if|when)\s+(?:they\s+|the\s+caller\s+)?(?:mention(?:s|ed)?|say|says|said|bring\s+it\s+up|raise[sd]?|ask(?:s|ed)?|volunteer(?:s|ed)?)\b/i;

/** A yes that goes on to name an option: "Yeah, the six-yard one sounds about right". */
const YES_TO_A_CHOICE = /^\s*(?:yes|yeah|yep|yup|ok|okay|right)[,!.]?\s+(?:the|that)\s+(?:[\w'’-]+\s+){0,3}one\b/i;

/** Whether the sentence holding the yes or no at `at` names another flag's own words and none of this one's. */
function yesNoOfAnotherFlag(name: string, line: string, at: number, properties: Record<string, JsonSchema | undefined>): boolean {
  let start = Math.max(0, ...['. ', '? ', '! '].map((p) => line.lastIndexOf(p, at) + 1));
  // ("Listed? Oh no": the question said back before the answer is the answer's sentence too.)
  if (line.slice(0, start).trimEnd().endsWith('?')) start = Math.max(0, ...['. ', '? ', '! '].map((p) => line.lastIndexOf(p, start - 2) + 1));
  const ends = ['.', '?', '!'].map((p) => line.indexOf(p, at)).filter((x) => x >= 0);
  const said = new Set(words(line.slice(start, ends.length ? Math.min(...ends) : line.length)).map(stem));
  const own = (n: string) => nameWords(n).filter((w) => !isStopWord(w) && w.length > 2).map(stem);
  if (own(name).some((w) => said.has(w))) return false;
  return Object.entries(properties).some(([other, p]) => other !== name && p?.type === 'boolean' && own(other).some((w) => said.has(w)));
}

/** A line's opening that says a flag's thing back as a question ("The cleanout?"): the sentence after it, its answer; else undefined. */
function echoedOpening(name: string, line: string): string | undefined {
  const m = /^\s*(?:(?:oh|um|uh|erm|the|a|an|my|our|your)\s+)*([\p{L}'’ -]{2,30})\?\s*/iu.exec(line);
  if (!m) return undefined;
  const own = new Set(nameWords(name).filter((w) => !isStopWord(w)).map(stem));
  if (!words(m[1]).some((w) => own.has(stem(w)))) return undefined;
  return line.slice(m[0].length).split(/(?<=[.!?])\s+/)[0];
}

/**
 * Whether the caller's word meets only a word of the description that qualifies the flag's own
 * name ("brow" of "a brow tint", for `tint`) and is said without that name after it: "Just the
 * brows really" speaks of the threading the tint would be added to, not of the tint.
 */
function modifierSaidAlone(name: string, description: string, pair: { mine: string; theirs: string }, line: string): boolean {
  const own = new Set(nameWords(name).filter((w) => !isStopWord(w)).map(stem));
  if (own.has(stem(pair.theirs))) return false;
  const head = new RegExp(`\\b${pair.theirs.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s+([a-z]+)`, 'i').exec(description)?.[1];
  if (!head || !own.has(stem(head))) return false;
  const saidWithHead = new RegExp(`\\b${pair.mine.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s+([a-z]+)`, 'gi');
  return ![...line.matchAll(saidWithHead)].some((m) => stem(m[1]) === stem(head));
}
