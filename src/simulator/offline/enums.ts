// Reading an enum value from the caller's words as a person would: by the value's own words
// ("drive-through" names drive_through), by what the parameter's or tool's description says the
// value means ("no_connection: nothing works at all" is named by "nothing loads"), and by the
// stronger evidence when two values are named. A true tie is reported, so the agent asks which.
import { callerWords, conceptOfWord, isStopWord, nameWords, stem, words } from './words';

export type EnumReading =
  | { value: unknown; said: string; why: string }
  | { tie: unknown[]; why: string };

/** Words that join a value to its meaning ("x means …", "x when …"), not part of the meaning. */
const GLUE = new Set('mean means meaning when for'.split(' '));
const content = (ws: string[]) => ws.filter((w) => !isStopWord(w) && !/^\d+$/.test(w));
const concept = (w: string) => conceptOfWord(w);

/** Each way a value is written in a description: as written (no_connection), as words (no connection). */
const spellings = (value: string) => [...new Set([value.toLowerCase(), nameWords(value).join(' '), nameWords(value).join('-')])].filter(Boolean);

/**
 * What the descriptions say a value means: the words after the value up to the next value, a
 * sentence end, ";" or a closing bracket ("no_connection means nothing works at all; slow: …").
 */
export function glossOf(value: string, values: string[], descriptions: string[], unique = true): string[] {
  const out: string[] = [];
  const others = values.filter((v) => v !== value).flatMap(spellings);
  for (const text of descriptions) {
    const lower = text.toLowerCase();
    for (const spelled of spellings(value)) {
      let at = lower.indexOf(spelled);
      while (at >= 0) {
        const before = lower[at - 1];
        const after = lower[at + spelled.length];
        if ((before === undefined || !/[a-z0-9_]/.test(before)) && (after === undefined || !/[a-z0-9_]/.test(after))) {
          let rest = lower.slice(at + spelled.length).split(/[;.)\n]|,\s*(?=[`'"]?[a-z_]+[`'"]?\s*(?:[:=(-]|means|is|for)\b)/)[0];
          for (const other of others) {
            const cut = rest.indexOf(other);
            if (cut >= 0) rest = rest.slice(0, cut);
          }
          out.push(...content(words(rest)).filter((w) => !GLUE.has(w)));
        }
        at = lower.indexOf(spelled, at + 1);
      }
    }
  }
  return unique ? [...new Set(out)] : out;
}

/** The value the line names, by score; a tie between the best two is reported, never dropped. */
export function readEnum(values: unknown[], line: string, descriptions: string[]): EnumReading | undefined {
  const said = callerWords(line);
  const saidConcepts = new Set(content(said).map(concept));
  const joined = said.slice(1).map((w, i) => stem(said[i] + w));
  const texts = values.filter((v): v is string | number => typeof v === 'string' || typeof v === 'number').map(String);
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
    const ownHits = own.filter((w) => saidConcepts.has(concept(w)));
    const whole = said.includes(value.toLowerCase()) || joined.includes(stem(value.replace(/[^a-z0-9]/gi, ''))) || (own.length > 0 && ownHits.length === own.length);
    const gloss = glosses[i].filter((w) => !own.includes(w) && telling(w));
    const glossHits = [...new Set(gloss.filter((w) => saidConcepts.has(concept(w))))];
    // Naming the whole value is the strongest evidence, then a word of its meaning, then part of its name.
    const score = (whole ? 4 : ownHits.length ? 1 : 0) + glossHits.length * 1.5;
    const evidence = whole ? `names "${value}"` : [...ownHits.map((w) => `"${w}" of its name`), ...glossHits.map((w) => `"${w}", a meaning its description gives`)].join(' and ');
    return { value, score, evidence, said: whole ? value : (ownHits[0] ?? glossHits[0] ?? value) };
  });
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
    return { tie: tied.map((s) => original(s.value)), why: tied.map((s) => `${s.value}: ${s.evidence}`).join('; ') };
  }
  const best = ranked[0];
  const why = ranked[1] ? `${best.evidence}, stronger than ${ranked[1].value} (${ranked[1].evidence})` : best.evidence;
  return { value: original(best.value), said: best.said, why };
}
