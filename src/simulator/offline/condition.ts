// A natural-language condition ("Once the caller confirms the appointment") decided without a
// model: a sentence about agreeing takes the caller's last yes/no; any other sentence holds when
// its words meet the recent caller lines' (words the caller denies meet it only to say it does not
// hold), turned round when the sentence is negated ("has not").
import { withoutTimes } from './dates';
import { findYesNo } from './extract';
import { negationOf } from './polarity';
import { conceptOf, conceptOfWord, contentStems, overlap, words } from './words';

export interface Decision {
  holds: boolean;
  rule: string;
  why: string;
}

const AGREEING = /\b(?:confirm(?:s|ed)?|agree(?:s|d)?|accept(?:s|ed)?|approve(?:s|d)?|consent(?:s|ed)?|says? yes|okays?)\b/i;
const NEGATED = /\b(?:not|never|no|hasn['’]t|hasnt|haven['’]t|isn['’]t|doesn['’]t|didn['’]t|won['’]t|cannot|can['’]t|yet to)\b/i;

/** A sentence about whether the caller has said something at all, not about what. */
const SAYING = /\b(?:said|say|says|told|tell|given|gave|mentioned|explained|stated|shared|provided)\b/i;
/** Concepts that are manners, not content: a greeting or a bare yes says nothing of substance. */
const NOT_SUBSTANCE = new Set(['greeting', 'agree', 'refuse'].map(conceptOfWord));

/** How many recent caller lines a condition is read against. */
const RECENT_LINES = 2;

/** The sentence a condition request asks about: its system prompt's last sentence. */
export function conditionSentence(system: string): string {
  const sentences = system.trim().split(/(?<=[.!?])\s+/);
  return sentences[sentences.length - 1] ?? '';
}

/** Decides `sentence` over the caller's lines (most recent first). */
export function decideCondition(sentence: string, callerLines: string[]): Decision {
  const negated = NEGATED.test(sentence);
  if (AGREEING.test(sentence)) {
    const answer = callerLines[0] === undefined ? undefined : findYesNo(callerLines[0]);
    if (answer) {
      const holds = negated ? !answer.value : answer.value;
      return { holds, rule: 'condition-by-yes-no', why: `the sentence is about agreeing and the caller's latest line opens with "${answer.said}"` };
    }
    return { holds: negated, rule: 'condition-by-yes-no', why: "the sentence is about agreeing and the caller's latest line says neither yes nor no" };
  }
  if (SAYING.test(sentence)) {
    const substance = contentStems(callerLines[0] ?? '').filter((w) => !NOT_SUBSTANCE.has(conceptOf(w)));
    const met = substance.length > 0;
    const found = met ? `the caller's latest line has words of substance ("${substance[0]}")` : "the caller's latest line holds no words of substance";
    return { holds: negated ? !met : met, rule: 'condition-by-substance', why: negated ? `${found}, and the sentence is negated` : found };
  }
  // A word the caller denies in its clause ("nobody needs a wheelchair") meets the sentence only
  // to say it does not hold; a clock time's words ("quarter past") say when, not what.
  const recent = callerLines.slice(0, RECENT_LINES).map(withoutTimes);
  const pairs = recent.flatMap((line) => overlap(words(line), words(sentence)).pairs.map((p) => ({ ...p, denied: negationOf(line, p.mine) })));
  const affirmed = pairs.filter((p) => !p.denied);
  const denied = pairs.find((p) => p.denied);
  const met = affirmed.length > 0;
  const holds = negated ? !met : met;
  const found = met
    ? `the caller's "${affirmed[0].mine}" meets its word "${affirmed[0].theirs}"`
    : denied
      ? `the caller's "${denied.denied} … ${denied.mine}" denies its word "${denied.theirs}"`
      : "no word of the recent caller lines meets its words";
  return { holds, rule: 'condition-by-words', why: negated ? `${found}, and the sentence is negated` : found };
}
