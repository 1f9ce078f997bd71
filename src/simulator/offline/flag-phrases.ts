// Phrasings that decide a flag outright, before any yes or no is weighed (issue 32): "Just the MOT"
// for a flag that adds a service to the MOT; "and yes to the certificate thing"; "she's called
// Maisie" or "it's for me" for a flag that says whether the caller books for themselves.
import { RELATIVE } from './extract';
import { conceptOf, contentStems, nameWords } from './words';

/** What a flag adds to: "as well as the MOT", "in addition to the clean", "on top of the service". */
const ADDS_TO = /\b(?:as well as|in addition to|on top of|besides|along with)\s+(?:the\s+|a\s+|an\s+|their\s+)?([\p{L}\p{N}'’-]+)/iu;

/** "Just the MOT", "only the clean", "the MOT only": the caller keeps to the thing the flag adds to. */
export function onlyTheBase(description: string, line: string): { said: string; base: string; phrase: string } | undefined {
  const adds = ADDS_TO.exec(description);
  if (!adds) return undefined;
  const base = adds[1].replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const said = new RegExp(`\\b(?:just|only)\\s+(?:the\\s+|a\\s+|an\\s+|my\\s+)?${base}\\b|\\b${base}\\s+only\\b`, 'i').exec(line);
  return said ? { said: said[0], base: adds[1], phrase: adds[0] } : undefined;
}

/** "yes to the certificate (thing)", "no to the paper bill": the answer and the thing it is said to. */
const YES_NO_TO = /\b(yes|yeah|no)(?:\s+please)?\s+to\s+(?:the\s+|a\s+|an\s+)?((?:[a-z'’-]+\s+){0,2}[a-z'’-]+)/gi;

export function yesNoToThing(name: string, description: string, line: string, toolDescription = ''): { value: boolean; said: string } | undefined {
  const own = new Set(contentStems(`${nameWords(name).join(' ')} ${description}`).map(conceptOf));
  for (const m of line.matchAll(YES_NO_TO)) {
    const thing = contentStems(m[2]).filter((w) => !/^(?:thing|one|bit|option|idea)$/.test(w)).map(conceptOf);
    if (thing.length && thing.every((w) => own.has(w))) return { value: !/^no$/i.test(m[1]), said: m[0] };
  }
  // "The pizza package, yes", "And bumpers, definitely", "The newsletter, no thanks": the thing
  // named (a word of the flag's own name among its words, the rest words the tool's description
  // uses), then the answer.
  const named = new Set(contentStems(nameWords(name).join(' ')).map(conceptOf));
  const told = new Set(contentStems(`${description} ${toolDescription}`).map(conceptOf));
  for (const m of line.matchAll(THING_THEN_YES_NO)) {
    const thing = contentStems(m[1]).map(conceptOf);
    if (thing.some((w) => named.has(w)) && thing.every((w) => named.has(w) || told.has(w))) return { value: !/^no\b/i.test(m[2]), said: m[0].replace(/^[\s.!?;,]+/, '') };
  }
  return undefined;
}

/** A thing of one to three words opening a clause, then a comma and the answer ("The pizza package, yes"). */
const THING_THEN_YES_NO = /(?:^|[.!?;]\s+|,\s+)(?:and\s+|oh,?\s+)?(?:the\s+|a\s+|an\s+)?((?:[a-z'’-]+\s+){0,2}[a-z'’-]+),\s+(yes|yeah|yep|definitely|absolutely|please|for sure|no|nope|no thanks)\b/gi;

/** A flag for whether the caller is the one served: "caller_is_patient", "true when booking for themselves". */
const SELF_FLAG = /\b(?:for\s+(?:themselves|himself|herself|yourself)|caller\s+is\s+(?:the\s+)?(?:student|patient|pupil|member|learner|guest|traveller|customer|person|one\s+who))\b|\b[a-z]+[\s_]+is[\s_]+(?:the[\s_]+)?caller\b|\bcaller[\s_]+is[\s_]+(?:the[\s_]+)?(?:student|patient|pupil|member|learner|guest|traveller)\b|\bis[\s_]+self\b|\bfor[\s_]+self\b/i;
/** "for my daughter", "she's called …", "he's eleven": someone other than the caller. */
const FOR_ANOTHER = new RegExp(`\\bfor\\s+(?:my|our)\\s+${RELATIVE}\\b|\\b(?:she|he)['’]s\\s+(?:called|named|\\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen)\\b|\\b(?:her|his)\\s+name['’]?s?\\b`, 'i');
/** "it's for me", "for myself", "I'm the one". */
const FOR_ME = /\bfor\s+(?:me|myself)\b(?!\s+and)|\bI['’]m\s+the\s+one\b/i;

export function forSelf(name: string, description: string, lines: string[]): { value: boolean; said: string; latest: boolean } | undefined {
  if (!SELF_FLAG.test(`${nameWords(name).join(' ')} ${name} ${description}`)) return undefined;
  for (const [i, line] of lines.entries()) {
    const me = FOR_ME.exec(line);
    const other = FOR_ANOTHER.exec(line);
    if (me && !other) return { value: true, said: me[0], latest: i === 0 };
    if (other && !me) return { value: false, said: other[0], latest: i === 0 };
  }
  return undefined;
}

/** A flag for whether a day or time may move: "date_flexible", "true when they could move a day or two either side". */
const FLEXIBILITY_FLAG = /\bflexib(?:le|ility)\b|\beither\s+side\b|\bcould\s+(?:move|change)\b/i;
/** "it has to be that day", "no flexibility", "that's the only day we can do": the day may not move. */
const FIXED_DAY = /\b(?:has|have|needs?|got)\s+to\s+be\s+(?:that|this|the\s+same|on\s+that)\s+(?:day|date|one|time)\b|\bno\s+flexibility\b|\b(?:can['’]?t|cannot|couldn['’]t)\s+(?:move|change|shift)\s+(?:it|the\s+(?:day|date))\b|\b(?:the\s+)?only\s+(?:day|date)\s+(?:we|I)\s+can\b|\b(?:it['’]s|that['’]s|the\s+date['’]s)\s+fixed\b/i;
/** "we're flexible", "a day or two either way is fine", "any day that week". */
const FLEXIBLE_DAY = /\b(?:we['’]re|I['’]m|we\s+are|I\s+am)\s+(?:pretty\s+|quite\s+|fairly\s+|very\s+)?flexible\b|\beither\s+(?:side|way)\s+(?:is|would\s+be)\s+(?:fine|ok|okay|all\s+right)\b|\bany\s+day\s+(?:that|this|next)\s+week\b/i;

/** Whether the caller says their day may move, for a flag about that: false for "it has to be that day". */
export function dayFlexibility(name: string, description: string, line: string): { value: boolean; said: string } | undefined {
  if (!FLEXIBILITY_FLAG.test(`${nameWords(name).join(' ')} ${description}`)) return undefined;
  const fixed = FIXED_DAY.exec(line);
  const flexible = FLEXIBLE_DAY.exec(line);
  if (fixed && !flexible) return { value: false, said: fixed[0] };
  if (flexible && !fixed) return { value: true, said: flexible[0] };
  return undefined;
}


/** A flag for a first visit ("new_patient", "true when they've never been before"), or for a return ("returning_customer"). */
const NEW_FLAG = /\bnew[\s_]+(?:patient|customer|client|member|visitor|rider|pupil|student|starter|application|applicant|claimant|household|registration)\b|\bfirst[\s_]+(?:time|visit|appointment|booking)\b|\bnever\s+been\b|\bis[\s_]+new\b/i;
const RETURNING_FLAG = /\b(?:returning|existing|repeat|regular)[\s_]+(?:patient|customer|client|member|visitor|rider|pupil|student)\b|\bbeen[\s_]+before\b|\bvisited[\s_]+before\b/i;
/** "I've not been to you before", "first time", "we're new": the caller comes for the first time. */
// ("I've never done this before", "I've not applied for anything yet": nothing done before.)
const FIRST_TIME = /\b(?:n['’]t|not|never)\s+(?:actually\s+|ever\s+)?(?:been|visited|come|used\s+(?:you|the\s+\w+))\b[^.!?]{0,40}?\b(?:before|here)\b|\b(?:n['’]t|not|never)\s+(?:actually\s+|ever\s+)?(?:done|tried|applied|registered|signed\s+up)\b[^.!?]{0,40}?\b(?:before|yet)\b|\bnever\s+been\s+(?:to|here|there)\b|\b(?:my|our|the)\s+first\s+(?:time|visit|appointment)\b|\b(?:I['’]m|we['’]re|I\s+am|we\s+are)\s+new\b/i;
/** "I've been to you before", "I'm already a patient": the caller has come before. */
const BEEN_BEFORE = /\b(?:I['’]ve|we['’]ve|I\s+have|we\s+have|I|we)\s+(?:been|come|visited|seen\s+(?:you|someone))\s+(?:to\s+(?:you|the\s+\w+)\s+|here\s+)?(?:before|previously)\b|\b(?:already|existing)\s+(?:a\s+)?(?:patient|customer|client|member)\b/i;

/** Whether the caller comes for the first time, for a flag about that: true for "I've not been to you before". */
export function firstVisit(name: string, description: string, line: string): { value: boolean; said: string; firstTime: boolean } | undefined {
  const flag = `${nameWords(name).join(' ')} ${name} ${description}`;
  const meansNew = NEW_FLAG.test(flag);
  if (!meansNew && !RETURNING_FLAG.test(flag)) return undefined;
  const first = FIRST_TIME.exec(line);
  // ("I've not been before" holds "been before" too: a denied return is a first visit.)
  const before = first ? null : BEEN_BEFORE.exec(line);
  if (first) return { value: meansNew, said: first[0], firstTime: true };
  if (before) return { value: !meansNew, said: before[0], firstTime: false };
  return undefined;
}
