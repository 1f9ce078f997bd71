// What the offline model says: stage instructions turned into the agent's own words ("Ask for the
// caller's name" → "Could you tell me your name?"), a question for a missing argument, and a short
// report of tool results. Instructions speak to the agent as "you" and of the caller in the third
// person, so speaking them means swapping the two.
import type { JsonSchema } from '../../model';
import type { Item, StepCall } from './reading';
import { nameWords } from './words';
import { questionFromName, saysOnlyHowWritten, scaleOf } from './question-names';
import { capital, invertWhether, looksPast, PARTICIPLE, question, sentence } from './question-order';

/** Who the instructions call the person on the line: "the caller", "the customer", "the patient"… */
const WHO = 'caller|customer|client|patient|guest|member|passenger|tenant|resident|visitor';
const SWAPS: [RegExp, string][] = [
  [new RegExp(`^the (?:${WHO})['’]s$`, 'i'), 'your'], [new RegExp(`^the (?:${WHO})$`, 'i'), 'you'], [/^caller['’]s$/i, 'your'],
  [/^you are$/i, 'I am'], [/^you['’]re$/i, "I'm"], [/^you were$/i, 'I was'], [/^yourself$/i, 'myself'],
  [/^yours$/i, 'mine'], [/^your$/i, 'my'], [/^you$/i, 'I'],
  [/^they are$/i, 'you are'], [/^they['’]re$/i, "you're"], [/^they were$/i, 'you were'],
  [/^theirs$/i, 'yours'], [/^their$/i, 'your'], [/^they$/i, 'you'], [/^them$/i, 'you'], [/^themselves$/i, 'yourself'],
];
const SWAP_WORDS = new RegExp(`\\b(?:the (?:${WHO})['’]s|the (?:${WHO})|caller['’]s|you are|you['’]re|you were|yourself|yours|your|you|they are|they['’]re|they were|theirs|their|they|themselves|them)\\b`, 'gi');

/** "the caller wants" → "the caller want", so that it reads "you want" once swapped (and "the customer", "the patient"…). */
function toSecondPerson(text: string): string {
  const irregular: Record<string, string> = { is: 'are', was: 'were', has: 'have', does: 'do' };
  // An adverb may come between ("the customer still has").
  return text.replace(new RegExp(`\\b(the (?:${WHO})(?:\\s+(?:still|already|also|really|just|now|ever|never|usually|often))?)\\s+(\\w+?)(ies|s)\\b`, 'gi'), (m, who: string, base: string, end: string) => {
    const verb = base + end;
    if (irregular[verb.toLowerCase()]) return `${who} ${irregular[verb.toLowerCase()]}`;
    if (end === 's' && /s$/.test(base)) return m; // "the caller's" and "class" are not verbs
    return `${who} ${base}${end === 'ies' ? 'y' : ''}`;
  });
}

/**
 * "you" the agent is spoken to as becomes "I" as a subject and "me" as an object: "read you the
 * number" → "read me the number", "so you can check" → "so I can check".
 */
const OBJECT_YOU = /^\s*(?:[.,;:!?)]|$|(?:the|a|an|your|their|my|his|her|its|this|that|these|those|it|back|again|about|with|for|to|from|on|in|at|when|what|which|if|whether|how|and|or|before|after|once|now|please)\b)/i;
const VERB_BEFORE_YOU = /\b(?:tell|give|send|show|read|spell|ask|call|text|email|let|help|to|for|with|at|from|about|thank|pass|hand|say)\s*$/i;

/** Agent-addressed text as the agent says it to the caller. */
export function swapPersons(text: string): string {
  return toSecondPerson(text).replace(SWAP_WORDS, (m, offset: number, whole: string) => {
    if (/^you$/i.test(m) && VERB_BEFORE_YOU.test(whole.slice(0, offset)) && OBJECT_YOU.test(whole.slice(offset + m.length))) return 'me';
    // "the birthday child's first name and the age they're turning": "they" is the one just named,
    // not the caller.
    if (/^(?:they|their|them|theirs|themselves)\b/i.test(m) && THIRD_PARTY.test(whole.slice(0, offset))) return m;
    return SWAPS.find(([re]) => re.test(m))?.[1] ?? m;
  });
}

/** Someone other than the caller, named in an instruction: "they" after it is that one. */
// (Not "the rider" or "the pupil": the caller may be that one.)
const THIRD_PARTY = /\b(?:child|children|kid|kids|son|daughter|baby|boy|girl|mum|mother|dad|father|husband|wife|partner|grandparent|tenant|neighbou?r|dog|cat|pet|puppy|horse|guest of hono(?:u)?r)(?:['’]s)?\b/i;

/** A verb of being, having or a modal: a told text with one is a statement, not a bare noun phrase. */
const HAS_VERB = /\b(?:is|are|was|were|will|would|can|could|may|might|must|should|shall|has|have|had|does|do|did|opens?|closes?|takes?|costs?|needs?|gets?|comes?|goes?|arrives?|expires?|starts?|ends?)\b|n['’]t\b/i;

const VERBS = 'greet|welcome|ask|invite|tell|inform|let|thank|say|wish|offer|confirm|repeat|explain|check|collect|use|call|read|give|wait';
const PERSON = "(?:(?:the|your|their)\\s+(?:caller|guest|customer|client|patient|user|visitor)|them|him|her|(?:[A-Z][\\w'’-]*\\s+){1,3}?)";

/** One clause of an instruction as speech, or undefined for what needs data the model lacks. */
function speakClause(clause: string, greeted: boolean): { text?: string; statement: boolean } {
  // "Find out whether…", "check what…", "confirm if…": asking, in other words.
  // The verb lower-cased, and the rest matched case-sensitively: PERSON's capitals are a name's
  // ("Ask Maria what…"), which a case-blind match would find in "what happened and when…".
  // ("Ask roughly how big it is": an adverb of manner between the verb and its question is dropped.)
  const c = clause.trim().replace(/^(?:find out|check|confirm|establish|work out|make sure you know)\s+(?=(?:whether|if|how|what|when|where|which|who|why)\b)/i, 'ask ').replace(/^ask\b/i, 'ask')
    .replace(/^ask\s+(?:roughly|briefly|exactly|politely|gently|kindly|also|then|now|quickly|clearly)\s+(?=(?:whether|if|how|what|when|where|which|who|why|for|about|the)\b)/i, 'ask ');
  let m: RegExpExecArray | null;
  if (/^(?:greet|welcome)\b/i.test(c)) return { text: greeted ? undefined : 'Hello!', statement: false };
  // "Ask open-ended questions", "ask natural follow-up questions": a question on what was just said.
  if (/^ask\s+(?:(?:[\w-]+,?\s+){0,3})(?:follow-?up\s+)?questions?\b(?!\s+(?:about|on)\b)/i.test(c)) return { text: 'Could you tell me more about that?', statement: false };
  // "Invite them to introduce themselves" is asked as "Could you introduce yourself?".
  if ((m = new RegExp(`^invite\\s+${PERSON}\\s*to\\s+(?:(?:briefly|kindly|please)\\s+)?(.+)$`, 'i').exec(c))) return { text: `Could you ${swapPersons(m[1]).replace(/[—–-]\s*.*$/, '').replace(/[.!?,;\s]+$/, '')}?`, statement: false };
  // "Ask until what time they would like…" asks "Until what time would you like…?".
  if ((m = new RegExp(`^ask\\s+(?:${PERSON}\\s*)?(?:(until|by|from|at|for|on|in)\\s+)?(how|what|when|where|which|who|why)\\b(.*)$`).exec(c))) {
    const asked = question(swapPersons(m[2] + m[3]));
    return { text: m[1] ? `${capital(m[1])} ${asked.charAt(0).toLowerCase()}${asked.slice(1)}` : asked, statement: false };
  }
  if ((m = new RegExp(`^ask\\s+(?:${PERSON}\\s*)?(?:for|about)\\s+(.+)$`).exec(c))) return { text: `Could you tell me ${swapPersons(m[1]).replace(/[.!?]+$/, '')}?`, statement: false };
  if ((m = new RegExp(`^ask\\s+${PERSON}\\s*to\\s+(.+)$`).exec(c))) return { text: `Could you ${swapPersons(m[1]).replace(/[.!?]+$/, '')}?`, statement: false };
  // "Check that nobody else aged 18 or over lives there": asked to be confirmed.
  if ((m = /^(?:check|confirm|make sure)\s+that\s+(.+)$/i.exec(c))) return { text: `Can I check that ${swapPersons(m[1]).replace(/[.!?]+$/, '')}?`, statement: false };
  // "Ask whether anyone was hurt" asks "Was anyone hurt?"; what cannot be put so, "Could you tell me if …?".
  if ((m = new RegExp(`^ask\\s+(?:${PERSON}\\s*)?(?:whether|if)\\s+(.+)$`).exec(c))) {
    const asked = swapPersons(m[1]).replace(/[.!?]+$/, '');
    return { text: invertWhether(asked) ?? `Could you tell me if ${asked}?`, statement: false };
  }
  // "Ask the date they became the only adult": the thing asked for.
  if ((m = /^ask\s+((?:the|their|your)\s+[a-z].+)$/.exec(c))) return { text: `Could you tell me ${swapPersons(m[1]).replace(/[.!?]+$/, '')}?`, statement: false };
  // Who is told ends where the words told begin: the first word that is not capitalised.
  if ((m = new RegExp(`^(?:tell|inform|let)\\s+${PERSON}\\s*(?:know\\s+)?(?:that\\s+)?(?=[a-z])(.+)$`).exec(c.replace(/^./, (x) => x.toLowerCase())))) {
    // "Tell the caller the new day" names what to tell, which only data says: nothing to speak.
    if (!HAS_VERB.test(m[1])) return { statement: false };
    return { text: sentence(swapPersons(m[1])), statement: true };
  }
  if ((m = /^thank\s+(.*)$/i.exec(c))) {
    // Only a name is said after "Thank you,": "the guest", "them" or "everyone" is who, not what to say.
    const who = m[1].trim().replace(/\s+for\b.*$/i, '');
    if (!/^[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*$/.test(who) || /^(?:The|Them|Him|Her|Everyone|All)\b/.test(who)) return { text: 'Thank you.', statement: true };
    return { text: `Thank you${who ? `, ${who}` : ''}.`, statement: true };
  }
  if (/^say\s+(?:good-?bye|bye)\b/i.test(c)) return { text: 'Goodbye!', statement: true };
  // "Wish them a good trip" is said as "Have a good trip!".
  if ((m = new RegExp(`^wish\\s+${PERSON}\\s*((?:a|an)\\s+.+)$`, 'i').exec(c))) return { text: `Have ${m[1].trim().replace(/[.!?]+$/, '')}!`, statement: true };
  // "Say the order back once with the total": a read-back, which needs the data: nothing to speak.
  if (/^say\s+.+\s+back\b/i.test(c)) return { statement: false };
  // "Say to bring the little one along": the caller is asked to do it ("Please bring …").
  if ((m = /^(?:say|tell\s+(?:them|the\s+\w+))\s+to\s+(?!(?:them|him|her|the\s+\w+)\b)([a-z].+)$/i.exec(c))) return { text: `Please ${swapPersons(m[1]).replace(/[.!?]+$/, '')}.`, statement: true };
  // "Say X and that Y": what is said is "X and Y".
  if ((m = /^say\s+(?:that\s+)?(.+)$/i.exec(c))) return { text: sentence(swapPersons(m[1].replace(/^["'“]|["'”]$/g, '').replace(/\s+and\s+that\s+/gi, ' and '))), statement: true };
  return { statement: false };
}

/** A clause that stands as a sentence: a subject and more, not "to hang up" or "and then wait". */
const isClause = (text: string) => {
  const ws = text.trim().split(/\s+/);
  return ws.length >= 3 && !/^(?:to|and|or|but|for|before|after|when|while|until|if|unless|so|then|with|without|by)\b/i.test(text.trim());
};

/**
 * The first sentence of the stage's instructions, spoken. Clauses that need data (offer, confirm,
 * repeat…) are left out; a clause without a verb is kept only after something said ("; it takes
 * a moment" after "Tell … you are checking").
 */
export function speakInstructions(instructions: string, greeted: boolean): string | undefined {
  return spokenFrom(instructions, greeted)?.text;
}

/** speakInstructions, with the sentence it spoke. */
export function spokenFrom(instructions: string, greeted: boolean): { text: string; sentence: string } | undefined {
  // The first sentence that has something to say: "Welcome the guest warmly." says nothing once
  // the call is greeted, and the task goes on to what to ask.
  // A statement first ("Say the address is fine.") is followed by the next sentence's question, as a
  // person says both; a question ends what is said.
  let said: { text: string; sentence: string } | undefined;
  for (const sentence of instructions.trim().split(/(?<=[.!?])\s+/)) {
    const text = speakSentence(sentence, greeted);
    if (!text) continue;
    if (said) return /\?$/.test(text) ? { text: `${said.text} ${text}`, sentence: said.sentence } : said;
    if (/\?$/.test(text)) return { text, sentence };
    said = { text, sentence };
  }
  return said;
}

/** "Then, ask …", "Now ask …": the order is the same without its opening adverb. */
const OPENING_ADVERB = /^(?:then|now|next|first|finally|after that|afterwards|also)\b,?\s+/i;

function speakSentence(sentenceText: string, greeted: boolean): string | undefined {
  // (", for example \"So that's one large…\"" shows the agent a way to say it: no words of its own.)
  const first = sentenceText.trim().replace(OPENING_ADVERB, '').replace(/,?\s*(?:for example|for instance|e\.g\.)[\s,:].*$/i, '');
  const clauses = first.split(new RegExp(`;\\s*|,\\s*(?:and\\s+|then\\s+)?(?=(?:${VERBS})\\b)|\\s+(?:and|then)\\s+(?=(?:${VERBS})\\b)|,\\s*(?=(?:and|or)\\s+(?:whether|if)\\b)`, 'i'));
  const said: string[] = [];
  let afterStatement = false;
  let asked = false;
  for (const clause of clauses) {
    if (!clause.trim()) continue;
    // "…, and whether they want X" goes on asking: the same verb, a second question.
    const goesOn = /^(?:and|or)\s+(?=(?:whether|if)\b)/i.exec(clause.trim());
    const spoken: { text?: string; statement: boolean } = goesOn && asked ? speakClause(`ask ${clause.trim().slice(goesOn[0].length)}`, greeted) : speakClause(clause, greeted);
    if (spoken.text) said.push(spoken.text);
    else if (afterStatement && !new RegExp(`^(?:${VERBS})\\b`, 'i').test(clause.trim()) && isClause(clause)) said.push(sentence(swapPersons(clause)));
    afterStatement = spoken.statement || (afterStatement && !spoken.text);
    asked = Boolean(spoken.text?.endsWith('?'));
  }
  return said.length ? said.join(' ') : undefined;
}

/** A name ending in "at" or "on" (leave_at, paid_on) names a time or a day, not a thing called "leave at". */
export function whenName(name: string): 'time' | 'day' | undefined {
  const ws = nameWords(name);
  if (ws.length < 2) return undefined;
  return ws[ws.length - 1] === 'at' ? 'time' : ws[ws.length - 1] === 'on' ? 'day' : undefined;
}

/** A parameter's name as words to say: "the time" for leave_at, "the day" for paid_on, else its words. */
export function spokenName(name: string): string {
  const when = whenName(name);
  return when ?? nameWords(name).join(' ');
}

/**
 * For a flag with no description of its own, what its tool's description says of it ("book_taxi
 * is true when the guest wants a taxi"), with whoever it is said of as the one spoken to.
 */
function flagClause(name: string, toolDescription: string): string {
  const spelled = [name, nameWords(name).join(' ')].map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const m = new RegExp(`\\b(?:${spelled.join('|')})\\s+is\\s+(true\\s+(?:only\\s+)?(?:when|if)\\s+[^;.]+)`, 'i').exec(toolDescription);
  // "in_safe_place: they are out of the way of traffic", "has_card: does the customer still have it":
  // what the flag says, of the caller, asked whether it holds.
  const colon = m ? undefined : new RegExp(`\\b(?:${spelled.join('|')})\\s*:\\s*([^;.]+)`, 'i').exec(toolDescription);
  if (colon) {
    const person = '(?:they|the\\s+(?:caller|customer|user|guest|patient|client|member|person|candidate|passenger|donor))';
    const said = colon[1].trim()
      .replace(new RegExp(`^(?:does|do|did)\\s+${person}\\s+`, 'i'), 'the caller ')
      .replace(new RegExp(`^(is|are|was|were|has|have|can|will)\\s+${person}\\s+`, 'i'), (_, aux: string) => `the caller ${aux} `)
      .replace(new RegExp(`^${person}\\s+`, 'i'), 'the caller ');
    if (/^the caller\s/.test(said)) return `whether ${toSecondPerson(said)}`;
    // "has_fault: true only when something is wrong with it now": the condition is the question.
    if (/^(?:true|yes)\s+(?:only\s+)?(?:when|if)\s/i.test(said)) return toSecondPerson(said);
  }
  return m ? toSecondPerson(m[1].replace(/\b(?:when|if)\s+the\s+(?!caller\b)[a-z]+\s+(?=[a-z]+s\b)/i, (x) => x.replace(/the\s+[a-z]+\s+$/i, 'the caller '))) : '';
}

/**
 * For a parameter with no description of its own, what a docstring says of it ("claims: how many
 * claims in the last five years, 0 for none"): a question-like clause only (how many, what, which,
 * when, where, who, whether), cut at its first comma.
 */
function docstringClause(name: string, prop: JsonSchema | undefined, toolDescription: string): string {
  if (prop?.type === 'boolean') return '';
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const spelled = [escape(name), nameWords(name).map(escape).join('[\\s_-]*')];
  const m = new RegExp(`\\b(?:${spelled.join('|')})\\s*:\\s*((?:how many|how much|what|which|when|where|who|whether|the|earliest|latest|preferred|best)\\b[^;.,]*)`, 'i').exec(toolDescription);
  if (!m || saysOnlyHowWritten(m[1])) return '';
  // ("earliest time they can be in" is asked as "the earliest time you can be in".)
  return /^(?:earliest|latest|preferred|best)\b/i.test(m[1]) ? `the ${m[1].trim()}` : m[1].trim();
}

/** A noun phrase whose head (its last word before a comma, "of", "for" or the end) is plural. */
const PLURAL_HEAD = /^(?:your|the)\s+(?:(?!(?:of|for|from|to|in|on|at|with)\b)[a-z'’-]+\s+)*?[a-z'’-]*[^suia'’]s(?=\s*(?:$|,|\b(?:of|for|from|to|in|on|at|with)\b))/i;

/** A description that says only how a value is written: a format, "digits only", "as HH:MM". */
const ONLY_A_FORM = /^(?:(?:as|in|format:?|written\s+as)\s+)?(?:YYYY-MM-DD(?:[T ]HH:MM(?::SS)?)?|HH:MM(?::SS)?|YYYY-MM|ISO[\s-]?8601(?:\s+date)?|digits\s+only|E\.164)(?:[,;]?\s*(?:24-hour|24h|digits\s+only|UTC|local\s+time))?[.!]?$/i;

/** A description that opens on a bare noun and "of" ("Age of…", "Number of bags"): it takes "the". */
const NOUN_OF = /^(?!(?:the|a|an|your|their|my|our|one|some|any|each|all|most|none|both|either|neither|which|what|how|who|whether)\b)[A-Za-z]+(?:\s+[a-z]+)?\s+of\b/i;

/** A format said after what the value is ("The day of the visit, YYYY-MM-DD"): not spoken. */
const WRITTEN_FORM = /[,;:]?\s*(?:(?:as|in|written\s+as)\s+)?(?:YYYY-MM-DD(?:[T ]HH:MM)?|HH:MM)\b.*$/i;

/** The question for a required argument no rule could fill, from its description. */
export function askFor(name: string, prop: JsonSchema | undefined, toolDescription = ''): string {
  // ("YYYY-MM-DD", "HH:MM, 24-hour", "Digits only": how the value is written, no question to ask.)
  const own = prop?.description && !ONLY_A_FORM.test(prop.description.trim()) ? prop.description : '';
  const description = (own || flagClause(name, toolDescription) || docstringClause(name, prop, toolDescription)).trim().split(/(?<=[.!?])\s+/)[0].replace(/\s*\([^)]*\)/g, '').replace(WRITTEN_FORM, '').replace(/[.!?]+$/, '');
  const when = whenName(name);
  // (question-names.ts: a name that is a question, a score on a scale.)
  const asked = description ? undefined : questionFromName(name);
  if (asked && prop?.type !== 'boolean') return asked;
  const scale = scaleOf(name, prop, toolDescription);
  if (scale) return `On a scale of ${scale}, what ${PLURAL_HEAD.test(`the ${spokenName(name)}`) ? 'are' : 'is'} the ${spokenName(name)}?`;
  if (!description && when && prop?.type !== 'boolean') return when === 'time' ? 'What time would that be?' : 'Which day would that be?';
  // ("Age of the oldest passenger" is asked for as "the age of the oldest passenger".)
  const what = description ? swapPersons((NOUN_OF.test(description) ? 'the ' : '') + description.charAt(0).toLowerCase() + description.slice(1)) : `${/name|phone|email|address|birth|postcode/i.test(name) ? 'your' : 'the'} ${spokenName(name)}`;
  const choices = Array.isArray(prop?.enum) ? prop.enum.map(String) : [];
  const options = choices.length > 1 ? ` (${choices.slice(0, -1).join(', ')} or ${choices[choices.length - 1]})` : '';
  // "True when the caller needs X" asks "Do you need X?"; "whether the caller is X" asks "Are you X?".
  const flag = /^(?:true|yes|set)\s+(?:only\s+)?(?:when|if)\s+(.+)$|^whether\s+(.+)$/i.exec(what);
  if (prop?.type === 'boolean' && flag) return yesNoQuestion(flag[1] ?? flag[2]);
  // A flag described by what it holds ("Another vehicle was involved", "Anyone was hurt") is asked
  // as that statement put as a question ("Was another vehicle involved?").
  const stated = prop?.type === 'boolean' && description ? invertWhether(what) : undefined;
  if (stated) return stated;
  // ("Pets at home": a flag named by a thing, no statement, is asked as that thing, yes or no.)
  if (prop?.type === 'boolean' && description && !HAS_VERB.test(what) && !/^(?:whether|if|wants?|needs?|likes?|prefers?|owns?|uses?|gets?|takes?)\b/i.test(what)) return `${capital(what)}, yes or no?`;
  // A yes/no with nothing to say what it asks is still asked as one, by its name.
  if (prop?.type === 'boolean' && !description) return flagQuestionByName(name) ?? `Should it be ${spokenName(name)}, yes or no?`;
  // An age with nothing said of it: "How old are you?", or whose ("child_age": "How old is the child?").
  if ((prop?.type === 'integer' || prop?.type === 'number') && !description && /^age$/i.test(nameWords(name).at(-1) ?? '')) {
    const whose = nameWords(name).slice(0, -1).join(' ');
    return !whose || /^(?:your|caller|customer|patient|applicant|driver|member|my)$/i.test(whose) ? 'How old are you?' : `How old is the ${whose}?`;
  }
  // A count with nothing said of it, named by what it counts ("adults"): "How many adults?". So is
  // one whose description notes how to count rather than what ("A half bath counts 0.5.").
  const countingNote = /\b(?:counts?|counted|means|includes?|rounds?|rounded)\b/i.test(description) && !/^(?:the\s+)?(?:number|count|how many)\b/i.test(description);
  if ((prop?.type === 'integer' || prop?.type === 'number') && (!description || countingNote) && /(?:s|children|people|men|women|feet|teeth|geese|mice|sheep|staff)$/i.test(spokenName(name))) return `How many ${spokenName(name)}?`;
  // A noun phrase ("your prescription number", "the reason for the visit") is asked with "What is".
  // ("the weekdays" are asked with "What are": a plural head noun, not "address" or "status".)
  if (/^(?:your|the)\s+[a-z]/i.test(what) && !/\b(?:you|I)\s+\w+/.test(what.replace(/^your\s+/i, ''))) return `What ${PLURAL_HEAD.test(what) ? 'are' : 'is'} ${what}${options}?`;
  return `Could you tell me ${what}${options}?`;
}

/** "you need urgent care" → "Do you need urgent care?", "you are insured" → "Are you insured?". */
function yesNoQuestion(said: string): string {
  // "you'd like a loan aid" is "you would like …": asked "Would you like a loan aid?".
  const statement = said.replace(/^you['’](d|re|ll|ve)\b/i, (_, c: string) => `you ${{ d: 'would', re: 'are', ll: 'will', ve: 'have' }[c.toLowerCase() as 'd']}`);
  // ("you have had one" asks "Have you had one?"; "you have a flight" asks "Do you have a flight?".)
  const m = new RegExp(`^you\\s+(are|were|have been|have(?=\\s+${PARTICIPLE}\\b)|can|will|would|should)\\s+(.+)$`, 'i').exec(statement);
  if (m) return `${capital(m[1].split(' ')[0])} you ${m[1].split(' ').slice(1).concat(m[2]).join(' ').trim()}?`;
  // ("you agreed to the fee" asks "Have you agreed to the fee?", never "Do you agreed".)
  if (looksPast(/^you\s+([a-z]+)/i.exec(statement)?.[1] ?? '')) return `Have ${statement}?`;
  if (/^you\s+\w+/i.test(statement)) return `Do ${statement}?`;
  // "something is wrong with it now" → "Is something wrong with it now?": a short subject, then its verb.
  const plain = /^((?:the\s+|a\s+|an\s+|this\s+|that\s+)?[a-z]+)\s+(is|are|was|were|can|will)\s+(.+)$/i.exec(statement);
  if (plain) return `${capital(plain[2])} ${plain[1]} ${plain[3]}?`;
  // "anything we can't take is in there" → "Is anything we can't take in there?".
  return invertWhether(statement) ?? `Is it true that ${statement}?`;
}

const idLike = (key: string) => /(^|_)id$|Id$/.test(key);

/** Keys whose number is an amount said after its name ("price 96"), not a count said before it ("10 seats"). */
const AMOUNT_KEY = /^(?:price|cost|total|fee|amount|rate|charge|deposit|balance|fare)$/i;

/**
 * A row as words: its name (an id that is a word, "kingfisher"), else its first text; the rest in
 * brackets, a number with what it counts ("10 seats", "3 seats left").
 */
export function describeRow(row: Item): string {
  const said = (k: string, v: string | number) => {
    if (typeof v !== 'number') return v;
    const key = nameWords(k).join(' ');
    return AMOUNT_KEY.test(nameWords(k).at(-1) ?? '') ? `${key} ${v}` : `${v} ${key}`;
  };
  const named = Object.entries(row).find(([k, v]) => idLike(k) && typeof v === 'string' && /^[a-z][a-z_ -]{2,}$/i.test(v));
  const texts = [
    ...(named ? [capital(String(named[1]).replace(/_/g, ' '))] : []),
    ...Object.entries(row).filter(([k, v]) => !idLike(k) && (typeof v === 'string' || typeof v === 'number')).map(([k, v], i) => (i === 0 && !named && typeof v === 'string' ? v : said(k, v as string | number))),
  ];
  if (texts.length === 0) return JSON.stringify(row);
  return texts.length > 1 ? `${texts[0]} (${texts.slice(1).join(', ')})` : texts[0];
}

/** How many offered rows a reply reads out (a phone caller remembers no more). */
const ROWS_READ_OUT = 5;

/** `{"items": [...]}` and nothing else: a list as the Pinecall runtime sends it to the model. */
function isWrappedList(value: unknown): value is { items: unknown[] } {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 1 && Array.isArray((value as { items?: unknown }).items);
}

/** A short report of the step's tool results: an apology naming what failed, the rows offered, or a confirmation. */
export function reportResults(calls: StepCall[], instructions = ''): { text: string; rule: string } {
  const failed = calls.filter((c) => c.failed && c.result !== undefined);
  if (failed.length) return { text: `Sorry, that did not work: ${failed.map((c) => c.result!.trim().replace(/[.!?]*$/, '.')).join(' ')}`, rule: 'report-error' };
  const last = [...calls].reverse().find((c) => c.result !== undefined);
  let value: unknown;
  try {
    // "" is a tool that answered nothing (Pinecall's result_text of None).
    value = last?.result === undefined || last.result === '' ? undefined : JSON.parse(last.result);
  } catch {
    // A result that is an order to the agent ("ask for the room") is for the model, not the caller.
    if (new RegExp(`^\\s*(?:${VERBS})\\b`, 'i').test(last!.result!)) return { text: 'All right.', rule: 'report-result' };
    return { text: sentence(last!.result!), rule: 'report-result' };
  }
  // {"office": …, "appointments": [...]}: what it lists is offered when the stage says to read out
  // or offer what there is; otherwise a list inside a result is the agent's data.
  // A list travels inside {"items": [...]} where the runtime wraps it (Pinecall's output_text): it is the list.
  if (isWrappedList(value)) value = value.items;
  // ("Describe the boats that are free", "go through what's available": the rows are read out too.)
  const readsOut = /\b(?:read (?:out|back)|offer|list|describe|go through|run through|tell (?:them|the caller) (?:about )?(?:the|what|which))\b/i.test(instructions);
  const list = readsOut && !Array.isArray(value) && typeof value === 'object' && value !== null ? Object.values(value).find((v) => Array.isArray(v) && v.length > 0) : undefined;
  if (list) value = list;
  if (Array.isArray(value)) {
    if (value.length === 0) return { text: 'I found nothing for that.', rule: 'report-rows' };
    // Every option up to a handful, as a person reads them out: the caller picks from what they heard.
    const rows = value.slice(0, ROWS_READ_OUT).map((row) => (typeof row === 'object' && row !== null ? describeRow(row as Item) : String(row)));
    const more = value.length - rows.length;
    const listed = rows.length > 1 ? `${rows.slice(0, -1).join(', ')} or ${rows.at(-1)}` : rows[0];
    return { text: `I can offer ${listed}${more > 0 ? `, and ${more} more` : ''}. Which one suits you?`, rule: 'report-rows' };
  }
  return { text: 'All right.', rule: 'report-result' };
}

/** Roles a caller may hold, asked "Are you the owner?", "Are you a member?". */
const ROLE = /^(?:owner|homeowner|landlord|tenant|member|student|resident|driver|smoker|patient|customer|veteran|parent|carer|guardian|leaseholder|freeholder|employee)$/i;
/** Roles one person holds of a thing ("the owner"), not one of many ("a member"). */
const THE_ROLE = /^(?:owner|homeowner|landlord|leaseholder|freeholder|guardian)$/i;
/** States of a thing, asked "Is it safe to use?". */
const STATE_OF_A_THING = /^(?:safe|working|damaged|broken|open|available|accessible|insured|new|repairable|usable|drivable|leaking|locked|urgent|fixed)$/i;
/** States of a person, asked "Are you diabetic?". */
const STATE_OF_A_PERSON = /^(?:flexible|pregnant|diabetic|vegetarian|vegan|married|employed|retired|disabled|registered|eligible|vaccinated|insured)$/i;

/**
 * A yes/no with no description, asked by the shape of its name: "owner" is "Are you the owner?",
 * "safe_to_use" "Is it safe to use?", "wants_delivery" "Do you want delivery?", "has_pets" "Do you
 * have pets?". Undefined when the name has none of these shapes.
 */
function flagQuestionByName(name: string): string | undefined {
  const ws = nameWords(name).map((w) => w.toLowerCase());
  const [first, ...rest] = ws;
  if (!first) return undefined;
  const tail = rest.join(' ');
  if (/^(?:wants?|needs?|requires?)$/.test(first) && tail) return `Do you ${first.replace(/s$/, '').replace(/^require$/, 'need')} ${tail}?`;
  if (/^(?:has|have)$/.test(first) && tail) return `Do you have ${tail}?`;
  if (/^(?:is|are)$/.test(first) && rest.length === 1 && ROLE.test(rest[0])) return `Are you ${THE_ROLE.test(rest[0]) ? 'the' : 'a'} ${rest[0]}?`;
  if (/^(?:is|are)$/.test(first) && tail) return STATE_OF_A_PERSON.test(rest[0]) ? `Are you ${tail}?` : `Is it ${tail}?`;
  if (ws.length === 1 && ROLE.test(first)) return `Are you ${THE_ROLE.test(first) ? 'the' : 'a'} ${first}?`;
  if (STATE_OF_A_PERSON.test(first)) return `Are you ${ws.join(' ')}?`;
  if (STATE_OF_A_THING.test(first)) return `Is it ${ws.join(' ')}?`;
  return undefined;
}
