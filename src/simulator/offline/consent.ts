// A go-ahead said beside another answer: "Eighty-five, yeah, that's fine, go ahead. My mobile's …",
// to "What number can they ring?", while the stage is about a fee to agree to. The caller agrees to
// the thing the agent still needs their agreement for; the yes answers no question for a value
// (the number is in another sentence), so it is that flag's. Only for a flag that means agreeing,
// only when the stage's words speak of what is agreed to, and never in a clause that denies.
import { YES_NO_QUESTION } from './asked';

/** A flag that records the caller agreeing: "accept_fee", "the caller agreed to the fee you told them". */
const AGREEING = /\b(?:agree[sd]?|agreeing|accepts?|accepted|accepting|consents?|consented|consenting|ok(?:ay)? with|happy (?:with|to))\b/i;

/** Words that go ahead: "go ahead", "that's fine", "happy with that", "sounds good". */
const GO_AHEAD = /\b(?:go ahead|go for it|that['’]?s (?:fine|ok|okay|all right|alright)|(?:i['’]m|we['’]re) happy with that|fine by me|sounds (?:fine|good|ok|okay))\b/i;

export function goAheadFor(meaning: string, flagName: string, line: string, question: string): { said: string } | undefined {
  if (!AGREEING.test(`${flagName.replace(/[_-]+/g, ' ')} ${meaning}`)) return undefined;
  // A yes/no question just asked is what the go-ahead answers (fillBoolean reads that).
  if (YES_NO_QUESTION.test(question.trim())) return undefined;
  const sentences = line.trim().split(/(?<=[.!?])\s+/);
  for (const sentence of sentences) {
    const m = GO_AHEAD.exec(sentence);
    // "I'm not happy with that", "don't go ahead yet": a denial in the sentence is no go-ahead.
    if (m && !/\b(?:not|n['’]t|never|no)\b/i.test(sentence)) return { said: m[0] };
  }
  return undefined;
}
