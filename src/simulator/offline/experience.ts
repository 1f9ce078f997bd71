// How much a caller has done a thing before, for an enum of experience levels ("first_timers" |
// "some" | "veterans", "beginner" | "improver" | "advanced", "never" | "a_few_times" | "regularly"):
// "none of us have ever done one" is the level of none, "a couple of times" some, "loads" a lot
// (issue 32: "enums by their words, their descriptions and common synonyms"). Each value's level
// comes from its own name or from what the description says of it; a value is picked only when the
// line says one level and exactly one value has it.

/** The three levels people speak of: never, a little, a lot. */
export type Level = 'none' | 'some' | 'lots';

const NAME_LEVEL: [Level, RegExp][] = [
  ['none', /^(?:first_timers?|first_time|beginners?|novices?|newbies?|never|none|new|starters?|learners?)$/i],
  ['some', /^(?:some|few|a_few|improvers?|intermediate|occasional|casual|a_couple)$/i],
  ['lots', /^(?:veterans?|experienced|experts?|advanced|regulars?|frequent|often|pros?|seasoned|enthusiasts?)$/i],
];
/** The words of a longer value's name that say its level on their own ("complete_beginner", "very_experienced"). */
const PART_LEVEL: [Level, RegExp][] = [
  ['none', /^(?:beginners?|novices?|newbies?|never|timers?)$/i],
  ['some', /^(?:improvers?|intermediate|occasional|few|couple)$/i],
  ['lots', /^(?:veterans?|experienced|experts?|advanced|seasoned|regularly|regular|often|frequently)$/i],
];

/** What a description says of a value's level ("if nobody has played before", "if they play a lot"). */
const GLOSS_LEVEL: [Level, RegExp][] = [
  ['none', /\b(?:nobody|no\s*one|none|never|not\s+(?:\w+\s+)?before|first\s+time)\b/i],
  ['lots', /\b(?:a\s+lot|lots|often|regularly|many\s+times|loads|experienced|frequently)\b/i],
  ['some', /\b(?:a\s+few|some|once\s+or\s+twice|a\s+couple|occasionally)\b/i],
];

/** What a caller says of how much they have done it. "Never" first: "we've never done loads" is none. */
const SAID_LEVEL: [Level, RegExp][] = [
  ['none', /\b(?:(?:none|neither)\s+of\s+(?:us|them)\s+(?:has|have|had)\s+(?:\w+\s+){0,2}(?:done|tried|been|played|had|ridden|sailed|skied|climbed)|(?:never|not\s+ever)\s+(?:\w+\s+){0,2}(?:done|tried|been|played|had|ridden|sailed|skied|climbed|before)|(?:(?:it['’]s|it\s+is|it['’]d\s+be|it\s+will\s+be|be)\s+(?:our|my|his|her|their)\s+first\s+(?:time|go|ever))|complete\s+(?:beginners?|novices?)|total\s+(?:beginners?|novices?)|(?:haven['’]t|hasn['’]t|have\s+not|has\s+not)\s+(?:\w+\s+){0,2}(?:done|tried|been|played|had|ridden)\s+(?:\w+\s+){0,3}(?:before|yet))\b/i],
  ['lots', /\b(?:(?:done|played|been|tried)\s+(?:\w+\s+){0,2}(?:loads|lots|loads\s+of\s+times|tons|dozens|heaps|plenty)|(?:loads|lots|dozens|tons)\s+of\s+(?:them|times|rooms|games|these)|(?:all\s+the\s+time|every\s+(?:week|weekend|month))|(?:pretty|quite|very)\s+experienced|old\s+hands?)\b/i],
  ['some', /\b(?:(?:done|played|been|tried|had)\s+(?:\w+\s+){0,2}(?:a\s+couple|a\s+few|once\s+or\s+twice|one\s+or\s+two|once|twice)|(?:a\s+couple|a\s+few|one\s+or\s+two)\s+of\s+(?:us|them)\s+(?:has|have)\b|(?:some|a\s+few)\s+of\s+us\s+(?:has|have))\b/i],
];

/** The level a value's name or its clause of the description gives it. */
function levelOf(value: string, descriptions: string[]): Level | undefined {
  const name = value.toLowerCase();
  const byName = NAME_LEVEL.find(([, re]) => re.test(name))?.[0] ?? PART_LEVEL.find(([, re]) => name.split(/[_-]/).some((w) => re.test(w)))?.[0];
  if (byName) return byName;
  const escaped = value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  for (const d of descriptions) {
    const clause = new RegExp(`["“']?${escaped}["”']?\\s*(?:if|when|for|means|:|=|\\()\\s*([^;.,"“]*)`, 'i').exec(d)?.[1];
    const byGloss = clause ? GLOSS_LEVEL.find(([, re]) => re.test(clause))?.[0] : undefined;
    if (byGloss) return byGloss;
  }
  return undefined;
}

/**
 * The enum value for how much the caller says they have done it, with the words it came from;
 * undefined unless the values name at least two levels, the line says one, and one value has it.
 */
export function enumByExperience(values: unknown[], line: string, descriptions: string[]): { value: string; said: string; why: string } | undefined {
  const strings = values.filter((v): v is string => typeof v === 'string');
  const levels = new Map(strings.map((v) => [v, levelOf(v, descriptions)]));
  if (new Set([...levels.values()].filter(Boolean)).size < 2) return undefined;
  const said = SAID_LEVEL.map(([level, re]) => ({ level, m: re.exec(line) })).filter((x) => x.m);
  if (said.length !== 1) return undefined;
  const { level, m } = said[0];
  const matching = strings.filter((v) => levels.get(v) === level);
  if (matching.length !== 1) return undefined;
  return { value: matching[0], said: m![0], why: `"${m![0]}" says how much they have done it (${level === 'none' ? 'never' : level === 'some' ? 'a little' : 'a lot'}): ${matching[0]}` };
}
