// Questions put in the order they are asked in (issue 32): the offline model speaks a stage's
// instructions ("Ask how they'd score the delivery, and whether anyone was hurt"), and a question
// read from them must come out as a person asks it ("How would you score the delivery? Was anyone
// hurt?"), or, where no order can be made, asked indirectly whole ("Could you tell me …?").
// speech.ts decides what to say; this file only puts a clause in question order.

export const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
export const sentence = (s: string, end = '.') => capital(s.trim().replace(/[.!?;:,]+$/, '')) + end;

const WH = '(?:how|what|when|where|which|who|why)';
const SUBJECT = "(I|we|it|he|she|you|they|[A-Z][a-z'’-]+|the [a-z]+)";
const AUX = '(can|could|will|would|should|may|might|shall|do|does|did|am|are|is|was|were|have|has|had)';

/**
 * One wh-clause put in question order, or undefined when it is not one: the wh-words may bring a
 * noun of their own ("what time you would like" → "what time would you like"), and a plain verb
 * takes "do" ("which item you want" → "which item do you want").
 */
function invert(part: string): string | undefined {
  // "what brought you here", "who told you": the wh-word is the subject, already in question order.
  if (/^(?:what|who)\s+(?:[a-z]+ed|brought|made|got|took|gave|sent|led|drove|kept|left|told|put|set|came|went|caught|found|brings|makes|gets|takes|gives|sends|leads|keeps|tells)\s+(?:you|them|him|her|us|me)\b/.test(part)) return part;
  // "which day suits you", "what went wrong": the wh-phrase is the subject of a verb said in the
  // third person or the past, so the clause is in question order already.
  // (A pronoun after the word, with its own verb, makes the word a noun: "which sites you would be
  // happy with"; "which day suits you" keeps its object.)
  const subjectVerb = /^(?:what|which|who)(?:\s+(?!(?:I|we|it|he|she|you|they)\b)[a-z]+(?<!s))?\s+([a-z]+)\b(?!\s+(?:I|we|it|he|she|you|they)\s+(?!and\b|or\b)[a-z])/.exec(part);
  if (subjectVerb && (/(?:[^su]s|ed)$/.test(subjectVerb[1]) || Object.hasOwn(PAST_TENSE, subjectVerb[1]) || subjectVerb[1] === 'went') && !/^(?:this|thus|his|its|us|yes|as|plus)$/.test(subjectVerb[1])) return part;
  // The wh-word's noun may be two words ("which passport office you can get to").
  // (No determiner or preposition but "of" among them: "what size of plot", never "what the problem with".)
  const noun = '(?:\\s+(?!(?:I|we|it|he|she|you|they|the|a|an|your|their|my|his|her|its|our|with|for|to|in|on|at|from|by|about)\\b)[a-z]+){0,3}';
  // ("how big it is": nothing after the verb.)
  const m = new RegExp(`^(${WH}${noun})\\s+${SUBJECT}\\s+${AUX}(?:\\s+(.+))?$`).exec(part);
  if (m) return `${m[1]} ${m[3]} ${m[2]}${m[4] ? ` ${m[4]}` : ''}`;
  // ("when you last had it": an adverb of time may stand before the verb, and stays after the subject.)
  const plain = new RegExp(`^(${WH}${noun})\\s+(I|we|you|they)\\s+((?:${ADVERB_BEFORE_VERB})\\s+)?(?!(?:can|could|will|would|should|may|might|shall|do|did|am|are|were|have|had)\\b(?!\\s+(?:it|them|one|any)\\b))([a-z]+)\\b(.*)$`).exec(part);
  if (!plain) return undefined;
  const adverb = plain[3] ?? '';
  // "how you found the driver" asks "how did you find the driver"; a past tense we cannot take back
  // to its plain form ("how you rated it") is left to be asked indirectly.
  const past = PAST_TENSE[plain[4]];
  if (past) return `${plain[1]} did ${plain[2]} ${adverb}${past}${plain[5]}`;
  if (looksPast(plain[4])) return undefined;
  return `${plain[1]} do ${plain[2]} ${adverb}${plain[4]}${plain[5]}`;
}

/** Adverbs said between a subject and its verb ("when you last had it", "how you usually travel"). */
const ADVERB_BEFORE_VERB = 'last|first|usually|normally|ever|still|already|just|actually|really|often|mostly|generally|currently';

/** A regular past tense ("agreed", "rated"), not a verb that only ends so ("need", "feed"). */
/** Past participles a "have" stands before ("you have ridden" asks "Have you ridden?"). */
export const PARTICIPLE = '(?:been|had|got|gotten|done|seen|made|taken|given|ridden|driven|written|eaten|flown|gone|known|shown|swum|begun|broken|chosen|spoken|worn|fallen|forgotten|stolen|thrown|[a-z]+ed)';
export const looksPast = (word: string) => /ed$/i.test(word) && !/^(?:need|feed|bleed|speed|seed|breed|proceed|succeed|exceed|shed|wed|bed|heed|embed|weed|red|bred|led|fed|sped)$/i.test(word);

/** Irregular past tenses said in instructions ("how they found the driver"), with their plain forms. */
const PAST_TENSE: Record<string, string> = Object.fromEntries(
  'found:find thought:think felt:feel got:get had:have made:make took:take came:come went:go saw:see heard:hear paid:pay left:leave bought:buy told:tell said:say knew:know gave:give spent:spend kept:keep lost:lose met:meet sent:send broke:break fell:fall began:begin drove:drive wrote:write stole:steal rang:ring ran:run'
    .split(' ').map((pair) => pair.split(':')),
);

/** "you'd score" is "you would score": a contraction is opened so its verb can go first. */
export const openContractions = (text: string) =>
  text.replace(/\b(it|that|there|he|she)['’]s\s+(?=[a-z]+ing\b)/gi, '$1 is ').replace(/\b(I|we|you|they|he|she|it)['’](d|re|ll|ve)\b/gi, (_, who: string, c: string) => `${who} ${{ d: 'would', re: 'are', ll: 'will', ve: 'have' }[c.toLowerCase() as 'd']}`);

/**
 * A "whether" clause as a question: "the driver may leave it" → "May the driver leave it?", "you
 * want a taxi" → "Do you want a taxi?", and "morning or afternoon" (no verb) as it is.
 */
export function invertWhether(said: string): string | undefined {
  const part = openContractions(said.trim());
  // "there's any flexibility on it" → "Is there any flexibility on it?"; "it's still leaking" → "Is it still leaking?".
  const there = /^(there|it|that|this)\s+(is|are|was|were)\s+(.+)$/i.exec(part.replace(/^(there|it|that|this)['’]s\b/i, '$1 is'));
  if (there) return sentence(`${there[2]} ${there[1].toLowerCase()} ${there[3]}`, '?');
  // ("you have the box" asks "Do you have the box?": "have" goes first only before a participle.)
  const modal = new RegExp(`^${SUBJECT}\\s+(can|could|may|might|will|would|should|shall|is|are|am|was|were|(?:has|have)(?=\\s+${PARTICIPLE}\\b))\\s+(.+)$`).exec(part);
  if (modal) return sentence(`${modal[2]} ${modal[1]} ${modal[3]}`, '?');
  const plain = /^(I|we|you|they)\s+([a-z]+)\b(.*)$/.exec(part);
  if (plain) return sentence(`${looksPast(plain[2]) ? 'have' : 'do'} ${plain[1]} ${plain[2]}${plain[3]}`, '?');
  // "anyone was hurt", "someone will travel with you": a short subject (no comma), then its verb.
  const subject = /^((?:[a-z'’-]+\s+){0,5}?[a-z'’-]+)\s+(can|could|may|might|will|would|should|shall|is|are|was|were)\s+(.+)$/i.exec(part);
  if (subject && !/,/.test(subject[1]) && !/\b(?:and|if|that|which|who|when)\b/i.test(subject[1])) return sentence(`${subject[2]} ${subject[1]} ${subject[3]}`, '?');
  // "it went missing in the UK" asks "Did it go missing in the UK?"; "it happened at home" (a past
  // we cannot take back to its plain form) "Has it happened at home?".
  const pastThird = /^(it|he|she|they|(?:the|your|their)\s+[a-z'’-]+)\s+([a-z]+)\b(.*)$/i.exec(part);
  if (pastThird && PAST_TENSE[pastThird[2].toLowerCase()] && !/^(?:had|was|were)$/i.test(pastThird[2])) return sentence(`did ${pastThird[1]} ${PAST_TENSE[pastThird[2].toLowerCase()]}${pastThird[3]}`, '?');
  if (pastThird && looksPast(pastThird[2])) return sentence(`${/^(?:they)$/i.test(pastThird[1]) ? 'have' : 'has'} ${pastThird[1]} ${pastThird[2]}${pastThird[3]}`, '?');
  // "anyone in the household gets a benefit": "Does anyone in the household get a benefit?".
  const someone = /^((?:anyone|anybody|someone|somebody|everyone|everybody|no\s+one|nobody)(?:\s+(?!(?:is|are|was|were|has|had)\b)[a-z'’-]+){0,4}?)\s+((?!is\b|was\b|has\b|does\b)[a-z]+?)(ies|es|s)\b(.*)$/i.exec(part);
  if (someone && !/,/.test(someone[1])) {
    return sentence(`does ${someone[1]} ${plainVerb(someone[2], someone[3])}${someone[4]}`, '?');
  }
  // "it runs on mains gas, oil or LPG": "Does it run …?".
  const third = /^(it|he|she|(?:the|your|their)\s+[a-z'’-]+)\s+([a-z]+?)(ies|es|s)\b(.*)$/i.exec(part);
  if (third && /^has$/i.test(third[2] + third[3])) return sentence(`does ${third[1]} have${third[4]}`, '?');
  if (third && !/^(?:is|was|does)$/i.test(third[2] + third[3])) {
    return sentence(`does ${third[1]} ${plainVerb(third[2], third[3])}${third[4]}`, '?');
  }
  return undefined;
}

/** A verb said in the third person, back to its plain form: "carries" → "carry", "washes" → "wash", "gets" → "get". */
function plainVerb(stemPart: string, ending: string): string {
  if (ending === 'ies') return `${stemPart}y`;
  if (ending === 'es') return /(?:sh|ch|x|ss|o)$/.test(stemPart) ? stemPart : `${stemPart}e`;
  return stemPart;
}

const whetherQuestion = (said: string): string => invertWhether(said) ?? sentence(openContractions(said.trim()), '?');

/** "how I can help" → "How can I help?": a wh-question put in the order it is asked in. */
export function question(clause: string): string {
  // A list in brackets ("how they'd like to pay (direct debit, a card, bank transfer)") is one part
  // of its clause: its commas part nothing.
  const masked = clause.trim().replace(/[.!?]+$/, '').replace(/\([^()]*\)/g, (inside) => inside.replace(/,/g, LIST_COMMA));
  return questionOf(masked).replace(new RegExp(LIST_COMMA, 'g'), ',');
}

/** A comma inside brackets while a clause is parted (a character no instruction holds). */
const LIST_COMMA = '\u241F';

function questionOf(text: string): string {
  // "which bin was missed, whether it was out by 7, and where it is standing now", "where the smell
  // is strongest, whether it's outside too, and a mobile number": each whether-part is a question
  // of its own, wh-parts said together are asked together, and a thing named is asked for.
  const items = text.split(/(?:,\s*(?:and\s+)?|\s+and\s+)(?=(?:whether|how|what|when|where|which|who|why)\b)|,\s*(?:and\s+)?(?=(?:a|an|the|your|their|any)\s)/i);
  if (items.every((item) => /^(?:how|what|when|where|which|who|why)\b/i.test(item))) return whQuestion([text]);
  const out: string[] = [];
  let wh: string[] = [];
  const flush = () => {
    if (wh.length) out.push(whQuestion(wh));
    wh = [];
  };
  for (const item of items) {
    if (/^whether\b/i.test(item)) {
      flush();
      out.push(whetherQuestion(item.replace(/^whether\s+/i, '')));
    } else if (/^(?:how|what|when|where|which|who|why)\b/i.test(item)) wh.push(item);
    else {
      flush();
      out.push(`Could you tell me ${item.replace(/^./, (c) => c.toLowerCase())}?`);
    }
  }
  flush();
  return out.join(' ');
}

/** Wh-parts asked together: in question order when each can be put so, else indirectly, whole. */
function whQuestion(parts: string[]): string {
  const text = parts.join(', and ');
  const opened = parts.flatMap((p) => openContractions(p.replace(/^./, (c) => c.toLowerCase())).split(/,?\s+and\s+(?=(?:how|what|when|where|which|who|why)\b)/));
  const inverted = opened.map(invert);
  if (inverted.every((p) => p !== undefined)) return sentence(inverted.join(', and '), '?');
  if (opened.length > 1) return `Could you tell me ${text.replace(/^./, (c) => c.toLowerCase())}?`;
  // A wh-clause with no verb to put first ("how long the break should be") is asked indirectly.
  const firstPart = text.split(/\s+and\s+/)[0];
  if (/^(?:how|what|when|where|which|who|why)\s+(?:\w+\s+)+(?:is|are|was|were|can|could|will|would|should|shall|may|might)(?:\s+\w+)?\s*[.!?]*$/i.test(firstPart) && !/^(?:how|what|when|where|which|who|why)(?:\s+\w+)?\s+(?:is|are|was|were|do|does|did|can|could|will|would|should|shall|may|might)\b/i.test(text)) return `Could you tell me ${text}?`;
  // "how many bedrooms the current place has": a wh-clause we cannot put in question order.
  if (/^(?:how|what|when|where|which|who|why)\b/i.test(text) && /\s(?:has|have|had|is|are|was|were|[a-z]+s|[a-z]+ed)$/i.test(text)) return `Could you tell me ${text.replace(/^./, (c) => c.toLowerCase())}?`;
  return sentence(text, '?');
}
